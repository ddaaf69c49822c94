"""Lighthouse's accessibility score (issue 28: 95 or more) on the lobby, on a game waiting for
players and on a seat's page of a running game of each ruleset.

Lighthouse comes from npm, pinned by ``tests/browser/lighthouse/package-lock.json``: ``.ci/run``
installs it with ``npm ci``, and so does the ``lighthouse`` fixture when it is missing; when it cannot
(no npm, no registry), these tests fail, they never skip. Its
command line launches Debian's Chromium (``CHROME_PATH``) headless with its default settings
(a phone's screen, Lighthouse's "mobile") and runs only the accessibility category. A seat's page
needs the seat's token in the browser's local storage, and Lighthouse starts each run on a new
profile: so a person first plays their part in the lobby (Playwright, on a profile of its own),
and Lighthouse then opens that profile (``--user-data-dir`` in ``--chrome-flags``) and keeps its
storage (``--disable-storage-reset``). Each report is saved as
``artifacts/lighthouse-<page>.json`` (and the page as Lighthouse saw it, ``.webp``); a score below 95 names the audits that failed."""
from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.browser.client import create_in_lobby, status, wait_for_move_or_end
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, LAPTOP

LIGHTHOUSE_DIR = Path(__file__).with_name("lighthouse")
MIN_SCORE = 0.95
RUN_TIMEOUT_S = 240  # one run takes 15-20 s on a quiet machine

#: ruleset -> seat roles of a running game: the person (Ann) and bots, as in test_accessibility
GAMES = {
    "selfish-space": ["human", "bot:strong", "bot:strong"],
    "selfish-zombie": ["human", "bot:strong"],
    "one-against-the-dead": ["human"],
    "zombies-quickplay": ["human", "bot:strong"],
}


@pytest.fixture(scope="module")
def lighthouse() -> Path:
    """The pinned Lighthouse command line (``npm ci`` in ``tests/browser/lighthouse`` if missing)."""
    command = LIGHTHOUSE_DIR / "node_modules" / ".bin" / "lighthouse"
    if not command.exists():
        assert shutil.which("npm"), f"npm is missing: it installs Lighthouse ({LIGHTHOUSE_DIR}, see .ci/run)"
        run = subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=LIGHTHOUSE_DIR, capture_output=True,
                             text=True, timeout=600, check=False)
        assert run.returncode == 0, f"npm ci in {LIGHTHOUSE_DIR} failed:\n{run.stdout}{run.stderr}"
    assert command.exists(), f"{command} is missing after npm ci"
    return command


def _lighthouse(lighthouse: Path, url: str, profile: Path, name: str, artifacts: Path) -> dict:
    """Lighthouse's accessibility report (its JSON) on ``url``, Chromium opening ``profile``
    with its local storage kept; saved as ``artifacts/lighthouse-<name>.json``."""
    out = artifacts / f"lighthouse-{name}.json"
    out.unlink(missing_ok=True)
    run = subprocess.run(
        [str(lighthouse), url, "--only-categories=accessibility",
         f"--chrome-flags=--headless=new --no-sandbox --user-data-dir={profile}",
         "--disable-storage-reset", "--output=json", f"--output-path={out}", "--quiet"],
        env={**os.environ, "CHROME_PATH": CHROMIUM}, capture_output=True, text=True, timeout=RUN_TIMEOUT_S, check=False)
    assert run.returncode == 0 and out.exists(), f"Lighthouse failed on {url} ({run.returncode}): {run.stderr[-2000:]}"
    report = json.loads(out.read_text())
    assert "runtimeError" not in report, report["runtimeError"]
    assert report["finalDisplayedUrl"] == url, report["finalDisplayedUrl"]
    # A page whose loading never ends (a long-lived request counted as loading: the event stream is
    # fetched at low priority so that it is not) holds each run 45 s and leaves it "incomplete".
    assert not [w for w in report["runWarnings"] if "too slowly" in w], report["runWarnings"]
    shot = (report.get("fullPageScreenshot") or {}).get("screenshot", {}).get("data", "")
    if shot.startswith("data:image/") and ";base64," in shot:  # what Lighthouse saw, to look at
        kind, data = shot[len("data:image/"):].split(";base64,", 1)
        (artifacts / f"lighthouse-{name}.{kind}").write_bytes(base64.b64decode(data))
    return report


def _score_and_failed_audits(report: dict) -> tuple[float, list[str]]:
    """The accessibility score (0 to 1) and each weighed audit that did not pass, as "id: title"."""
    category = report["categories"]["accessibility"]
    audits = report["audits"]
    failed = [f"{ref['id']}: {audits[ref['id']]['title']}" for ref in category["auditRefs"]
              if ref["weight"] > 0 and audits[ref["id"]]["score"] is not None and audits[ref["id"]]["score"] < 1]
    return category["score"], failed


def _assert_scores_95_or_more(report: dict, page_name: str) -> None:
    score, failed = _score_and_failed_audits(report)
    print(f"Lighthouse accessibility, {page_name}: {round(score * 100)}")
    assert score >= MIN_SCORE, f"{page_name}: accessibility {round(score * 100)} < 95; failed: " + "; ".join(failed)


def _as_a_person(browser, server: str, profile: Path, act) -> str:
    """Run ``act(page)`` in a Chromium on ``profile`` (so the seats the lobby takes stay in its
    local storage once it is closed); returns what ``act`` returns. An error in the page fails."""
    context = browser.browser_type.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, base_url=server, viewport=LAPTOP)
    errors: list[str] = []
    try:
        context.set_default_timeout(20_000)
        page = context.pages[0] if context.pages else context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        result = act(page)
    finally:
        context.close()
    assert not errors, f"errors in the page: {errors}"
    return result


@pytest.fixture(scope="module")
def waiting_game(browser, server, tmp_path_factory) -> tuple[Path, str]:
    """A profile whose browser created a game waiting for players in the lobby (Ann, a seat kept
    for an invited friend, an open seat), and the game's id."""
    profile = tmp_path_factory.mktemp("lighthouse-waiting")

    def create(page):
        return create_in_lobby(page, "selfish-space", ["human", "invite", "open"], names=["Ann", "", ""])
    return profile, _as_a_person(browser, server, profile, create)


def test_lighthouse_scores_the_lobby_95_or_more(lighthouse, waiting_game, server, artifacts):
    # given the lobby of a browser holding a seat in a game waiting for players (listed as hers)
    profile, _ = waiting_game
    # when Lighthouse audits its accessibility
    report = _lighthouse(lighthouse, f"{server}/", profile, "lobby", artifacts)
    # then it scores 95 or more
    _assert_scores_95_or_more(report, "the lobby")


def test_lighthouse_scores_a_game_waiting_for_players_95_or_more(lighthouse, waiting_game, server, artifacts):
    # given Ann's page of her game waiting for players, its invitation links shown
    profile, game_id = waiting_game
    # when Lighthouse audits its accessibility
    report = _lighthouse(lighthouse, f"{server}/#/game/{game_id}", profile, "waiting-game", artifacts)
    # then it scores 95 or more
    _assert_scores_95_or_more(report, "a game waiting for players")


@pytest.mark.parametrize("ruleset", list(GAMES))
def test_lighthouse_scores_a_seats_page_of_a_running_game_95_or_more(lighthouse, browser, server, artifacts, tmp_path,
                                                                    ruleset):
    # given Ann's seat's page of a running game against bots, a move of hers on offer
    def play(page):
        game_id = create_in_lobby(page, ruleset, GAMES[ruleset], names=["Ann"] + [""] * (len(GAMES[ruleset]) - 1),
                                  options={"seed": f"lighthouse-{ruleset}"})
        wait_for_move_or_end(page)
        assert status(page) == "active"
        return game_id
    game_id = _as_a_person(browser, server, tmp_path / "profile", play)
    # when Lighthouse audits its accessibility
    report = _lighthouse(lighthouse, f"{server}/#/game/{game_id}", tmp_path / "profile", f"game-{ruleset}", artifacts)
    # then it scores 95 or more
    _assert_scores_95_or_more(report, f"a seat's page of {ruleset}")
