"""What the player and a spectator see (docs/rules/one-against-the-dead.md, 'What each seat and a
spectator can see'): the face-up city, zombies by type and face, dice, Strength, AP, the weapon and
its die, the score so far, who must act; never the deck order, the cards under the placeholders or
the stacked results. Also the view inside a command's batch, and ``describe``."""
from __future__ import annotations

import json

from events.games.one_against_the_dead import RULESET as R

from .helpers import Game, of_type, opening


def test_the_view_shows_the_city_zombies_dice_strength_weapon_and_score():
    g = Game(opening=opening(**{"0,1": "AS"}), dice=[3], weapons=["shotgun"])
    g.put_zombies(1, 1, GH=1, LT=2)
    g.state["weapon"] = {"kind": "shotgun", "die": 4}
    v = R.view(g.state, 0)
    spots = {(s["x"], s["y"]): s for s in v["city"]}
    assert spots[(0, 1)] == {"x": 0, "y": 1, "face_up": True, "card": "AS", "zombies": None, "die": 3}
    assert spots[(1, 1)]["zombies"] == {"greater_heads": 1, "greater_tails": 0, "lesser_heads": 0,
                                        "lesser_tails": 2}
    assert spots[(2, 0)] == {"x": 2, "y": 0, "face_up": False, "card": None, "zombies": None, "die": None}
    assert v["player"] == {"x": 0, "y": 0} and v["start"] == {"x": 0, "y": 0} and v["end"] == {"x": 8, "y": 0}
    assert (v["strength"], v["action_points"], v["round"], v["phase"]) == (15, 3, 1, "actions")
    assert v["weapon"] == {"kind": "shotgun", "die": 4} and v["found_weapon"] is None
    assert v["weapon_stack"] == {"shotgun": 3, "chainsaw": 3, "bat": 4}
    assert v["score"] == {"zombies_killed": 0, "survivors_rescued": 0, "survivors_trapped": 1,
                          "feel_good_points": -20}
    assert v["to_act"] == [{"seat": 0, "kind": "turn", "code": "actions",
                            "label": "Seat 0 has 3 action points to spend: move, dig at a die or end the phase."}]
    assert v["outcome"] is None and v["cut_off"] is False


def test_the_view_lists_the_city_top_row_first_left_to_right():
    g = Game()
    places = [(s["x"], s["y"]) for s in R.view(g.state, None)["city"]]
    assert places == sorted(places, key=lambda p: (-p[1], p[0]))


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


def test_a_spectator_sees_what_the_player_sees():
    g = Game()
    player, spectator = R.view(g.state, 0), R.view(g.state, None)
    assert player["seat"] == 0 and spectator["seat"] is None
    assert {k: v for k, v in player.items() if k != "seat"} == {k: v for k, v in spectator.items() if k != "seat"}


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
    assert v["phase"] == "over" and v["outcome"]["result"] == "overwhelmed" and v["to_act"] == []


def test_the_view_answers_between_a_weapon_found_and_it_being_kept():
    # given: a King with a die of 1 above the player, nothing carried (issue 16: the replay
    # slider at the version right after WeaponFound answered 500)
    g = Game(opening=opening(**{"0,1": "KS"}), dice=[1, 4], weapons=["chainsaw"])
    batch = g.do("DecrementDie", x=0, y=1)
    assert [e["type"] for e in batch][:3] == ["DieDecremented", "WeaponFound", "WeaponChosen"]
    # when: the state is folded up to WeaponFound only
    state = R.fold(g.events[:len(g.events) - len(batch) + 2])
    # then: both views answer, showing the find, and the only command is to keep it
    for seat in (0, None):
        v = R.view(state, seat)
        assert v["phase"] == "weapon" and v["found_weapon"] == {"kind": "chainsaw", "die": 4}
        assert v["weapon"] is None and v["to_act"][0]["code"] == "choose_weapon"
    assert R.legal_commands(state, 0) == [{"type": "ChooseWeapon", "keep": "found"}]


def test_every_prefix_of_a_game_folds_to_a_state_the_view_answers_for():
    g = Game(opening=opening(**{"0,1": "KS", "-1,-1": "JK1"}), dice=[1, 4], weapons=["shotgun"],
             flips=["heads"] * 6)
    g.do("DecrementDie", x=0, y=1)
    g.do("EndActions")
    while R.pending(g.state):
        g.do(R.pending(g.state)[0].default)
    for n in range(1, len(g.events) + 1):
        state = R.fold(g.events[:n])
        for seat in (0, None):
            assert R.view(state, seat)["started"] is True


# -- describe -------------------------------------------------------------------------------------
def test_describe_gives_the_ap_a_move_costs_and_the_zombies_a_placed_card_gets():
    g = Game(then=["3S", "5D"])
    assert R.describe(g.state, 0, {"type": "Move", "x": 0, "y": 1}) == {
        "label": "Move to the 2 of Spades at (0, 1) for 1 AP (it shares a suit or rank with yours).",
        "cost": {"ap": 1}, "effect": {"ap_left": 2, "places_to_check_out": 3, "zombies_there": 0}}
    assert R.describe(g.state, 0, {"type": "Move", "x": -1, "y": 0})["cost"] == {"ap": 2}
    g.do("Move", x=0, y=1)                       # the 3 of spades is drawn
    assert R.describe(g.state, 0, {"type": "PlaceCard", "x": -1, "y": 2})["effect"] == {
        "greater_zombies": 0, "lesser_zombies": 0, "gets_die": False}    # beside the 8 of spades
    g.do("PlaceCard", x=0, y=2)                  # the 5 of diamonds is drawn
    described = R.describe(g.state, 0, {"type": "PlaceCard", "x": 1, "y": 2})
    # beside the 3 of spades (left) and the 9 of spades (below): neither matches
    assert described == {"label": "Put the 5 of Diamonds at (1, 2): 1 Greater Zombie and 1 Lesser Zombie.",
                         "cost": None, "effect": {"greater_zombies": 1, "lesser_zombies": 1, "gets_die": False}}
    batch = g.do("PlaceCard", x=1, y=2)
    assert len(of_type(batch, "ZombiesSpawned")[0]["zombies"]) == 2


def test_describe_digging_feeding_jokers_and_ending_the_actions():
    g = Game(opening=opening(**{"0,1": "AS", "-1,-1": "JK1"}), dice=[1], flips=["heads"] * 6)
    assert R.describe(g.state, 0, {"type": "DecrementDie", "x": 0, "y": 1}) == {
        "label": "Dig at the Ace of Spades at (0, 1) for 1 AP: its last pip, rescuing the survivor.",
        "cost": {"ap": 1}, "effect": {"die": 0, "joker_zombies": 1, "rescues_survivor": True}}
    assert R.describe(g.state, 0, {"type": "EndActions"}) == {
        "label": "End the action phase with 3 AP unused (3 Greater Zombies for the Jokers).",
        "cost": None, "effect": {"ap_unused": 3, "joker_zombies": 3}}


def test_describe_the_attacks():
    g = Game()
    g.state["weapon"] = {"kind": "bat", "die": None}
    g.put_zombies(0, 0, GT=1, LT=2)
    g.do("EndActions")
    assert R.describe(g.state, 0, {"type": "AttackWithBat", "target": "lesser"}) == {
        "label": "Swing the Baseball Bat at the 2 Lesser Zombies on your card, killing 2.",
        "cost": None, "effect": {"zombies_weakened": 2, "zombies_killed": 2}}
    assert R.describe(g.state, 0, {"type": "AttackWithFists", "greater": 1, "lesser": 1})["label"] == \
        "Fists of Fury on 1 Greater Zombie and 1 Lesser Zombie."
    assert R.describe(g.state, 0, {"type": "SkipAttack"}) == {
        "label": "Do not attack this round.", "cost": None, "effect": None}
