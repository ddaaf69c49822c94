"""A player resigning (docs/rules/zombies-quickplay.md, 'Resigning'): its pawn leaves the map, its
hand and items go face up to the discard pile, it keeps its kills; it is never asked again (turns,
windows, bids), is no card's target and cannot win; a window or a pick waiting on it closes; its
own turn ends at once; the last player left wins (``last_player``)."""
from __future__ import annotations

from events.games.zombies_quickplay import RULESET as R

from .helpers import Game, assert_everything_accounted
from .test_windows import QUIET0


def resign(g: Game, seat: int) -> list[dict]:
    """``seat`` resigns; windows of seats not listened to are passed at once, as after a command."""
    batch = g.resign(seat)
    g.auto_pass()
    return batch


def asked(g: Game) -> set[int]:
    return {d.seat for d in R.pending(g.state)}


def test_a_resigning_player_leaves_the_map_discards_its_hand_and_keeps_its_kills():
    # given three players, seat 1 with two kills and an item in play
    g = Game(seats=3, hands=[QUIET0, ["fear", "butter_fingers", "fire_axe"], None])
    g.state["kills"][1], g.state["items"][1] = 2, ["chainsaw"]
    # when seat 1 resigns during seat 0's turn
    batch = resign(g, 1)
    # then its pawn is off the map, its cards are on the discard pile, its kills stay
    assert batch[0] == {"type": "PlayerResigned", "data": {"seat": 1, "cards": ["fear", "butter_fingers", "fire_axe"],
                                                            "items": ["chainsaw"]}}
    view = R.view(g.state, 0)["players"][1]
    assert view["space"] is None and view["resigned"] is True and view["kills"] == 2 and view["hand_size"] == 0
    assert g.state["discard"][-4:] == ["fear", "butter_fingers", "fire_axe", "chainsaw"]
    assert asked(g) == {0}


def test_a_resigned_player_takes_no_more_turns():
    g = Game(seats=3)
    resign(g, 1)
    g.finish_turn(0)
    assert g.state["turn"] == 2
    g.finish_turn(2)
    assert g.state["turn"] == 0


def test_resigning_in_your_own_turn_ends_it_and_the_next_player_starts():
    g = Game(seats=3)
    assert g.stage == "move_roll" and g.state["turn"] == 0
    batch = resign(g, 0)
    assert Game.types(batch)[:3] == ["PlayerResigned", "TurnEnded", "TurnStarted"]
    assert g.state["turn"] == 1 and asked(g) == {1}


def test_a_tile_drawn_by_a_player_resigning_in_its_turn_goes_back_on_top_of_the_stack():
    # given seat 0 drew a straight and is placing it
    g = Game(seats=3, tiles=["straight", "bend"])
    assert g.stage == "tile_spot" and g.state["drawn"] == "straight"
    # when seat 0 resigns, then seat 1's turn draws that straight
    batch = resign(g, 0)
    assert {"type": "TileDrawn", "data": {"seat": 1, "tile": "straight"}} in batch
    assert_everything_accounted(g.state)


def test_a_window_waiting_on_the_resigning_player_closes_and_the_turn_goes_on():
    # given seat 0's turn waits on seat 1 in the window after its tile step
    g = Game(hands=[QUIET0, ["fear", "fire_axe", "chainsaw"]], seats=3, listen=[1])
    assert g.state["window"] == {"queue": [1], "at": "turn_start"}
    # when seat 1 resigns
    batch = resign(g, 1)
    # then the window closes and seat 0 goes on to its movement roll
    assert "WindowClosed" in Game.types(batch)
    assert g.state["window"] is None and g.stage == "move_roll" and asked(g) == {0}


def test_a_resigned_player_is_no_cards_target():
    g = Game(seats=3, hands=[QUIET0, None, ["butter_fingers", "fear", "skateboard"]], listen=[2])
    g.state["bullets"][1] = 3
    resign(g, 1)
    targets = {c.get("target") for c in g.legal(2) if c["type"] == "PlayCard"}
    assert targets and 1 not in targets


def test_a_player_resigning_during_the_helipad_bidding_leaves_it():
    # given seat 1 draws the Helipad in its turn; seats 0 (2 kills) and 2 (1 kill) may bid, seat 0 first
    g = Game(seats=3, tiles=["bend", "helipad"])
    g.state["kills"] = [2, 0, 1]
    g.finish_turn(0)
    assert g.state["turn"] == 1 and g.state["auction"]["order"] == [0, 2] and asked(g) == {0}
    # when seat 0 resigns
    resign(g, 0)
    # then the bidding goes on with seat 2 alone
    a = g.state["auction"]
    assert a["passed"] == [0] and a["next"] == 2 and asked(g) == {2}
    # and once seat 2 bids, it wins the Helipad and places it
    g.do(2, "Bid", kills=1)
    assert g.state["auction"] is None and g.state["placer"] == 2 and asked(g) == {2}


def test_when_every_other_player_resigned_the_last_one_wins():
    g = Game(seats=3)
    resign(g, 1)
    assert R.outcome(g.state) is None
    batch = resign(g, 0)
    assert batch[-1] == {"type": "GameWon", "data": {"seat": 2, "result": "last_player"}}
    result = R.outcome(g.state)
    assert result["winners"] == [2] and result["result"] == "last_player" and R.pending(g.state) == []
    assert result["reason"] == "Every other player resigned: seat 2, the last player left, wins."


def test_a_resignation_shows_every_reader_the_same_events_and_no_other_hand():
    g = Game(seats=3, hands=[QUIET0, ["fear", "fire_axe", "chainsaw"], ["butter_fingers", "skateboard", "grenade"]])
    batch = resign(g, 1)
    for event in batch:
        assert all(R.redact(event, reader) == event for reader in (0, 2, None))
        assert "butter_fingers" not in str(event)
    assert R.fold(g.events) == g.state
    assert_everything_accounted(g.state)
