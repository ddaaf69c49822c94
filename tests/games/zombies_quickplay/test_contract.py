"""The contract around the rules: registration, command schemas, pending defaults, evolve's
totality, views and redaction, and the size of the legal-command lists."""
from __future__ import annotations

import random

import pytest

from events.games import get_ruleset
from events.games.contract import RuleViolation
from events.games.zombies_quickplay import RULESET as R

from events.games.zombies_quickplay.state import zombie_free_spaces

from .helpers import Game

ARG_TYPES = {"integer", "string", "array", "boolean", "number"}


def test_the_ruleset_is_registered_for_2_to_6_seats():
    assert get_ruleset("zombies-quickplay") is R
    assert (R.min_seats, R.max_seats, R.version) == (2, 6, "zombies-quickplay/5")
    assert R.versions == ("zombies-quickplay/3", "zombies-quickplay/4", "zombies-quickplay/5")
    assert set(R.bots) >= {"random", "strong"} and "stack" in R.options


def test_command_arguments_use_only_the_service_types():
    for spec in R.commands.values():
        assert all(schema["type"] in ARG_TYPES for schema in spec["arguments"].values())


def test_every_legal_command_fits_its_declared_arguments():
    g = Game(tiles=["straight", "helipad"], hands=[["fear", "grenade", "chainsaw"]])
    seen = 0
    for _ in range(40):
        if g.state["over"]:
            break
        seat = g.actor
        for command in g.legal(seat):
            declared = R.commands[command["type"]]
            assert set(command) - {"type"} <= set(declared["arguments"])
            assert set(declared["required"]) <= set(command)
            seen += 1
        g.do(seat, R.pending(g.state)[0].default)
    assert seen > 40


def test_evolve_ignores_system_events_and_unknown_types():
    g = Game()
    before = R.copy_state(g.state)
    for event in ({"type": "SeatJoined", "data": {"seat": 1}}, {"type": "SeedRevealed", "data": {}},
                  {"type": "Whatever"}):
        assert R.evolve(g.state, event) == before
    assert R.evolve(None, {"type": "GameCreated", "data": {}}) is None


def test_the_default_of_every_pending_decision_is_legal():
    g = Game(seats=3, tiles=["crossroads", "hospital", "helipad"], hands=[["zombie_master"], ["fear"], ["grenade"]])
    for _ in range(120):
        pend = R.pending(g.state)
        if not pend:
            break
        assert pend[0].default in g.legal(pend[0].seat)
        assert pend[0].kind in ("turn", "reaction", "choice")
        g.do(pend[0].seat, pend[0].default)


def test_a_spectator_sees_no_hand_and_the_deck_sizes_only():
    g = Game()
    v = R.view(g.state, None)
    assert v["hand"] is None and [p["hand_size"] for p in v["players"]] == [3, 3]
    assert isinstance(v["event_deck_size"], int) and "deck" not in v and "hands" not in v
    assert R.view(None, 0) == {"started": False}


def test_a_seat_sees_its_own_hand_only_and_redacted_draws():
    g = Game(hands=[["fear", "grenade", "chainsaw"]])
    assert R.view(g.state, 0)["hand"] == ["fear", "grenade", "chainsaw"]
    drawn = {"type": "CardsDrawn", "data": {"seat": 1, "cards": ["fear"]}}
    assert R.redact(drawn, 0)["data"]["cards"] == [None] and R.redact(drawn, 1) == drawn
    start = R.redact(g.events[0], 1)["data"]
    assert start["hands"][0] is None and start["hands"][1] is not None
    assert isinstance(start["tile_deck"], int) and isinstance(start["dice"], int)


def test_the_outcome_names_the_winner_and_how():
    g = Game()
    assert R.outcome(g.state) is None
    g.lay("helipad", 1, 0, 0)
    g.dice(3)
    g.do(0, "RollMovement")
    for x in (2, 3, 4):
        g.do(0, "Move", x=x, y=1)
    assert R.outcome(g.state) == {"winners": [0], "result": "helipad", "scores": {"0": 0, "1": 0}, "turns": 1,
                                  "reason": "Seat 0 reached the Helipad's centre with no zombie left on it."}


def test_decide_does_not_mutate_the_state():
    g = Game(tiles=["straight"])
    before = R.copy_state(g.state)
    R.decide(g.state, 0, {"type": "PickTileSpot", "x": 1, "y": 0}, random.Random(0))
    assert g.state == before


def test_the_legal_lists_stay_small_on_a_crowded_map():
    g = Game(seats=6)
    for cell, tile in [("1,0", "crossroads"), ("-1,0", "crossroads"), ("0,1", "crossroads"), ("0,-1", "crossroads"),
                       ("2,0", "crossroads"), ("-2,0", "crossroads"), ("0,2", "crossroads"), ("0,-2", "crossroads")]:
        g.lay(tile, *map(int, cell.split(",")))
    spaces = [k for k in zombie_free_spaces(g.state, exclude_pawns=True)]
    g.zombie(*spaces[::2])                          # a zombie on every other open space
    g.dice(1, 6)
    g.do(0, "RollMovement")
    g.do(0, "EndMove")
    assert g.stage == "zombies"
    assert 20 < len(g.legal(0)) <= 150
    g.do(0, next(c for c in g.legal(0) if c["type"] == "ChooseZombie"))
    assert 1 <= len(g.legal(0)) <= 150


def test_a_bad_stack_in_options_is_a_value_error():
    with pytest.raises(ValueError):
        R.setup({"stack": {"deck": ["fear", "fear"]}}, 2, random.Random(0))


def test_not_your_turn_is_a_409():
    g = Game()
    with pytest.raises(RuleViolation) as err:
        g.do(1, "RollMovement")
    assert err.value.status == 409
