"""setup(options, seats, rng) -> the opening events (rules/zombies-quickplay.md, 'Quickplay setup').

``GameStarted`` carries the whole deal: the tile stack (top first; the Quickplay's
last 10 shuffled separately at the bottom), the Event deck, every hand and any
stacked dice. Then the first seat's turn starts with its tile draw.
"""
from __future__ import annotations

from collections import Counter

from .cards import HAND_LIMIT, KILL_TARGET, OPENING_BULLETS, OPENING_LIFE, ZOMBIES, deck_counts, full_deck
from .table import Table
from .tiles import TILES, last_ten, tile_deck_counts

STACK_HELP = (
    "Stack the game (tests, tutorials, bug reports): an object with any of "
    "\"tiles\" (tile ids, the whole tile stack top first, e.g. [\"hospital\", \"helipad\"]: only these "
    "tiles are in play), \"hands\" (list per seat: Event card ids, or null to deal), \"deck\" (Event card "
    "ids on top of the deck, the shuffled rest below) and \"dice\" (die rolls, 1-6, used in order before "
    "any random roll). The game records that it was stacked."
)


def _ids(value, known, what) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"The stack's {what} must be a list of ids.")
    unknown = sorted({v for v in value if v not in known})
    if unknown:
        raise ValueError(f"The stack's {what} names unknown or removed ids: {', '.join(unknown)}.")
    return list(value)


def _tile_stack(stack, rng) -> list[str]:
    if "tiles" in stack:
        tiles = _ids(stack["tiles"], {t for t in TILES if t != "town_square"}, "tiles")
        have = Counter(tile_deck_counts())
        for t, n in Counter(tiles).items():
            if n > have[t]:
                raise ValueError(f"The stack asks for more {t!r} tiles than the game has.")
        return tiles
    bottom = last_ten()
    top = list((Counter(tile_deck_counts()) - Counter(bottom)).elements())
    rng.shuffle(top)
    rng.shuffle(bottom)
    return top + bottom


def setup(options, seats, rng):
    """Deal a new game; returns ``[GameStarted, TurnStarted, ...]`` (seat 0's tile draw included).

    ``options``: ``options["stack"]`` (``STACK_HELP``) and ``options["base_event_deck"]`` (a bool: the
    base game's 50 Event cards instead of the Quickplay's 41); ``seats``: 2-6; ``rng``: a
    ``random.Random``. Raises ``ValueError`` for a bad seat count or a malformed or impossible stack.
    """
    if not isinstance(seats, int) or not 2 <= seats <= 6:
        raise ValueError("Zombies!!! Quickplay needs 2 to 6 players.")
    stack = (options or {}).get("stack") or {}
    if not isinstance(stack, dict):
        raise ValueError("The stack must be an object.")
    unknown = set(stack) - {"tiles", "hands", "deck", "dice"}
    if unknown:
        raise ValueError(f"The stack has unknown parts: {', '.join(sorted(unknown))}.")
    tiles = _tile_stack(stack, rng)
    dice = stack.get("dice", [])
    if not isinstance(dice, list) or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6
                                             for d in dice):
        raise ValueError("The stack's dice must be a list of rolls from 1 to 6.")
    base = (options or {}).get("base_event_deck", False)
    if not isinstance(base, bool):
        raise ValueError("The base_event_deck option must be true or false.")
    known = deck_counts(base)
    pool = Counter(full_deck(base))

    def take(cards, what):
        """Take ``cards`` out of the undealt Event cards; raises ``ValueError`` if short."""
        for c in cards:
            if pool[c] <= 0:
                raise ValueError(f"The stack asks for more {c!r} cards than the Event deck holds ({what}).")
            pool[c] -= 1

    hands_in = stack.get("hands") or []
    if not isinstance(hands_in, list) or len(hands_in) > seats:
        raise ValueError("The stack's hands must be a list with at most one entry per seat.")
    hands = [None] * seats
    for i, h in enumerate(hands_in):
        if h is not None:
            hands[i] = _ids(h, known, f"hand {i}")
            if len(hands[i]) > HAND_LIMIT:
                raise ValueError(f"A hand holds at most {HAND_LIMIT} cards (hand {i}).")
            take(hands[i], f"hand {i}")
    top = _ids(stack.get("deck", []), known, "deck")
    take(top, "deck")
    rest = list(pool.elements())
    rng.shuffle(rest)
    for i in range(seats):
        if hands[i] is None:
            hands[i], rest = rest[:HAND_LIMIT], rest[HAND_LIMIT:]
    t = Table(None, rng)
    t.emit("GameStarted", {
        "seats": seats, "kill_target": KILL_TARGET[seats], "stacked": bool(stack), "base_event_deck": base,
        "tile_deck": tiles, "event_deck": top + rest, "hands": hands, "dice": list(dice),
        "zombies": ZOMBIES, "life": OPENING_LIFE, "bullets": OPENING_BULLETS,
    })
    t.start_turn(0)
    return t.events
