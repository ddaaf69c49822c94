"""Playing every ruleset in the browser: a game created in the lobby with one
person and bots, played to its end by clicking legal moves, the board
checked against the API's view after every move."""
from __future__ import annotations

import random

import pytest

from tests.browser.client import (api_view, board_facts, create_in_lobby, play_to_end, status,
                                  view_facts, wait_for_move_or_end)

#: ruleset -> (seat roles, options). Seeds make each game the same every run; the
#: Quickplay stack keeps its map to three tiles so the game is short.
GAMES = {
    "selfish-space": (["human", "bot:strong"], {"seed": "browser-space"}),
    "selfish-zombie": (["human", "bot:strong"], {"seed": "browser-z2"}),
    "one-against-the-dead": (["human"], {"seed": "browser-city"}),
    "zombies-quickplay": (["human", "bot:strong"],
                          {"seed": "browser-quickplay", "stack": {"tiles": ["hospital", "straight", "helipad"]}}),
}


def _token_of(page, game_id: str) -> str:
    return page.evaluate(f"() => JSON.parse(localStorage.getItem('stranded.seats'))['{game_id}'][0].token")


@pytest.mark.parametrize("ruleset", list(GAMES))
def test_a_person_plays_a_game_against_bots_to_its_end_by_clicking(page, server, artifacts, ruleset):
    # given a game created in the lobby with one person ("Ann") and bots
    roles, options = GAMES[ruleset]
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    game_id = create_in_lobby(page, ruleset, roles, names=["Ann"] + [""] * (len(roles) - 1), options=options)
    token = _token_of(page, game_id)
    wait_for_move_or_end(page)
    # then the board is the seat's view
    shown_at, facts = board_facts(page, ruleset)
    assert facts == view_facts(ruleset, api_view(server, game_id, at=shown_at)["view"])
    page.screenshot(path=artifacts / f"{ruleset}-start.png", full_page=True)

    # when Ann clicks legal moves (on the board or the buttons) until the game is over
    moves: list[int] = []
    shot: list[int] = []

    def board_is_the_view():
        shown_at, shown = board_facts(page, ruleset)
        assert shown == view_facts(ruleset, api_view(server, game_id, at=shown_at)["view"]), shown_at
        moves.append(shown_at)
        if not shot and len(moves) >= 3 and page.locator(".board [data-pickable]").count():
            # a board in the middle of the game, its playable places marked, for the docs
            page.screenshot(path=artifacts / f"{ruleset}-play.png", full_page=True)
            shot.append(shown_at)

    counts = play_to_end(page, random.Random(ruleset), check=board_is_the_view)

    # then the page shows the result, the board is the final view, the log tells the game
    assert status(page) == "finished"
    page.wait_for_selector("section.outcome")
    shown_at, facts = board_facts(page, ruleset)
    final = api_view(server, game_id)
    assert shown_at == final["version"]
    assert facts == view_facts(ruleset, final["view"])
    assert page.locator(".log li.event").count() >= min(final["version"], 200)
    assert counts["buttons"] + counts["board"] > 0
    page.screenshot(path=artifacts / f"{ruleset}-end.png", full_page=True)
    # and the seat token never went into an address
    assert urls and not [u for u in urls if token in u]
    assert token not in page.url

