"""The game state: a plain JSON-able dict, and the questions asked of it.

Shape (lists are indexed by seat)::

    {
      "seats": 3, "rules": 2,    # the rules level (1: logs recorded before levels existed)
      "two_player": False, "stacked": False,
      "hands": [[kind, ...], ...],          # hidden: only views redact them
      "alive": [True, ...],
      "tracks": [[space kind, ...], ...],   # public; position = len(track)
      "game_deck": [...], "game_discard": [...],    # draw piles: top first
      "space_deck": [...], "space_discard": [...],  # discard piles: top last
      "turn": 0,                 # whose turn it is
      "turns": 1,                # turns started so far
      "actions": 0,              # Action cards played this turn (Shield not)
      "swapped": False,          # SwapDouble used this turn
      "window": None | {"seat", "attacker", "card"},        # reaction window
      "choice": None | {"seat", "choice", "target", "then"}, # a pick to make
      "over": False, "winner": None, "reason": None,
      "gambler": None | seat,    # hidden: paid its last Oxygen to travel (never in a view)
    }

``choice["then"]`` is the rest of the move to resolve once the pick is made
(the continuation queue, see ``resolve.py``).
"""
from __future__ import annotations

from events.games.selfish.commands import active_seat  # noqa: F401 (the seat to act, shared)
from events.games.selfish.reactions import copy_window

from .cards import BOARD, NEEDS_TRACK, SUPPLIES, oxygen


def copy_state(state):
    """An independent copy (hand-written: every nested list copied once)."""
    if state is None:
        return None
    s = dict(state)
    s["hands"] = [list(h) for h in state["hands"]]
    s["tracks"] = [list(t) for t in state["tracks"]]
    s["alive"] = list(state["alive"])
    for pile in ("game_deck", "game_discard", "space_deck", "space_discard"):
        s[pile] = list(state[pile])
    s["window"] = copy_window(state["window"])
    if state["choice"] is not None:
        c = dict(state["choice"])
        c["then"] = [dict(op) for op in c["then"]]
        s["choice"] = c
    return s


def position(state, seat: int) -> int:
    """Spaces ``seat`` has travelled: its track length, 0 (start) to ``SHIP`` (6)
    (docs/rules/selfish-space.md, 'The board').
    """
    return BOARD.position(state, seat)


def flared(state, seat: int) -> bool:
    """Under a Solar Flare: the card directly behind the astronaut is one."""
    track = state["tracks"][seat]
    return bool(track) and track[-1] == "solar_flare"


def oxygen_of(state, seat: int) -> int:
    """Oxygen units in ``seat``'s hand: Singles 1, Doubles 2 (docs/rules/selfish-space.md,
    'Components').
    """
    return oxygen(state["hands"][seat])


#: ``singles_available(state)``: Singles that a Double could be swapped for (discard pile + draw
#: pile); ``Supplies.singles_available`` itself, no wrapper call.
singles_available = SUPPLIES.singles_available

#: ``two_singles_available(state)``: ``singles_available(state) >= 2``, reading the face-up discard
#: pile first and the hidden draw pile only whole (``Supplies.two_singles``).
two_singles_available = SUPPLIES.two_singles

#: ``can_split(state, seat)``: whether ``seat`` holds a Double and two Singles can be had for it
#: (discard + draw pile), ignoring the once-per-turn limit on ``SwapDouble``
#: (docs/rules/selfish-space.md, 'A turn': Phase 2); ``Supplies.can_split`` itself.
can_split = SUPPLIES.can_split


def next_alive(state, seat: int) -> int | None:
    """The next living seat after ``seat`` in seat order, wrapping (``seat`` itself last).

    ``None`` when everyone is dead (docs/rules/selfish-space.md, 'A turn').
    """
    n = state["seats"]
    for step in range(1, n + 1):
        s = (seat + step) % n
        if state["alive"][s]:
            return s
    return None


def target_seats(state, seat: int) -> tuple[list[int], list[int]]:
    """The seats ``seat`` may target: ``(every other living astronaut, those of them off the
    starting space)``; the second is for ``NEEDS_TRACK`` cards (Laser Blast, Tether)
    (docs/rules/selfish-space.md, 'The cards': Targets)."""
    anyone, off_start = [], []
    alive, tracks = state["alive"], state["tracks"]
    for other in range(len(alive)):
        if alive[other] and other != seat:
            anyone.append(other)
            if tracks[other]:
                off_start.append(other)
    return anyone, off_start


def targets(state, seat: int, card: str) -> list[int]:
    """Seats ``card`` may be played on by ``seat``: every other living astronaut, but for
    ``NEEDS_TRACK`` cards (Laser Blast, Tether) only those off the starting space
    (docs/rules/selfish-space.md, 'The cards': Targets)."""
    anyone, off_start = target_seats(state, seat)
    return off_start if card in NEEDS_TRACK else anyone


def at_ship(state, seat: int) -> bool:
    """Whether ``seat``'s astronaut has reached the ship: ``SHIP`` (6) cards behind it
    (docs/rules/selfish-space.md, 'The board').
    """
    return BOARD.at_goal(state, seat)
