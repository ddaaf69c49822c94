"""Bots: ``bot(view, legal_commands, rng) -> command``, from the view only.

* ``random`` -- a random legal command, except that it keeps walking while it can
  (``EndMove`` only when nothing else is listed; a card or a token claim are among the picks) and, in the zombie moves, picks
  among the chosen zombie's steps and stopping, and otherwise chooses a random
  zombie or (half the time) stops, so that games end in reasonable time.
* ``strong`` -- a greedy policy: claims a token as soon as it may, walks towards the nearest zombie it can beat
  (or towards the Town Square centre when down to 1 life and under 3 bullets, or
  to the Helipad centre once it is on the map), pays bullets before life, bids for the Helipad when it
  is close, plays combat cards in combat, items when it can, and its attack
  cards on the seat with the most kills; moves zombies onto rivals' pawns. In a
  reaction window it knocks bullets out of the hands of a rival who lost a combat
  roll and needs them to pay, and, in the last window before its own turn (when its
  card for this round would otherwise go unused), plays an attack card on the
  leader or else Hey, Look! A Shotgun!; a rival within reach of the Helipad gets
  Fear (or Brain Cramp, Your Shoe's Untied, Claustrophobia) before its roll. With no zombie left on the map and no
  Helipad to run to, it brings zombies back (Zombie Master, We're Screwed, Just
  When You Thought...) next to its own pawn. At the end of its turn it discards a
  card it does not use (an item, or a card that adds zombies when it does not need them).

Both read only the view (``view_schema.VIEW``); ``seen`` turns it into the few facts they use.
"""
from __future__ import annotations

from .cards import ITEM_BUILDING
from .expert import make_expert
from .random_fast import random_pick
from .tiles import step_table

#: decision code -> the step the strong bot reasons about.
STEPS = {"reaction": "window", "pay_for_lost_roll": "combat_loss", "helipad_bid": "auction", "fight": "combat",
         "movement_roll": "move_roll", "move": "move", "zombie_moves": "zombies", "discard": "discard",
         "tile_spot": "tile_spot", "tile_rotation": "tile_rotation", "street_zombies": "place_zombies",
         "place_zombies_for_card": "choice", "move_zombies_for_card": "choice", "move_opponent_for_card": "choice"}


def seen(view) -> dict:
    """The facts the bots use, from ``view``: ``seat``, ``seats``, ``stage`` (the step of this seat's
    decision, ``None`` if the game is not waiting on it), ``turn``, ``moment`` (of an open window),
    ``lost_total`` (of a lost combat roll), ``tiles`` (``{"x,y": {"tile", "rotation"}}``), ``zombies`` (a set of
    ``"x,y"`` spaces), ``pawns`` (``None`` once resigned), ``out`` (resigned), ``life``, ``bullets``, ``kills``,
    ``shotgun`` (by seat), ``helipad`` (its centre or ``None``) and ``kill_target``."""
    me = view["seat"]
    players = view["players"]
    code = next((d["code"] for d in view["waiting_for"] if d["seat"] == me), None)
    window, combat, centre = view["reaction_window"], view["combat"], view["map"]["helipad_centre"]
    return {
        "seat": me, "seats": view["seats"], "stage": STEPS.get(code), "turn": view["turn"]["seat"],
        "moment": window["moment"] if window else None,
        "lost_total": combat["lost_roll_total"] if combat else None,
        "tiles": view["map"]["tiles"], "zombies": set(view["map"]["zombies"]),
        "pawns": [p["space"] for p in players], "out": [p.get("resigned", False) for p in players],
        "life": [p["life"] for p in players],
        "bullets": [p["bullets"] for p in players], "kills": [p["kills"] for p in players],
        "shotgun": [p["shotgun_rolls_left"] for p in players],
        "helipad": centre, "kill_target": view["kill_target"],
        "choice_card": view["card_choice"]["card"] if view["card_choice"] else None,
    }

FIGHT_CARDS = ("hey_look_a_shotgun", "adrenaline_rush")
ZOMBIE_CARDS = ("zombie_master", "were_screwed", "just_when_you_thought", "slight_miscalculation")
#: Cards that slow the seat whose turn it is, played on a rival near the Helipad before its roll.
STOP_CARDS = ("fear", "brain_cramp", "your_shoes_untied", "claustrophobia")
ATTACK_CARDS = ("i_dont_think_theyre_dead", "butter_fingers", "fear", "your_shoes_untied", "claustrophobia",
                "brain_cramp", "where_did_everybody_go")


def random_bot(view, legal, rng):
    """A uniformly random legal command, preferring progress (roll, fight, step) over stopping.

    Args: view (unused), legal (list of commands), rng (``random.Random``). Returns one of ``legal``.
    """
    choose, steps, ends, walking, extras = [], [], [], [], []
    for c in legal:                       # one pass sorts out the kinds the choice depends on
        kind = c["type"]
        if kind == "ChooseZombie":
            choose.append(c)
        elif kind == "MoveZombie":
            steps.append(c)
        elif kind == "EndZombieMoves":
            ends.append(c)
        elif kind == "Move":
            walking.append(c)
        elif kind == "PlayCard" or kind == "ClaimToken":
            extras.append(c)
    if steps:
        return rng.choice(steps + ends)
    if choose:
        return rng.choice(choose) if rng.random() < 0.5 or not ends else ends[0]
    if walking:
        return rng.choice(walking + extras)
    useful = [c for c in legal if c["type"] not in ("EndMove",)]
    return rng.choice(useful or legal)


def _of(legal, type_):
    return [c for c in legal if c["type"] == type_]


def _leader(view):
    """The rival with the most kills (a seat that resigned is no rival)."""
    me = view["seat"]
    rivals = [s for s in range(view["seats"]) if s != me and not view["out"][s]] or [me]
    return max(rivals, key=lambda s: view["kills"][s])


def _goal(view) -> set[str]:
    me = view["seat"]
    if view["helipad"] and view["life"][me] + view["bullets"][me] >= 3:
        return {view["helipad"]}
    if view["life"][me] <= 1 and view["bullets"][me] < 3:
        return {"1,1"}
    return set(view["zombies"]) - {view["pawns"][me]}


def _distance_to(tiles, goal: set[str]) -> dict[str, int]:
    """Steps from every space to the nearest goal space (breadth first from the goals, over the
    map's step table: ``neighbours`` of every space, worked out once per map)."""
    steps = step_table(tiles)
    seen = {g: 0 for g in goal}
    todo = list(goal)
    while todo:
        nxt = []
        for k in todo:
            far = seen[k] + 1
            for q in steps.get(k, ()):
                if q not in seen:
                    seen[q] = far
                    nxt.append(q)
        todo = nxt
    return seen


def _step_towards(view, moves):
    """The step that brings the pawn nearest its goal, if any brings it nearer."""
    me = view["seat"]
    goal = _goal(view)
    if not goal or not moves:
        return None
    dist = _distance_to(view["tiles"], goal)
    now = dist.get(view["pawns"][me], 10_000)
    best = min(moves, key=lambda c: dist.get(f"{c['x']},{c['y']}", 10_000))
    return best if dist.get(f"{best['x']},{best['y']}", 10_000) < now else None


def _window_card(view, plays):
    """A card worth playing in the open reaction window, if any (see the module docstring)."""
    me, turn, at = view["seat"], view["turn"], view["moment"]
    if at == "combat_roll" and view["lost_total"] is not None:
        need = 4 - view["lost_total"]
        for c in plays:
            if c["card"] == "butter_fingers" and c.get("target") == turn and c.get("item") == "bullets" \
                    and need <= view["bullets"][turn] < need + 2:
                return c
    if at == "turn_start" and view["helipad"] is not None:
        near = _distance_to(view["tiles"], {view["helipad"]}).get(view["pawns"][turn], 10_000)
        if near <= 2 * 6:
            for c in plays:
                if c["card"] in STOP_CARDS and c.get("target") == turn:
                    return c
    if at == "turn_start" and (turn + 1) % view["seats"] == me:
        leader = _leader(view)
        for c in plays:
            if c["card"] in ATTACK_CARDS and c.get("target") == leader:
                return c
        for c in plays:
            if c["card"] == "hey_look_a_shotgun" and view["shotgun"][me] == 0:
                return c
    return None


def _card(view, legal):
    plays = _of(legal, "PlayCard")
    if not plays:
        return None
    me, stage = view["seat"], view["stage"]
    if stage == "window":
        pick = _window_card(view, plays)
        if pick is not None:
            return pick
    for c in plays:
        if c["card"] in ("fire_axe", "skateboard", "first_aid_kit", "chainsaw", "lots_of_ammo", "grenade"):
            return c
    if stage == "combat":
        for c in plays:
            if c["card"] in FIGHT_CARDS:
                return c
    if stage == "move_roll" and view["life"][me] <= 1:
        for c in plays:
            if c["card"] == "much_needed_rest":
                return c
    if _starved(view) and stage not in (None, "window"):
        for c in plays:
            if c["card"] in ZOMBIE_CARDS:
                return c
    leader = _leader(view)
    for c in plays:
        if c["card"] in ATTACK_CARDS and c.get("target") == leader and view["kills"][leader] >= view["kills"][me]:
            return c
    return None


def _starved(view) -> bool:
    """No zombie left on the map to kill, and no Helipad to run to."""
    return not view["zombies"] and view["helipad"] is None


def strong_bot(view, legal, rng):
    """The greedy policy described in the module docstring; always returns one of ``legal``."""
    view = seen(view)
    me, stage = view["seat"], view["stage"]
    if _of(legal, "ClaimToken"):
        return _of(legal, "ClaimToken")[0]
    card = _card(view, legal)
    if card is not None:
        return card
    uses = [c for c in _of(legal, "UseItem") if c["card"] in ("lots_of_ammo", "grenade", "first_aid_kit")]
    if uses and (stage == "combat_loss" or uses[0]["card"] != "first_aid_kit"):
        return uses[0]
    if stage == "combat_loss":
        for t in ("SpendBullets", "LoseLife"):
            if _of(legal, t):
                return _of(legal, t)[0]
    if stage == "auction":
        bids = _of(legal, "Bid")
        need = view["kill_target"] - view["kills"][me]
        if bids and need > 4 and bids[0]["kills"] <= max(2, view["kills"][me] // 2):
            return bids[0]
        return _of(legal, "PassBid")[0]
    if stage == "move":
        step = _step_towards(view, _of(legal, "Move"))
        return step or _of(legal, "EndMove")[0]
    if stage == "zombies":
        return _zombies(view, legal, rng)
    if stage == "choice":
        picks = _of(legal, "PickSpace")
        if view["choice_card"] in ZOMBIE_CARDS and picks:
            near = _distance_to(view["tiles"], {view["pawns"][me]})
            return min(picks, key=lambda c: near.get(f"{c['x']},{c['y']}", 10_000))
        rivals = {view["pawns"][s] for s in range(view["seats"]) if s != me and view["pawns"][s]}
        for c in picks:
            if f"{c['x']},{c['y']}" in rivals:
                return c
    if stage in ("tile_spot", "tile_rotation", "place_zombies"):
        return rng.choice(legal[:_count_own(legal)])
    if stage == "window":
        return {"type": "Pass"}
    if stage == "discard":
        return _discard(view, _of(legal, "Discard"))
    return legal[0]


def _discard(view, discards):
    """The turn's discard: a card this bot does not use (an item -- it never detours to their buildings --,
    then a card that adds zombies, unless it needs zombies back), else none."""
    if _starved(view):
        useless = [c for c in discards if c["card"] not in ZOMBIE_CARDS]
    else:
        useless = [c for c in discards if c["card"] in ITEM_BUILDING] + \
                  [c for c in discards if c["card"] in ZOMBIE_CARDS]
    return useless[0] if useless else {"type": "EndTurn"}


def _count_own(legal):
    return sum(1 for c in legal if c["type"] not in ("PlayCard", "UseItem", "ClaimToken"))


def _zombies(view, legal, rng):
    me = view["seat"]
    mine = view["pawns"][me]
    rivals = {view["pawns"][s] for s in range(view["seats"]) if s != me and view["pawns"][s]}
    for c in _of(legal, "MoveZombie"):
        k = f"{c['x']},{c['y']}"
        if k in rivals:
            return c
        if k == mine:
            continue
        return c
    ends = _of(legal, "EndZombieMoves")
    return ends[0] if ends else legal[0]


expert_bot = make_expert(strong_bot)

#: ``random_bot`` read from the state, for ``events.games.bots.chooser`` (the same picks and draws).
random_bot.direct = random_pick
BOTS = {"random": random_bot, "strong": strong_bot, "expert": expert_bot}
