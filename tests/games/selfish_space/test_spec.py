"""What the Space Edition publishes, held to what it does: the schemas and the catalogue are
complete, and every view, event, legal command, pending decision and outcome of random games
fits them -- views at every prefix of the log in a quarter of the games and at every fourth
prefix in the rest (a stride that keeps the file near a minute on one core)."""
from __future__ import annotations

from jsonschema import Draft202012Validator

from events.games.selfish_space import RULESET as R

from ..spec_checks import check_playouts, check_published
from .helpers import Game, hand

GAMES = 100
EVERY_PREFIX = 25


def test_the_published_schemas_and_catalogue_are_complete():
    check_published(R)


def test_random_games_fit_what_is_published():
    met = check_playouts(R, EVERY_PREFIX, policies=("random", "cautious", "strong"), seed="spec-all", resign_every=3)
    met |= check_playouts(R, GAMES - EVERY_PREFIX, policies=("random", "cautious", "strong"),
                          prefix_views_every=4, commands_every=2, seed="spec-stride")
    assert met | {"SpaceDeckReshuffled"} == set(R.events), f"never met: {sorted(set(R.events) - met)}"


def test_a_space_deck_reshuffle_fits_its_schema_raw_and_redacted():
    # given a game whose Space deck is empty (every card on the discard pile)
    g = Game(2, hands=[hand(oxygen=6), hand(oxygen=4)])
    g.state["space_discard"], g.state["space_deck"] = list(g.state["space_deck"]), []
    # when seat 0 travels, then the reshuffle it causes fits the published schema for every reader
    event = next(e for e in g.do(0, "Travel", pay="singles") if e["type"] == "SpaceDeckReshuffled")
    validator = Draft202012Validator(R.events["SpaceDeckReshuffled"]["data"])
    for reader in (0, 1, None):
        validator.validate(R.redact(event, reader)["data"])
    validator.validate(event["data"])
