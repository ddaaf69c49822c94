"""What the player and a spectator see (rules/one-against-the-dead.md; the issue's 'Views'):
the face-up city, zombies with their faces, dice, Strength, the weapon and its die, the score so
far; never the deck order, the cards under the placeholders or the Weapon Stack order."""
from __future__ import annotations

import json

from events.games.one_against_the_dead import RULESET as R

from .helpers import Game, opening


def test_the_view_shows_the_city_zombies_dice_strength_weapon_and_score():
    g = Game(opening=opening(**{"0,1": "AS"}), dice=[3], weapons=["shotgun"])
    g.put_zombies(1, 1, GH=1, LT=2)
    g.state["weapon"] = {"kind": "shotgun", "die": 4}
    v = R.view(g.state, 0)
    spots = {(s["x"], s["y"]): s for s in v["city"]}
    assert spots[(0, 1)] == {"x": 0, "y": 1, "card": "AS", "face_up": True, "zombies": None, "die": 3}
    assert spots[(1, 1)]["zombies"] == {"GH": 1, "GT": 0, "LH": 0, "LT": 2}
    assert spots[(2, 0)] == {"x": 2, "y": 0, "card": None, "face_up": False, "zombies": None, "die": None}
    assert v["player"] == {"x": 0, "y": 0} and v["end"] == {"x": 8, "y": 0}
    assert (v["strength"], v["ap"], v["round"], v["phase"]) == (15, 3, 1, "actions")
    assert v["weapon"] == {"kind": "shotgun", "die": 4}
    assert v["weapon_stack"] == {"shotgun": 3, "chainsaw": 3, "bat": 4}
    assert v["score"] == {"kills": 0, "rescued": 0, "lunchmeat": 1, "feel_good": -20}
    assert v["options"] == R.legal_commands(g.state, 0) and v["result"] is None


def test_the_view_never_holds_the_deck_order_the_placeholders_or_the_stacked_results():
    g = Game(dice=[5, 5], flips=["tails"], weapons=["chainsaw"])
    assert v_keys_hidden(R.view(g.state, 0)) and v_keys_hidden(R.view(g.state, None))
    assert "chainsaw\"]" not in json.dumps(R.view(g.state, 0))    # the stacked pick
    placeholders = [g.state["city"][p] for p in g.state["face_down"]]
    shown = {s["card"] for s in R.view(g.state, 0)["city"]}
    assert not set(placeholders) & shown
    assert R.view(g.state, 0)["deck_size"] == len(g.state["deck"])


def v_keys_hidden(view) -> bool:
    return not {"deck", "stack_dice", "stack_flips", "stack_weapons", "face_down", "pinned"} & set(view)


def test_a_spectator_sees_what_the_player_sees_without_the_options():
    g = Game()
    player, spectator = R.view(g.state, 0), R.view(g.state, None)
    assert spectator["seat"] is None and spectator["options"] is None
    assert {k: v for k, v in player.items() if k not in ("seat", "options")} == \
        {k: v for k, v in spectator.items() if k not in ("seat", "options")}


def test_redacted_events_hide_deck_orders_placeholders_and_stacked_results():
    g = Game(dice=[2], flips=["heads"], weapons=["bat"])
    for seat in (0, None):
        started = R.redact(g.events[0], seat)["data"]
        assert started["deck_count"] == 54 and started["dice_count"] == 1 and started["weapons_count"] == 1
        assert not {"deck", "dice", "flips", "weapons"} & set(started)
        dealt = [R.redact(e, seat)["data"] for e in g.events if e["type"] == "PlaceholderDealt"]
        assert len(dealt) == 7 and all(d["card"] is None for d in dealt)
        collected = [R.redact(e, seat)["data"] for e in g.events if e["type"] == "PlaceholdersCollected"]
        assert collected and all("order" not in d and d["deck_size"] > 0 for d in collected)
        placed = [R.redact(e, seat) for e in g.events if e["type"] == "CardPlaced"]
        assert placed == [e for e in g.events if e["type"] == "CardPlaced"]


def test_the_view_before_the_game_and_after_it():
    assert R.view(None, 0) == {"started": False} and R.outcome(None) is None
    g = Game()
    g.put_zombies(0, 0, GH=16)
    g.do("EndActions")
    g.do("SkipAttack")
    v = R.view(g.state, None)
    assert v["phase"] == "over" and v["result"]["result"] == "overwhelmed" and v["pending"] == []
