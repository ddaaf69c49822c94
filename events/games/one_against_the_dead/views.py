"""What the player and spectators see: ``view`` for the state, ``redact`` for
one event, and ``outcome``.

Public (the player and a spectator see the same): the face-up city, where
the face-down placeholders lie (not which cards they are), the zombies with
their faces, the dice, the drawn card waiting to be placed, Strength, AP, the
weapon and its die, how many chips of each kind are left in the Weapon Stack,
the deck's size, whether the player is cut off and the score so far. Hidden:
the deck order, the cards under the placeholders, and any stacked rolls, flips
or Weapon Stack picks (docs/rules/one-against-the-dead.md, 'What each seat and
a spectator can see').
"""
from __future__ import annotations

from .cards import END, START, xy
from .legal import pending
from .state import cut_off, feel_good, lunchmeat, zombie_count

#: Zombie kinds as the state counts them -> as views name them.
ZOMBIE_NAMES = {"GH": "greater_heads", "GT": "greater_tails", "LH": "lesser_heads", "LT": "lesser_tails"}


def _reason(state) -> str:
    rounds, result = state["round"], state["result"]
    points = f"{feel_good(state)} Feel Good points"
    if result == "won":
        return f"Seat 0 reached the Ending Location and survived round {rounds}, with {points}."
    if result == "overwhelmed":
        zombies = zombie_count(state, state["player"])
        return f"Seat 0 was overwhelmed by {zombies} zombies in round {rounds}, with {points}."
    if result == "cut_off":
        return (f"Seat 0 was cut off from the Ending Location with nothing left worth doing in round "
                f"{rounds}, with {points}.")
    if result == "conceded" and cut_off(state):
        return f"Seat 0, cut off from the Ending Location, conceded in round {rounds}, with {points}."
    if result == "conceded":
        return f"Seat 0 resigned in round {rounds}, with {points}."
    return f"Round {rounds} ended with seat 0 still in the city, with {points}."


def outcome(state):
    """``None`` while the game runs; else ``{"winners": [0] or [], "result": "won" | "overwhelmed" |
    "cut_off" | "conceded" | "exhausted", "reason": sentence, "scores": {"0": Feel Good points},
    "turns": rounds played}`` (``events.games.schema.outcome``). Works on states folded from
    logs of every rules version (docs/rules/one-against-the-dead.md, 'Ending and scoring')."""
    if state is None or state.get("phase") != "over":
        return None
    return {
        "winners": [0] if state["result"] == "won" else [],
        "result": state["result"],
        "reason": _reason(state),
        "scores": {"0": feel_good(state)},
        "turns": state["round"],
    }


def _spot(state, place: str) -> dict:
    x, y = xy(place)
    face_down = place in state["face_down"]
    zombies = state["zombies"].get(place)
    return {
        "x": x, "y": y,
        "face_up": not face_down,
        "card": None if face_down else state["city"][place],
        "zombies": {name: zombies[kind] for kind, name in ZOMBIE_NAMES.items()}
        if zombies and any(zombies.values()) else None,
        "die": state["dice"].get(place),
    }


def _weapon(weapon) -> dict | None:
    return None if weapon is None else {"kind": weapon["kind"], "die": weapon["die"]}


def _xy(place: str) -> dict:
    x, y = xy(place)
    return {"x": x, "y": y}


def view(state, seat):
    """What seat 0 (or a spectator, ``None``; any other seat sees what a spectator sees) may see,
    as a JSON-able dict fitting ``schemas.VIEW``: both see the same table. ``{"started": False}``
    before the game starts. Answers for every state a prefix of a log folds to, including those
    inside a command's batch (docs/rules/one-against-the-dead.md, 'What each seat and a spectator
    can see')."""
    if state is None:
        return {"started": False}
    places = sorted(state["city"], key=lambda p: (-xy(p)[1], xy(p)[0]))
    return {
        "started": True,
        "seat": 0 if seat == 0 else None,
        "phase": state["phase"],
        "round": state["round"],
        "action_points": state["ap"],
        "action_points_on_dice": state["die_ap"],
        "joker_zombies_due": state["jokers_due"],
        "strength": state["strength"],
        "player": _xy(state["player"]),
        "start": _xy(START), "end": _xy(END),
        "city": [_spot(state, p) for p in places],
        "drawn_card": state["drawn"],
        "weapon": _weapon(state["weapon"]),
        "found_weapon": _weapon(state["found"]),
        "weapon_stack": dict(state["weapon_stack"]),
        "deck_size": len(state["deck"]),
        "cut_off": state["phase"] != "setup" and cut_off(state),
        "score": {"zombies_killed": state["kills"], "survivors_rescued": state["rescued"],
                  "survivors_trapped": lunchmeat(state), "feel_good_points": feel_good(state)},
        "to_act": [{"seat": d.seat, "kind": d.kind, "code": d.code, "label": d.label} for d in pending(state)],
        "outcome": outcome(state),
    }


#: event type -> the data keys nobody may see while the game runs (replaced by sizes).
SECRET = {"GameStarted": ("deck", "dice", "flips", "weapons"),
          "SpecialReshuffled": ("order",), "PlaceholdersCollected": ("order",)}


def redact(event, seat):
    """The event as ``seat`` (the player or a spectator: the same) may see it: deck orders become
    their sizes, stacked results their counts, and a placeholder's card is hidden
    (docs/rules/one-against-the-dead.md, 'What each seat and a spectator can see')."""
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
