"""setup(options, seats, rng) -> the opening events.

``GameStarted`` carries the whole deal: every hand, both deck orders (top
first) and any stacked tracks; then the first seat's ``TurnStarted`` and its
phase-1 draw. ``options["stack"]`` fixes any part of the deal (see
``STACK_HELP``); everything not stacked is dealt and shuffled normally.
"""
from __future__ import annotations

from collections import Counter

from .cards import (
    GAME_DECK,
    OPENING_DRAW,
    OPENING_OXYGEN,
    SHIP,
    SPACE_DECK,
    full_game_deck,
    full_space_deck,
)
from .resolve import Table

STACK_HELP = (
    "Stack the deal (tests, tutorials, bug reports): an object with any of "
    "\"hands\" (list per seat: that seat's whole opening hand, or null to deal it), "
    "\"game_deck\" and \"space_deck\" (kinds, top first, dealt before the shuffled rest), "
    "\"game_discard\" (kinds on the Game discard pile, top last) and "
    "\"tracks\" (list per seat of Space cards already behind that astronaut). "
    "The game records that it was stacked."
)


def _remove(pool: Counter, cards: list, what: str) -> None:
    for card in cards:
        if pool[card] <= 0:
            raise ValueError(f"The stack asks for more {card!r} cards than the decks hold ({what}).")
        pool[card] -= 1


def _kinds(value, known: dict, what: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise ValueError(f"The stack's {what} must be a list of card kinds.")
    unknown = [c for c in value if c not in known]
    if unknown:
        raise ValueError(f"The stack's {what} names unknown cards: {', '.join(sorted(set(unknown)))}.")
    return list(value)


def _per_seat(value, seats: int, what: str) -> list:
    if value is None:
        return [None] * seats
    if not isinstance(value, list) or len(value) > seats:
        raise ValueError(f"The stack's {what} must be a list with at most one entry per seat.")
    return list(value) + [None] * (seats - len(value))


def setup(options, seats, rng):
    """Deal a new game and return its opening events.

    ``options``: the game's options dict or ``None``; only ``options["stack"]`` is read (see
    ``STACK_HELP``). ``seats``: an int, 2 to 5. ``rng``: a ``random.Random`` used to shuffle.
    Unstacked seats get 1 Double + 4 Singles, then 4 cards from the shuffled deck. Returns
    ``[GameStarted (the whole deal), TurnStarted {seat: 0}, CardDrawn ...]``: seat 0 starts with
    its phase-1 draw. Raises ``ValueError`` for a bad seat count or a malformed or impossible stack
    (rules/selfish-space.md, 'Setup and turn'; seeds/002, 'SETTING UP').
    """
    if not isinstance(seats, int) or not 2 <= seats <= 5:
        raise ValueError("Selfish: Space Edition needs 2 to 5 players.")
    stack = (options or {}).get("stack", {})
    if not isinstance(stack, dict):
        raise ValueError("The stack must be an object.")
    unknown = set(stack) - {"hands", "game_deck", "space_deck", "game_discard", "tracks"}
    if unknown:
        raise ValueError(f"The stack has unknown parts: {', '.join(sorted(unknown))}.")
    game_pool, space_pool = Counter(full_game_deck()), Counter(full_space_deck())

    hands = [None if h is None else _kinds(h, GAME_DECK, f"hand {i}")
             for i, h in enumerate(_per_seat(stack.get("hands"), seats, "hands"))]
    tracks = [[] if t is None else _kinds(t, SPACE_DECK, f"track {i}")
              for i, t in enumerate(_per_seat(stack.get("tracks"), seats, "tracks"))]
    if any(len(t) >= SHIP for t in tracks):
        raise ValueError("A stacked track must be shorter than the distance to the ship.")
    top = _kinds(stack.get("game_deck"), GAME_DECK, "game deck")
    discard = _kinds(stack.get("game_discard"), GAME_DECK, "game discard pile")
    space_top = _kinds(stack.get("space_deck"), SPACE_DECK, "space deck")
    for i, h in enumerate(hands):
        if h is not None:
            _remove(game_pool, h, f"hand {i}")
    _remove(game_pool, top, "game deck")
    _remove(game_pool, discard, "game discard pile")
    for i, t in enumerate(tracks):
        _remove(space_pool, t, f"track {i}")
    _remove(space_pool, space_top, "space deck")

    dealt = [i for i, h in enumerate(hands) if h is None]
    for i in dealt:
        _remove(game_pool, OPENING_OXYGEN, f"opening oxygen for seat {i}")
        hands[i] = list(OPENING_OXYGEN)
    rest = list(game_pool.elements())
    rng.shuffle(rest)
    for i in dealt:
        if len(rest) < OPENING_DRAW:
            raise ValueError("The stack leaves too few Game cards to deal the opening hands.")
        hands[i] += rest[:OPENING_DRAW]
        rest = rest[OPENING_DRAW:]
    space_rest = list(space_pool.elements())
    rng.shuffle(space_rest)

    table = Table(None, rng)
    table.emit("GameStarted", {
        "seats": seats,
        "two_player": seats == 2,
        "stacked": bool(stack),
        "hands": hands,
        "game_deck": top + rest,
        "game_discard": discard,
        "space_deck": space_top + space_rest,
        "tracks": tracks,
    })
    table.emit("TurnStarted", {"seat": 0})
    table.draw(0)
    return table.events
