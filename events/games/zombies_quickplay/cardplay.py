"""Event cards: when each may be played, with what arguments, and what it does
(docs/rules/zombies-quickplay.md, 'Event cards', 'Playing cards and reaction windows').

``card_plays(state, seat)`` lists every ``PlayCard`` command ``seat`` may send now;
``play_card(table, seat, command)`` resolves one. One card per round per seat;
items go face up in front of you while you stand in their building and are used
later with ``UseItem`` (not "playing a card").

Rules level 4 on: any seat may play whenever the game waits on someone (its own decision, a
window, or another seat's decision) and the card's text allows it, except while a card's
choice is being made and in the middle of one zombie's step (``cards_allowed_now``); level 4
also kept cards out while a drawn tile was placed with its zombies, level 5 lets them in.
Rules level 3 let only the seat being waited on play.
"""
from __future__ import annotations

from .cards import (
    BUILDING_CARDS,
    ITEM_BUILDING,
    PUSH_SPACES,
    SO_BAD_COUNT,
    TARGETED,
    USABLE_ITEMS,
    WERE_SCREWED_COUNT,
    ZOMBIE_MASTER_COUNT,
)
from .state import (
    V4,
    V5,
    active_seat,
    any_zombie_free_space,
    building_spaces,
    level,
    pawn_building,
    waiting_seats,
    window_open,
)
from .evolve_moves import zombie_stopped
from .seats_out import is_out
from .tiles import NAMED, TOWN_CENTRE, key, parse
from .zombies import current_can_stop

#: Cards whose effect waits for the target's movement (useless once it has moved this turn).
MOVE_CARDS = ("your_shoes_untied", "fear", "claustrophobia", "brain_cramp")


def movement_rolled(state) -> bool:
    """Whether the turn's movement has been rolled (it is under way or over)."""
    return state["move"] is not None or state["phase"] in ("move", "zombie_roll", "zombies", "discard")


def _others(state, seat):
    """The seats a card of ``seat``'s may target: every other seat still in play."""
    return [t for t in range(state["seats"]) if t != seat and not is_out(state, t)]


def _named_cells(state):
    return sorted((c for c, p in state["tiles"].items() if p["tile"] in NAMED),
                  key=lambda c: tuple(int(v) for v in c.split(","))[::-1])


def building_room(state, cell: str) -> list[str]:
    """Spaces of the building at ``cell`` with no zombie and no pawn (where zombies may be added)."""
    return [k for k in building_spaces(state, cell) if k not in state["zombies"] and k not in state["pawns"]]


def _building_plays(state, card):
    out = []
    if state["pool"] <= 0:
        return out
    for cell in _named_cells(state):
        room = building_room(state, cell)
        if not room:
            continue
        if card == "slight_miscalculation" and not any(k in state["zombies"] for k in building_spaces(state, cell)):
            continue
        x, y = parse(cell)
        out.append({"type": "PlayCard", "card": card, "x": x, "y": y})
    return out


def _before_roll(state) -> bool:
    """Before the movement roll of the turn's seat: rules level 4, any time before it; level 3, only at
    its movement-roll step."""
    if level(state) >= V4:
        return not movement_rolled(state)
    return state["phase"] == "move_roll"


def _target_plays(state, seat, card):
    out = []
    for t in _others(state, seat):
        if card == "butter_fingers":
            options = sorted(set(state["items"][t])) + (["bullets"] if state["bullets"][t] > 0 else [])
            out += [{"type": "PlayCard", "card": card, "target": t, "item": o} for o in options]
            continue
        if card == "i_dont_think_theyre_dead" and state["kills"][t] == 0:
            continue
        if card == "brain_cramp" and not (t == state["turn"] and _before_roll(state)):
            continue
        if card in ("where_did_everybody_go", "bad_sense_of_direction") and t == state["turn"]:
            continue
        if card == "bad_sense_of_direction" and state["life"][seat] < 1:
            continue
        if card in MOVE_CARDS and t == state["turn"] and movement_rolled(state):
            continue
        out.append({"type": "PlayCard", "card": card, "target": t})
    return out


def plays_of(state, seat, card) -> list[dict]:
    """The ``PlayCard`` commands for ``card`` by ``seat`` that the rules allow now (ignoring whose
    decision it is and the one-card-per-round limit)."""
    own = seat == state["turn"]
    phase = state["phase"]
    if card in TARGETED:
        return _target_plays(state, seat, card)
    if card in BUILDING_CARDS:
        return _building_plays(state, card)
    if card in ITEM_BUILDING:
        cell = pawn_building(state, seat)
        if cell is not None and state["tiles"][cell]["tile"] == ITEM_BUILDING[card]:
            return [{"type": "PlayCard", "card": card}]
        return []
    if card == "adrenaline_rush":
        if own and phase == "combat" and not state["fx"]["adrenaline"][seat]:
            return [{"type": "PlayCard", "card": card}]
        if own and _before_roll(state) and not state["fx"]["double_move"]:
            return [{"type": "PlayCard", "card": card}]
        return []
    if card == "the_keys_are_still_in_it":
        return [{"type": "PlayCard", "card": card}] if own and phase == "move_roll" else []
    if card == "much_needed_rest":
        return [{"type": "PlayCard", "card": card}] if own and phase == "move_roll" else []
    if card == "alternate_food_source":
        return [{"type": "PlayCard", "card": card}] if state["fx"]["food"] is None else []
    if card == "hey_look_a_shotgun":
        return [{"type": "PlayCard", "card": card}]
    if card == "this_isnt_so_bad":
        return [{"type": "PlayCard", "card": card}] if state["zombies"] else []
    if card in ("zombie_master", "were_screwed"):
        ok = state["pool"] > 0 and any_zombie_free_space(state, exclude_pawns=True)
        return [{"type": "PlayCard", "card": card}] if ok else []
    return []


TILE_PHASES = ("tile_spot", "tile_rotation", "place_zombies")


def cards_allowed_now(state, waiting: list[int] | None = None) -> bool:
    """Rules level 4 on: whether Event cards may be played now at all (by any seat whose card allows
    it): the game waits on someone, no card's choice is open, no zombie is in the middle of a step
    (just chosen, or passing over another zombie) and, under rules level 4 only, no tile is being
    placed with its zombies (level 5 lets cards in there too: choice 30). ``waiting``: the seats the
    game waits on (``waiting_seats(state)``) if the caller has them."""
    if state is None or state["over"] or state["choice"] is not None or \
            not (waiting_seats(state) if waiting is None else waiting):
        return False
    if state["phase"] in TILE_PHASES and level(state) < V5:
        return False
    zm = state["zm"]
    if state["phase"] == "zombies" and zm is not None and zm["current"] is not None:
        return current_can_stop(state)
    return True


def with_zombie_stopped(state):
    """``state``, or a copy with the zombie being moved stopped where it is (as ``ZombieStopped`` does
    before a card is played in the zombie moves), to be read only: what ``ZombieStopped`` changes
    (the zombies on the map, the zombie moves and their records) is copied, the rest shared."""
    zm = state["zm"]
    if state["phase"] != "zombies" or zm is None or zm["current"] is None:
        return state
    stopped = dict(state)
    stopped["zombies"] = dict(state["zombies"])
    stopped["zm"] = {**zm, "moved": dict(zm["moved"])}
    return zombie_stopped(stopped, {})


def card_plays(state, seat, waiting: list[int] | None = None) -> list[dict]:
    """Every ``PlayCard`` command ``seat`` may send now (``[]`` once it played a card this round).

    Rules level 4: whenever ``cards_allowed_now``, whoever the game waits on. Rules level 3: only
    the seat being waited on, and (outside a reaction window) not in the auction, a tile rotation,
    street zombie placement, a combat loss payment or the middle of a zombie's move. ``waiting``: the
    seats the game waits on (``waiting_seats(state)``) if the caller has them."""
    if state is None or state["over"] or state["played"][seat]:
        return []
    if level(state) >= V4:
        if not cards_allowed_now(state, waiting):
            return []
        state = with_zombie_stopped(state)
    else:
        if state["choice"] is not None or active_seat(state) != seat:
            return []
        if not window_open(state):
            if state["phase"] in ("auction", "tile_rotation", "combat_loss", "place_zombies"):
                return []
            if state["phase"] == "zombies" and state["zm"]["current"] is not None:
                return []
    out = []
    for card in sorted(set(state["hands"][seat])):
        out += plays_of(state, seat, card)
    return out


def item_uses(state, seat, waiting: list[int] | None = None) -> list[dict]:
    """``UseItem`` commands ``seat`` may send now: in its own turn, at its own decision, outside
    choices and reaction windows (a window is answered with a card or ``Pass``; a Brain Cramp player
    moving another seat's pawn uses no item then; choices 12 and 22). ``waiting``: the seats the game
    waits on (``waiting_seats(state)``) if the caller has them."""
    if state is None or state["over"] or state["choice"] is not None or seat != state["turn"]:
        return []
    if waiting is None:
        waiting = waiting_seats(state)
    if not waiting or waiting[0] != seat or window_open(state):
        return []
    if state["phase"] in ("auction", "combat_loss"):
        return []
    if state["phase"] == "zombies" and state["zm"]["current"] is not None:
        return []
    out = []
    for card in sorted(set(state["items"][seat])):
        if card not in USABLE_ITEMS:
            continue
        if card == "grenade" and not _grenade_spaces(state, seat):
            continue
        if card == "molotov_cocktail" and pawn_building(state, seat) is None:
            continue
        out.append({"type": "UseItem", "card": card})
    return out


def _grenade_spaces(state, seat):
    cell = key(*(v // 3 for v in parse(state["pawns"][seat])))
    placed = state["tiles"].get(cell)
    if placed is None or placed["tile"] not in NAMED:
        return []
    return [k for k in building_spaces(state, cell) if k in state["zombies"]]


# -- resolution ----------------------------------------------------------------
def play_card(t, seat: int, command: dict) -> None:
    """Resolve an accepted ``PlayCard`` (already checked against ``card_plays``)."""
    s = t.s
    card = command["card"]
    target = command.get("target")
    data = {"seat": seat, "card": card, "target": target, "item": card in ITEM_BUILDING}
    if card == "adrenaline_rush":
        data["mode"] = "combat" if s["phase"] == "combat" else "move"
    for arg in ("x", "y"):
        if arg in command:
            data[arg] = command[arg]
    if card == "butter_fingers":
        data["what"] = command["item"]
    t.emit("CardPlayed", data)
    if window_open(t.s) and seat in t.s["window"]["queue"]:
        t.emit("WindowPassed", {"seat": seat, "played": True})
    EFFECTS.get(card, lambda *_: None)(t, seat, command)


def _rest(t, seat, command):
    t.rest(seat)


def _keys(t, seat, command):
    t.keys(seat)


def _bad_sense(t, seat, command):
    s, target = t.s, command["target"]
    t.emit("SuppliesSet", {"seat": seat, "life": s["life"][seat] - 1, "bullets": s["bullets"][seat],
                           "reason": "bad_sense_of_direction"})
    x, y = parse(TOWN_CENTRE)
    t.emit("PawnMoved", {"seat": target, "x": x, "y": y, "how": "teleport"})
    t.take_token(target)


def _building_fill(t, seat, command):
    s = t.s
    cell = key(command["x"], command["y"])
    room = building_room(s, cell)
    if command["card"] == "slight_miscalculation":
        room = room[:sum(1 for k in building_spaces(s, cell) if k in s["zombies"])]
    room = room[:s["pool"]]
    if room:
        t.emit("ZombiesPlaced", {"spaces": room, "how": command["card"]})


def _butter_fingers(t, seat, command):
    s, target, what = t.s, command["target"], command["item"]
    if what == "bullets":
        t.emit("SuppliesSet", {"seat": target, "life": s["life"][target],
                               "bullets": max(0, s["bullets"][target] - 2), "reason": "butter_fingers"})
    else:
        t.emit("ItemUsed", {"seat": target, "card": what, "lost": True})


def _not_dead(t, seat, command):
    """I Don't Think They're Dead: the target rolls 2 dice; a roll of 3 or less is raised to 4 with
    bullets (1 per pip) if it has enough, else with a life if it has one, else costs 2 kills; with
    no kill left to lose nothing is paid (choice 19)."""
    s, target = t.s, command["target"]
    for _ in range(2):
        roll = t.roll(target, "i_dont_think_theyre_dead")
        if roll >= 4 or s["kills"][target] == 0:
            continue
        need, life, bullets = 4 - roll, s["life"][target], s["bullets"][target]
        if bullets >= need:
            bullets -= need
        elif life > 0:
            life -= 1
        else:
            t.emit("KillsLost", {"seat": target, "count": min(2, s["kills"][target])})
            continue
        t.emit("SuppliesSet", {"seat": target, "life": life, "bullets": bullets, "reason": "i_dont_think_theyre_dead"})


def _choice(kind, left):
    def open_(t, seat, command):
        """Open the choice for the card just played."""
        t.emit("ChoiceOpened", {"seat": seat, "kind": kind, "card": command["card"], "left": left,
                                "target": command.get("target")})
    return open_


EFFECTS = {
    "much_needed_rest": _rest,
    "the_keys_are_still_in_it": _keys,
    "bad_sense_of_direction": _bad_sense,
    "were_screwed": _choice("zombie_master", WERE_SCREWED_COUNT),
    "just_when_you_thought": _building_fill,
    "slight_miscalculation": _building_fill,
    "butter_fingers": _butter_fingers,
    "i_dont_think_theyre_dead": _not_dead,
    "zombie_master": _choice("zombie_master", ZOMBIE_MASTER_COUNT),
    "this_isnt_so_bad": _choice("so_bad", SO_BAD_COUNT),
    "where_did_everybody_go": _choice("push", PUSH_SPACES),
}


def use_item(t, seat: int, card: str) -> None:
    """Resolve an accepted ``UseItem``: the item is discarded from play for its effect."""
    s = t.s
    data = {"seat": seat, "card": card}
    if card == "molotov_cocktail":
        data["building"] = pawn_building(s, seat)
    if card == "grenade":
        doomed = _grenade_spaces(s, seat)
    t.emit("ItemUsed", data)
    if card == "lots_of_ammo":
        t.emit("SuppliesSet", {"seat": seat, "life": s["life"][seat], "bullets": s["bullets"][seat] + 3,
                               "reason": "lots_of_ammo"})
    elif card == "grenade":
        for k in doomed:
            x, y = parse(k)
            t.emit("ZombieKilled", {"seat": seat, "x": x, "y": y})
        t.emit("SuppliesSet", {"seat": seat, "life": max(0, s["life"][seat] - 1), "bullets": s["bullets"][seat],
                               "reason": "grenade"})
        t.check_win(seat)
