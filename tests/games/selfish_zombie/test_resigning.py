"""A player resigning (docs/rules/selfish-zombie.md, 'Resigning'): a survivor or a zombie is out,
its hand face up on the discard pile, its Alliances discarded; it never takes a turn again, is
never a target and cannot win; what waited on it closes; its own turn passes; with no survivor
left the zombies win as usual."""
from __future__ import annotations

from events.games.selfish_zombie import RULESET as R

from .helpers import Game, hand
from .test_rules import SUPPLIES4, bitten_first
from .test_zombie_turns import zombie_among


def asked(g) -> set[int]:
    return {d.seat for d in g.pending}


def test_a_resigning_survivor_is_out_its_hand_discarded_and_its_turns_skipped():
    # given three survivors, seat 0 to play
    g = Game(3, hands=[SUPPLIES4, hand("horde", supplies=3), SUPPLIES4])
    held = list(g.hand(1))
    # when seat 1 resigns
    batch = g.resign(1)
    # then it is out (not a zombie that plays), its hand on the discard pile
    assert batch == [{"type": "PlayerResigned", "data": {"seat": 1, "cards": held}}]
    assert g.hand(1) == [] and g.state["game_discard"][-len(held):] == held
    assert R.view(g.state, 2)["resigned"] == [False, True, False]
    # and its turns are skipped: no TurnStarted for seat 1 ever
    g.do(0, "Rest")
    assert g.turn == 2 and asked(g) == {2}
    batch = g.do(2, "Rest")
    assert g.turn == 0 and {"type": "TurnStarted", "data": {"seat": 1}} not in batch


def test_a_resigning_zombie_takes_no_turn_and_the_survivors_play_on():
    # given seat 0 is a zombie and seats 1, 2 survivors
    g = bitten_first(seats=3, dice=[2, 2])
    assert g.turn == 1
    # when the zombie resigns
    g.resign(0)
    # then the turns go round the survivors only
    g.do(1, "Rest")
    g.do(2, "Rest")
    assert g.turn == 1 and asked(g) == {1} and R.outcome(g.state) is None


def test_resigning_in_your_own_turn_passes_the_turn():
    g = Game(3, hands=[SUPPLIES4, SUPPLIES4, SUPPLIES4])
    batch = g.resign(0)
    assert Game.types(batch) == ["PlayerResigned", "TurnStarted", "CardDrawn"]
    assert g.turn == 1 and asked(g) == {1}


def test_a_zombie_attack_window_on_the_resigning_survivor_closes_and_the_zombie_plays_on():
    # given zombie seat 0 (3 action points) attacked survivor 1, whose window is open
    g = zombie_among(seats=3, dice=(3,))
    g.do(0, "Attack", target=1)
    assert asked(g) == {1}
    kept = list(g.hand(2))
    # when seat 1 resigns
    g.resign(1)
    # then the window is gone and the zombie goes on with its two points left, seat 1 no longer prey
    assert g.state["window"] is None and asked(g) == {0} and g.state["points"] == 2
    assert [c["target"] for c in R.legal_commands(g.state, 0) if c["type"] == "Attack"] == [2]
    assert g.hand(2) == kept


def test_a_resigned_player_is_no_target_of_an_alliance_or_horde():
    # given seat 0 holds Horde, seat 2 (off the start) resigns
    g = Game(3, hands=[hand("horde", "alliance", supplies=3), SUPPLIES4, SUPPLIES4],
             tracks=[[], ["blank"], ["blank"]])
    g.resign(2)
    targets = {(c["card"], c["target"]) for c in R.legal_commands(g.state, 0) if c["type"] == "PlayAction"}
    assert targets == {("horde", 1), ("alliance", 1)}


def test_alliances_of_a_resigning_player_go_to_the_discard_pile():
    # given seat 0's Alliance lies before seat 1
    g = Game(3, hands=[hand("alliance", supplies=4), SUPPLIES4, SUPPLIES4])
    g.do(0, "PlayAction", card="alliance", target=1)
    g.do(1, "Pass")
    assert g.state["alliances"] == [{"ally": 0, "target": 1}]
    # when seat 0 (the ally) resigns, then the Alliance card is discarded
    g.resign(0)
    assert g.state["alliances"] == [] and g.state["game_discard"].count("alliance") == 1


def test_when_the_last_survivor_resigns_the_zombies_win_and_nobody_is_a_winner():
    # given zombie seat 0 and survivor seat 1
    g = bitten_first(seats=2, dice=[2])
    assert g.turn == 1 and g.state["alive"] == [False, True]
    # when the survivor resigns
    batch = g.resign(1)
    # then the game is over: the zombies win, no seat among the winners
    assert Game.types(batch) == ["PlayerResigned", "GameEnded"]
    assert g.outcome["result"] == "zombies" and g.outcome["winners"] == [] and g.pending == []


def test_the_last_survivor_left_plays_on_to_the_usual_end():
    import random
    g = Game(2, hands=[SUPPLIES4, SUPPLIES4])
    g.resign(0)
    for _ in range(300):
        if not g.pending:
            break
        assert asked(g) == {1}
        g.do(1, R.bots["strong"](R.view(g.state, 1), R.legal_commands(g.state, 1), random.Random(0)))
    assert g.outcome is not None and 0 not in g.outcome["winners"]


def test_a_resignation_shows_every_reader_the_same_event_and_no_other_hand():
    g = Game(3, hands=[SUPPLIES4, hand("horde", supplies=3), hand("body_armor", supplies=3)])
    before = R.view(g.state, 0)
    [event] = g.resign(1)
    assert all(R.redact(event, reader) == event for reader in (0, 1, 2, None))
    after = R.view(g.state, 0)
    assert {k for k in after if after[k] != before[k]} <= {"alive", "hand_sizes", "game_discard", "resigned"}
    assert "body_armor" not in after["game_discard"]
    assert R.fold(g.events) == g.state
