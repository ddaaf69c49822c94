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


def _may_step(state, k: str, occupied, table) -> bool:
    """Whether the zombie standing at ``k`` has a step (``zombie_steps`` is not empty), with its
    path and steps so far this turn (``record_of``). ``occupied``: a set.

    A zombie not moved yet this turn (its path is its own space) that may take a step and has a
    space next to it free of the ``occupied`` ones has that step (``_may_go``'s first case), found
    by one set question."""
    zm = state["zm"]
    rec = zm["moved"].get(k)
    if rec is None:
        budget = _budget(zm, 0) - 1
        if budget < 0:
            return False
        if not occupied.issuperset(table.get(k, ())):
            return True
        path = [k]
    else:
        path, budget = rec["path"], _budget(zm, rec["steps"]) - 1
        if budget < 0:
            return False
    for q in table.get(k, ()):
        if _may_go(table, occupied, q, path, budget):
            return True
    return False


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
    return set(state["zombies"]) | ({cur["at"]} if cur else set())


def _reading_order(k: str) -> tuple[int, int]:
    x, y = parse(k)
    return y, x


def choosable(state) -> list[str]:
    """Zombies on the map that could take a step once the moving one stops (only if it may), sorted."""
    if not current_can_stop(state):
        return []
    occupied = _after_stop(state)
    table = step_table(state["tiles"])
    out = [k for k in state["zombies"] if _may_step(state, k, occupied, table)]
    return sorted(out, key=_reading_order)


def can_choose(state, k: str) -> bool:
    """Whether ``k`` is in ``choosable(state)``, asking only about the zombie at ``k``."""
    if k not in state["zombies"] or not current_can_stop(state):
        return False
    return _may_step(state, k, _after_stop(state), step_table(state["tiles"]))


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
    occupied = _after_stop(state)
    table = step_table(state["tiles"])
    return any(_may_step(state, k, occupied, table) for k in state["zombies"])
