"""The ``strong`` bot: legal, view-only, and sensible in a few set pieces."""
from __future__ import annotations

import random

import pytest

from events.games.selfish_space import RULESET as R
from events.games.selfish_space import planner
from events.games.selfish_space.bots import BOTS, solo_command, strong_bot
from events.commands.simulation import play_game

from .helpers import Game, hand

STRONG = BOTS["strong"]


def test_registry_names():
    assert set(BOTS) >= {"random", "strong"}
    assert BOTS["strong"] is strong_bot


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_strong_plays_only_legal_commands(seats):
    calls = [0]

    def checked(view, legal, rng):
        command = STRONG(view, legal, rng)
        assert command in legal
        calls[0] += 1
        return command

    R.bots["_checked"] = checked
    try:
        for game in range(8 if seats == 2 else 7):
            policies = ["_checked"] + ["random"] * (seats - 1)
            shift = game % seats
            record = play_game(R, policies[shift:] + policies[:shift], f"bots-{seats}-{game}")
            assert record.outcome is not None
    finally:
        del R.bots["_checked"]
    assert calls[0] > 0


def scrambled(state, seat):
    """Other hands refilled with different cards (same sizes), draw piles reordered."""
    s = R.copy_state(state)
    for other, h in enumerate(s["hands"]):
        if other != seat:
            s["hands"][other] = ["tether" if c != "tether" else "shield" for c in h]
    for pile in ("game_deck", "space_deck"):
        s[pile] = list(reversed(s[pile]))
    return s


def test_strong_never_peeks_over_a_whole_game():
    game = Game(2, seed=11)
    for _ in range(40):
        pending = game.pending
        if not pending:
            break
        seat = pending[0].seat
        legal = R.legal_commands(game.state, seat)
        a = STRONG(R.view(game.state, seat), legal, random.Random(3))
        b = STRONG(R.view(scrambled(game.state, seat), seat), legal, random.Random(3))
        assert a == b
        game.do(seat, a)


def test_shields_when_it_holds_one():
    game = Game(2, hands=[hand("oxygen_siphon", oxygen=6), hand("shield", oxygen=6)])
    game.do(0, "PlayAction", card="oxygen_siphon", target=1)
    view = R.view(game.state, 1)
    assert view["phase"] == "reaction"
    assert STRONG(view, R.legal_commands(game.state, 1), random.Random(0)) == {"type": "PlayShield"}


def test_does_not_pay_its_last_oxygen_to_travel_when_it_can_breathe():
    # seat 0 holds exactly 2 oxygen and draws a Tractor Beam: travelling would spend the last one
    game = Game(2, hands=[hand("laser_blast", oxygen=2), hand(oxygen=6)], game_deck=["hole_in_suit"])
    legal = R.legal_commands(game.state, 0)
    assert {"type": "Travel", "pay": "singles"} in legal
    command = STRONG(R.view(game.state, 0), legal, random.Random(0))
    assert command["type"] in ("Breathe", "BreatheWithActions")


def test_alone_and_far_it_breathes_with_two_actions():
    game = Game(2, hands=[hand("laser_blast", "hole_in_suit", oxygen=4), hand(oxygen=1)],
                game_deck=["tractor_beam"], tracks=[["blank"], []])
    game.state["alive"][1] = False  # the rival is gone: seat 0 plays alone, 5 spaces from the ship
    game.state["hands"][1] = []
    legal = R.legal_commands(game.state, 0)
    command = solo_command(R.view(game.state, 0), legal)
    assert command["type"] == "BreatheWithActions"
    assert STRONG(R.view(game.state, 0), legal, random.Random(0))["type"] == "BreatheWithActions"


def test_solo_values_make_sense():
    assert planner.solo_value(1, 5, 0) > planner.solo_value(3, 5, 0) > planner.solo_value(6, 5, 0)
    assert planner.solo_value(4, 10, 0) > planner.solo_value(4, 6, 0)
    assert planner.solo_value(4, 6, 2) > planner.solo_value(4, 6, 0)
    assert planner.solo_value(3, 0, 4) == 0.0 and planner.solo_value(0, 3, 0) == 1.0


def test_afterstate_values_rank_states_sensibly():
    from events.games.selfish_space import values

    assert values.value(6, 3, 0, 2, 1) == 1.0 and values.value(3, 0, 2, 2, 1) == 0.0
    assert values.value(5, 6, 1, 1, 1) > values.value(1, 6, 1, 1, 1), "nearer the ship is better"
    assert values.value(3, 8, 1, 2, 1) > values.value(3, 2, 1, 2, 1), "more oxygen is better"
    assert values.value(3, 5, 1, 5, 1) < values.value(3, 5, 1, 0, 1), "a rival near the ship is worse"


def test_strong_blasts_a_rival_about_to_reach_the_ship():
    # seat 1 sits one space from the ship; seat 0 holds a Laser Blast and plenty of oxygen
    game = Game(2, hands=[hand("laser_blast", oxygen=6, doubles=1), hand(oxygen=6)],
                game_deck=["oxygen"], tracks=[["blank"], ["blank"] * 5])
    legal = R.legal_commands(game.state, 0)
    command = STRONG(R.view(game.state, 0), legal, random.Random(0))
    assert command == {"type": "PlayAction", "card": "laser_blast", "target": 1}


def test_strong_on_the_brink_of_the_ship_travels():
    # five spaces done, oxygen to spare, the rival far behind: the last move wins unless a Wormhole comes
    game = Game(2, hands=[hand(oxygen=6), hand(oxygen=6)], game_deck=["oxygen"],
                tracks=[["blank"] * 5, []])
    legal = R.legal_commands(game.state, 0)
    assert STRONG(R.view(game.state, 0), legal, random.Random(0))["type"] == "Travel"


def test_training_records_afterstates_with_outcomes():
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[3] / "scripts" / "train_selfish_space_values.py"
    spec = importlib.util.spec_from_file_location("train_values", path)
    train = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(train)
    counts = train.play(("base", 0, 6, None))
    assert counts, "six games leave afterstates"
    for key, (wins, visits) in counts.items():
        l, o, a, ol, al = map(int, key.split(","))
        assert 0 <= l < 6 and 1 <= o <= 12 and 0 <= a <= 3 and 0 <= ol <= 6 and al in (0, 1)
        assert 0 <= wins <= visits
