"""Card data and constants: the 54-card deck, what makes a Special Location,
the Weapon Stack, the zombie kinds, the city's fixed places and the rules versions.

A card is a string: rank then suit (``"10H"``, ``"3C"``, ``"JH"``, ``"AS"``),
or ``"JK1"`` / ``"JK2"`` for the two Jokers. Grid places are ``"x,y"`` strings
(x grows towards the Ending Location, y grows upwards) so the state stays a
JSON object with string keys.
"""
from __future__ import annotations

from functools import lru_cache

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
JOKERS = ("JK1", "JK2")
#: The whole deck, 52 cards and the two Jokers (docs/rules/one-against-the-dead.md, 'Components').
DECK: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS) + JOKERS

FACES = ("J", "Q", "K")

#: Rules versions whose logs this code plays and verifies -> the rules level a game's
#: ``GameStarted`` records (absent in level-1 logs). Level 2: a player cut off from the end plays
#: on while something is worth doing, and may concede (docs/rules/one-against-the-dead.md,
#: 'Rules versions').
VERSION_LEVELS = {"one-against-the-dead/1": 1, "one-against-the-dead/2": 2}
VERSION = "one-against-the-dead/2"
LEVEL = VERSION_LEVELS[VERSION]

#: Where the city starts and ends (docs/rules/one-against-the-dead.md, 'Setup and first player').
START = "0,0"
END = "8,0"
PLACEHOLDERS = tuple(f"{x},0" for x in range(1, 8))

STRENGTH = 15
ACTION_POINTS = 3
#: The Weapon Stack: 3 red (shotgun), 3 blue (chainsaw), 4 white (bat) chips.
WEAPON_STACK = {"shotgun": 3, "chainsaw": 3, "bat": 4}
WEAPONS = ("bat", "chainsaw", "shotgun")
#: Weapons that carry a die (fuel or shells).
DIE_WEAPONS = ("chainsaw", "shotgun")
MAX_SHELLS = 6
#: Command coordinates are bounded: 54 cards never reach further than this from the start.
COORDINATE_LIMIT = 60

#: Zombie kinds: Greater/Lesser, Heads/Tails up, strongest first.
ZOMBIE_KINDS = ("GH", "GT", "LH", "LT")
#: What a zombie becomes when weakened (None: killed, back to the Zombie Pile).
WEAKER = {"GH": "GT", "GT": "LH", "LH": "LT", "LT": None}

#: A game still running after this many rounds is lost (docs/rules/one-against-the-dead.md,
#: 'Ending and scoring').
MAX_ROUNDS = 200

#: Feel Good points (docs/rules/one-against-the-dead.md, 'Ending and scoring').
PER_KILL, PER_RESCUE, PER_LUNCHMEAT = 1, 10, -20


RANK_NAMES = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}
SUIT_NAMES = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}


def card_name(card: str) -> str:
    """The card as a player names it: ``"10 of Hearts"``, ``"Jack of Spades"``, ``"Joker"``."""
    if card in JOKERS:
        return "Joker"
    return f"{RANK_NAMES.get(rank(card), rank(card))} of {SUIT_NAMES[suit(card)]}"


def rank(card: str) -> str | None:
    """The card's rank (``"10"``, ``"J"``...); ``None`` for a Joker."""
    return None if card in JOKERS else card[:-1]


def suit(card: str) -> str | None:
    """The card's suit (``"S"``, ``"H"``, ``"D"``, ``"C"``); ``None`` for a Joker."""
    return None if card in JOKERS else card[-1]


def is_special(card: str) -> bool:
    """Whether ``card`` is a Special Location: an Ace, a face card or a Joker
    (docs/rules/one-against-the-dead.md, 'Components')."""
    return card in JOKERS or rank(card) in ("A", *FACES)


def gets_die(card: str) -> bool:
    """Whether a placed ``card`` gets a die: a face card (a weapon) or an Ace (a survivor)."""
    return card not in JOKERS and rank(card) in ("A", *FACES)


def matches(a: str, b: str) -> bool:
    """Whether two cards share a suit or a rank; a Joker matches nothing
    (docs/rules/one-against-the-dead.md, 'Checking out a location')."""
    if a in JOKERS or b in JOKERS:
        return False
    return rank(a) == rank(b) or suit(a) == suit(b)


def key(x: int, y: int) -> str:
    """The grid place ``(x, y)`` as a state key ``"x,y"``."""
    return f"{x},{y}"


def place_xy(place: str) -> dict:
    """``{"x": x, "y": y}`` of a state key ``"x,y"`` (how commands and events name a place)."""
    x, y = xy(place)
    return {"x": x, "y": y}


@lru_cache(maxsize=8192)
def xy(place: str) -> tuple[int, int]:
    """The ``(x, y)`` of a state key ``"x,y"`` (kept for the next call, as :func:`orthogonal` keeps
    its answers). Raises ``ValueError`` for a key of another form."""
    x, y = place.split(",")
    return int(x), int(y)


ORTHOGONAL = ((1, 0), (0, 1), (0, -1), (-1, 0))
AROUND = tuple((dx, dy) for dy in (1, 0, -1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0))


@lru_cache(maxsize=8192)
def orthogonal(place: str) -> tuple[str, ...]:
    """The 4 places next to ``place`` horizontally and vertically (kept for the next call: a city
    covers a few hundred places, asked about thousands of times a game)."""
    x, y = xy(place)
    return tuple(key(x + dx, y + dy) for dx, dy in ORTHOGONAL)


@lru_cache(maxsize=8192)
def around(place: str) -> tuple[str, ...]:
    """The 8 places around ``place`` (diagonals included), top row first, left to right (kept as
    :func:`orthogonal` keeps its answers)."""
    x, y = xy(place)
    return tuple(key(x + dx, y + dy) for dx, dy in AROUND)


def distance(a: str, b: str) -> int:
    """Manhattan distance between two places."""
    (ax, ay), (bx, by) = xy(a), xy(b)
    return abs(ax - bx) + abs(ay - by)
