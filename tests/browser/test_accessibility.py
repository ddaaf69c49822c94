"""Accessibility: axe-core (``vendor/axe.min.js``, see ``vendor/README.md``) run in the page on
the lobby, on a game page of each ruleset (a move on offer), on the city on a phone, on
the spectator and replay pages, on a game waiting for players with its invitation links and the
page an invitation opens, and on a finished game's replay seen as a seat held (its hand shown); no violation of impact
"serious" or "critical" may remain, nor such a result axe-core could not decide alone
("incomplete": an ARIA attribute its element may not carry, say), except colour contrast,
which it cannot read over a gradient or on SVG text. Lighthouse's accessibility score, which
weighs axe-core's rules, is checked on the lobby and on game pages by ``test_lighthouse.py``."""
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


def test_axe_finds_no_serious_violation_on_a_waiting_game_and_its_invitation(page, browser, server):
    # given Ann's game waiting for a friend she invites and anyone else, its invitation links shown
    create_in_lobby(page, "selfish-space", ["human", "invite", "open"], names=["Ann", "", ""])
    link = page.get_by_label("Invitation link for Seat 1", exact=True).input_value()
    # then axe-core finds nothing serious or critical on her page, nor on the invitation's
    assert _serious_violations(page) == []
    other = browser.new_context(base_url=server)
    try:
        friend = other.new_page()
        friend.goto(link)
        friend.get_by_text("A seat is kept for you").wait_for()
        assert _serious_violations(friend) == []
    finally:
        other.close()


def test_axe_finds_no_serious_violation_on_the_replay_seen_as_my_seat(page, server):
    # given Ann's finished game (she left; a bot played on), replayed as her seat with her hand
    import requests

    from tests.browser.client import wait_finished
    from tests.browser.test_table import _hold
    created = requests.post(f"{server}/v1/games", json={
        "ruleset": "selfish-space", "seats": [{"name": "Ann"}, {"name": "Bob", "bot": "strong"}],
        "options": {"seed": "axe-replay-hands", "stack": {}}}, timeout=10).json()
    token = created["tokens"][0]["token"]
    requests.post(f"{server}/v1/games/{created['id']}/seats/0/leave", headers={"Authorization": f"Bearer {token}"},
                  timeout=10).raise_for_status()
    wait_finished(server, created["id"])
    _hold(page, created["id"], 0, token, "Ann", "selfish-space")
    page.goto(f"/#/replay/{created['id']}/4")
    page.get_by_role("region", name="Your hand").wait_for()
    # then axe-core finds nothing serious or critical
    assert _serious_violations(page) == []
