"""setup(options, seats, rng) -> the opening events.

``GameStarted`` carries the whole deal: every hand, both deck orders (top
first) and any stacked tracks; then the first seat's ``TurnStarted`` and its
phase-1 draw. ``options["stack"]`` fixes any part of the deal (see
``STACK_HELP``); everything not stacked is dealt and shuffled normally.
"""
from __future__ import annotations

from events.games.selfish.stack import read_stack, stacked_deal
from events.games.selfish.versions import first_seat, rules_level

from .cards import GAME_DECK, LEVEL, OPENING_DRAW, OPENING_OXYGEN, SPACE_DECK
from .resolve import Table

STACK_HELP = (
    "Stack the deal (tests, tutorials, bug reports): an object with any of "
    "\"hands\" (list per seat: that seat's whole opening hand, or null to deal it), "
    "\"game_deck\" and \"space_deck\" (kinds, top first, dealt before the shuffled rest), "
    "\"game_discard\" (kinds on the Game discard pile, top last) and "
    "\"tracks\" (list per seat of Space cards already behind that astronaut). "
    "The game records that it was stacked."
)


def setup(options, seats, rng):
    """Deal a new game and return its opening events.

    ``options``: the game's options dict or ``None``; only ``options["stack"]`` is read (see
    ``STACK_HELP``). ``seats``: an int, 2 to 5. ``rng``: a ``random.Random`` used to shuffle.
    Unstacked seats get 1 Double + 4 Singles, then 4 cards from the shuffled deck. Returns
    ``[GameStarted (the whole deal), TurnStarted {seat: 0}, CardDrawn ...]``: seat 0 starts with
    its phase-1 draw. Raises ``ValueError`` for a bad seat count or a malformed or impossible stack
    (docs/rules/selfish-space.md, 'A turn').
    """
    if not isinstance(seats, int) or isinstance(seats, bool) or not 2 <= seats <= 5:
        raise ValueError("Selfish: Space Edition needs 2 to 5 players.")
    level = rules_level(options, "selfish-space", LEVEL)
    stack = read_stack(options, {"hands", "game_deck", "space_deck", "game_discard", "tracks"})
    deal = stacked_deal(stack, seats, GAME_DECK, SPACE_DECK, "space", "ship", OPENING_OXYGEN, OPENING_DRAW, rng)

    started = {
        "seats": seats,
        "two_player": seats == 2,
        "stacked": bool(stack),
        "hands": deal["hands"],
        "game_deck": deal["game_deck"],
        "game_discard": deal["game_discard"],
        "space_deck": deal["space_deck"],
        "tracks": deal["tracks"],
    }
    first = 0
    if level >= 2:
        first = first_seat(options, seats, rng, stacked=bool(stack))
        started.update(rules=level, first_seat=first)
    elif (options or {}).get("first_seat") not in (None, 0):
        raise ValueError("Rules version 1 always starts with seat 0.")
    table = Table(None, rng)
    table.emit("GameStarted", started)
    table.emit("TurnStarted", {"seat": first})
    table.draw(first)
    return table.events
