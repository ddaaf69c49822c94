"""The source's worked example, "Checking out a location", card for card and zombie for zombie.

The player walks the row of placeholders from the start (2 of hearts) to the 10 of hearts at
(5, 0), with every card placed so that no zombie spawns on the way except one on the 10 of spades.
Then the example: from the 10 of hearts to the 10 of spades (1 AP, the ranks match); the face-down
card beside it goes back into the deck; the 3 of clubs goes next to the 10 of clubs (the Ending
Location) with no zombie, the 3 of diamonds to the upper right with one Greater Zombie (the 7 of
clubs does not match it), and the Jack of hearts into the last slot with a Greater and a Lesser
Zombie and a die; two AP on that die then find a weapon.
"""
from __future__ import annotations

from .helpers import Game, of_type, types

#: Columns 2 to 6 of the walk: each column's top and bottom cards first, then the row card.
WALK = ["4S", "4D", "4H", "5S", "5D", "5H", "7S", "6D", "7D", "7H", "6H", "10H", "7C", "6S", "10S"]
EXAMPLE = ["3C", "3D", "JH"]


def walk_to_the_ten_of_hearts() -> Game:
    g = Game(then=WALK + EXAMPLE, flips=["heads", "heads", "heads", "tails"], dice=[2], weapons=["bat"])
    for x in (1, 2, 3):                       # round 1: three 1-AP moves along the hearts
        g.move(x, 0, (x + 1, 1), (x + 1, -1))
    assert g.state["round"] == 2
    g.move(4, 0, (5, 1), (5, -1))             # round 2: 5H -> 7D costs 2 AP ...
    assert {"type": "Move", "x": 5, "y": 0} not in g.legal   # ... and 7D -> 10H 2 more
    g.do("EndActions")
    g.move(5, 0, (6, 1), (6, -1))             # round 3: 7D -> 10H, 2 AP
    return g


def test_the_walk_to_the_example_spawns_only_on_the_ten_of_spades():
    g = walk_to_the_ten_of_hearts()
    assert (g.card(6, 1), g.card(6, 0), g.card(6, -1)) == ("7C", "10S", "6S")
    spawned = {k: z for k, z in g.state["zombies"].items() if any(z.values())}
    assert spawned == {"6,0": {"GH": 1, "GT": 0, "LH": 0, "LT": 0}}   # 10S beside 7C


def test_checking_out_the_ten_of_spades_as_in_the_source():
    # given: the player on the 10 of hearts with 1 AP, the 7 of clubs above the 10 of spades
    g = walk_to_the_ten_of_hearts()
    assert g.state["ap"] == 1 and g.card(8, 0) == "10C" and "7,0" in g.state["face_down"]
    # when: the player moves to the 10 of spades
    batch = g.move(6, 0)
    # then: 1 AP (ranks match), the face-down card beside it is shuffled back, three open slots
    assert of_type(batch, "PlayerMoved") == [{"x": 6, "y": 0, "cost": 1}]
    assert of_type(batch, "PlaceholdersCollected")[0]["places"] == [[7, 0]]
    assert g.state["drawn"] == "3C"
    slots = {(c["x"], c["y"]) for c in g.legal}
    assert slots == {(7, 1), (7, 0), (7, -1)}
    # the 3 of clubs next to the 10 of clubs: it matches its only orthogonal card, no zombie
    batch = g.do("PlaceCard", x=7, y=0)
    assert of_type(batch, "ZombiesSpawned") == [] and g.card(7, 0) == "3C"
    assert g.state["drawn"] == "3D"
    # the 3 of diamonds to the upper right: the 7 of clubs does not match, one Greater Zombie
    batch = g.do("PlaceCard", x=7, y=1)
    split = batch.index({"type": "CardDrawn", "data": {"card": "JH"}})
    three, jack = batch[:split], batch[split:]
    assert of_type(three, "ZombiesSpawned") == [{"x": 7, "y": 1, "zombies": ["GH"]}]
    # the Jack of hearts goes into the remaining slot by itself: matches neither card, two
    # zombies (one Greater, one Lesser) and, being a face card, a die
    assert types(jack)[:4] == ["CardDrawn", "CardPlaced", "ZombiesSpawned", "DieRolled"]
    assert of_type(jack, "CardPlaced") == [{"x": 7, "y": -1, "card": "JH"}]
    assert of_type(jack, "ZombiesSpawned") == [{"x": 7, "y": -1, "zombies": ["GH", "LT"]}]
    assert of_type(jack, "DieRolled") == [{"x": 7, "y": -1, "value": 2}]
    assert all(g.state["city"].get(p) for p in ("7,1", "7,0", "7,-1"))


def test_two_ap_on_the_jacks_die_find_a_weapon():
    # given: the example done, the round played out (the zombies close in on the 10 of spades)
    g = walk_to_the_ten_of_hearts()
    g.move(6, 0, (7, 0), (7, 1))
    assert g.zombies(7, 0) == {"GH": 2, "LT": 1} and g.zombies(6, 0) == {"GH": 1}
    g.do("SkipAttack")
    assert g.state["strength"] == 14 and g.state["round"] == 4
    # when: the player spends 2 AP notching down the Jack's die
    g.do("DecrementDie", x=7, y=-1)
    batch = g.do("DecrementDie", x=7, y=-1)
    # then: the die is gone and a weapon comes from the Weapon Stack
    assert "7,-1" not in g.state["dice"]
    assert of_type(batch, "WeaponFound") == [{"kind": "bat", "die": None}]
    assert g.state["weapon"] == {"kind": "bat", "die": None}
    assert g.state["weapon_stack"] == {"shotgun": 3, "chainsaw": 3, "bat": 3}
