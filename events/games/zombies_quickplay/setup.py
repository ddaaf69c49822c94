"""setup(options, seats, rng) -> the opening events (docs/rules/zombies-quickplay.md, 'Setup and first player').

``GameStarted`` carries the whole deal: the tile stack (top first; the Quickplay's
last 10 shuffled separately at the bottom), the Event deck, every hand, any
stacked dice and (rules level 4) the first seat, drawn at random unless the option
``first_seat`` fixes it. Then the first seat's turn starts with its tile draw.
"""
from __future__ import annotations

from collections import Counter

from .cards import HAND_LIMIT, KILL_TARGET, OPENING_BULLETS, OPENING_LIFE, ZOMBIES, deck_counts, full_deck
from .state import OLD_RULES, RULES, V4, V5
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


FIRST_SEAT_HELP = ("The seat that plays first (0 to seats - 1; tests and tutorials). Without it the first "
                   "player is drawn at random with the game's seeded randomness.")
#: Rules versions this code sets up and re-runs -> their rules level.
LEVELS = {"zombies-quickplay/3": OLD_RULES, "zombies-quickplay/4": V4, "zombies-quickplay/5": V5}


def rules_level(options) -> int:
    """The rules level of ``options["rules_version"]`` (absent: today's). Raises ``ValueError``."""
    version = (options or {}).get("rules_version")
    if version is None:
        return RULES
    if version not in LEVELS:
        raise ValueError(f"Zombies!!! Quickplay has no rules version {version!r}.")
    return LEVELS[version]


def first_seat(options, seats, level, rng) -> int | None:
    """The first seat: ``options["first_seat"]`` if given, else drawn with ``rng`` (rules level 4 on); seat 0
    under rules level 3, which recorded none (``None``). Raises ``ValueError`` for a bad option."""
    chosen = (options or {}).get("first_seat")
    if level < V4:
        if chosen is not None:
            raise ValueError("The first_seat option needs rules version zombies-quickplay/4 or later.")
        return None
    if chosen is None:
        return rng.randrange(seats)
    if isinstance(chosen, bool) or not isinstance(chosen, int) or not 0 <= chosen < seats:
        raise ValueError(f"first_seat must be a seat number from 0 to {seats - 1}.")
    return chosen


def setup(options, seats, rng):
    """Deal a new game; returns ``[GameStarted, TurnStarted, ...]`` (the first seat's tile draw included).

    ``options``: ``options["stack"]`` (``STACK_HELP``), ``options["base_event_deck"]`` (a bool: the
    base game's 50 Event cards instead of the Quickplay's 41), ``options["first_seat"]`` (an int,
    ``FIRST_SEAT_HELP``) and ``options["rules_version"]`` (``LEVELS``; the service passes the game's);
    ``seats``: 2-6; ``rng``: a ``random.Random``. Raises ``ValueError`` for a bad seat count, an
    unknown rules version, a bad first seat or a malformed or impossible stack.
    """
    if not isinstance(seats, int) or not 2 <= seats <= 6:
        raise ValueError("Zombies!!! Quickplay needs 2 to 6 players.")
    level = rules_level(options)
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
    first = first_seat(options, seats, level, rng)
    data = {
        "seats": seats, "kill_target": KILL_TARGET[seats], "stacked": bool(stack), "base_event_deck": base,
        "tile_deck": tiles, "event_deck": top + rest, "hands": hands, "dice": list(dice),
        "zombies": ZOMBIES, "life": OPENING_LIFE, "bullets": OPENING_BULLETS,
    }
    if level >= V4:
        data.update(rules=level, first_seat=first, first_seat_drawn=(options or {}).get("first_seat") is None)
    t = Table(None, rng)
    t.emit("GameStarted", data)
    t.start_turn(first or 0)
    return t.events
