"""What each seat may see: ``view`` for the state, ``redact`` for one event, and ``outcome``.

Public: the map, zombies, tokens, pawns, kills, life, bullets, items in play, hand
sizes, the discard piles, the drawn tile, what is pending and every effect in play.
Hidden: other hands, the order of the tile stack and of the Event deck, and the
stacked dice still to come (sizes only).
"""
from __future__ import annotations

from .decide import stage
from .legal import pending
from .state import deep_copy, helipad_centre


def outcome(state):
    """``{"winner", "result": "kill_target" | "helipad", "kills"}`` once over, else ``None``
    (rules/zombies-quickplay.md, 'The Helipad and winning')."""
    if state is None or not state["over"]:
        return None
    return {"winner": state["winner"], "result": state["result"], "kills": list(state["kills"])}


#: The state keys every seat and spectator sees as they are.
PUBLIC = ("seats", "kill_target", "stacked", "base_event_deck", "tiles", "tile_discard", "drawn", "spot",
          "placer", "to_place", "new_cell", "closed", "zombies", "tokens", "pool", "pawns", "life", "bullets",
          "kills", "discard", "items", "played", "turn", "turn_no", "life_at_start", "phase", "resume", "combat",
          "move", "stuck", "zm", "auction", "window", "choice", "fx")


def view(state, seat):
    """What ``seat`` (``None`` or out of range: a spectator) may see, as a JSON-able dict.

    Every public part of the state (``PUBLIC``) plus ``seat``, ``hand`` (own cards or ``None``),
    ``hand_sizes``, ``tile_deck_size``, ``deck_size``, ``stage``, ``helipad`` (its centre space or
    ``None``), ``pending`` and ``result``. ``{"started": False}`` before the game starts.
    """
    if state is None:
        return {"started": False}
    n = state["seats"]
    me = seat if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < n else None
    v = {k: (dict(state[k]) if k in ("tiles", "zombies", "tokens") else deep_copy(state[k])) for k in PUBLIC}
    v.update({
        "started": True, "seat": me,
        "hand": list(state["hands"][me]) if me is not None else None,
        "hand_sizes": [len(h) for h in state["hands"]],
        "tile_deck_size": len(state["tile_deck"]), "deck_size": len(state["deck"]),
        "stage": "over" if state["over"] else stage(state),
        "helipad": helipad_centre(state),
        "pending": [{"seat": d.seat, "kind": d.kind} for d in pending(state)],
        "result": outcome(state),
    })
    return v


def redact(event, seat):
    """The event as ``seat`` (``None``: a spectator) may see it: deck orders and dice become
    counts, other seats' hands and drawn cards become ``None``."""
    t, d = event.get("type"), event.get("data") or {}
    if t == "GameStarted":
        data = dict(d)
        data["hands"] = [list(h) if s == seat else None for s, h in enumerate(d["hands"])]
        data["hand_sizes"] = [len(h) for h in d["hands"]]
        data["tile_deck"] = len(d["tile_deck"])
        data["event_deck"] = len(d["event_deck"])
        data["dice"] = len(d["dice"])
        return {"type": t, "data": data}
    if t == "EventDeckReshuffled":
        return {"type": t, "data": {"count": len(d["order"])}}
    if t == "CardsDrawn" and d.get("seat") != seat:
        return {"type": t, "data": {"seat": d.get("seat"), "cards": [None] * len(d.get("cards", []))}}
    return event
