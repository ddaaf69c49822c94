"""What the player and spectators see: ``view`` for the state, ``redact`` for
one event, and ``outcome``.

Public (the player and a spectator see the same): the face-up city, where
the face-down placeholders lie (not which cards they are), the zombies with
their faces, the dice, the drawn card waiting to be placed, Strength, AP, the
weapon and its die, how many chips of each kind are left in the Weapon Stack,
the deck's size and the score so far. Hidden: the deck order, the cards under
the placeholders, and any stacked rolls, flips or Weapon Stack picks.
"""
from __future__ import annotations

from .cards import xy
from .legal import legal_commands, pending
from .state import feel_good, lunchmeat


def outcome(state):
    """``None`` while the game runs; else ``{"winner": 0 | None, "result": "won" | "overwhelmed" |
    "cut_off" | "exhausted", "score": Feel Good points, "kills", "rescued", "lunchmeat",
    "rounds"}`` (rules/one-against-the-dead.md, 'Score')."""
    if state is None or state["phase"] != "over":
        return None
    return {
        "winner": 0 if state["result"] == "won" else None,
        "result": state["result"],
        "score": feel_good(state),
        "kills": state["kills"], "rescued": state["rescued"], "lunchmeat": lunchmeat(state),
        "rounds": state["round"],
    }


def _spot(state, place: str) -> dict:
    x, y = xy(place)
    face_down = place in state["face_down"]
    zombies = state["zombies"].get(place)
    return {
        "x": x, "y": y,
        "card": None if face_down else state["city"][place],
        "face_up": not face_down,
        "zombies": dict(zombies) if zombies and any(zombies.values()) else None,
        "die": state["dice"].get(place),
    }


def view(state, seat):
    """What seat 0 (or a spectator, ``None``) may see, as a JSON-able dict: both see the same
    table; the player also gets ``options`` (its legal commands). ``{"started": False}`` before
    the game starts (rules/one-against-the-dead.md; seeds/004)."""
    if state is None:
        return {"started": False}
    me = 0 if seat == 0 else None
    place = sorted(state["city"], key=lambda p: (-xy(p)[1], xy(p)[0]))
    px, py = xy(state["player"])
    weapon = state["weapon"]
    v = {
        "started": True,
        "seat": me,
        "phase": state["phase"],
        "round": state["round"],
        "ap": state["ap"],
        "strength": state["strength"],
        "player": {"x": px, "y": py},
        "start": {"x": 0, "y": 0}, "end": {"x": 8, "y": 0},
        "city": [_spot(state, p) for p in place],
        "drawn": state["drawn"],
        "weapon": dict(weapon) if weapon else None,
        "found": dict(state["found"]) if state["found"] else None,
        "weapon_stack": dict(state["weapon_stack"]),
        "deck_size": len(state["deck"]),
        "jokers_due": state["jokers_due"],
        "score": {"kills": state["kills"], "rescued": state["rescued"], "lunchmeat": lunchmeat(state),
                  "feel_good": feel_good(state)},
        "pending": [{"seat": d.seat, "kind": d.kind} for d in pending(state)],
        "options": legal_commands(state, 0) if me == 0 else None,
        "result": outcome(state),
    }
    return v


#: event type -> the data keys nobody may see while the game runs (replaced by sizes).
SECRET = {"GameStarted": ("deck", "dice", "flips", "weapons"),
          "SpecialReshuffled": ("order",), "PlaceholdersCollected": ("order",)}


def redact(event, seat):
    """The event as ``seat`` (the player or a spectator: the same) may see it: deck orders become
    their sizes, stacked results their counts, and a placeholder's card is hidden."""
    t, d = event.get("type"), event.get("data") or {}
    if t in SECRET:
        data = {k: v for k, v in d.items() if k not in SECRET[t]}
        for k in SECRET[t]:
            if k in d:
                data[k + "_count" if k != "order" else "deck_size"] = len(d[k])
        return {"type": t, "data": data}
    if t == "PlaceholderDealt":
        return {"type": t, "data": {**d, "card": None}}
    return event
