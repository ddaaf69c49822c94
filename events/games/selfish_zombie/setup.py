"""setup(options, seats, rng) -> the opening events.

``GameStarted`` carries the whole deal: every hand, both deck orders (top
first), any stacked tracks and die rolls; then the first seat's
``TurnStarted`` and its draw. ``options["stack"]`` fixes any part of the deal
(see ``STACK_HELP``); everything not stacked is dealt and shuffled normally.
"""
from __future__ import annotations

from events.games.selfish.stack import read_stack, stacked_deal
from events.games.selfish.versions import first_seat, rules_level

from .cards import DIE_FACES, GAME_DECK, LEVEL, OPENING_DRAW, OPENING_SUPPLIES, SUPPLY_KINDS, WASTELAND_DECK
from .resolve import Table

STACK_HELP = (
    "Stack the deal (tests, tutorials, bug reports): an object with any of "
    "\"hands\" (list per seat: that seat's whole opening hand, or null to deal it), "
    "\"game_deck\" and \"wasteland_deck\" (kinds, top first, dealt before the shuffled rest), "
    "\"game_discard\" (kinds on the Game discard pile, top last), "
    "\"tracks\" (list per seat of Wasteland cards already behind that survivor) and "
    "\"dice\" (die rolls, 0-3, used in order before any random roll). "
    "The game records that it was stacked."
)
PARTS = {"hands", "game_deck", "wasteland_deck", "game_discard", "tracks", "dice"}


def _dice(value) -> list[int]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(
            isinstance(r, int) and not isinstance(r, bool) and r in DIE_FACES for r in value):
        raise ValueError("The stack's dice must be a list of die rolls from 0 to 3.")
    return list(value)


def setup(options, seats, rng):
    """Deal a new game and return its opening events.

    ``options``: the game's options dict or ``None``; only ``options["stack"]`` is read (see
    ``STACK_HELP``). ``seats``: an int, 2 to 5. ``rng``: a ``random.Random`` used to shuffle.
    Unstacked seats get 4 Singles + 1 Double, then 4 cards from the shuffled deck. Returns
    ``[GameStarted, TurnStarted {seat: 0}, CardDrawn ...]``. Raises ``ValueError`` for a bad seat
    count or a malformed or impossible stack (docs/rules/selfish-zombie.md, 'Components').
    """
    if not isinstance(seats, int) or isinstance(seats, bool) or not 2 <= seats <= 5:
        raise ValueError("Selfish: Zombie Edition needs 2 to 5 players.")
    level = rules_level(options, "selfish-zombie", LEVEL)
    stack = read_stack(options, PARTS)
    dice = _dice(stack.get("dice"))
    deal = stacked_deal(stack, seats, GAME_DECK, WASTELAND_DECK, "wasteland", "chopper",
                        OPENING_SUPPLIES, OPENING_DRAW, rng)
    if any(not any(c in SUPPLY_KINDS for c in h) for h in deal["hands"]):
        raise ValueError("A stacked hand must hold at least one Supplies card.")

    started = {"seats": seats, "stacked": bool(stack), **deal, "dice": dice}
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
