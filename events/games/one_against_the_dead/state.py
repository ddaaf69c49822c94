"""The game state: a plain JSON-able dict, and the questions asked of it.

Shape::

    {
      "rules_level": 2,             # 1 for games recorded under one-against-the-dead/1
      "stacked": False,
      "deck": [card, ...],          # hidden: top first
      "pinned": 0,                  # stacked cards still on top (docs/rules, choice 2)
      "stack_dice": [int], "stack_flips": ["heads"|"tails"], "stack_weapons": [kind],
                                    # hidden: stacked random results still to use
      "city": {"x,y": card},        # every card on the table
      "face_down": ["x,y", ...],    # placeholders (their cards are hidden)
      "zombies": {"x,y": {"GH": n, "GT": n, "LH": n, "LT": n}},
      "dice": {"x,y": pips},        # dice on Aces and face cards
      "player": "x,y",
      "drawn": card | None,         # drawn, waiting for the player to place it
      "phase": "setup" | "actions" | "place" | "weapon" | "joker" | "attack" | "over",
      "round": 1, "ap": 3, "die_ap": 0, "jokers_due": 0,
      "strength": 15,
      "weapon": None | {"kind": k, "die": pips | None},
      "found": None | {"kind": k, "die": pips | None},   # a found weapon to keep or not
      "weapon_stack": {"shotgun": 3, "chainsaw": 3, "bat": 4},
      "kills": 0, "rescued": 0,
      "result": None | "won" | "overwhelmed" | "cut_off" | "conceded" | "exhausted",
    }

The phase ``"setup"``, ``"zombies"`` and ``"zombie_attack"`` states only occur inside a
command's batch of events (the round runs itself through them).
"""
from __future__ import annotations

import math

from .cards import (
    END,
    PER_KILL,
    PER_LUNCHMEAT,
    PER_RESCUE,
    ZOMBIE_KINDS,
    around,
    is_special,
    matches,
    orthogonal,
    rank,
)


def copy_state(state):
    """An independent copy (every nested container copied once)."""
    if state is None:
        return None
    s = dict(state)
    for name in ("deck", "stack_dice", "stack_flips", "stack_weapons", "face_down"):
        s[name] = list(state[name])
    for name in ("city", "dice", "weapon_stack"):
        s[name] = dict(state[name])
    s["zombies"] = {p: dict(z) for p, z in state["zombies"].items()}
    for name in ("weapon", "found"):
        s[name] = None if state[name] is None else dict(state[name])
    return s


def face_up(s, place: str) -> str | None:
    """The face-up card at ``place``, or ``None`` (no card, or a face-down placeholder)."""
    card = s["city"].get(place)
    return None if card is None or place in s["face_down"] else card


def passable(s, place: str) -> bool:
    """Whether the player may stand on ``place``: a face-up card that is not a Special Location
    (docs/rules/one-against-the-dead.md, 'A round')."""
    card = face_up(s, place)
    return card is not None and not is_special(card)


def open_slots(s, place: str) -> list[str]:
    """The empty places among the 8 around ``place`` (top row first, left to right)."""
    return [p for p in around(place) if p not in s["city"]]


def spawn_count(s, card: str, place: str) -> int:
    """How many zombies ``card`` placed at ``place`` gets: one per face-up card beside it (not
    diagonal) that shares neither its suit nor its rank, the card the player stands on excepted
    (docs/rules/one-against-the-dead.md, 'Checking out a location')."""
    return sum(1 for p in orthogonal(place)
               if p != s["player"] and face_up(s, p) is not None and not matches(card, face_up(s, p)))


def move_cost(s, frm: str, to: str) -> int:
    """AP to move from ``frm`` to ``to``: 1 if the cards share suit or rank, else 2."""
    return 1 if matches(s["city"][frm], s["city"][to]) else 2


def zombie_count(s, place: str) -> int:
    """How many zombies stand on ``place``."""
    return sum(s["zombies"].get(place, {}).values())


def greater(z: dict) -> int:
    """Greater Zombies in a ``{"GH", "GT", "LH", "LT"}`` count."""
    return z.get("GH", 0) + z.get("GT", 0)


def lesser(z: dict) -> int:
    """Lesser Zombies in a ``{"GH", "GT", "LH", "LT"}`` count."""
    return z.get("LH", 0) + z.get("LT", 0)


def empty_zombies() -> dict:
    """A zombie count with none of any kind."""
    return {k: 0 for k in ZOMBIE_KINDS}


def jokers(s) -> list[str]:
    """Places of the face-up Jokers in the city, in place order."""
    return sorted(p for p, c in s["city"].items() if rank(c) is None and p not in s["face_down"])


def die_spots(s) -> list[str]:
    """Places among the 8 around the player with a die on them (an Ace or a face card)."""
    return [p for p in around(s["player"]) if p in s["dice"]]


def strength_lost(zombies: int) -> int:
    """Strength lost to ``zombies`` on the player's card: one per five, rounded up."""
    return math.ceil(zombies / 5)


def lunchmeat(s) -> int:
    """Aces on the table still holding a die (survivors left to die)."""
    return sum(1 for p in s["dice"] if rank(s["city"][p]) == "A")


def feel_good(s) -> int:
    """Feel Good points so far: +1 per kill, +10 per rescue, -20 per Ace still holding a die
    (docs/rules/one-against-the-dead.md, 'Ending and scoring')."""
    return PER_KILL * s["kills"] + PER_RESCUE * s["rescued"] + PER_LUNCHMEAT * lunchmeat(s)


def rules_level(s) -> int:
    """The rules level the game was started under (1 for logs that do not record one)."""
    return s.get("rules_level", 1)


def region(s) -> set[str]:
    """The places the player can walk to over passable cards, its own place included."""
    seen, frontier = {s["player"]}, [s["player"]]
    while frontier:
        here = frontier.pop()
        for nxt in orthogonal(here):
            if nxt not in seen and passable(s, nxt):
                seen.add(nxt)
                frontier.append(nxt)
    return seen


def cut_off(s) -> bool:
    """Whether the Ending Location can never be reached: no path over passable cards leads there,
    and no card the player can reach would show a new card when checked out (or the player cannot
    move at all) (docs/rules/one-against-the-dead.md, 'Ending and scoring'). Never while the
    player's own location is still being checked out (a card drawn, or an empty place around it
    and cards left to draw)."""
    if s["drawn"] is not None or (s["deck"] and open_slots(s, s["player"])):
        return False
    seen = region(s)
    if END in seen:
        return False
    if len(seen) == 1:
        return True  # the player cannot move at all, so never checks out again
    for place in seen:
        for p in around(place):
            if p in s["face_down"] or (p not in s["city"] and s["deck"]):
                return False
    return True


def worth_playing_on(s) -> bool:
    """Whether a cut-off player can still earn Feel Good points: a survivor to dig out beside a
    card it can reach, or a zombie or a Joker on a face-up card joined to those cards by face-up
    cards (zombies walk only on face-up cards, and Jokers bring new ones)
    (docs/rules/one-against-the-dead.md, 'Ending and scoring')."""
    reach = region(s)
    if any(rank(s["city"][p]) == "A" for q in reach for p in around(q) if p in s["dice"]):
        return True
    joined, frontier = set(reach), list(reach)
    while frontier:
        here = frontier.pop()
        for nxt in orthogonal(here):
            if nxt not in joined and face_up(s, nxt) is not None:
                joined.add(nxt)
                frontier.append(nxt)
    return any(zombie_count(s, p) for p in joined) or any(p in joined for p in jokers(s))


def ends_cut_off(s) -> bool:
    """Whether the game ends by itself, lost ``cut_off``, after a zombie attack: the end can never
    be reached and (from rules level 2) nothing is left worth playing on for."""
    if not cut_off(s):
        return False
    return rules_level(s) < 2 or not worth_playing_on(s)
