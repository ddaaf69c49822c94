"""The Quickplay rules that end a game and the Helipad auction (docs/rules/zombies-quickplay.md,
'Ending and scoring', 'The Helipad auction'), the first player, bad input, and the choices where the
sources are silent, with stacked tiles, hands and dice."""
from __future__ import annotations

import pytest

import random

from events.games.contract import RuleViolation

from events.games.zombies_quickplay import RULESET as R

from .helpers import Game, at_move, zombie_game, zombie_phase


# -- winning ------------------------------------------------------------------------------------
def test_reaching_the_kill_target_wins_at_once():
    g = Game()
    g.zombie("2,1")
    g.state["kills"][0] = 24
    at_move(g, 1, 6)
    g.do(0, "Move", x=2, y=1)
    batch = g.do(0, "Fight")
    assert batch[-1] == {"type": "GameWon", "data": {"seat": 0, "result": "kill_target"}}
    assert g.state["over"] and g.state["winner"] == 0


def test_reaching_the_helipad_centre_and_killing_its_zombie_wins():
    g = Game()
    g.lay("helipad", 1, 0, 0)
    g.zombie("4,1")
    at_move(g, 3, 5)
    g.do(0, "Move", x=2, y=1)
    g.do(0, "Move", x=3, y=1)
    g.do(0, "Move", x=4, y=1)
    batch = g.do(0, "Fight")
    assert batch[-1]["data"] == {"seat": 0, "result": "helipad"}


def test_reaching_an_empty_helipad_centre_wins():
    g = Game()
    g.lay("helipad", 1, 0, 0)
    at_move(g, 3)
    g.do(0, "Move", x=2, y=1)
    g.do(0, "Move", x=3, y=1)
    batch = g.do(0, "Move", x=4, y=1)
    assert batch[-1]["type"] == "GameWon" and g.state["result"] == "helipad"
    assert g.legal(0) == [] and g.legal(1) == []


def test_a_closed_map_with_no_zombie_left_does_not_end_the_game_while_a_card_could_bring_zombies_back():
    # given a closed map with no zombie on it, seat 1 holding Zombie Master
    g = Game(hands=[None, ["zombie_master", "fire_axe", "chainsaw"]])
    g.state.update(closed=True, kills=[3, 5])
    zombie_phase(g, 1)
    # when seat 0 ends its turn
    batch = g.do(0, "EndTurn")
    # then the game goes on: seat 1's turn starts, and its card brings zombies back to fight
    assert "GameWon" not in g.types(g.events) and g.state["turn"] == 1 and R.outcome(g.state) is None
    assert {"type": "TurnStarted", "data": {"seat": 1}} in batch
    g.do(1, "PlayCard", card="zombie_master")
    for x, y in ((1, 0), (0, 1), (2, 1), (1, 2), (1, 1)):
        if g.state["choice"] is not None and f"{x},{y}" not in g.state["pawns"]:
            g.do(1, "PickSpace", x=x, y=y)
    assert len(g.state["zombies"]) == 4                # the Town Square's free spaces


def test_under_rules_version_3_a_closed_map_with_no_zombie_ended_the_game_with_the_most_kills_winning():
    g = Game(rules_version="zombies-quickplay/3")
    g.state.update(closed=True, kills=[3, 5])
    zombie_phase(g, 1)
    batch = g.do(0, "EndTurn")
    assert batch[-1]["data"] == {"seat": 1, "result": "map_closed"}
    assert R.outcome(g.state)["winners"] == [1] and R.outcome(g.state)["result"] == "map_closed"


# -- the Helipad auction ------------------------------------------------------------------------
def auction_game(kills):
    g = Game(seats=3, tiles=["straight", "helipad"])
    g.do(0, "PickTileSpot", x=0, y=1)
    g.do(0, "PlaceTile", rotation=0)
    g.do(0, "PlaceZombie", x=1, y=3)
    g.do(0, "PlaceZombie", x=1, y=5)
    g.state["kills"] = list(kills)
    g.state["pool"] -= sum(kills)
    g.finish_turn(0)
    return g


def test_the_helipad_bidding_starts_with_the_most_kills_and_goes_in_turn_order():
    g = auction_game([3, 5, 5])
    assert g.state["auction"]["order"] == [1, 2, 0]    # seat 1 drew it and ties with seat 2
    g.do(1, "Bid", kills=1)
    with pytest.raises(RuleViolation) as err:
        g.do(2, "Bid", kills=1)
    assert err.value.code == "bad_bid"
    g.do(2, "Bid", kills=2)
    g.do(0, "PassBid")
    g.do(1, "Bid", kills=3)
    batch = g.do(2, "PassBid")
    assert batch[-1] == {"type": "AuctionWon", "data": {"seat": 1, "kills": 3}}
    assert g.state["kills"] == [3, 2, 5]
    assert g.actor == 1 and g.stage == "tile_spot"


def test_a_player_who_passed_may_not_bid_again_and_the_winner_places_the_helipad():
    g = auction_game([4, 1, 2])
    assert g.state["auction"]["order"] == [0, 1, 2]
    g.do(0, "PassBid")
    g.do(1, "Bid", kills=1)
    g.do(2, "Bid", kills=2)
    batch = g.do(1, "PassBid")
    assert batch[-1]["data"] == {"seat": 2, "kills": 2}
    assert g.actor == 2
    spot = g.legal(2)[0]
    g.do(2, spot)
    g.do(2, g.legal(2)[0])
    assert any(p["tile"] == "helipad" for p in g.state["tiles"].values())
    assert g.state["turn"] == 1 and g.actor == 1          # the drawer's turn goes on


def test_no_bid_means_the_drawer_places_the_helipad_for_free():
    g = auction_game([0, 0, 2])
    assert g.state["auction"]["order"] == [2]            # seats without kills cannot bid
    g.do(2, "PassBid")
    assert g.actor == 1 and g.state["kills"] == [0, 0, 2]


def test_nobody_with_kills_means_no_auction():
    g = auction_game([0, 0, 0])
    assert g.state["auction"] is None and g.actor == 1 and g.stage == "tile_spot"


def test_a_bid_above_your_kills_is_refused():
    g = auction_game([0, 2, 0])
    with pytest.raises(RuleViolation):
        g.do(1, "Bid", kills=3)


# -- bad input ----------------------------------------------------------------------------------
@pytest.mark.parametrize("seat,command,code", [
    (1, {"type": "RollMovement"}, "not_your_turn"),
    (0, {"type": "Fight"}, "wrong_phase"),
    (0, {"type": "Fly"}, "unknown_command"),
    (0, {"x": 1}, "bad_arguments"),
    (0, {"type": "Discard", "card": "fire_axe"}, "wrong_phase"),
    (0, {"type": "PlayCard", "card": "fear", "target": 1}, "card_not_in_hand"),
    (0, {"type": "PlayCard", "card": "nonsense"}, "bad_arguments"),
    (0, {"type": "UseItem", "card": "chainsaw"}, "card_not_in_hand"),
    (0, {"type": "Pass"}, "wrong_phase"),
])
def test_a_bad_command_is_refused_and_changes_nothing(seat, command, code):
    g = Game(hands=[["fire_axe", "chainsaw", "skateboard"]])
    before = R.copy_state(g.state)
    with pytest.raises(RuleViolation) as err:
        g.do(seat, command)
    assert err.value.code == code and err.value.message
    assert g.state == before


@pytest.mark.parametrize("command,code", [
    ({"type": "Move", "x": "a", "y": 1}, "bad_arguments"),
    ({"type": "Move", "x": True, "y": 1}, "bad_arguments"),
    ({"type": "Move", "x": 3, "y": 1}, "illegal_step"),
    ({"type": "Move", "x": 2, "y": 2}, "illegal_step"),
])
def test_a_bad_step_is_refused_and_changes_nothing(command, code):
    g = Game()
    at_move(g, 3)
    before = R.copy_state(g.state)
    with pytest.raises(RuleViolation) as err:
        g.do(0, command)
    assert err.value.code == code and g.state == before


def test_a_tile_spot_or_rotation_that_does_not_fit_is_refused():
    g = Game(tiles=["straight"])
    with pytest.raises(RuleViolation) as err:
        g.do(0, "PickTileSpot", x=5, y=5)
    assert err.value.code == "no_fit"
    g.do(0, "PickTileSpot", x=1, y=0)
    with pytest.raises(RuleViolation) as err:
        g.do(0, "PlaceTile", rotation=0)
    assert err.value.code == "no_fit"


def test_a_finished_game_refuses_commands():
    g = Game()
    g.lay("helipad", 1, 0, 0)
    at_move(g, 3)
    for x in (2, 3, 4):
        g.do(0, "Move", x=x, y=1)
    with pytest.raises(RuleViolation) as err:
        g.do(1, "RollMovement")
    assert err.value.code == "game_over" and err.value.status == 409


# -- the first player, and choices where the sources are silent --------------------------------
def test_the_first_player_is_drawn_with_the_games_seeded_randomness_and_recorded():
    # given games set up with different seeds and no first_seat option
    firsts = set()
    for seed in range(12):
        events = R.setup({}, 4, random.Random(seed))
        started = events[0]["data"]
        # then each records the seat drawn, and that seat's turn starts
        assert started["first_seat_drawn"] is True and 0 <= started["first_seat"] < 4
        assert events[1] == {"type": "TurnStarted", "data": {"seat": started["first_seat"]}}
        assert R.setup({}, 4, random.Random(seed))[0] == events[0]          # the same seed, the same seat
        firsts.add(started["first_seat"])
    # and the draw reaches more than one seat
    assert len(firsts) > 1


def test_the_first_seat_option_fixes_the_first_player():
    events = R.setup({"first_seat": 2}, 3, random.Random(0))
    assert (events[0]["data"]["first_seat"], events[0]["data"]["first_seat_drawn"]) == (2, False)
    assert events[1] == {"type": "TurnStarted", "data": {"seat": 2}}


@pytest.mark.parametrize("bad", [-1, 3, "1", True, 1.5])
def test_a_first_seat_that_is_not_a_seat_is_refused(bad):
    with pytest.raises(ValueError, match="first_seat"):
        R.setup({"first_seat": bad}, 3, random.Random(0))


def test_under_rules_version_3_seat_0_played_first_and_nothing_was_drawn():
    events = R.setup({"rules_version": "zombies-quickplay/3"}, 4, random.Random(0))
    assert "first_seat" not in events[0]["data"] and events[1]["data"] == {"seat": 0}
    with pytest.raises(ValueError):
        R.setup({"rules_version": "zombies-quickplay/9"}, 4, random.Random(0))


def test_a_zombie_chosen_again_keeps_its_path_and_its_cap():
    g = Game()
    g.lay("straight", 1, 0, 1)
    g.put(0, "1,0")
    g.zombie("2,1", "5,1")
    zombie_phase(g, 6)                                    # cap 3
    g.do(0, "ChooseZombie", x=2, y=1)
    g.do(0, "MoveZombie", x=3, y=1)
    g.do(0, "ChooseZombie", x=5, y=1)                    # the first one stops on 3,1
    g.do(0, "MoveZombie", x=4, y=1)
    g.do(0, "ChooseZombie", x=3, y=1)                    # back to the first
    assert [c for c in g.legal(0) if c["type"] != "PlayCard"] == [{"type": "MoveZombie", "x": 4, "y": 1}]
    g.do(0, "MoveZombie", x=4, y=1)                      # through the other zombie, not back to 2,1
    assert g.legal(0) == [{"type": "MoveZombie", "x": 5, "y": 1}]   # its third and last step


def test_a_chosen_zombie_must_take_a_step():
    g = zombie_game(4, "2,1", "1,2")
    g.do(0, "ChooseZombie", x=2, y=1)
    assert g.legal(0) == [{"type": "MoveZombie", "x": 1, "y": 1}]
    with pytest.raises(RuleViolation) as err:
        g.do(0, "EndZombieMoves")
    assert err.value.code == "must_step"


def test_an_event_card_may_be_played_during_the_helipad_bidding():
    # given seat 1 bidding for the Helipad with 2 kills, seat 2 holding I Don't Think They're Dead
    g = Game(seats=3, tiles=["straight", "helipad"], hands=[None, ["hey_look_a_shotgun", "grenade", "chainsaw"],
                                                            ["i_dont_think_theyre_dead", "fire_axe", "skateboard"]])
    g.do(0, "PickTileSpot", x=0, y=1)
    g.do(0, "PlaceTile", rotation=0)
    g.do(0, "PlaceZombie", x=1, y=3)
    g.do(0, "PlaceZombie", x=1, y=5)
    g.state.update(kills=[1, 2, 0], life=[3, 0, 3], bullets=[3, 0, 3])
    g.state["pool"] -= 3
    g.finish_turn(0)
    assert g.stage == "auction" and g.actor == 1
    # then the bidder may play a card among its bids, and seat 2 (not bidding) may play one too
    assert g.legal(1) == [{"type": "PassBid"}, {"type": "Bid", "kills": 1}, {"type": "Bid", "kills": 2},
                          {"type": "PlayCard", "card": "hey_look_a_shotgun"}]
    assert {"type": "PlayCard", "card": "i_dont_think_theyre_dead", "target": 1} in g.legal(2)
    # when seat 1 bids 2, and seat 2, while seat 0 decides, makes seat 1 roll 1 and 4: 2 kills lost
    g.do(1, "Bid", kills=2)
    assert g.actor == 0
    g.dice(1, 4)
    g.do(2, "PlayCard", card="i_dont_think_theyre_dead", target=1)
    assert g.state["kills"][1] == 0
    # then, seat 0 passing, the leader wins the Helipad and pays only the kills it still has
    batch = g.do(0, "PassBid")
    assert {"type": "AuctionWon", "data": {"seat": 1, "kills": 0}} in batch and g.state["kills"][1] == 0


@pytest.mark.parametrize("stage_setup,default", [
    ("move_roll", {"type": "RollMovement"}),
    ("move", {"type": "EndMove"}),
    ("combat", {"type": "Fight"}),
    ("discard", {"type": "EndTurn"}),
])
def test_the_deadline_defaults(stage_setup, default):
    g = Game()
    if stage_setup == "move":
        at_move(g, 3)
    elif stage_setup == "combat":
        g.into_fight()
    elif stage_setup == "discard":
        zombie_phase(g, 1)
    assert g.stage == stage_setup and R.pending(g.state)[0].default == default
    g.do(0, default)


def test_when_the_helipad_buyer_closes_the_map_the_buyer_loses_its_next_turn():
    # given a map whose only open cell is east of the Town Square, ringed by roads that lead nowhere else:
    # seat 0 lays the Sporting Goods west of the square, then bends loop the square's north and south
    # roads round to that cell and the Police Station closes it on the east
    g = Game(tiles=["sporting_goods", "helipad", "straight"])
    g.do(0, "PickTileSpot", x=-1, y=0)
    g.do(0, "PlaceTile", rotation=3)
    for cell, tile, rotation in [((0, -1), "bend", 1), ((1, -1), "bend", 2), ((0, 1), "bend", 0),
                                 ((1, 1), "bend", 3), ((2, 0), "police_station", 1)]:
        g.lay(tile, *cell, rotation)
    g.state["kills"] = [3, 0]
    g.state["pool"] -= 3
    g.finish_turn(0)
    # when seat 1 draws the Helipad and seat 0 buys it and places it there, so that the straight fits nowhere
    assert g.state["auction"]["order"] == [0]
    g.do(0, "Bid", kills=1)
    g.do(0, "PickTileSpot", x=1, y=0)
    batch = g.do(0, "PlaceTile", rotation=0)
    # then the map is closed, seat 1's turn goes on, and seat 0 (who placed the last tile) loses its next turn
    assert {"type": "MapClosed", "data": {"seat": 0}} in batch and g.state["closed"]
    assert g.state["turn"] == 1 and g.stage == "move_roll" and g.state["tile_deck"] == ["straight"]
    g.finish_turn(1)
    assert {"type": "TurnSkipped", "data": {"seat": 0}} in g.events
    assert g.state["turn"] == 1 and g.stage == "move_roll"


def test_a_bidder_who_cannot_top_the_last_bid_may_only_pass():
    # given the Helipad auction with kills 3, 2 and 5 (seat 1 drew it; seat 2 has the most and opens)
    g = auction_game([3, 2, 5])
    assert g.state["auction"]["order"] == [2, 0, 1]
    # when seat 2 bids 4
    g.do(2, "Bid", kills=4)
    # then seat 0, with 3 kills, may only pass, and a bid equal to the last is refused
    assert g.actor == 0 and g.legal(0) == [{"type": "PassBid"}]
    with pytest.raises(RuleViolation) as err:
        g.do(0, "Bid", kills=4)
    assert err.value.code == "bad_bid"
    g.do(0, "PassBid")
    batch = g.do(1, "PassBid")
    # and seat 2 places the Helipad for its 4 kills
    assert batch[-1] == {"type": "AuctionWon", "data": {"seat": 2, "kills": 4}}
    assert g.state["kills"] == [3, 2, 1]

