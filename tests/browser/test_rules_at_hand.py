"""Rules at hand: every game page and the lobby link to the ruleset's rules page, and a card's
text shows on a tap or on keyboard focus, not only on hover."""
from __future__ import annotations

import pytest
import requests

from tests.browser.test_table import _hold
from tests.helpers import seeded_options

SEATS = {"selfish-space": 2, "selfish-zombie": 2, "one-against-the-dead": 1, "zombies-quickplay": 2}


@pytest.mark.parametrize("ruleset", list(SEATS))
def test_the_rules_page_is_reachable_from_the_game_page(page, server, ruleset):
    # given Ann's game of the ruleset, open in the browser
    seats = [{"name": "Ann"}] + [{"name": "Bot", "bot": "random"}] * (SEATS[ruleset] - 1)
    created = requests.post(f"{server}/v1/games", json={"ruleset": ruleset, "seats": seats,
                                                        "options": seeded_options({"seed": "browser-rules"})},
                            timeout=10).json()
    _hold(page, created["id"], 0, created["tokens"][0]["token"], "Ann", ruleset)
    page.goto(f"/#/game/{created['id']}")
    # when she follows the page's Rules link
    link = page.get_by_role("link", name="Rules", exact=True)
    href = link.get_attribute("href")
    assert href == requests.get(f"{server}/v1/rulesets/{ruleset}", timeout=5).json()["rules"]
    with page.context.expect_page() as opened:
        link.click()
    rules = opened.value
    rules.wait_for_load_state()
    # then the rules page of that game is open, in HTML
    name = requests.get(f"{server}/v1/rulesets/{ruleset}", timeout=5).json()["name"]
    assert rules.locator("h1").inner_text().startswith(name)
    assert rules.locator("main h2").count() >= 3
    rules.close()


def test_the_lobby_links_to_the_rules_of_the_game_chosen(page, server):
    # given the lobby, Zombies!!! Quickplay chosen in its form
    page.goto("/")
    page.select_option("select[name=ruleset]", "zombies-quickplay")
    # then the form links to that game's rules page
    page.locator("form.create a[href='/rules/zombies-quickplay']").get_by_text("Read the rules").wait_for()


def test_a_late_answer_for_the_game_first_shown_does_not_replace_the_game_chosen(page, server):
    # given the lobby, the catalogue of the game it shows first held back by a slow network
    first = requests.get(f"{server}/v1/rulesets", timeout=5).json()["rulesets"][0]["id"]
    held = []
    page.route(f"**/v1/rulesets/{first}", lambda route: held.append(route))
    page.goto("/")
    page.locator("select[name=ruleset]").wait_for()
    # when Zombies!!! Quickplay is chosen, and only then the first game's answer arrives
    page.select_option("select[name=ruleset]", "zombies-quickplay")
    page.locator("form.create a[href='/rules/zombies-quickplay']").wait_for()
    assert held, "the first game's catalogue was never asked for"
    for route in held:
        route.continue_()
    page.wait_for_load_state("networkidle")
    # then the form still links to the rules of the game chosen, not of the first one
    assert page.locator("form.create a", has_text="Read the rules").get_attribute("href") == "/rules/zombies-quickplay"


def test_a_cards_text_shows_on_a_tap_and_on_keyboard_focus(browser, server):
    # given Ann's Quickplay game on a touch screen, her hand shown
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=server, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    try:
        created = requests.post(f"{server}/v1/games", json={
            "ruleset": "zombies-quickplay", "seats": [{"name": "Ann"}, {"name": "Bob", "bot": "random"}],
            "options": seeded_options({"seed": "browser-card-text", "first_seat": 1})}, timeout=10).json()
        _hold(page, created["id"], 0, created["tokens"][0]["token"], "Ann", "zombies-quickplay")
        page.goto(f"/#/game/{created['id']}")
        card = page.locator(".my-hand .card").first
        card.wait_for()
        catalogue = requests.get(f"{server}/v1/rulesets/zombies-quickplay", timeout=5).json()["catalogue"]
        texts = {c["name"]: c["text"] for c in catalogue["cards"]}
        name = card.inner_text()
        # when she taps it, then its text is shown on the page
        card.tap()
        help_line = page.locator(".card-help")
        help_line.wait_for()
        assert texts[name] in help_line.inner_text()
        # when she closes it and focuses another card with the keyboard, then that card's text shows
        page.get_by_role("button", name="Close the card's text").click()
        last = page.locator(".my-hand .card").last
        last.focus()
        assert texts[last.inner_text()] in page.locator(".card-help").inner_text()
    finally:
        context.close()
