"""Screenshots of the web client for docs/screenshots/: each game on a laptop (1280 wide) and a
phone (390x844), a few moves in, the moves on offer marked; the lobby on a phone.

    python scripts/docs_screenshots.py --base http://127.0.0.1:8000 [--out docs/screenshots]

Needs a running ``stranded serve`` (its worker plays the bots) and Chromium at /usr/bin/chromium.
"""
from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

import requests
from playwright.sync_api import sync_playwright

LAPTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
#: ruleset -> (seats after Ann, options, moves Ann makes with the move buttons before the shot)
GAMES = {
    "selfish-space": ([{"name": "Bob", "bot": "strong"}, {"name": "Cy", "bot": "random"}], {}, 2),
    "selfish-zombie": ([{"name": "Bob", "bot": "strong"}], {}, 2),
    "one-against-the-dead": ([], {}, 4),
    "zombies-quickplay": ([{"name": "Bob", "bot": "strong"}], {"first_seat": 0}, 0),
}


def _version(page) -> int:
    return int(page.get_attribute("main.game", "data-version"))


def _ready(page) -> None:
    page.wait_for_function("() => document.querySelector('main.game')?.dataset.status === 'finished' || "
                           "document.querySelector('button.command:not([disabled])')", timeout=60_000)


def _click(page, locator) -> None:
    before = _version(page)
    locator.click()
    page.wait_for_function(f"() => Number(document.querySelector('main.game').dataset.version) > {before}")
    _ready(page)


def _quickplay_to_the_walk(page) -> None:
    """Lay the drawn tile on the map, place its zombies and roll: the walks are marked."""
    board = page.locator(".board")
    for _ in range(12):
        if board.get_by_role("button", name=re.compile("^Walk to")).count():
            return
        for name in ["^Lay the .* on tile cell", "as shown$", "^Place the .* for me$", "^Put a street zombie",
                     "^Roll movement$", "^Fight$", "^Lose life$", "^Pass$"]:
            found = board.get_by_role("button", name=re.compile(name))
            if found.count():
                _click(page, found.first)
                break
        else:
            _click(page, page.locator("button.command:not([disabled])").first)


def shoot(base: str, out: Path) -> list[Path]:
    """Make the screenshots; returns their paths."""
    made = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--headless", "--no-sandbox"])
        for ruleset, (others, options, moves) in GAMES.items():
            created = requests.post(f"{base}/v1/games", json={"ruleset": ruleset, "seats": [{"name": "Ann"}, *others],
                                                              "options": options}, timeout=10).json()
            held = {created["id"]: [{"seat": 0, "token": created["tokens"][0]["token"], "name": "Ann",
                                     "ruleset": ruleset, "at": "2026-01-01"}]}
            for device, size in [("laptop", LAPTOP), ("phone", PHONE)]:
                context = browser.new_context(viewport=size, base_url=base, is_mobile=device == "phone",
                                              has_touch=device == "phone")
                page = context.new_page()
                page.goto("/")
                page.evaluate(f"localStorage.setItem('stranded.seats', {json.dumps(json.dumps(held))})")
                page.goto(f"/#/game/{created['id']}")
                _ready(page)
                if device == "laptop":   # the moves are made once; the phone shows the same moment
                    for _ in range(moves):
                        _click(page, page.locator("button.command:not([disabled])").first)
                    if ruleset == "zombies-quickplay":
                        _quickplay_to_the_walk(page)
                path = out / f"{ruleset}-{device}.png"
                page.screenshot(path=path, full_page=device == "laptop")
                made.append(path)
                context.close()
        context = browser.new_context(viewport=PHONE, base_url=base, is_mobile=True, has_touch=True)
        page = context.new_page()
        page.goto("/")
        page.wait_for_selector("form.create")
        page.screenshot(path=out / "lobby-phone.png", full_page=True)
        made.append(out / "lobby-phone.png")
        browser.close()
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="http://127.0.0.1:8000")
    parser.add_argument("--out", default=str(Path(__file__).resolve().parents[1] / "docs" / "screenshots"))
    args = parser.parse_args()
    for path in shoot(args.base, Path(args.out)):
        print("wrote", path)


if __name__ == "__main__":
    main()
