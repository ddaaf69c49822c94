"""Accessibility: axe-core (``vendor/axe.min.js``, see ``vendor/README.md``) run in the page on
the lobby, on a game page of each ruleset (a move on offer), on the city on a phone, and on
the spectator and replay pages; no violation of impact
"serious" or "critical" may remain, nor such a result axe-core could not decide alone
("incomplete": an ARIA attribute its element may not carry, say), except colour contrast,
which it cannot read over a gradient or on SVG text. (Lighthouse's accessibility audit is
axe-core's rules too; it needs more than CI has.)"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.client import create_in_lobby, status, version, wait_for_move_or_end
from tests.browser.conftest import PHONE

AXE = Path(__file__).with_name("vendor") / "axe.min.js"
BLOCKING = {"serious", "critical"}
MOVES = 4  # the page is checked before each of the person's first moves

#: ruleset -> seat roles of a game with a person and bots
GAMES = {
    "selfish-space": ["human", "bot:strong", "bot:strong"],  # rivals' columns are buttons at once
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


def _focusable_inside_board_buttons(page) -> list[str]:
    """Focusable elements inside a board element that is itself a button (WAI-ARIA: a button's
    children are presentational; a tap there must make the button's move): axe-core does not
    look for these."""
    return page.evaluate("""() => [...document.querySelectorAll('.board [role=button]')].flatMap(b =>
        [...b.querySelectorAll('[tabindex], button, a[href], input, select')].map(e => e.outerHTML.slice(0, 80)))""")


@pytest.mark.parametrize("ruleset", list(GAMES))
def test_axe_finds_no_serious_violation_on_a_game_page(page, ruleset):
    # given a game page waiting on the person's move, the board and the moves shown
    create_in_lobby(page, ruleset, GAMES[ruleset], names=["Ann"] + [""] * (len(GAMES[ruleset]) - 1),
                    options={"seed": f"axe-{ruleset}"})
    for _ in range(MOVES):
        wait_for_move_or_end(page)
        assert status(page) == "active"
        # then axe-core finds nothing serious or critical, on the first moves and a few moves on,
        # and no board button holds a focusable element
        assert _serious_violations(page) == [], version(page)
        assert _focusable_inside_board_buttons(page) == [], version(page)
        before = version(page)
        page.locator("button.command:not([disabled])").first.click()
        page.wait_for_function(f"() => Number(document.querySelector('main.game').dataset.version) > {before}")


def test_axe_finds_no_serious_violation_on_the_city_on_a_phone(browser, server):
    # given One Against the Dead on a 390x844 phone, its city shown as a window with West/East
    context = browser.new_context(viewport=PHONE, base_url=server, is_mobile=True, has_touch=True)
    context.set_default_timeout(20_000)
    phone = context.new_page()
    try:
        create_in_lobby(phone, "one-against-the-dead", ["human"], options={"seed": "axe-phone"})
        wait_for_move_or_end(phone)
        assert phone.locator(".city-pan button").count() == 2
        # then axe-core finds nothing serious or critical
        assert _serious_violations(phone) == []
    finally:
        context.close()


def test_axe_finds_no_serious_violation_on_the_spectator_and_replay_pages(page):
    # given an all-bot game watched live, then its replay at version 5
    game_id = create_in_lobby(page, "selfish-space", ["bot:strong", "bot:strong"], options={"seed": "axe-watch"})
    page.wait_for_selector("main.game .board")
    # then axe-core finds nothing serious or critical on either page
    assert _serious_violations(page) == []
    page.goto(f"/#/replay/{game_id}/5")
    page.wait_for_selector(".scrubber input[type=range]")
    page.wait_for_selector(".board")
    assert _serious_violations(page) == []
