"""Accessibility: axe-core (``vendor/axe.min.js``, see ``vendor/README.md``) run in the page on
the lobby and on a game page of each ruleset, a move on offer; no violation of impact
"serious" or "critical" may remain, nor such a result axe-core could not decide alone
("incomplete": an ARIA attribute its element may not carry, say), except colour contrast,
which it cannot read over a gradient or on SVG text. (Lighthouse's accessibility audit is
axe-core's rules too; it needs more than CI has.)"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.client import create_in_lobby, status, version, wait_for_move_or_end

AXE = Path(__file__).with_name("vendor") / "axe.min.js"
BLOCKING = {"serious", "critical"}
MOVES = 4  # the page is checked before each of the person's first moves

#: ruleset -> seat roles of a game with a person and bots
GAMES = {
    "selfish-space": ["human", "bot:strong"],
    "selfish-zombie": ["human", "bot:strong"],
    "one-against-the-dead": ["human"],
    "zombies-quickplay": ["human", "bot:strong"],
}


def _serious_violations(page) -> list[str]:
    """axe-core's serious or critical findings on the page as it is (violations, and undecided
    results but colour contrast), one line each (rule, impact, the first few elements), so a
    failure names what to fix."""
    if not page.evaluate("() => typeof axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("async () => { const r = await axe.run(document);"
                          " return r.violations.concat(r.incomplete.filter(i => i.id !== 'color-contrast')); }")
    return [f"{v['id']} ({v['impact']}): {v['help']} -- " + "; ".join(" ".join(n["target"]) for n in v["nodes"][:4])
            for v in found if v["impact"] in BLOCKING]


def test_axe_finds_no_serious_violation_in_the_lobby(page):
    # given the lobby, its options and advanced options open
    page.goto("/")
    page.wait_for_selector("form.create")
    page.click("details.options > summary")
    page.click("details.advanced > summary")
    # then axe-core finds nothing serious or critical
    assert _serious_violations(page) == []


@pytest.mark.parametrize("ruleset", list(GAMES))
def test_axe_finds_no_serious_violation_on_a_game_page(page, ruleset):
    # given a game page waiting on the person's move, the board and the moves shown
    create_in_lobby(page, ruleset, GAMES[ruleset], names=["Ann"] + [""] * (len(GAMES[ruleset]) - 1),
                    options={"seed": f"axe-{ruleset}"})
    for _ in range(MOVES):
        wait_for_move_or_end(page)
        assert status(page) == "active"
        # then axe-core finds nothing serious or critical, on the first moves and a few moves on
        assert _serious_violations(page) == [], version(page)
        before = version(page)
        page.locator("button.command:not([disabled])").first.click()
        page.wait_for_function(f"() => Number(document.querySelector('main.game').dataset.version) > {before}")
