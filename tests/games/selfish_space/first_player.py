"""The first-player checks both Selfish editions share (docs/rules/selfish-space.md and
docs/rules/selfish-zombie.md, 'Setup and first player'); each edition's ``test_first_player``
runs them on its ruleset."""
from __future__ import annotations

import random

import pytest


def first_seat_of(ruleset, options: dict, seats: int, seed) -> tuple[int, dict]:
    """The seat whose turn the setup starts, and the recorded ``GameStarted`` data."""
    events = ruleset.setup(options, seats, random.Random(seed))
    assert events[1]["type"] == "TurnStarted"
    return events[1]["data"]["seat"], events[0]["data"]


def check_drawn_with_the_seed_and_recorded(ruleset) -> None:
    """Unstacked games draw the first seat with the seed, record it, and reach every seat."""
    seen = set()
    for seed in range(40):
        first, started = first_seat_of(ruleset, {}, 4, seed)
        assert started["first_seat"] == first and started["rules"] == 2
        assert first_seat_of(ruleset, {}, 4, seed)[0] == first, "the same seed draws the same seat"
        seen.add(first)
    assert seen == {0, 1, 2, 3}


def check_the_option_fixes_it(ruleset) -> None:
    """``first_seat`` names the first seat, stacked or not; a stacked deal starts with seat 0."""
    for seat in range(3):
        assert first_seat_of(ruleset, {"first_seat": seat}, 3, 7)[0] == seat
    stack = {"game_deck": [next(iter(ruleset.catalogue["cards"]))["id"]]}
    assert first_seat_of(ruleset, {"stack": stack}, 3, 7)[0] == 0
    assert first_seat_of(ruleset, {"stack": stack, "first_seat": 2}, 3, 7)[0] == 2


def check_a_bad_first_seat_is_refused(ruleset, value) -> None:
    """A ``first_seat`` that is not a seat of the table is a ``ValueError`` (400 over REST)."""
    with pytest.raises(ValueError, match="first_seat"):
        ruleset.setup({"first_seat": value}, 2, random.Random(0))


def check_rules_version_1_starts_with_seat_0(ruleset) -> None:
    """A level-1 game records no first seat, starts with seat 0 and deals exactly as level 2 does."""
    old = ruleset.setup({"rules_version": ruleset.versions[0]}, 3, random.Random(5))
    new = ruleset.setup({}, 3, random.Random(5))
    assert "first_seat" not in old[0]["data"] and "rules" not in old[0]["data"] and old[1]["data"]["seat"] == 0
    assert old[0]["data"]["hands"] == new[0]["data"]["hands"]
    with pytest.raises(ValueError, match="seat 0"):
        ruleset.setup({"rules_version": ruleset.versions[0], "first_seat": 1}, 3, random.Random(5))
    with pytest.raises(ValueError, match="rules version"):
        ruleset.setup({"rules_version": ruleset.id + "/9"}, 3, random.Random(5))


BAD_FIRST_SEATS = [-1, 2, True, "0", 1.5]
