"""Reaction windows (choice 12; rules/zombies-quickplay.md, 'Event deck': a card may be played "at
any moment, mid-combat included"): the other seats may answer after the turn's tile, after a lost
combat roll, before the movement roll and after the movement, each window asking only the seats
that could play a card then and have played none this round."""
from __future__ import annotations

import pytest

from events.games.contract import RuleViolation
from events.games.zombies_quickplay import RULESET as R

from .helpers import Game

QUIET0 = ["lots_of_ammo", "grenade", "molotov_cocktail"]


def opened(batch: list[dict]) -> list[dict]:
    """The data of the WindowOpened events of ``batch``."""
    return [e["data"] for e in batch if e["type"] == "WindowOpened"]


def pick(g: Game, seat: int, space: str) -> list[dict]:
    """``seat`` picks ``space`` (``"x,y"``) for the card it is resolving."""
    x, y = map(int, space.split(","))
    return g.do(seat, "PickSpace", x=x, y=y)


def place_straight_east(g: Game) -> list[dict]:
    """Seat 0 lays the drawn straight east of the Town Square and its 2 zombies on 3,1 and 5,1."""
    g.do(0, "PickTileSpot", x=1, y=0)
    g.do(0, "PlaceTile", rotation=1)
    g.do(0, "PlaceZombie", x=3, y=1)
    return g.do(0, "PlaceZombie", x=5, y=1)


def pass_window(g: Game, seat: int) -> None:
    """``seat`` passes in the window open now (before seat 0's movement roll, where it is used)."""
    assert g.stage == "window" and g.actor == seat
    g.do(seat, "Pass")


# -- the moments ---------------------------------------------------------------------------------
def test_an_opponent_may_answer_once_the_tile_and_its_zombies_are_placed_before_the_combat_step():
    # given seat 1 holds This Isn't So Bad and seat 0 draws a straight
    g = Game(tiles=["straight"], hands=[QUIET0, ["this_isnt_so_bad", "fire_axe", "chainsaw"]])
    assert g.stage == "tile_spot"                              # no window before the tile
    # when seat 0 has placed the tile and its street zombies
    batch = place_straight_east(g)
    # then seat 1 is asked (a reaction, Pass by default) before step 2
    assert opened(batch) == [{"queue": [1], "at": "tile_placed"}]
    assert [(d.seat, d.kind, d.default) for d in R.pending(g.state)] == [(1, "reaction", {"type": "Pass"})]
    # when seat 1 moves a zombie of the new tile onto seat 0's pawn (and the other one on)
    g.do(1, "PlayCard", card="this_isnt_so_bad")
    pick(g, 1, "3,1")
    pick(g, 1, "1,1")
    pick(g, 1, "5,1")
    batch = pick(g, 1, "4,1")
    # then the window closes and step 2 finds the zombie: seat 0 must fight it before drawing
    assert g.types(batch)[-3:] == ["ChoiceClosed", "WindowClosed", "CombatStarted"]
    assert g.stage == "combat" and g.actor == 0 and g.state["resume"] == "draw"


def test_an_opponent_may_answer_a_lost_combat_roll_before_it_is_paid():
    # given seat 1 holds Butter Fingers (and passes before seat 0's movement roll)
    g = Game(hands=[QUIET0, ["butter_fingers", "fire_axe", "chainsaw"]])
    pass_window(g, 1)
    g.into_fight(2)
    # when seat 0 rolls a 2 in the fight
    batch = g.do(0, "Fight")
    # then seat 1 is asked before seat 0 pays for it
    assert opened(batch) == [{"queue": [1], "at": "combat_roll"}]
    assert g.actor == 1 and g.state["phase"] == "combat_loss"
    # when seat 1 knocks 2 of seat 0's 3 bullets away
    g.do(1, "PlayCard", card="butter_fingers", target=0, item="bullets")
    # then seat 0 can no longer raise the 2 to a 4 with bullets: only a life pays
    assert g.state["bullets"][0] == 1 and g.stage == "combat_loss"
    assert g.legal(0) == [{"type": "LoseLife"}]


def test_an_opponent_removing_the_zombie_being_fought_ends_the_fight():
    # given seat 1 holds This Isn't So Bad and seat 0 has lost a combat roll on 2,1
    g = Game(hands=[QUIET0, ["this_isnt_so_bad", "fire_axe", "chainsaw"]])
    assert g.stage == "move_roll"                              # no zombie on the map yet: no window
    g.into_fight(2)
    g.do(0, "Fight")
    # when seat 1, in the window after the roll, moves that zombie away (twice)
    g.do(1, "PlayCard", card="this_isnt_so_bad")
    pick(g, 1, "2,1")
    pick(g, 1, "1,0")
    pick(g, 1, "1,0")
    batch = pick(g, 1, "1,2")
    # then the fight is over with no kill and nothing paid, and seat 0 moves on (2 steps left)
    assert "CombatLost" not in g.types(g.events) and "ZombieKilled" not in g.types(batch)
    assert (g.state["life"][0], g.state["bullets"][0], g.state["kills"][0]) == (3, 3, 0)
    assert g.stage == "move" and g.actor == 0 and g.state["move"]["left"] == 2


def test_an_opponent_may_answer_after_the_movement_before_the_zombie_roll():
    # given seat 1 holds Zombie Master (and passes before seat 0's movement roll), a crossroads east
    g = Game(hands=[QUIET0, ["zombie_master", "fire_axe", "chainsaw"]])
    g.lay("crossroads", 1, 0)
    pass_window(g, 1)
    g.dice(1, 4)
    g.do(0, "RollMovement")
    # when seat 0 stops moving
    batch = g.do(0, "EndMove")
    # then seat 1 is asked before the zombie-move roll
    assert opened(batch) == [{"queue": [1], "at": "movement_over"}]
    assert g.state["phase"] == "zombie_roll" and "ZombieMovesAllowed" not in g.types(batch)
    # when seat 1 places its 5 zombies
    g.do(1, "PlayCard", card="zombie_master")
    for space in ("1,0", "0,1", "2,1", "1,2"):
        pick(g, 1, space)
    batch = pick(g, 1, "4,1")
    # then the zombie moves are rolled (a 4) with those zombies on the map
    assert g.types(batch)[1:5] == ["ChoiceClosed", "WindowClosed", "DieRolled", "ZombieMovesAllowed"]
    assert len(g.state["zombies"]) == 5 and g.stage == "zombies" and g.state["zm"]["left"] == 4


# -- who is asked ----------------------------------------------------------------------------
def test_nobody_is_asked_when_no_other_seat_could_play_a_card():
    # given hands of cards nobody can play out of turn (items to put in play, own-turn cards)
    g = Game(tiles=["straight"])
    # when seat 0 places a tile, loses a combat roll and pays, wins the fight and stops moving
    place_straight_east(g)
    assert g.stage == "move_roll"
    g.into_fight(2, 6, 3)
    g.do(0, "Fight")
    assert g.stage == "combat_loss"
    g.do(0, "LoseLife")
    g.do(0, "Fight")
    g.do(0, "EndMove")
    # then no window ever opened: each step followed the last at once
    assert "WindowOpened" not in g.types(g.events) and g.stage in ("zombies", "discard")
    assert g.state["kills"][0] == 1


def test_a_seat_that_played_a_card_this_round_is_not_asked_again():
    # given seats 1 and 2 both hold cards they could play at any moment
    g = Game(seats=3, hands=[QUIET0, ["fear", "butter_fingers", "fire_axe"],
                             ["butter_fingers", "chainsaw", "skateboard"]])
    assert g.state["window"] == {"queue": [1, 2], "at": "move_roll"}       # in turn order
    # when seat 1 plays Fear in the window before seat 0's movement roll and seat 2 passes
    g.do(1, "PlayCard", card="fear", target=2)
    g.do(2, "Pass")
    g.into_fight(2)
    batch = g.do(0, "Fight")
    # then after seat 0's lost roll only seat 2 is asked, though seat 1 still holds Butter Fingers
    assert opened(batch) == [{"queue": [2], "at": "combat_roll"}]
    g.do(2, "Pass")
    assert g.stage == "combat_loss" and g.actor == 0


def test_a_card_for_the_next_movement_cannot_hit_a_player_already_moving():
    # given seat 1 holds only Claustrophobia to play, and seat 0 is fighting during its movement
    g = Game(hands=[QUIET0, ["claustrophobia", "fire_axe", "chainsaw"]])
    pass_window(g, 1)
    g.into_fight(2)
    # when seat 0 loses the roll
    batch = g.do(0, "Fight")
    # then seat 1 is not asked: Claustrophobia on seat 0 would only hit its next movement now
    assert opened(batch) == [] and g.stage == "combat_loss" and g.actor == 0


# -- bad input -------------------------------------------------------------------------------
def test_a_reaction_window_is_answered_with_a_card_or_pass_only():
    # given seat 1 has an item in play and is asked after seat 0's lost roll
    g = Game(hands=[QUIET0, ["butter_fingers", "fire_axe", "chainsaw"]])
    g.state["items"][1] = ["lots_of_ammo"]
    pass_window(g, 1)
    g.into_fight(2)
    g.do(0, "Fight")
    before = R.copy_state(g.state)
    # when seat 1 tries to use its item, or seat 0 to pay before the window is over
    with pytest.raises(RuleViolation) as item:
        g.do(1, "UseItem", card="lots_of_ammo")
    with pytest.raises(RuleViolation) as early:
        g.do(0, "LoseLife")
    # then both are refused and nothing changes
    assert (item.value.code, early.value.code) == ("not_now", "not_your_turn")
    assert g.state == before and {"type": "UseItem", "card": "lots_of_ammo"} not in g.legal(1)


# -- event log compatibility ---------------------------------------------------------------
def test_a_window_logged_before_window_moments_existed_closes_with_its_last_pass():
    # given a log whose only window (before the movement roll) was opened without a moment
    g = Game(hands=[QUIET0, ["fear", "fire_axe", "chainsaw"]])
    old = [{"type": e["type"], "data": {"queue": e["data"]["queue"]}} if e["type"] == "WindowOpened" else e
           for e in g.events]
    state = R.fold(old)
    assert state["window"] == {"queue": [1], "at": None} and R.pending(state)[0].seat == 1
    # when seat 1's pass is folded in (such logs have no WindowClosed)
    state = R.evolve(state, {"type": "WindowPassed", "data": {"seat": 1, "played": False}})
    # then the window is closed and seat 0 rolls for movement
    assert state["window"] is None and R.legal_commands(state, 0)[0] == {"type": "RollMovement"}
