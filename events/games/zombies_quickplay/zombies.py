"""Zombie moves as single steps (docs/rules/zombies-quickplay.md, 'Zombie moves').

A zombie being moved is ``zm["current"]`` (``{"at", "path", "steps", "fresh"}``) and is off
``state["zombies"]`` meanwhile, so it may pass through other zombies. A step is
legal when the zombie has steps left under the cap (half the roll, rounded
down), the roll is not used up, the space is not on its path (no crossing a
space twice, so it never ends where it started) and a space free of other
zombies can still be reached with the steps that will remain.

The steps between spaces come from the map's step table (``tiles.step_table``: the rule of
``tiles.neighbours`` computed once per map).
"""
from __future__ import annotations

from functools import lru_cache

from .tiles import parse, step_table


def _budget(zm, steps: int) -> int:
    return min(zm["cap"] - steps, zm["left"])


def _can_end(table, occupied, at: str, path: list[str], budget: int) -> bool:
    if at not in occupied:
        return True
    if budget <= 0:
        return False
    for q in table.get(at, ()):
        if _may_go(table, occupied, q, path, budget - 1):
            return True
    return False


def _may_go(table, occupied, q: str, path: list[str], budget: int) -> bool:
    """Whether a zombie with ``path`` so far may step on to ``q`` and then end free of the
    ``occupied`` spaces with at most ``budget`` more steps."""
    return q not in path and (q not in occupied or _can_end(table, occupied, q, path + [q], budget))


def zombie_steps(state, at: str, path: list[str], steps: int, occupied=None, table=None) -> list[str]:
    """Spaces the zombie at ``at`` (with ``path`` so far and ``steps`` taken) may step to now.

    ``occupied``: the spaces holding other zombies (default: the zombies on the map); ``table``:
    the map's step table (default: ``tiles.step_table`` of the state's map).
    """
    budget = _budget(state["zm"], steps)
    if budget <= 0:
        return []
    occupied = state["zombies"] if occupied is None else occupied
    table = step_table(state["tiles"]) if table is None else table
    return [q for q in table.get(at, ()) if _may_go(table, occupied, q, path, budget - 1)]


def _with_a_step(state, keys, occupied, table):
    """The zombies of ``keys`` (spaces holding one) that have a step (``zombie_steps`` is not
    empty), with their paths and steps so far this turn (``record_of``), one by one in the order
    of ``keys``. ``occupied``: a set.

    A zombie not moved yet this turn (its path is its own space) that may take a step and has a
    space next to it free of the ``occupied`` ones has that step (``_may_go``'s first case), found
    by one set question."""
    zm = state["zm"]
    moved = zm["moved"]
    fresh = _budget(zm, 0) - 1            # what a zombie not moved yet has left after a step
    for k in keys:
        rec = moved.get(k)
        if rec is None:
            if fresh < 0:
                continue
            nexts = table.get(k, ())
            if not occupied.issuperset(nexts):
                yield k
                continue
            path, budget = [k], fresh
        else:
            path, budget = rec["path"], _budget(zm, rec["steps"]) - 1
            if budget < 0:
                continue
            nexts = table.get(k, ())
        for q in nexts:
            if _may_go(table, occupied, q, path, budget):
                yield k
                break


def record_of(state, k: str) -> tuple[list[str], int]:
    """The path and steps so far this turn of the zombie standing at ``k``."""
    rec = state["zm"]["moved"].get(k)
    return (list(rec["path"]), rec["steps"]) if rec else ([k], 0)


def current_can_stop(state) -> bool:
    """Whether the zombie being moved (if any) may stop where it is: it has stepped since it was
    chosen (choosing commits to a step) and no other zombie is there."""
    cur = state["zm"]["current"]
    return cur is None or (cur["fresh"] is False and cur["at"] not in state["zombies"])


def _after_stop(state) -> set[str]:
    """The zombie spaces once the moving zombie stops where it is."""
    cur = state["zm"]["current"]
    occupied = set(state["zombies"])
    if cur:
        occupied.add(cur["at"])
    return occupied


@lru_cache(maxsize=1 << 14)
def reading_order(k: str) -> tuple[int, int]:
    """``(y, x)`` of the space key ``k``: sorting by it sorts spaces in reading order."""
    x, y = parse(k)
    return y, x


def _near_free(table, occupied: set, steps: int) -> set:
    """The ``occupied`` spaces from which a space free of them is at most ``steps`` steps away with
    every space between them occupied: one breadth-first walk from the occupied spaces beside a
    free one, back over occupied spaces (a step leads both ways: ``tiles.neighbours``)."""
    ring = [k for k in occupied if not occupied.issuperset(table.get(k, ()))]
    near = set(ring)
    for _ in range(steps - 1):
        nxt = []
        for v in ring:
            for u in table.get(v, ()):
                if u in occupied and u not in near:
                    near.add(u)
                    nxt.append(u)
        if not nxt:
            break
        ring = nxt
    return near


def choosable(state) -> list[str]:
    """Zombies on the map that could take a step once the moving one stops (only if it may), sorted.

    Those not moved yet this turn are found all at once: a zombie whose path is its own space has
    a step when a free space is near enough (``_near_free``: what ``_may_go`` asks of it, for every
    zombie in one walk); those moved already one by one (``_with_a_step``)."""
    if not current_can_stop(state):
        return []
    zm, zombies = state["zm"], state["zombies"]
    occupied, table = _after_stop(state), step_table(state["tiles"])
    moved = zm["moved"]
    fresh = _budget(zm, 0) - 1
    out = list((_near_free(table, occupied, fresh + 1) & zombies.keys()) - moved.keys()) if fresh >= 0 else []
    if moved:
        out += _with_a_step(state, [k for k in zombies if k in moved], occupied, table)
    out.sort(key=reading_order)
    return out


def can_choose(state, k: str) -> bool:
    """Whether ``k`` is in ``choosable(state)``, asking only about the zombie at ``k``."""
    if k not in state["zombies"] or not current_can_stop(state):
        return False
    return any(True for _ in _with_a_step(state, (k,), _after_stop(state), step_table(state["tiles"])))


def current_steps(state) -> list[str]:
    """Where the zombie being moved may step next (``[]`` if none is being moved)."""
    cur = state["zm"]["current"]
    if cur is None:
        return []
    return zombie_steps(state, cur["at"], cur["path"], cur["steps"])


def any_zombie_step(state) -> bool:
    """Whether any zombie step is possible now (the current zombie's or another's)."""
    if state["zm"]["left"] <= 0 or state["zm"]["cap"] <= 0:
        return False
    if current_steps(state):
        return True
    if not current_can_stop(state):
        return False
    stepping = _with_a_step(state, state["zombies"], _after_stop(state), step_table(state["tiles"]))
    return next(stepping, None) is not None
