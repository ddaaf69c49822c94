"""setup(options, seats, rng) -> the opening events.

``GameStarted`` carries the shuffled deck (top first) and any stacked random
results; then the Starting Location is drawn (Special Locations go back and
the deck is reshuffled), 7 placeholders are dealt face down, the Ending
Location is drawn the same way, round 1 starts and the start is checked out
(the first card to place is drawn). ``options["stack"]`` fixes any part of it
(see ``STACK_HELP``); ``options["rules_version"]`` (set by the service) picks the rules level,
recorded in ``GameStarted`` from level 2 on (docs/rules/one-against-the-dead.md, 'Setup and first
player' and 'Rules versions').
"""
from __future__ import annotations

from .cards import DECK, END, PLACEHOLDERS, START, VERSION, VERSION_LEVELS, WEAPON_STACK, is_special, xy
from .resolve import Table

STACK_HELP = (
    "Stack the game (tests, tutorials, bug reports): an object with any of "
    "\"deck\" (cards such as \"10H\", \"3C\", \"JK1\", top first: drawn before the shuffled rest and "
    "kept on top through reshuffles), \"dice\" (rolls 1-6, used before any random roll), "
    "\"flips\" (\"heads\"/\"tails\", used before any random coin flip) and \"weapons\" "
    "(\"bat\"/\"chainsaw\"/\"shotgun\", the chips found first). The game records that it was stacked."
)


def _list(stack: dict, name: str, ok, what: str) -> list:
    value = stack.get(name, [])
    if not isinstance(value, list) or not all(ok(v) for v in value):
        raise ValueError(f"The stack's {name!r} must be a list of {what}.")
    return list(value)


def _options(options) -> dict:
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise ValueError("The options must be an object.")
    return options


def read_level(options) -> int:
    """The rules level of ``options["rules_version"]`` (the current one when absent). Raises
    ``ValueError`` for a version this code does not know."""
    version = _options(options).get("rules_version") or VERSION
    if not isinstance(version, str) or version not in VERSION_LEVELS:
        raise ValueError(f"Unknown rules version {version!r}; this server plays "
                         f"{', '.join(sorted(VERSION_LEVELS))}.")
    return VERSION_LEVELS[version]


def read_stack(options) -> dict:
    """The validated stack from ``options`` (``{}`` if none). Raises ``ValueError`` with a sentence
    (and never another exception) for options that are not an object, a stack that is not an
    object, has unknown parts, names unknown or repeated cards, gives a roll outside 1-6, a flip
    other than heads/tails or more weapons of a kind than the stack holds."""
    stack = _options(options).get("stack") or {}
    if not isinstance(stack, dict):
        raise ValueError("The stack must be an object.")
    unknown = set(stack) - {"deck", "dice", "flips", "weapons"}
    if unknown:
        raise ValueError(f"The stack has unknown parts: {', '.join(sorted(unknown))}.")
    deck = _list(stack, "deck", lambda c: isinstance(c, str) and c in DECK, "cards such as \"10H\" or \"JK1\"")
    if len(set(deck)) != len(deck):
        raise ValueError("The stack's 'deck' names a card twice; the deck holds each card once.")
    dice = _list(stack, "dice", lambda v: isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6,
                 "die rolls from 1 to 6")
    flips = _list(stack, "flips", lambda v: isinstance(v, str) and v in ("heads", "tails"),
                  "\"heads\" or \"tails\"")
    weapons = _list(stack, "weapons", lambda v: isinstance(v, str) and v in WEAPON_STACK, "\"bat\", \"chainsaw\" or \"shotgun\"")
    for kind, n in WEAPON_STACK.items():
        if weapons.count(kind) > n:
            raise ValueError(f"The stack's 'weapons' asks for more than the {n} {kind} chips in the Weapon Stack.")
    return {"deck": deck, "dice": dice, "flips": flips, "weapons": weapons}


def _draw_location(t: Table, place: str) -> None:
    """Draw until a card that is not a Special Location comes up and put it face up at ``place``
    (a Special one is shuffled back in)."""
    while True:
        card = t.s["deck"][0]
        t.emit("CardDrawn", {"card": card})
        if not is_special(card):
            break
        t.emit("SpecialReshuffled", {"card": card, "order": t.shuffled([card])})
    x, y = xy(place)
    t.emit("CardPlaced", {"x": x, "y": y, "card": card})


def setup(options, seats, rng):
    """Lay out a new city and return its opening events.

    ``options``: the game's options dict or ``None``; ``options["stack"]`` (see ``STACK_HELP``) and
    ``options["rules_version"]`` are read. ``seats``: must be 1 (the one player is seat 0: there is
    no first player to choose). ``rng``: a ``random.Random``. Returns ``[GameStarted, CardDrawn,
    CardPlaced (start), PlaceholderDealt x 7, CardDrawn, CardPlaced (end), RoundStarted, ...]``
    ending with the first card of the start's check-out drawn. Raises ``ValueError`` (only) for a
    seat count other than 1, options that are not an object, an unknown rules version or a bad
    stack (docs/rules/one-against-the-dead.md, 'Setup and first player').
    """
    if seats != 1:
        raise ValueError("One Against the Dead is played by exactly one player.")
    level = read_level(options)
    stack = read_stack(options)
    rest = [c for c in DECK if c not in stack["deck"]]
    rng.shuffle(rest)
    t = Table(None, rng)
    started = {
        "stacked": any(stack.values()),
        "deck": stack["deck"] + rest, "pinned": len(stack["deck"]),
        "dice": stack["dice"], "flips": stack["flips"], "weapons": stack["weapons"],
    }
    if level >= 2:      # level-1 logs record no level: their GameStarted stays as it was
        started["rules_level"] = level
    t.emit("GameStarted", started)
    _draw_location(t, START)
    for place in PLACEHOLDERS:
        x, y = xy(place)
        t.emit("PlaceholderDealt", {"x": x, "y": y, "card": t.s["deck"][0]})
    _draw_location(t, END)
    t.emit("RoundStarted", {"round": 1})
    t.check_out()
    return t.events
