"""A game's ``decide_evolved`` returns exactly the state its events fold to, so the write
path and self-play can evolve each event once (``Ruleset.decide_and_evolve``)."""
from __future__ import annotations

import random

import pytest

from events.games.bots import choose
from events.games import RULESETS
from events.table.randomness import rng_for


def walk(ruleset, play):
    """Twelve random games of ``ruleset`` (seats from its least to its most): for each command
    the random bot picks, ``play(state, seat, command, rng)`` returns the next state; ``rng()``
    makes the command's generator (the same one each time it is called)."""
    for game in range(12):
        seats = ruleset.min_seats + game % (ruleset.max_seats - ruleset.min_seats + 1)
        state = ruleset.fold(ruleset.setup({}, seats, random.Random(game)))
        for step in range(400):
            pending = ruleset.pending(state)
            if not pending:
                break
            command = choose(ruleset, state, pending[0].seat, "random", random.Random(step))
            state = play(state, pending[0].seat, command, lambda: rng_for(f"g{game}", step))
        yield state


@pytest.mark.parametrize("ruleset_id", sorted(r for r in RULESETS if RULESETS[r].decide_evolved))
def test_decide_evolved_gives_the_state_its_events_fold_to_and_leaves_the_old_one_alone(ruleset_id):
    ruleset = RULESETS[ruleset_id]

    def play(state, seat, command, rng):
        before = ruleset.copy_state(state)
        events, after = ruleset.decide_evolved(state, seat, command, rng())
        assert state == before, "decide_evolved changed the state it was given"
        folded = ruleset.copy_state(state)
        for event in events:
            folded = ruleset.evolve(folded, event)
        assert after == folded
        return after

    assert len(list(walk(ruleset, play))) == 12


@pytest.mark.parametrize("ruleset_id", sorted(r for r in RULESETS if RULESETS[r].decide_in_place))
def test_decide_in_place_gives_what_decide_evolved_gives(ruleset_id):
    ruleset = RULESETS[ruleset_id]

    def play(state, seat, command, rng):
        expected = ruleset.decide_evolved(state, seat, command, rng())
        got = ruleset.decide_in_place(state, seat, command, rng())
        assert got == expected
        return got[1]

    assert len(list(walk(ruleset, play))) == 12


@pytest.mark.parametrize("ruleset_id", sorted(r for r in RULESETS if RULESETS[r].acting_seat))
def test_acting_seat_is_the_first_pending_seat(ruleset_id):
    ruleset = RULESETS[ruleset_id]
    assert ruleset.acting_seat(None) is None

    def play(state, seat, command, rng):
        assert ruleset.acting_seat(state) == seat
        return ruleset.decide_evolved(state, seat, command, rng())[1]

    for final in walk(ruleset, play):   # over, or still running after the walk's 400 steps (Quickplay)
        pending = ruleset.pending(final)
        assert ruleset.acting_seat(final) == (pending[0].seat if pending else None)
