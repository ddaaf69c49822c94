"""A player resigning a solitaire (``Ruleset.resign``): the game ends, lost.

One Against the Dead has one seat, so resigning ends the game. It is played
exactly as the ``Concede`` command ends it (``PlayerConceded``: result
``conceded``, the Feel Good points earned so far kept), in any phase and under
every rules version, cut off or not (docs/rules/one-against-the-dead.md,
'Resigning').
"""
from __future__ import annotations


def resign(state, seat, rng):
    """``[PlayerConceded]`` for seat 0 of a running game; ``[]`` before the start, once over, or
    for another seat. Draws nothing from ``rng``."""
    if state is None or seat != 0 or state.get("phase") in (None, "setup", "over"):
        return []
    return [{"type": "PlayerConceded", "data": {"round": max(1, state["round"])}}]
