"""A player resigning (docs/rules/selfish-space.md, 'Resigning'): the astronaut is out like a
corpse, its hand face up on the discard pile; it is never asked again and cannot win; what waited
on it closes without effect; its own turn passes; the others play on to the usual end."""
from __future__ import annotations

import random

from events.games.selfish_space import RULESET as R

from .helpers import Game, hand


def asked(g) -> set[int]:
    return {d.seat for d in g.pending}


def test_a_resigning_astronaut_is_out_its_hand_face_up_on_the_discard_pile_and_skipped():
    # given three astronauts, seat 0 to play
    g = Game(3, hands=[hand(oxygen=4), hand("shield", "tether", oxygen=3), hand(oxygen=4)])
    held = list(g.hand(1))
    # when seat 1 resigns out of turn
    batch = g.resign(1)
    # then it is out, its hand on the discard pile, and seat 0 still plays its turn
    assert batch == [{"type": "AstronautResigned", "data": {"seat": 1, "cards": held}}]
    assert g.state["alive"][1] is False and g.hand(1) == [] and g.state["game_discard"][-len(held):] == held
    assert asked(g) == {0} and R.view(g.state, None)["resigned"] == [False, True, False]
    # and the turn goes round without it
    g.do(0, "Breathe")
    assert g.turn == 2 and asked(g) == {2}
    g.do(2, "Breathe")
    assert g.turn == 0


def test_a_resigned_astronaut_can_no_longer_be_targeted():
    g = Game(3, hands=[hand("hole_in_suit", oxygen=4), hand(oxygen=4), hand(oxygen=4)])
    g.resign(2)
    assert {c["target"] for c in R.legal_commands(g.state, 0) if c.get("card") == "hole_in_suit"} == {1}


def test_resigning_in_your_own_turn_passes_the_turn_to_the_next_astronaut():
    # given seat 0's turn
    g = Game(3, hands=[hand(oxygen=4), hand(oxygen=4), hand(oxygen=4)])
    # when seat 0 resigns
    batch = g.resign(0)
    # then seat 1's turn starts with its draw
    assert Game.types(batch) == ["AstronautResigned", "TurnStarted", "CardDrawn"]
    assert g.turn == 1 and asked(g) == {1}


def test_a_shield_window_waiting_on_the_resigning_target_closes_without_effect():
    # given seat 0 played Hole in Suit on seat 1, whose Shield window is open
    g = Game(3, hands=[hand("hole_in_suit", oxygen=4), hand(oxygen=4), hand(oxygen=4)])
    g.do(0, "PlayAction", card="hole_in_suit", target=1)
    assert asked(g) == {1}
    oxygen_0 = list(g.hand(0))
    # when seat 1 resigns
    g.resign(1)
    # then the window is gone, the card spent, and seat 0 plays on in its turn
    assert g.state["window"] is None and asked(g) == {0} and g.hand(0) == oxygen_0
    assert R.view(g.state, 0)["phase"] == "turn"


def test_a_window_opened_by_the_resigning_attacker_closes_and_the_turn_passes():
    g = Game(3, hands=[hand("hole_in_suit", oxygen=4), hand(oxygen=4), hand(oxygen=4)])
    g.do(0, "PlayAction", card="hole_in_suit", target=2)
    g.resign(0)
    assert g.state["window"] is None and g.turn == 1 and asked(g) == {1}
    assert g.hand(2).count("oxygen") == 4                    # the card never took effect


def test_a_hack_suit_pick_from_the_resigning_astronauts_hand_closes():
    # given seat 0's Hack Suit on seat 1 went through: seat 0 is to pick from seat 1's hand
    g = Game(3, hands=[hand("hack_suit", oxygen=4), hand("tether", oxygen=4), hand(oxygen=4)])
    g.do(0, "PlayAction", card="hack_suit", target=1)
    g.do(1, "Pass")
    assert R.view(g.state, 0)["phase"] == "hack_suit"
    # when seat 1 resigns, then the pick is gone and seat 0 is back in its turn
    g.resign(1)
    assert g.state["choice"] is None and asked(g) == {0} and R.legal_commands(g.state, 0)


def test_the_last_astronaut_left_plays_on_and_must_still_reach_the_ship():
    # given two astronauts
    g = Game(2, hands=[hand(oxygen=4), hand(oxygen=4)])
    # when seat 1 resigns
    g.resign(1)
    # then the game goes on for seat 0 alone, who is the only one ever asked
    assert R.outcome(g.state) is None
    for _ in range(200):
        if not g.pending:
            break
        assert asked(g) == {0}
        g.do(0, R.bots["strong"](R.view(g.state, 0), R.legal_commands(g.state, 0), random.Random(0)))
    # and it ends the usual way: seat 0 on the ship, or nobody
    result = R.outcome(g.state)
    assert result["result"] in ("reached_ship", "everyone_died") and 1 not in result["winners"]


def test_when_the_last_living_astronaut_resigns_nobody_wins():
    g = Game(3, hands=[hand("hole_in_suit", oxygen=4), hand(oxygen=1), hand(oxygen=4)])
    g.do(0, "PlayAction", card="hole_in_suit", target=1)
    g.do(1, "Pass")                                          # seat 1 dies of it
    g.resign(2)
    batch = g.resign(0)
    assert Game.types(batch) == ["AstronautResigned", "GameEnded"]
    assert R.outcome(g.state)["winners"] == [] and R.outcome(g.state)["result"] == "everyone_died"
    assert g.pending == []


def test_a_seat_out_already_resigns_to_no_events_and_a_corpse_is_marked_out():
    g = Game(3, hands=[hand("hole_in_suit", oxygen=4), hand(oxygen=1), hand(oxygen=4)])
    g.do(0, "PlayAction", card="hole_in_suit", target=1)
    g.do(1, "Pass")                                          # seat 1 dies
    assert Game.types(g.resign(1)) == ["AstronautResigned"]  # a corpse: marked out, nothing else moves
    assert asked(g) == {0}
    assert g.resign(1) == []


def test_a_resignation_shows_every_reader_the_same_public_event_and_no_other_hand():
    # given seat 2 holds a secret hand
    g = Game(3, hands=[hand(oxygen=4), hand("tether", oxygen=3), hand("shield", oxygen=4)])
    before = R.view(g.state, 0)
    # when seat 1 resigns
    [event] = g.resign(1)
    # then every seat and a spectator read the same event (the hand goes face up)
    assert all(R.redact(event, reader) == event for reader in (0, 1, 2, None))
    # and seat 0's view changes only where the resignation is public
    after = R.view(g.state, 0)
    changed = {k for k in after if after[k] != before[k]}
    assert changed <= {"alive", "hand_sizes", "game_discard", "resigned"}
    assert after["hand"] == g.hand(0) and "shield" not in after["game_discard"]


def test_a_log_with_resignations_folds_to_the_live_state():
    g = Game(3, hands=[hand("hole_in_suit", oxygen=4), hand(oxygen=4), hand(oxygen=4)])
    g.do(0, "PlayAction", card="hole_in_suit", target=1)
    g.resign(1)
    g.do(0, "Breathe")
    g.resign(2)
    assert R.fold(g.events) == g.state
    assert R.copy_state(g.state) == g.state
