"""Checking a stacked deal (``options["stack"]``) against the decks.

Both editions let tests, tutorials and bug reports fix hands and deck tops;
these helpers turn a malformed or impossible stack into a ``ValueError``
with one clear sentence (the service answers 400 ``bad_options``).
"""
from __future__ import annotations


def expand(deck: dict[str, int]) -> list[str]:
    """A deck (kind -> copies) as a list of kinds, unshuffled, in the dict's order."""
    return [k for k, n in deck.items() for _ in range(n)]


def read_stack(options, parts: set[str]) -> dict:
    """The stack object of ``options`` (``{}`` when none), checked for unknown parts.

    Raises ``ValueError`` if the stack is not an object or names a part outside ``parts``.
    """
    stack = (options or {}).get("stack", {})
    if not isinstance(stack, dict):
        raise ValueError("The stack must be an object.")
    unknown = set(stack) - parts
    if unknown:
        raise ValueError(f"The stack has unknown parts: {', '.join(sorted(unknown))}.")
    return stack


def remove(pool: dict[str, int], cards: list, what: str) -> None:
    """Take ``cards`` out of ``pool`` (kind -> copies left); ``what`` names the stack part.

    Raises ``ValueError`` if the pool holds too few of a kind.
    """
    for card in cards:
        if pool[card] <= 0:
            raise ValueError(f"The stack asks for more {card!r} cards than the decks hold ({what}).")
        pool[card] -= 1


def kinds(value, known: dict, what: str) -> list[str]:
    """``value`` as a list of card kinds (``None``: empty), each a key of ``known``.

    Raises ``ValueError`` if it is not a list of strings or names unknown cards.
    """
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise ValueError(f"The stack's {what} must be a list of card kinds.")
    unknown = [c for c in value if c not in known]
    if unknown:
        raise ValueError(f"The stack's {what} names unknown cards: {', '.join(sorted(set(unknown)))}.")
    return list(value)


def per_seat(value, seats: int, what: str) -> list:
    """``value`` (``None`` or a list of at most ``seats`` entries) padded with ``None`` to ``seats``.

    Raises ``ValueError`` for anything else.
    """
    if value is None:
        return [None] * seats
    if not isinstance(value, list) or len(value) > seats:
        raise ValueError(f"The stack's {what} must be a list with at most one entry per seat.")
    return list(value) + [None] * (seats - len(value))


def deal_hands(hands: list, pool: dict[str, int], opening: list[str], extra: int, rng) -> list[str]:
    """Deal every ``None`` hand in place: the ``opening`` cards, then ``extra`` from the shuffled rest.

    ``pool`` holds the Game cards not yet placed by the stack. Returns the rest of the shuffled deck.
    Raises ``ValueError`` if the stack leaves too few cards (rules: 'Setup' of both editions).
    """
    dealt = [i for i, h in enumerate(hands) if h is None]
    for i in dealt:
        remove(pool, opening, f"opening hand for seat {i}")
        hands[i] = list(opening)
    rest = expand(pool)
    rng.shuffle(rest)
    for i in dealt:
        if len(rest) < extra:
            raise ValueError("The stack leaves too few Game cards to deal the opening hands.")
        hands[i] += rest[:extra]
        rest = rest[extra:]
    return rest


def stacked_deal(stack: dict, seats: int, game_deck: dict, board_deck: dict, board: str, goal_name: str,
                 opening: list[str], extra: int, rng, goal: int = 6) -> dict:
    """Deal a game with ``stack`` applied: the ``GameStarted`` fields both editions share.

    ``game_deck``/``board_deck``: kind -> copies of the two decks; ``board``: the board deck's
    name (``"space"``, ``"wasteland"``: the stack part ``"<board>_deck"``); ``goal_name``: what lies
    ``goal`` spaces ahead (a stacked track must stay short of it); ``opening``/``extra``: the fixed
    opening cards and how many more each unstacked seat is dealt. Returns ``{"hands", "game_deck", "game_discard",
    "<board>_deck", "tracks"}`` (deck orders top first). Raises ``ValueError`` for a stack that is
    malformed or asks for cards the decks do not hold.
    """
    game_pool, board_pool = dict(game_deck), dict(board_deck)    # kind -> copies not yet placed
    hands = [None if h is None else kinds(h, game_deck, f"hand {i}")
             for i, h in enumerate(per_seat(stack.get("hands"), seats, "hands"))]
    tracks = [[] if t is None else kinds(t, board_deck, f"track {i}")
              for i, t in enumerate(per_seat(stack.get("tracks"), seats, "tracks"))]
    if any(len(t) >= goal for t in tracks):
        raise ValueError(f"A stacked track must be shorter than the distance to the {goal_name}.")
    top = kinds(stack.get("game_deck"), game_deck, "game deck")
    discard = kinds(stack.get("game_discard"), game_deck, "game discard pile")
    board_top = kinds(stack.get(f"{board}_deck"), board_deck, f"{board} deck")
    for i, h in enumerate(hands):
        if h is not None:
            remove(game_pool, h, f"hand {i}")
    remove(game_pool, top, "game deck")
    remove(game_pool, discard, "game discard pile")
    for i, t in enumerate(tracks):
        remove(board_pool, t, f"track {i}")
    remove(board_pool, board_top, f"{board} deck")
    rest = deal_hands(hands, game_pool, opening, extra, rng)
    board_rest = expand(board_pool)
    rng.shuffle(board_rest)
    return {"hands": hands, "game_deck": top + rest, "game_discard": discard,
            f"{board}_deck": board_top + board_rest, "tracks": tracks}
