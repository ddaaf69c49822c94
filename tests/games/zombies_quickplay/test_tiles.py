"""Tile data, map geometry and the Quickplay setup (docs/rules/zombies-quickplay.md, 'Components',
'Setup and first player', 'Placing a tile')."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from events.games.zombies_quickplay import RULESET as R
from events.games.zombies_quickplay.cards import CARDS, DECK_COUNTS, KILL_TARGET, full_deck
from events.games.zombies_quickplay.state import building_spaces
from events.games.zombies_quickplay.tiles import (NAMED, STREETS, TILES, exit_count, exits, kind, last_ten, neighbours,
                                                  rotated, step_ok)
from events.games.zombies_quickplay.placement import fits, spots

from .helpers import Game

TOWN = {"0,0": {"tile": "town_square", "rotation": 0}}


def test_there_are_30_tiles_each_3x3_with_the_rules_reference_counts():
    assert sum(t["count"] for t in TILES.values()) == 30
    for tile in TILES.values():
        assert len(tile["layout"]) == 3 and all(len(row) == 3 and set(row) <= set("RBDx") for row in tile["layout"])
    assert {t: TILES[t]["count"] for t in STREETS} == {"straight": 4, "bend": 4, "t_junction": 4, "crossroads": 4}
    assert (TILES["hospital"]["z"], TILES["hospital"]["l"], TILES["hospital"]["b"]) == (8, 4, 0)
    assert (TILES["fire_station"]["z"], TILES["fire_station"]["l"], TILES["fire_station"]["b"]) == (6, 4, 2)


#: The rules reference's tile table, copied by hand: tile -> (count, layout, road exits, Z, L, B);
#: ``None`` for Z: one zombie per road exit, placed by the player.
TABLE = {
    "town_square": (1, "xRx/RRR/xRx", "NESW", 0, 0, 0),
    "helipad": (1, "RRR/RRR/RRR", "NESW", 1, 0, 0),
    "hospital": (1, "BBB/BDB/BRB", "S", 8, 4, 0),
    "lawn_and_garden": (1, "BBB/BDB/BRB", "S", 6, 2, 3),
    "police_station": (1, "BBB/BDB/xRx", "S", 6, 2, 4),
    "sporting_goods": (1, "BBB/BDB/BRx", "S", 6, 2, 4),
    "fire_station": (1, "BBB/BDB/xRB", "S", 6, 4, 2),
    "army_surplus": (1, "BDB/RRR/xxx", "EW", 2, 0, 2),
    "drug_store": (1, "BDB/RRR/xxx", "EW", 3, 3, 0),
    "gas_station": (1, "BDB/RRR/xRx", "ESW", 3, 1, 2),
    "skate_shop": (1, "BDB/RRR/xRx", "ESW", 3, 0, 1),
    "florist": (1, "BDB/RRR/xRx", "ESW", 3, 1, 1),
    "hardware_store": (1, "BDB/DRR/BRx", "ES", 3, 1, 2),
    "toy_store": (1, "BBD/BRR/DRx", "ES", 3, 1, 1),
    "straight": (4, "xRx/xRx/xRx", "NS", None, 0, 0),
    "bend": (4, "xRx/xRR/xxx", "NE", None, 0, 0),
    "t_junction": (4, "xxx/RRR/xRx", "ESW", None, 0, 0),
    "crossroads": (4, "xRx/RRR/xRx", "NESW", None, 0, 0),
}


@pytest.mark.parametrize("tile", sorted(TABLE))
def test_every_tile_has_the_rules_reference_count_layout_exits_and_zombies_life_bullets(tile):
    count, layout, sides, z, life, bullets = TABLE[tile]
    data = TILES[tile]
    assert data["count"] == count and "/".join(data["layout"]) == layout
    assert "".join(s for s, road in exits(tile, 0).items() if road) == sides
    assert (data["z"], data["l"], data["b"]) == (z, life, bullets)
    # tokens fit inside the building, one per space, never a life and a bullet together
    assert life + bullets <= sum(row.count("B") + row.count("D") for row in data["layout"])
    assert set(TABLE) == set(TILES)


def test_the_sporting_goods_has_7_interior_spaces_and_1_road_space():
    # given the Sporting Goods tile, in every rotation
    for rotation in range(4):
        spaces = "".join(rotated("sporting_goods", rotation))
        # then 7 of its spaces are inside the building (6 rooms and the door) and 1 is road
        assert (spaces.count("B") + spaces.count("D"), spaces.count("R"), spaces.count("D")) == (7, 1, 1)


def test_a_sporting_goods_placed_takes_its_6_zombies_and_6_tokens_inside_with_a_room_to_spare():
    # given seat 0 draws the Sporting Goods
    g = Game(tiles=["sporting_goods"])
    # when it lays it north of the Town Square, its road meeting the square's north road
    g.do(0, "PickTileSpot", x=0, y=-1)
    g.do(0, "PlaceTile", rotation=0)
    # then all 6 zombies and 2 life + 4 bullet tokens are inside, on 7 building spaces
    inside = {k for k in g.state["zombies"]} | set(g.state["tokens"])
    assert len(g.state["zombies"]) == 6 and sorted(g.state["tokens"].values()).count("bullet") == 4
    assert all(kind(g.state["tiles"], *map(int, k.split(","))) in ("B", "D") for k in inside)
    assert len(building_spaces(g.state, "0,-1")) == 7


def test_under_rules_version_3_the_sporting_goods_kept_its_old_6_building_spaces():
    g = Game(tiles=["sporting_goods"], rules_version="zombies-quickplay/3")
    g.do(0, "PickTileSpot", x=0, y=-1)
    g.do(0, "PlaceTile", rotation=0)
    assert len(building_spaces(g.state, "0,-1")) == 6 and kind(g.state["tiles"], 0, -1) == "x"
    assert R.view(g.state, None)["map"]["tiles"]["0,-1"] == {"tile": "sporting_goods", "rotation": 0}


def test_a_road_may_not_run_into_a_door_side():
    # given the Hardware Store, whose doors sit on the middle of its north and west sides
    assert [row[0] for row in rotated("hardware_store", 1)] == ["B", "R", "x"]
    assert [row[2] for row in rotated("hardware_store", 1)] == ["B", "D", "B"]     # turned once: door side east
    # when it is tried west of the Town Square, whose west road comes at that side
    # then it is refused with the door side facing the road, and fits with its road facing it
    assert not fits(TOWN, "hardware_store", -1, 0, 1)
    assert not fits(TOWN, "hardware_store", -1, 0, 2)
    assert fits(TOWN, "hardware_store", -1, 0, 3)                 # exits N and E: the east road meets the square
    # and once placed so, no tile may bring a road to its west door side
    placed = {**TOWN, "-1,0": {"tile": "hardware_store", "rotation": 3}}
    assert [row[0] for row in rotated("hardware_store", 3)] == ["B", "D", "B"]
    assert not any(fits(placed, t, -2, 0, r) for t in ("straight", "bend", "t_junction", "crossroads")
                   for r in range(4))


@pytest.mark.parametrize("tile,sides", [
    ("town_square", "NESW"), ("helipad", "NESW"), ("hospital", "S"), ("army_surplus", "EW"),
    ("gas_station", "ESW"), ("hardware_store", "ES"), ("toy_store", "ES"), ("straight", "NS"),
    ("bend", "NE"), ("t_junction", "ESW"), ("crossroads", "NESW"),
])
def test_each_tile_has_the_road_exits_of_the_rules_reference(tile, sides):
    assert "".join(s for s, road in exits(tile, 0).items() if road) == sides
    assert exit_count(tile) == len(sides)


def test_a_quarter_turn_clockwise_turns_the_exits_clockwise():
    assert rotated("bend", 1) == ("xxx", "xRR", "xRx")
    assert [s for s, road in exits("bend", 1).items() if road] == ["E", "S"]
    assert [s for s, road in exits("hospital", 2).items() if road] == ["N"]


def test_roads_must_meet_roads_and_never_a_building_side():
    # east of the Town Square: the new tile's west side must be a road
    assert fits(TOWN, "straight", 1, 0, 1)        # turned E-W: road meets road
    assert not fits(TOWN, "straight", 1, 0, 0)    # N-S: the Town Square road runs into its side
    assert fits(TOWN, "hospital", 1, 0, 1)        # exit turned to face west
    assert not fits(TOWN, "hospital", 1, 0, 0)    # its building side would block the road


def test_a_tile_must_join_the_map_by_a_road():
    assert not fits(TOWN, "straight", 1, 1, 0)    # only diagonal: touches nothing
    tiles = dict(TOWN, **{"1,0": {"tile": "hospital", "rotation": 1}})  # exit west, building elsewhere
    assert not fits(tiles, "straight", 2, 0, 1)   # its road would meet the hospital's back wall
    assert (2, 0) not in spots(tiles, "straight")


def test_named_buildings_are_entered_only_through_their_door():
    tiles = dict(TOWN, **{"0,-1": {"tile": "hospital", "rotation": 0}})  # road at (1,-1), door (1,-2)
    assert step_ok(tiles, (1, -1), (1, -2))       # road to door
    assert step_ok(tiles, (1, -2), (0, -2))       # door to interior
    assert not step_ok(tiles, (1, -1), (0, -1))   # road to a building side
    assert step_ok(tiles, (1, 0), (1, -1))        # Town Square road to the hospital's road


def test_there_are_no_diagonal_steps_and_no_steps_onto_grass():
    assert not step_ok(TOWN, (1, 1), (2, 2))
    assert not step_ok(TOWN, (1, 0), (0, 0))      # (0,0) is grass


def test_the_quickplay_event_deck_has_the_removals_and_41_cards():
    assert len(CARDS) == 27
    assert len(full_deck()) == 41
    for card in ("all_the_marbles", "bad_sense_of_direction", "hysterical_paralysis", "the_keys_are_still_in_it",
                 "were_screwed"):
        assert card not in DECK_COUNTS
    assert DECK_COUNTS["fear"] == DECK_COUNTS["brain_cramp"] == DECK_COUNTS["where_did_everybody_go"] == 1


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_setup_deals_3_cards_3_life_3_bullets_and_the_kill_target(seats):
    state = R.fold(R.setup({}, seats, random.Random(seats)))
    assert state["kill_target"] == KILL_TARGET[seats] == {2: 25, 3: 22, 4: 20, 5: 17, 6: 15}[seats]
    assert all(len(h) == 3 for h in state["hands"][1:])
    assert state["life"] == [3] * seats and state["bullets"] == [3] * seats
    assert state["pawns"] == ["1,1"] * seats
    assert state["tiles"]["0,0"]["tile"] == "town_square"


def test_the_last_ten_tiles_are_the_helipad_toy_store_and_two_of_each_street():
    for seed in range(5):
        events = R.setup({}, 3, random.Random(seed))
        deck = events[0]["data"]["tile_deck"]
        assert len(deck) == 29
        assert Counter(deck[-10:]) == Counter(last_ten())
        assert Counter(last_ten()) == Counter({"helipad": 1, "toy_store": 1, "straight": 2, "bend": 2,
                                               "t_junction": 2, "crossroads": 2})
        assert "helipad" not in deck[:-10] and "toy_store" not in deck[:-10]
        assert all(t in NAMED for t in deck[:-10] if t not in STREETS)


def test_the_deck_orders_differ_between_seeds():
    orders = {tuple(R.setup({}, 2, random.Random(s))[0]["data"]["tile_deck"]) for s in range(4)}
    assert len(orders) == 4


@pytest.mark.parametrize("stack,message", [
    ({"tiles": ["castle"]}, "unknown"),
    ({"tiles": ["helipad", "helipad"]}, "more"),
    ({"hands": [["fear", "fear"]]}, "more"),
    ({"hands": [["all_the_marbles"]]}, "unknown or removed"),
    ({"hands": [["fire_axe", "fire_axe", "chainsaw", "chainsaw"]]}, "at most 3"),
    ({"dice": [7]}, "1 to 6"),
    ({"cards": []}, "unknown parts"),
    ("deck", "object"),
])
def test_a_bad_stack_is_refused_with_a_clear_sentence(stack, message):
    with pytest.raises(ValueError, match=message):
        R.setup({"stack": stack}, 2, random.Random(0))


def test_a_bad_seat_count_is_refused():
    with pytest.raises(ValueError, match="2 to 6"):
        R.setup({}, 7, random.Random(0))


def test_the_fast_neighbour_list_agrees_with_the_step_rule():
    tiles = dict(TOWN, **{"0,-1": {"tile": "hardware_store", "rotation": 2},
                          "1,0": {"tile": "crossroads", "rotation": 0},
                          "-1,0": {"tile": "toy_store", "rotation": 1},
                          "0,1": {"tile": "helipad", "rotation": 0}})
    for x in range(-4, 7):
        for y in range(-4, 7):
            near = [(x + dx, y + dy) for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))]
            assert neighbours(tiles, x, y) == [p for p in near if step_ok(tiles, (x, y), p)], (x, y)
