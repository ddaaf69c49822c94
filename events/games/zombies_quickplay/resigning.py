"""A player resigning (``Ruleset.resign``; docs/rules/zombies-quickplay.md, 'Resigning').

The player is out: its pawn leaves the map, its hand and its items in play go
face up to the Event discard pile (like every discard of this game), and it
keeps its kill pile (its score). It never takes a turn again, is never asked
in a reaction window, never bids, picks or moves a pawn for a card, is no
card's target, and cannot win. What waited on it closes: it leaves the
window's queue, the Helipad bidding (its bid withdrawn), a card's picks it was
making or that moved its pawn; a Helipad it bought is placed by the player
whose turn it is, a Brain Cramp it played lets its victim move itself. If it
was its turn, the turn ends at once: a drawn tile not yet placed goes back on
top of the tile stack, and the turn passes. When one player is left, it wins
(result ``last_player``): Zombies!!! is a race between players, and with no
rival left the race is over.
"""
from __future__ import annotations

from .seats_out import in_play, is_out
from .state import copy_state
from .table import Table

#: The result of a game whose rivals all resigned.
RESULT = "last_player"


def resign(state, seat, rng):
    """The events of ``seat`` resigning (``Ruleset.resign``): ``PlayerResigned``, then ``GameWon``
    for the last player left, else the turn passing if it was the seat's, else the game going on
    with what waited on the seat closed (a window with nobody left to answer closes, the bidding
    may end). ``[]`` before the start, once over, or for a seat out already. ``state`` is not
    modified."""
    if state is None or state["over"] or not isinstance(seat, int) or not 0 <= seat < state["seats"] \
            or is_out(state, seat):
        return []
    t = Table(copy_state(state), rng)
    s = t.s
    own = seat == s["turn"]
    t.emit("PlayerResigned", {"seat": seat, "cards": list(s["hands"][seat]), "items": list(s["items"][seat])})
    left = in_play(t.s)
    if len(left) == 1:
        t.emit("GameWon", {"seat": left[0], "result": RESULT})
    elif own:
        t.end_turn()
    else:
        if t.s["auction"] is not None and t.s["phase"] == "auction":
            t.settle_auction()
        t.settle()
    return t.events
