"""The game state: a plain JSON-able dict, and the questions asked of it.

Shape (lists indexed by seat; spaces and tile cells are ``"x,y"`` keys, see ``tiles``)::

    {
      "rules": 5,                            # the rules level the game was set up with (3, 4: old logs)
      "seats": 3, "kill_target": 22, "stacked": False, "first_seat": 0,
      "tiles": {"0,0": {"tile": "town_square", "rotation": 0}, ...},
      "tile_deck": [...], "tile_discard": [...],     # hidden order / public pile
      "drawn": tile | None, "spot": [tx, ty] | None, "placer": seat,
      "to_place": 0, "new_cell": "tx,ty" | None, "closed": False,
      "zombies": {"x,y": 1}, "tokens": {"x,y": "life" | "bullet"}, "pool": 100,
      "pawns": ["1,1", ...], "life": [3, ...], "bullets": [3, ...], "kills": [0, ...],
      "hands": [[card, ...]], "deck": [...], "discard": [...], "items": [[card, ...]],
      "played": [False, ...],                # an Event card played this round
      "dice": [...],                         # stacked rolls still to come (hidden)
      "last_roll": {"seat", "purpose", "roll", "total"} | None,
      "turn": 0, "turn_no": 1, "life_at_start": 3,
      "phase": "tile_spot" | "tile_rotation" | "place_zombies" | "auction" | "tile_done" | "combat" |
               "combat_loss" | "move_roll" | "move" | "zombie_roll" | "zombies" | "discard" | "over",
      "resume": "draw" | "move",            # where a combat returns to
      "combat": {"total": n} | None, "stuck": False,
      "move": {"left", "mover", "allowance", "basis", "roll", "skateboard", "halved", "life_at_start",
               "doubled"} | None,
      "zm": {"left", "cap", "moved": {"x,y": {"path", "steps"}}, "current": {...} | None} | None,
      "auction": {"order", "passed", "high", "leader", "next"} | None,
      "window": {"queue": [seat, ...], "at": moment} | None,   # moment: see windows.MOMENTS
      "choice": {"seat", "kind", "card", "left", "target", "picked"} | None,
      "fx": {"shotgun": [n], "adrenaline": [bool], "shoe": [bool], "fear": [bool],
             "claustro": [bool], "cramp": [seat | None], "paralysed": [bool], "food": {"seat", "skip"} | None,
             "marbles": {"seat", "skip"} | None, "chainsaw": False, "molotov": cell | None, "double_move": False},
      "over": False, "winner": None, "result": None,
    }

The view (``views``) shows all of it but the hidden parts, under names a front end reads without
this source.
"""
from __future__ import annotations

from .tiles import (building_spaces_of, buildings_of, helipad_centre_of, kind, layout_id, parse, passable_spaces,
                    step_table)


def deep_copy(value):
    """A copy of a JSON-able value with every nested dict and list copied."""
    if isinstance(value, dict):
        return {k: deep_copy(v) if isinstance(v, (dict, list)) else v for k, v in value.items()}
    if isinstance(value, list):
        return [deep_copy(v) if isinstance(v, (dict, list)) else v for v in value]
    return value


#: Rules levels. ``V4``: rules version 4's reaction windows alike for every hand, Event cards at any
#: time, the last life ending a fight, the Sporting Goods' 7 rooms, the drawn dealer, a closed map
#: playing on. ``V5``: tokens claimed at any point (``ClaimToken``), Event cards while a tile is
#: placed, the Town Square refill at the turn's end. ``RULES``: the level new games are set up
#: with; logs of rules version 3 carry no level (``OLD_RULES``).
OLD_RULES = 3
V4 = 4
V5 = 5
RULES = V5

_FLAT = ("zombies", "tokens", "tiles")
_LISTS = ("tile_deck", "tile_discard", "pawns", "life", "bullets", "kills", "deck", "discard", "played", "dice")


def copy_state(state):
    """An independent copy of ``state``: every nested dict and list copied (the placed-tile records
    in ``tiles`` are shared: nothing ever changes one after it is placed)."""
    if state is None:
        return None
    s = dict(state)
    for k in _FLAT:
        s[k] = dict(state[k])
    for k in _LISTS:
        s[k] = list(state[k])
    s["hands"] = [list(h) for h in state["hands"]]
    s["items"] = [list(h) for h in state["items"]]
    for k in ("fx", "zm", "auction", "window", "choice", "combat", "move", "spot", "last_roll"):
        s[k] = deep_copy(state[k])
    return s


def level(state) -> int:
    """The rules level of the game: 5 (today's rules), 4 or 3 (a game set up by an older rules version)."""
    return state.get("rules", OLD_RULES)


def waiting_seats(state) -> list[int]:
    """The seats the game waits on now, in turn order (``[]`` once over, before the start, or in a
    state that only exists inside a command's batch).

    A card's choice first, then a reaction window (rules level 4: every seat it asked that has not
    answered yet; level 3: the first of them), then the step's actor: the auction's next bidder,
    the tile placer, the mover (a Brain Cramp player moves its victim), else the turn's seat.
    """
    if state is None or state["over"]:
        return []
    if state["choice"] is not None:
        return [state["choice"]["seat"]]
    window = state["window"]
    if window is not None and window["queue"]:     # window_open
        queue = window["queue"]
        return list(queue) if state.get("rules", OLD_RULES) >= V4 else [queue[0]]
    phase = state["phase"]
    if phase == "auction":
        return [state["auction"]["next"]] if state["auction"] else []
    if phase in ("tile_spot", "tile_rotation"):
        return [state["placer"]]
    if phase == "move":
        return [state["move"]["mover"]] if state["move"] else []
    return [state["turn"]]


def active_seat(state) -> int | None:
    """The first seat the game waits on (``waiting_seats``), or ``None``."""
    seats = waiting_seats(state)
    return seats[0] if seats else None


def window_open(state) -> bool:
    """Whether a reaction window is waiting for a seat's answer (a window whose queue is empty is
    only waiting for the card played in it to be resolved)."""
    return state["window"] is not None and bool(state["window"]["queue"])


def occupied_by_pawn(state, k: str) -> bool:
    """Whether some pawn stands on space ``k``."""
    return k in state["pawns"]


def passable(state, x: int, y: int) -> bool:
    """Whether ``(x, y)`` is a road, door or named-building space of the map."""
    return kind(state["tiles"], x, y) in ("R", "B", "D")


def helipad_centre(state) -> str | None:
    """The key of the Helipad's centre space once the Helipad is on the map, else ``None``."""
    return helipad_centre_of(state["tiles"])


def building_spaces(state, cell: str) -> list[str]:
    """Keys of the building (B and D) spaces of the named tile at ``cell``, in reading order."""
    placed = state["tiles"].get(cell)
    if placed is None:
        return []
    return list(building_spaces_of(cell, layout_id(placed), placed["rotation"]))


def pawn_building(state, seat: int) -> str | None:
    """The tile cell of the named building ``seat``'s pawn is inside, else ``None`` (``building_of``,
    read from the map's ``tiles.buildings_of``)."""
    return buildings_of(state["tiles"]).get(state["pawns"][seat])


def zombie_free_spaces(state, exclude_pawns: bool) -> list[str]:
    """Road, door and building spaces of the map with no zombie (and no pawn if asked), sorted by
    ``(y, x)`` (from ``tiles.passable_spaces``)."""
    zombies = state["zombies"]
    pawns = state["pawns"] if exclude_pawns else ()
    return [k for k in passable_spaces(state["tiles"]) if k not in zombies and k not in pawns]


def any_zombie_free_space(state, exclude_pawns: bool) -> bool:
    """Whether ``zombie_free_spaces(state, exclude_pawns)`` is not empty, stopping at the first."""
    zombies = state["zombies"]
    pawns = state["pawns"] if exclude_pawns else ()
    for k in passable_spaces(state["tiles"]):
        if k not in zombies and k not in pawns:
            return True
    return False


def steps_from(state, k: str) -> list[str]:
    """Keys of the spaces one legal step from ``k`` (``tiles.neighbours``, read from the map's
    ``tiles.step_table``)."""
    return list(step_table(state["tiles"]).get(k, ()))


def zombie_count(state) -> int:
    """Zombies in the game: on the map, moving, in kill piles and in the pool (always 100)."""
    moving = 1 if state["zm"] and state["zm"]["current"] else 0
    if state["choice"] and state["choice"]["kind"] == "so_bad" and state["choice"]["picked"]:
        moving += 1
    return len(state["zombies"]) + moving + sum(state["kills"]) + state["pool"]
