"""Zombie moves as single steps (docs/rules/zombies-quickplay.md, 'Zombie moves').

A zombie being moved is ``zm["current"]`` (``{"at", "path", "steps", "fresh"}``) and is off
``state["zombies"]`` meanwhile, so it may pass through other zombies. A step is
legal when the zombie has steps left under the cap (half the roll, rounded
down), the roll is not used up, the space is not on its path (no crossing a
space twice, so it never ends where it started) and a space free of other
zombies can still be reached with the steps that will remain.
"""
from __future__ import annotations

from .state import steps_from


def _budget(zm, steps: int) -> int:
    return min(zm["cap"] - steps, zm["left"])


def _can_end(state, occupied, at: str, path: list[str], budget: int) -> bool:
    if at not in occupied:
        return True
    if budget <= 0:
        return False
    return any(_can_end(state, occupied, q, path + [q], budget - 1) for q in steps_from(state, at) if q not in path)


def zombie_steps(state, at: str, path: list[str], steps: int, occupied=None) -> list[str]:
    """Spaces the zombie at ``at`` (with ``path`` so far and ``steps`` taken) may step to now.

    ``occupied``: the spaces holding other zombies (default: the zombies on the map).
    """
    zm = state["zm"]
    budget = _budget(zm, steps)
    if budget <= 0:
        return []
    occupied = state["zombies"] if occupied is None else occupied
    return [q for q in steps_from(state, at)
            if q not in path and _can_end(state, occupied, q, path + [q], budget - 1)]


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


def choosable(state) -> list[str]:
    """Zombies on the map that could take a step once the moving one stops (only if it may), sorted."""
    if not current_can_stop(state):
        return []
    occupied = _after_stop(state)
    out = [k for k in state["zombies"] if zombie_steps(state, k, *record_of(state, k), occupied=occupied)]
    return sorted(out, key=lambda k: tuple(int(v) for v in k.split(","))[::-1])


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
    return any(zombie_steps(state, k, *record_of(state, k), occupied=occupied) for k in state["zombies"])
