"""What the Zombie Edition publishes, held to what it does: the schemas and the catalogue are
complete, and every view, event, legal command, pending decision and outcome of random games
fits them -- views at every prefix of the log in a quarter of the games and at every fourth
prefix in the rest (a stride that keeps the file near a minute on one core)."""
from __future__ import annotations

from jsonschema import Draft202012Validator

from events.games.selfish_zombie import RULESET as R

from ..spec_checks import check_playouts, check_published
from .helpers import Game, hand

SUPPLIES4 = hand(supplies=4)

GAMES = 100
EVERY_PREFIX = 25


def test_the_published_schemas_and_catalogue_are_complete():
    check_published(R)


def test_random_games_fit_what_is_published():
    met = check_playouts(R, EVERY_PREFIX, policies=("random", "strong"), seed="spec-all", resign_every=3)
    met |= check_playouts(R, GAMES - EVERY_PREFIX, policies=("random", "strong"),
                          prefix_views_every=4, commands_every=2, seed="spec-stride")
    reshuffles = {"GameDeckReshuffled", "WastelandDeckReshuffled"}  # games this short rarely empty a deck
    assert met | reshuffles == set(R.events), f"never met: {sorted(set(R.events) - met - reshuffles)}"


def test_deck_reshuffles_fit_their_schemas_raw_and_redacted():
    # given a game whose Game deck and Wasteland deck are both empty, their cards on the discard piles
    g = Game(2, hands=[SUPPLIES4, SUPPLIES4])
    g.state["game_discard"], g.state["game_deck"] = g.state["game_deck"], []
    g.state["wasteland_discard"], g.state["wasteland_deck"] = ["blank"], []
    # when seat 0 travels (drawing a Wasteland card) and seat 1 starts its turn (drawing a Game card)
    batch = g.do(0, "Travel", pay="singles")
    # then both reshuffles fit the published schemas for every reader
    kinds = {e["type"] for e in batch}
    assert {"GameDeckReshuffled", "WastelandDeckReshuffled"} <= kinds
    for event in batch:
        validator = Draft202012Validator(R.events[event["type"]]["data"])
        validator.validate(event["data"])
        for reader in (0, 1, None):
            validator.validate(R.redact(event, reader)["data"])
