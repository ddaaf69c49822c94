"""One test per rule in rules/one-against-the-dead.md ('The city', 'A round', 'Weapons',
'Score', 'Deadlines'), each with the deck stacked. The worked example has its own file."""
from __future__ import annotations

import random

import pytest

from events.games.contract import RuleViolation
from events.games.one_against_the_dead import RULESET as R
from events.games.one_against_the_dead.cards import DECK

from .helpers import PLACEHOLDERS, QUIET, Game, assert_cards_accounted, of_type, types


def opening(**cards):
    """The quiet opening with some places holding other cards: ``opening(**{"0,1": "KS"})``."""
    return [(x, y, cards.get(f"{x},{y}", c)) for x, y, c in QUIET]


# -- the city --------------------------------------------------------------------------------
def test_setup_lays_the_start_seven_face_down_placeholders_and_the_end():
    g = Game(opening=())
    assert of_type(g.events, "PlaceholderDealt") == [
        {"x": x, "y": 0, "card": c} for x, c in zip(range(1, 8), PLACEHOLDERS)]
    assert g.card(0, 0) == "2H" and g.card(8, 0) == "10C"
    assert g.state["player"] == "0,0"
    # the start is checked out at once: the placeholder at (1, 0) went back into the deck
    assert g.state["face_down"] == [f"{x},0" for x in range(2, 8)]
    assert "1,0" not in g.state["city"] and "2C" in g.state["deck"] + [g.state["drawn"]]
    assert_cards_accounted(g.state)


def test_a_special_location_drawn_for_the_start_or_the_end_is_shuffled_back():
    deck = ["AS", "2H", *PLACEHOLDERS, "JK1", "10C"]
    events = R.setup({"stack": {"deck": deck}}, 1, random.Random(3))
    assert [e["data"]["card"] for e in events if e["type"] == "SpecialReshuffled"] == ["AS", "JK1"]
    state = R.fold(events)
    assert state["city"]["0,0"] == "2H" and state["city"]["8,0"] == "10C"
    assert "AS" in state["deck"] and "JK1" in state["deck"]


def test_the_player_chooses_the_slot_for_each_drawn_card():
    g = Game(opening=(), then=["2S"])
    assert g.phase == "place" and g.state["drawn"] == "2S"
    assert sorted((c["x"], c["y"]) for c in g.legal) == sorted(
        [(-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (0, -1), (1, -1)])
    g.do("PlaceCard", x=-1, y=-1)
    assert g.card(-1, -1) == "2S"


def test_the_last_open_slot_takes_the_drawn_card_by_itself():
    g = Game()
    placed = of_type(g.events, "CardPlaced")[-1]
    assert placed == {"x": 1, "y": 0, "card": "9H"} and g.phase == "actions"


def test_a_slot_stays_empty_when_the_deck_runs_out():
    g = Game()
    g.state["deck"] = []            # given: every other card is already out
    g.move(1, 0, (2, 1))            # the placeholder at (2, 0) is the only card left to draw
    assert g.card(2, 1) == "4C" and g.card(2, 0) is None and g.card(2, -1) is None
    assert g.phase == "actions"


def test_no_zombie_spawns_next_to_matching_cards_or_the_players_own_card():
    g = Game()                      # 9H at (1, 0) sits beside the start (2H) that it does not match
    assert g.state["zombies"] == {} and g.card(1, 0) == "9H"


def test_each_mismatching_orthogonal_card_spawns_a_zombie_the_first_greater():
    # (0, 1) gets the 5 of diamonds between the 8 of spades and the 9 of spades: two zombies
    g = Game(opening=[(-1, 1, "8S"), (1, 1, "9S"), (0, 1, "5D")], flips=["tails", "heads"])
    assert g.zombies(0, 1) == {"GT": 1, "LH": 1}


def test_a_joker_matches_nothing():
    g = Game(opening=[(-1, 1, "8S"), (0, 1, "JK1"), (1, 1, "9S")], flips=["heads"] * 3)
    assert g.zombies(0, 1) == {"GH": 1}          # the Joker beside the 8 of spades
    assert g.zombies(1, 1) == {"GH": 1}          # the 9 of spades beside the Joker
    assert "0,1" not in g.state["dice"]


def test_an_ace_or_a_face_card_placed_gets_a_rolled_die():
    g = Game(opening=opening(**{"0,1": "AS", "0,-1": "QD"}), dice=[4, 2])
    assert g.state["dice"] == {"0,1": 4, "0,-1": 2}


# -- player actions -----------------------------------------------------------------------------
def test_a_move_to_a_card_sharing_suit_or_rank_costs_one_ap_and_checks_out_the_new_location():
    g = Game(then=["3S"])
    g.do("Move", x=0, y=1)                       # 2H -> 2S: the ranks match
    assert g.state["ap"] == 2 and g.state["player"] == "0,1"
    assert g.phase == "place" and g.state["drawn"] == "3S"
    assert {(c["x"], c["y"]) for c in g.legal} == {(-1, 2), (0, 2), (1, 2)}


def test_a_move_to_a_card_matching_neither_costs_two_ap():
    g = Game(then=["3S", "3D", "3C"])
    g.move(-1, 0, (-2, 1), (-2, 0))              # 2H -> 8C
    assert g.state["ap"] == 1
    with pytest.raises(RuleViolation) as err:    # 8C -> 2H would cost 2 again
        g.do("Move", x=0, y=0)
    assert err.value.code == "not_enough_ap"
    assert {"type": "Move", "x": 0, "y": 0} not in g.legal


def test_no_move_onto_a_special_location_or_diagonally():
    g = Game(opening=opening(**{"0,1": "KS"}))
    for x, y, code in ((0, 1, "impassable"), (1, 1, "not_adjacent"), (0, 2, "not_adjacent")):
        with pytest.raises(RuleViolation) as err:
            g.do("Move", x=x, y=y)
        assert err.value.code == code
    assert {"type": "Move", "x": 0, "y": 1} not in g.legal


def test_decrementing_a_die_costs_one_ap_and_clearing_an_ace_rescues_a_survivor():
    g = Game(opening=opening(**{"0,1": "AS"}), dice=[2])
    g.do("DecrementDie", x=0, y=1)
    assert g.state["dice"]["0,1"] == 1 and g.state["ap"] == 2
    batch = g.do("DecrementDie", x=0, y=1)
    assert types(batch) == ["DieDecremented", "SurvivorRescued"]
    assert "0,1" not in g.state["dice"] and g.state["rescued"] == 1


def test_a_die_must_be_on_a_card_around_the_player():
    g = Game()
    with pytest.raises(RuleViolation) as err:
        g.do("DecrementDie", x=0, y=1)
    assert err.value.code == "no_die"


def test_ending_the_action_phase_early_moves_on_to_the_zombies():
    g = Game()
    batch = g.do("EndActions")
    assert types(batch)[:3] == ["ActionsEnded", "ZombiesMoved", "AttackSkipped"]
    assert g.state["round"] == 2 and g.state["ap"] == 3


def test_unused_ap_and_ap_spent_on_dice_put_greater_zombies_on_a_joker():
    g = Game(opening=opening(**{"0,1": "KS", "-1,-1": "JK1"}), dice=[3], flips=["heads"] * 4)
    before = g.zombies(-1, -1)["GH"]
    g.do("Move", x=-1, y=0)                      # 2 AP on a move: no Joker zombie for those
    g.place((-2, 1), (-2, 0))
    g.do("DecrementDie", x=0, y=1)               # 1 AP on a die: one zombie
    assert g.state["ap"] == 0
    ended = of_type(g.events, "ActionsEnded")[-1]
    assert ended == {"unused": 0, "jokers_due": 1}
    assert of_type(g.events, "JokerZombieAdded") == [{"x": -1, "y": -1}]
    assert g.state["kills"] == 0 and before >= 1


def test_with_two_jokers_the_player_chooses_which_gets_each_zombie():
    g = Game(opening=opening(**{"-1,-1": "JK1", "1,-1": "JK2"}), flips=["heads"] * 8)
    g.do("EndActions")                            # 3 unused AP
    assert g.phase == "joker"
    assert g.legal == [{"type": "PlaceJokerZombie", "x": -1, "y": -1},
                       {"type": "PlaceJokerZombie", "x": 1, "y": -1}]
    with pytest.raises(RuleViolation) as err:
        g.do("PlaceJokerZombie", x=0, y=1)
    assert err.value.code == "not_a_joker"
    for _ in range(3):
        g.do("PlaceJokerZombie", x=1, y=-1)
    assert of_type(g.events, "JokerZombieAdded") == [{"x": 1, "y": -1}] * 3
    assert g.phase != "joker"


# -- zombies move ------------------------------------------------------------------------------
def test_zombies_step_towards_the_player_and_break_ties_towards_the_end():
    g = Game()
    g.put_zombies(1, 1, GH=1)       # (0, 1) and (1, 0) are both closer: (1, 0) is nearer the end
    g.put_zombies(-1, 1, LT=2)      # (0, 1) and (-1, 0) tie on the end too: towards its column
    g.put_zombies(0, 0, GT=1)       # on the player's card: stays
    g.put_zombies(8, 0, LH=1)       # the end has no face-up card closer: stays
    g.do("EndActions")
    moves = of_type(g.events, "ZombiesMoved")[0]["moves"]
    assert sorted(moves, key=str) == sorted([{"from": [1, 1], "to": [1, 0]},
                                             {"from": [-1, 1], "to": [0, 1]}], key=str)
    assert g.zombies(8, 0) == {"LH": 1} and g.zombies(0, 0) == {"GT": 1}


def test_zombies_may_stand_on_special_locations():
    g = Game(opening=opening(**{"0,1": "KS"}))
    g.state["zombies"] = {}
    g.put_zombies(-1, 1, GH=1)
    g.do("EndActions")
    assert g.zombies(0, 1) == {"GH": 1}


@pytest.mark.parametrize("player, step", [("6,2", [8, 1]), ("6,-2", [8, -1])])
def test_zombies_tied_on_the_end_go_up_then_down_before_away_from_its_column(player, step):
    from events.games.one_against_the_dead.resolve import zombie_steps
    city = {p: "5H" for p in ("8,0", "7,0", "8,1", "8,-1")}
    state = {"city": city, "face_down": [], "zombies": {"8,0": {"GH": 1}}, "player": player}
    assert zombie_steps(state) == [("8,0", f"{step[0]},{step[1]}")]


# -- the player attacks --------------------------------------------------------------------------
def attack_ready(flips=(), weapon=None, **zombies) -> Game:
    g = Game(flips=list(flips))
    g.state["weapon"] = weapon
    g.put_zombies(0, 0, **zombies)
    g.do("EndActions")
    assert g.phase == "attack"
    return g


def test_fists_of_fury_flip_up_to_four_chosen_zombies_heads_up_ones_first():
    g = attack_ready(["tails", "heads", "heads", "tails"], GH=2, GT=1, LH=1, LT=1)
    batch = g.do("AttackWithFists", greater=2, lesser=1)
    # GH tails -> a Lesser flipped heads; GH heads stays; LH tails dies; GT and LT untouched
    assert of_type(batch, "PlayerAttacked")[0]["killed"] == 1
    assert g.zombies(0, 0) == {"GH": 1, "GT": 1, "LH": 1, "LT": 1}
    assert g.state["kills"] == 1


def test_fists_take_one_to_four_zombies_that_are_there():
    g = attack_ready(GH=3, LH=3)
    assert {"type": "AttackWithFists", "greater": 3, "lesser": 2} not in g.legal
    assert {"type": "AttackWithFists", "greater": 3, "lesser": 1} in g.legal
    for g_, l_, code in ((3, 2, "bad_arguments"), (0, 0, "bad_arguments"), (0, 4, "not_enough_zombies")):
        with pytest.raises(RuleViolation) as err:
            g.do("AttackWithFists", greater=g_, lesser=l_)
        assert err.value.code == code


def test_the_bat_weakens_every_zombie_of_the_chosen_type():
    g = attack_ready(weapon={"kind": "bat", "die": None}, GH=2, GT=1, LH=1)
    g.do("AttackWithBat", target="greater")
    assert of_type(g.events, "PlayerAttacked")[0]["zombies"] == {"GH": 0, "GT": 2, "LH": 2, "LT": 0}
    g2 = attack_ready(weapon={"kind": "bat", "die": None}, LH=1, LT=2)
    g2.do("AttackWithBat", target="lesser")
    assert of_type(g2.events, "PlayerAttacked")[0]["zombies"] == {"GH": 0, "GT": 0, "LH": 0, "LT": 1}
    assert g2.state["kills"] == 2 and g2.state["weapon"] == {"kind": "bat", "die": None}


def test_the_chainsaw_kills_every_zombie_flipping_tails_and_burns_a_pip_of_fuel():
    g = attack_ready(["tails", "heads", "tails"], weapon={"kind": "chainsaw", "die": 2}, GT=1, LT=2)
    g.do("AttackWithChainsaw")
    attack = of_type(g.events, "PlayerAttacked")[0]
    assert attack["zombies"] == {"GH": 0, "GT": 0, "LH": 1, "LT": 0} and attack["killed"] == 2
    assert g.state["weapon"] == {"kind": "chainsaw", "die": 1}


def test_the_shotgun_kills_the_lesser_flips_the_greater_and_is_gone_at_zero_shells():
    g = attack_ready(["tails", "tails", "heads"], weapon={"kind": "shotgun", "die": 1}, GH=2, LH=2)
    g.do("AttackWithShotgun")
    attack = of_type(g.events, "PlayerAttacked")[0]
    assert attack["zombies"] == {"GH": 1, "GT": 0, "LH": 0, "LT": 1} and attack["killed"] == 2
    assert g.state["weapon"] is None


def test_a_weapon_attack_needs_that_weapon_and_the_attack_may_be_skipped():
    g = attack_ready(GH=1)
    with pytest.raises(RuleViolation) as err:
        g.do("AttackWithBat", target="greater")
    assert err.value.code == "no_such_weapon"
    assert g.legal[0] == {"type": "SkipAttack"}
    batch = g.do("SkipAttack")
    assert of_type(batch, "AttackSkipped") == [{"reason": "player"}]


def test_with_no_zombie_on_the_players_card_there_is_no_attack():
    g = Game()
    batch = g.do("EndActions")
    assert of_type(batch, "AttackSkipped") == [{"reason": "no_zombies"}]


# -- the zombies attack ----------------------------------------------------------------------
def test_more_zombies_than_strength_overwhelm_the_player():
    g = attack_ready(GH=4)
    g.state["strength"] = 3
    batch = g.do("SkipAttack")
    assert of_type(batch, "PlayerOverwhelmed") == [{"zombies": 4, "strength": 3}]
    assert R.outcome(g.state)["result"] == "overwhelmed" and R.pending(g.state) == []


@pytest.mark.parametrize("zombies, lost", [(1, 1), (5, 1), (7, 2), (15, 3)])
def test_strength_lost_is_one_per_five_zombies_rounded_up(zombies, lost):
    g = attack_ready(LT=zombies)
    g.do("SkipAttack")
    assert g.state["strength"] == 15 - lost and g.phase == "actions"


def test_reaching_the_end_and_surviving_the_zombie_attack_wins():
    from .test_worked_example import walk_to_the_ten_of_hearts
    g = walk_to_the_ten_of_hearts()
    g.move(6, 0, (7, 0), (7, 1))
    g.do("SkipAttack")
    g.do("Move", x=7, y=0)                        # 10S -> 3C: 2 AP
    while g.phase == "place":
        g.do(g.legal[0])
    g.do("Move", x=8, y=0)                        # 3C -> 10C: 1 AP
    while R.outcome(g.state) is None:
        g.do(R.pending(g.state)[0].default)
    assert R.outcome(g.state)["result"] == "won" and R.outcome(g.state)["winner"] == 0


# -- weapons ------------------------------------------------------------------------------------
def test_a_weapon_found_while_carrying_one_is_a_choice_and_the_other_leaves_the_game():
    g = Game(opening=opening(**{"0,1": "KS", "0,-1": "KD"}), dice=[1, 1, 3], weapons=["bat", "chainsaw"])
    g.do("DecrementDie", x=0, y=1)
    assert g.state["weapon"] == {"kind": "bat", "die": None} and g.phase == "actions"
    g.do("DecrementDie", x=0, y=-1)
    assert g.phase == "weapon" and g.state["found"] == {"kind": "chainsaw", "die": 3}
    assert g.legal == [{"type": "ChooseWeapon", "keep": "carried"}, {"type": "ChooseWeapon", "keep": "found"}]
    g.do("ChooseWeapon", keep="found")
    assert g.state["weapon"] == {"kind": "chainsaw", "die": 3} and g.state["found"] is None
    assert g.state["weapon_stack"] == {"shotgun": 3, "chainsaw": 2, "bat": 3}


def test_a_second_shotgun_adds_its_shells_up_to_six():
    g = Game(opening=opening(**{"0,1": "KS", "0,-1": "KD"}), dice=[1, 1, 4, 5], weapons=["shotgun", "shotgun"])
    g.do("DecrementDie", x=0, y=1)
    g.do("DecrementDie", x=0, y=-1)
    assert {"type": "ChooseWeapon", "keep": "combined"} in g.legal
    g.do("ChooseWeapon", keep="combined")
    assert g.state["weapon"] == {"kind": "shotgun", "die": 6}


def test_only_two_shotguns_combine():
    g = Game(opening=opening(**{"0,1": "KS", "0,-1": "KD"}), dice=[1, 1, 3], weapons=["bat", "chainsaw"])
    g.do("DecrementDie", x=0, y=1)
    g.do("DecrementDie", x=0, y=-1)
    with pytest.raises(RuleViolation) as err:
        g.do("ChooseWeapon", keep="combined")
    assert err.value.code == "cannot_combine"


def test_an_empty_weapon_stack_gives_nothing():
    g = Game(opening=opening(**{"0,1": "KS"}), dice=[1])
    g.state["weapon_stack"] = {"shotgun": 0, "chainsaw": 0, "bat": 0}
    batch = g.do("DecrementDie", x=0, y=1)
    assert types(batch)[:2] == ["DieDecremented", "NoWeaponFound"] and g.state["weapon"] is None


# -- score ---------------------------------------------------------------------------------------
def test_feel_good_points_count_kills_rescues_and_lunchmeat():
    g = Game(opening=opening(**{"0,1": "AS", "0,-1": "AD"}), dice=[1, 3])
    g.do("DecrementDie", x=0, y=1)                # the survivor under the Ace of spades is saved
    g.state["kills"] = 4                          # given: four zombies killed earlier
    g.put_zombies(0, 0, GH=9)
    g.state["strength"] = 2
    g.do("EndActions")
    g.do("SkipAttack")
    # 4 kills + 10 for the rescue - 20 for the Ace of diamonds still holding its die
    assert R.outcome(g.state) == {"winner": None, "result": "overwhelmed", "score": -6, "kills": 4,
                                  "rescued": 1, "lunchmeat": 1, "rounds": 1}


# -- deadlines -----------------------------------------------------------------------------------
def test_the_deadline_defaults_end_the_actions_and_skip_the_attack():
    g = Game(opening=())
    assert R.pending(g.state)[0].kind == "choice" and R.pending(g.state)[0].default == g.legal[0]
    g.place(*[(x, y) for x, y, _ in QUIET])
    assert [(d.kind, d.default) for d in R.pending(g.state)] == [("turn", {"type": "EndActions"})]
    g2 = attack_ready(GH=1)
    assert [(d.kind, d.default) for d in R.pending(g2.state)] == [("turn", {"type": "SkipAttack"})]


# -- choices where the rules are silent --------------------------------------------------------
def test_a_player_walled_in_by_special_locations_loses_cut_off():
    walls = opening(**{"0,1": "KS", "-1,0": "QS", "0,-1": "JS", "1,0": "AS"})
    g = Game(opening=walls)
    assert [c["type"] for c in g.legal] == ["DecrementDie"] * 4 + ["EndActions"]
    while R.outcome(g.state) is None:
        g.do(R.pending(g.state)[0].default)
    assert R.outcome(g.state)["result"] == "cut_off" and g.state["round"] == 1


def test_a_game_still_running_after_the_last_round_is_lost():
    g = Game()
    g.state["round"] = 200
    g.do("EndActions")
    assert R.outcome(g.state)["result"] == "exhausted"


# -- bad input ---------------------------------------------------------------------------------
@pytest.mark.parametrize("command, code, status", [
    ({"type": "Move", "x": 0, "y": 1}, "not_your_turn", 409),
])
def test_only_seat_zero_plays(command, code, status):
    g = Game()
    with pytest.raises(RuleViolation) as err:
        R.decide(g.state, 1, command, random.Random(0))
    assert (err.value.code, err.value.status) == (code, status)


@pytest.mark.parametrize("command, code", [
    ({"type": "Dance"}, "unknown_command"),
    ({"type": "PlaceCard", "x": 0, "y": 1}, "wrong_phase"),
    ({"type": "Move", "x": "0", "y": 1}, "bad_arguments"),
    ({"type": "Move", "x": True, "y": 1}, "bad_arguments"),
    ({"type": "SkipAttack"}, "wrong_phase"),
    ("not a command", "bad_arguments"),
])
def test_bad_commands_are_refused_and_change_nothing(command, code):
    g = Game()
    before = R.copy_state(g.state)
    with pytest.raises(RuleViolation) as err:
        R.decide(g.state, 0, command, random.Random(0))
    assert err.value.code == code and g.state == before


def test_a_placement_outside_the_open_slots_is_refused():
    g = Game(opening=())
    with pytest.raises(RuleViolation) as err:
        g.do("PlaceCard", x=5, y=5)
    assert err.value.code == "not_an_open_slot"


def test_nothing_is_accepted_once_the_game_is_over():
    g = attack_ready(GH=4)
    g.state["strength"] = 1
    g.do("SkipAttack")
    with pytest.raises(RuleViolation) as err:
        g.do("EndActions")
    assert (err.value.code, err.value.status) == ("game_over", 409)
    assert R.legal_commands(g.state, 0) == []


@pytest.mark.parametrize("stack, words", [
    ("cards", "must be an object"),
    ({"hands": []}, "unknown parts"),
    ({"deck": ["11H"]}, "'deck' must be a list"),
    ({"deck": ["2H", "2H"]}, "twice"),
    ({"dice": [7]}, "'dice'"),
    ({"flips": ["edge"]}, "'flips'"),
    ({"weapons": ["shotgun"] * 4}, "more than the 3 shotgun"),
])
def test_a_bad_stack_is_refused_with_a_sentence(stack, words):
    with pytest.raises(ValueError, match=words):
        R.setup({"stack": stack}, 1, random.Random(0))


def test_the_game_is_for_exactly_one_player():
    with pytest.raises(ValueError, match="exactly one player"):
        R.setup({}, 2, random.Random(0))
    assert len(DECK) == 54
