"""Reaction windows: whom the game asks, and waits for, before it goes on at a moment of a turn
(docs/rules/zombies-quickplay.md, 'Playing cards and reaction windows').

Rules level 4: a window comes at two moments of a turn (``MOMENTS_NOW``) and asks every seat but
the turn's that has played no Event card this round and holds at least one card -- both public
facts -- all at once (never a seat that resigned); the game goes on once each has played a card or
passed. Which cards a seat holds never changes whom the game asks nor whether it waits. Any seat may also play a card
without a window whenever the game waits on someone and the card allows it
(``cardplay.card_plays``).

Rules level 3 (old logs): a window asked, one after the other, only the seats holding a card they
could play at that moment -- which told every rival who held one. Kept so old logs re-run.
"""
from __future__ import annotations

from .cardplay import plays_of
from .seats_out import is_out
from .state import V4, level

#: Moments of rules level 4 -> when the window comes (the Table method that follows is in
#: ``table.MOMENTS``).
MOMENTS_NOW = {
    "turn_start": "after the turn's tile step, before its combat step, draw and movement roll",
    "combat_roll": "after a lost combat roll the fighter could pay for with bullets or a First Aid Kit, "
                   "before it is paid for",
}
#: Moments only logs of rules level 3 hold.
MOMENTS_OLD = {
    "tile_placed": "after the turn's tile and its zombies were placed, before the combat step",
    "move_roll": "after the draw, before the movement roll",
    "movement_over": "after the movement, before the zombie-move roll",
}


def asked_seats(state) -> list[int]:
    """The seats a window opening now asks, in turn order after the turn's seat (see the module
    docstring; level 3 looks at the hands)."""
    n, turn = state["seats"], state["turn"]
    others = [(turn + i) % n for i in range(1, n) if not is_out(state, (turn + i) % n)]
    if level(state) >= V4:
        return [seat for seat in others if not state["played"][seat] and state["hands"][seat]]
    return [seat for seat in others if not state["played"][seat]
            and any(plays_of(state, seat, card) for card in set(state["hands"][seat]))]

