"""The words a player reads on the game page: players by name, never by seat number, in the
banner, the move labels and the result; a lost game shown as lost."""
from __future__ import annotations

import re

import requests

from tests.browser.client import wait_finished
from tests.browser.test_table import _hold
from tests.helpers import seeded_options

SEAT_NUMBER = re.compile(r"\bseat \d", re.IGNORECASE)


def test_the_banner_and_the_moves_name_players_not_seat_numbers(page, server):
    # given Ann's Quickplay game against Bob, a bot, at her turn
    created = requests.post(f"{server}/v1/games", json={
        "ruleset": "zombies-quickplay", "seats": [{"name": "Ann"}, {"name": "Bob", "bot": "strong"}],
        "options": seeded_options({"seed": "browser-names", "first_seat": 0})}, timeout=10).json()
    _hold(page, created["id"], 0, created["tokens"][0]["token"], "Ann", "zombies-quickplay")
    page.goto(f"/#/game/{created['id']}")
    page.wait_for_selector("main.game[data-status=active] button.command")
    # then the banner says whose turn it is by name, and no label speaks of a seat number
    banner = page.locator(".to-act").inner_text()
    assert banner.startswith("Your turn: Ann "), banner
    for text in [banner, page.locator("section.commands").inner_text(), page.locator(".board").inner_text()]:
        assert not SEAT_NUMBER.search(text), text


def test_a_lost_game_reads_as_lost(page, server):
    # given Ann's game of One Against the Dead, which she concedes
    created = requests.post(f"{server}/v1/games", json={
        "ruleset": "one-against-the-dead", "seats": [{"name": "Ann"}],
        "options": seeded_options({"seed": "browser-lost"})}, timeout=10).json()
    game_id, token = created["id"], created["tokens"][0]["token"]
    resigned = requests.post(f"{server}/v1/games/{game_id}/seats/0/resign",
                             headers={"Authorization": f"Bearer {token}"}, timeout=10)
    assert resigned.status_code == 200, resigned.text
    wait_finished(server, game_id)
    # when she opens it
    _hold(page, game_id, 0, token, "Ann", "one-against-the-dead")
    page.goto(f"/#/game/{game_id}")
    # then the result says she lost, as a loss
    outcome = page.locator("section.outcome")
    outcome.wait_for()
    assert outcome.get_attribute("data-outcome") == "lost"
    assert outcome.locator("h2").inner_text().startswith("Ann lost")
    assert "Nobody won" not in outcome.inner_text()
