"""Playing Event cards at any time, and reaction windows (docs/rules/zombies-quickplay.md, 'Playing
cards and reaction windows'): "Events may be played at any time". Any seat may play a card whenever
the game waits on someone and the card allows it; the game holds a window -- asking, all at once,
every other seat that has played no card this round and holds one -- after the turn's tile step and
after a lost combat roll the fighter could pay with bullets or a First Aid Kit. Whom a window asks
never depends on the cards held."""
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


def asked(g: Game) -> list[tuple]:
    """The pending decisions as (seat, kind, code)."""
    return [(d.seat, d.kind, d.code) for d in R.pending(g.state)]


# -- the moments ---------------------------------------------------------------------------------
def test_every_other_seat_is_asked_once_the_tile_and_its_zombies_are_placed_before_the_combat_step():
    # given seat 1 holds This Isn't So Bad and seat 0 draws a straight
    g = Game(tiles=["straight"], hands=[QUIET0, ["this_isnt_so_bad", "fire_axe", "chainsaw"]], listen=[1])
    assert g.stage == "tile_spot"                              # no window before the tile
    # when seat 0 has placed the tile and its street zombies
    batch = place_straight_east(g)
    # then seat 1 is asked (a reaction, Pass by default) before step 2
    assert opened(batch) == [{"queue": [1], "at": "turn_start"}]
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


def test_the_window_after_the_tile_step_comes_even_when_no_tile_is_drawn_and_is_the_one_before_the_roll():
    # given no tile left to draw
    g = Game(hands=[QUIET0, ["fear", "fire_axe", "chainsaw"]], listen=[1])
    # then seat 0's turn waits for seat 1 before its draw and movement roll
    assert g.state["window"] == {"queue": [1], "at": "turn_start"} and g.state["phase"] == "tile_done"
    assert asked(g) == [(1, "reaction", "reaction")]
    # when seat 1 plays Fear on seat 0 there
    g.do(1, "PlayCard", card="fear", target=0)
    # then seat 0 draws and, at its roll, may not move
    assert g.stage == "move_roll" and g.actor == 0
    batch = g.do(0, "RollMovement")
    assert next(e["data"] for e in batch if e["type"] == "MovementAllowed")["basis"] == "fear"


def test_a_lost_roll_the_fighter_could_pay_with_bullets_is_answered_before_it_is_paid():
    # given seat 1 holds Butter Fingers (and passes at seat 0's turn start)
    g = Game(hands=[QUIET0, ["butter_fingers", "fire_axe", "chainsaw"]], listen=[1])
    g.do(1, "Pass")
    g.into_fight(2)
    # when seat 0 rolls a 2 in the fight, with 3 bullets to pay the 2 it needs
    batch = g.do(0, "Fight")
    # then seat 1 is asked before seat 0 pays for it
    assert opened(batch) == [{"queue": [1], "at": "combat_roll"}]
    assert g.actor == 1 and g.state["phase"] == "combat_loss"
    # when seat 1 knocks 2 of seat 0's 3 bullets away
    g.do(1, "PlayCard", card="butter_fingers", target=0, item="bullets")
    # then seat 0 can no longer raise the 2 to a 4 with bullets: only a life pays
    assert g.state["bullets"][0] == 1 and g.stage == "combat_loss"
    assert g.legal(0) == [{"type": "LoseLife"}]


def test_a_lost_roll_only_a_life_can_pay_holds_no_window_but_cards_may_still_be_played_before_the_payment():
    # given seat 1 holds This Isn't So Bad; seat 0 has no bullets and no First Aid Kit
    g = Game(hands=[QUIET0, ["this_isnt_so_bad", "fire_axe", "chainsaw"]], listen=[1])
    g.do(1, "Pass")
    g.state["bullets"][0] = 0
    g.into_fight(2)
    # when seat 0 loses a roll
    batch = g.do(0, "Fight")
    # then nobody is asked: the game waits on seat 0's payment
    assert opened(batch) == [] and asked(g) == [(0, "choice", "pay_for_lost_roll")]
    # and yet seat 1 may play its card while seat 0 decides: it lifts the zombie off seat 0's space
    assert {"type": "PlayCard", "card": "this_isnt_so_bad"} in g.legal(1)
    g.do(1, "PlayCard", card="this_isnt_so_bad")
    pick(g, 1, "2,1")
    pick(g, 1, "1,0")
    pick(g, 1, "1,0")
    pick(g, 1, "1,2")
    # then the fight is over with nothing paid, and seat 0 moves on
    assert (g.state["life"][0], g.state["kills"][0]) == (3, 0) and g.stage == "move" and g.actor == 0


def test_an_opponent_removing_the_zombie_being_fought_in_the_window_ends_the_fight():
    # given seat 1 holds This Isn't So Bad and seat 0 has lost a combat roll on 2,1
    g = Game(hands=[QUIET0, ["this_isnt_so_bad", "fire_axe", "chainsaw"]], listen=[1])
    g.do(1, "Pass")
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


def test_the_zombie_roll_follows_the_movement_without_a_window():
    g = Game(hands=[QUIET0, ["zombie_master", "fire_axe", "chainsaw"]], listen=[1])
    g.lay("crossroads", 1, 0)
    g.do(1, "Pass")
    g.zombie("4,1")
    g.dice(1, 4)
    g.do(0, "RollMovement")
    batch = g.do(0, "EndMove")
    assert opened(batch) == [] and "ZombieMovesAllowed" in g.types(batch) and g.stage == "zombies"


# -- whom a window asks --------------------------------------------------------------------------
@pytest.mark.parametrize("hand", [["fear", "butter_fingers", "zombie_master"], ["fire_axe", "chainsaw", "skateboard"]])
def test_whom_a_window_asks_does_not_depend_on_the_cards_held(hand):
    # given seat 1 holds cards it could play at once, or only items it could not
    g = Game(seats=3, tiles=["straight"], hands=[QUIET0, hand], listen=[1, 2])
    # when seat 0 places its tile
    batch = place_straight_east(g)
    # then both other seats are asked, all at once, in turn order
    assert opened(batch) == [{"queue": [1, 2], "at": "turn_start"}]
    assert asked(g) == [(1, "reaction", "reaction"), (2, "reaction", "reaction")]
    assert [d.label for d in R.pending(g.state)][0] == ("Seat 1 may play an Event card in seat 0's turn, after the "
                                                        "turn's tile step, before its combat step, draw and movement "
                                                        "roll, or pass.")


def test_the_seats_asked_answer_in_any_order_and_the_turn_goes_on_when_all_have():
    g = Game(seats=3, hands=[QUIET0, ["fear", "fire_axe", "chainsaw"], ["butter_fingers", "skateboard", "first_aid_kit"]],
             listen=[1, 2])
    g.do(2, "Pass")
    assert asked(g) == [(1, "reaction", "reaction")] and g.state["window"]["queue"] == [1]
    with pytest.raises(RuleViolation) as again:
        g.do(2, "Pass")
    assert again.value.code == "not_your_turn"
    g.do(1, "Pass")
    assert g.state["window"] is None and g.stage == "move_roll" and g.actor == 0


def test_a_seat_holding_nothing_it_can_play_is_asked_all_the_same_and_may_only_pass():
    g = Game(hands=[QUIET0, ["fire_axe", "chainsaw", "skateboard"]], listen=[1])
    assert asked(g) == [(1, "reaction", "reaction")] and g.legal(1) == [{"type": "Pass"}]


def test_a_seat_that_played_a_card_this_round_is_not_asked_again():
    # given seats 1 and 2 both hold cards they could play at any moment
    g = Game(seats=3, hands=[QUIET0, ["fear", "butter_fingers", "fire_axe"],
                             ["butter_fingers", "chainsaw", "skateboard"]], listen=[1, 2])
    assert g.state["window"] == {"queue": [1, 2], "at": "turn_start"}
    # when seat 1 plays Fear in the window at seat 0's turn start and seat 2 passes
    g.do(1, "PlayCard", card="fear", target=2)
    g.do(2, "Pass")
    g.into_fight(2)
    batch = g.do(0, "Fight")
    # then after seat 0's lost roll only seat 2 is asked, though seat 1 still holds Butter Fingers
    assert opened(batch) == [{"queue": [2], "at": "combat_roll"}]
    g.do(2, "Pass")
    assert g.stage == "combat_loss" and g.actor == 0


def test_a_seat_with_no_card_in_hand_is_not_asked():
    g = Game(hands=[QUIET0, []], deck=["fire_axe"] * 2, listen=[1])
    assert g.state["window"] is None and g.stage == "move_roll"


# -- any time ------------------------------------------------------------------------------------
def test_a_card_may_be_played_out_of_turn_while_another_seat_moves():
    # given seat 0 moving, seat 1 holding Butter Fingers (it passed at the turn start)
    g = Game(hands=[QUIET0, ["butter_fingers", "fire_axe", "chainsaw"]], listen=[1])
    g.do(1, "Pass")
    g.dice(3)
    g.do(0, "RollMovement")
    assert g.stage == "move" and asked(g) == [(0, "turn", "move")]
    # then seat 1's card is among its legal commands though the game waits on seat 0 only
    plays = g.legal(1)
    assert {"type": "PlayCard", "card": "butter_fingers", "target": 0, "item": "bullets"} in plays
    assert all(c["type"] == "PlayCard" for c in plays)
    # when it plays it
    g.do(1, "PlayCard", card="butter_fingers", target=0, item="bullets")
    # then seat 0 loses 2 bullets and goes on moving
    assert g.state["bullets"][0] == 1 and g.stage == "move" and g.actor == 0


def test_a_card_played_during_the_zombie_moves_first_stops_the_moving_zombie():
    # given seat 0 moving zombies (roll 6), one of them moved a step; seat 1 holds Zombie Master
    g = Game(hands=[QUIET0, ["zombie_master", "fire_axe", "chainsaw"]], listen=[1])
    g.do(1, "Pass")
    g.put(0, "1,0")
    g.zombie("2,1")
    g.dice(1, 6)
    g.do(0, "RollMovement")
    g.do(0, "EndMove")
    g.do(0, "ChooseZombie", x=2, y=1)
    g.do(0, "MoveZombie", x=1, y=1)
    # when seat 1 plays Zombie Master meanwhile
    batch = g.do(1, "PlayCard", card="zombie_master")
    # then the moving zombie stops first (it may be chosen again), and seat 1 places its zombies
    assert batch[0] == {"type": "ZombieStopped", "data": {"x": 1, "y": 1}}
    assert "1,1" in g.state["zombies"] and g.state["zm"]["current"] is None and g.actor == 1


def test_no_card_while_a_zombie_is_in_the_middle_of_a_step():
    g = Game(hands=[QUIET0, ["zombie_master", "fire_axe", "chainsaw"]])
    g.put(0, "1,0")
    g.zombie("2,1")
    g.dice(1, 6)
    g.do(0, "RollMovement")
    g.do(0, "EndMove")
    g.do(0, "ChooseZombie", x=2, y=1)                      # chosen: it must step before anything else
    assert g.legal(1) == []
    with pytest.raises(RuleViolation) as err:
        g.do(1, "PlayCard", card="zombie_master")
    assert err.value.code == "not_now"


def test_rules_version_4_played_no_card_while_a_tile_was_placed_with_its_zombies():
    g = Game(tiles=["straight"], hands=[["zombie_master", "grenade", "chainsaw"], ["zombie_master", "fire_axe",
                                                                                   "chainsaw"]], listen=[1],
             rules_version="zombies-quickplay/4")
    for step in (("PickTileSpot", {"x": 1, "y": 0}), ("PlaceTile", {"rotation": 1}), ("PlaceZombie", {"x": 3, "y": 1})):
        assert g.legal(1) == [] and not [c for c in g.legal(0) if c["type"] == "PlayCard"]
        g.do(0, step[0], **step[1])
    g.do(0, "PlaceZombie", x=5, y=1)
    g.do(1, "PlayCard", card="zombie_master")             # in the window after the tile
    assert g.state["choice"]["seat"] == 1 and g.legal(0) == []


def test_a_card_that_cannot_be_played_now_is_refused_and_changes_nothing():
    # given seat 1 holds an item it is not standing in the building of, and seat 0 is about to roll
    g = Game(hands=[QUIET0, ["fire_axe", "chainsaw", "skateboard"]])
    before = R.copy_state(g.state)
    assert g.legal(1) == []
    # when seat 1 plays it, or sends a command of the turn
    with pytest.raises(RuleViolation) as card:
        g.do(1, "PlayCard", card="fire_axe")
    with pytest.raises(RuleViolation) as turn:
        g.do(1, "RollMovement")
    with pytest.raises(RuleViolation) as absent:
        g.do(1, "PlayCard", card="fear", target=0)
    # then each is refused with its reason, and nothing changes
    assert (card.value.code, turn.value.code, absent.value.code) == ("not_now", "not_your_turn", "card_not_in_hand")
    assert g.state == before


def test_one_card_per_round_holds_out_of_turn_too():
    g = Game(hands=[QUIET0, ["fear", "butter_fingers", "fire_axe"]])
    g.do(1, "PlayCard", card="fear", target=0)
    assert g.legal(1) == []
    with pytest.raises(RuleViolation) as err:
        g.do(1, "PlayCard", card="butter_fingers", target=0, item="bullets")
    assert err.value.code == "one_card_per_round"


def test_a_reaction_window_is_answered_with_a_card_or_pass_only():
    # given seat 1 has an item in play and is asked after seat 0's lost roll
    g = Game(hands=[QUIET0, ["butter_fingers", "fire_axe", "chainsaw"]], listen=[1])
    g.state["items"][1] = ["lots_of_ammo"]
    g.do(1, "Pass")
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


# -- rules version 3 (old logs) ------------------------------------------------------------------
def test_under_rules_version_3_a_window_asked_only_the_seats_holding_a_card_they_could_play():
    # given seat 1 holds only items it cannot put in play, seat 2 holds Fear
    g = Game(seats=3, hands=[["lots_of_ammo", "grenade", "molotov_cocktail"], ["fire_axe", "chainsaw", "skateboard"],
                             ["fear", "first_aid_kit", "adrenaline_rush"]], rules_version="zombies-quickplay/3",
             listen=[1, 2])
    # then the window before seat 0's roll asked seat 2 alone (telling everyone seat 2 held a card)
    assert g.state["window"] == {"queue": [2], "at": "move_roll"} and g.actor == 2


def test_a_window_logged_before_window_moments_existed_closes_with_its_last_pass():
    # given a log whose only window (before the movement roll) was opened without a moment
    g = Game(hands=[QUIET0, ["fear", "fire_axe", "chainsaw"]], rules_version="zombies-quickplay/3", listen=[1])
    old = [{"type": e["type"], "data": {"queue": e["data"]["queue"]}} if e["type"] == "WindowOpened" else e
           for e in g.events]
    state = R.fold(old)
    assert state["window"] == {"queue": [1], "at": None} and R.pending(state)[0].seat == 1
    # when seat 1's pass is folded in (such logs have no WindowClosed)
    state = R.evolve(state, {"type": "WindowPassed", "data": {"seat": 1, "played": False}})
    # then the window is closed and seat 0 rolls for movement
    assert state["window"] is None and R.legal_commands(state, 0)[0] == {"type": "RollMovement"}


def test_a_card_that_leaves_a_fighter_nothing_to_pay_with_costs_it_a_kill():
    # given seat 0 with 1 life, no bullets and 3 kills has lost a roll (only its life can pay: no window)
    g = Game(hands=[QUIET0, ["i_dont_think_theyre_dead", "fire_axe", "chainsaw"]], listen=[1])
    g.do(1, "Pass")
    g.state.update(life=[1, 3], bullets=[0, 3], kills=[3, 0])
    g.state["pool"] -= 3
    g.into_fight(2, 1, 6)
    g.do(0, "Fight")
    assert g.legal(0) == [{"type": "LoseLife"}]
    # when seat 1, while seat 0 decides, plays I Don't Think They're Dead: a 1 costs seat 0 its last life
    batch = g.do(1, "PlayCard", card="i_dont_think_theyre_dead", target=0)
    # then seat 0 has nothing left to pay the lost roll with: it loses a kill and its fight and movement end
    assert {"type": "CombatLost", "data": {"seat": 0, "pay": "kill", "amount": 1}} in batch
    assert g.state["kills"][0] == 2 and g.state["life"][0] == 0 and g.state["move"] is None
