"""What both Selfish editions' ``expert`` bots share (``events.games.search``): they search whole
turns, play each out for ``DEPTH`` turns, then judge it with the edition's value."""
from __future__ import annotations

from events.games.search import Expert, Searcher

from .commands import active_seat

#: Turns a playout plays: the rest of the seat's, the next seat's, and one more; then the value.
DEPTH = 3


def stop(state, seat: int, root: dict) -> bool:
    """Cut a playout once ``DEPTH`` turns have started since the root view's."""
    return state["turns"] >= root["turn_number"] + DEPTH


def searched(view: dict, legal: list) -> bool:
    """Search whole-turn decisions; reactions and picks follow the prior (``strong``)."""
    return view["phase"] == "turn"


def selfish_expert(rules: dict, sample, value, strong, playout) -> Expert:
    """An edition's ``expert``: ``rules`` holds its ``decide`` (in place), ``legal_commands``,
    ``view``, ``outcome`` and ``copy``; ``sample(view, rng)`` its imagined states; ``value(state,
    seat)`` the worth of a cut-short playout; ``strong`` the prior, ``playout`` every seat's policy."""
    return Expert(Searcher(acting_seat=active_seat, sample=sample, prior=strong, playout=playout,
                           searched=searched, value=value, stop=stop, horizon=400, playouts_per_ms=0.5, **rules))
