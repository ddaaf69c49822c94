"""The choices an event card leaves a seat to make, one space at a time: Zombie Master's and
This Is Not Going So Bad's zombies, a push's steps (docs/rules/zombies-quickplay.md, 'Event cards').
"""
from __future__ import annotations

from .state import any_zombie_free_space, passable, steps_from, zombie_free_spaces
from .tiles import parse
from .zombies import reading_order


def choice_spaces(state) -> list[str]:
    """The spaces the seat making a choice may pick now."""
    c = state["choice"]
    if c["kind"] == "zombie_master":
        return zombie_free_spaces(state, exclude_pawns=True) if state["pool"] > 0 else []
    if c["kind"] == "so_bad":
        if c["picked"] is None:
            return sorted(state["zombies"], key=reading_order)
        return [k for k in zombie_free_spaces(state, exclude_pawns=False) if k != c["picked"]]
    # push: one step of the target's pawn
    return steps_from(state, state["pawns"][c["target"]])


def has_choice_space(state) -> bool:
    """Whether ``choice_spaces(state)`` lists any space, without listing Zombie Master's."""
    c = state["choice"]
    if c["kind"] == "zombie_master":
        return state["pool"] > 0 and any_zombie_free_space(state, exclude_pawns=True)
    if c["kind"] == "so_bad" and c["picked"] is None:
        return bool(state["zombies"])
    return bool(choice_spaces(state))


def is_choice_space(state, k: str) -> bool:
    """Whether ``k in choice_spaces(state)``, asking only about ``k`` (``k``: a key ``"x,y"``; the
    spaces of ``zombie_free_spaces`` are those of the map that are ``passable``)."""
    c = state["choice"]
    if c["kind"] == "zombie_master":
        return state["pool"] > 0 and k not in state["zombies"] and k not in state["pawns"] and \
            passable(state, *parse(k))
    if c["kind"] == "so_bad":
        if c["picked"] is None:
            return k in state["zombies"]
        return k != c["picked"] and k not in state["zombies"] and passable(state, *parse(k))
    return k in steps_from(state, state["pawns"][c["target"]])


def pick_space(t, seat: int, k: str) -> None:
    """Resolve an accepted ``PickSpace``; closes the choice when it is complete."""
    s = t.s
    c = s["choice"]
    x, y = parse(k)
    if c["kind"] == "push":
        target = c["target"]
        t.emit("PawnMoved", {"seat": target, "x": x, "y": y, "how": "push"})
        stop = k in s["zombies"] and s["fx"]["food"] is None
        t.take_token(target)
        if t.check_win(target):
            return
        if stop or s["choice"]["left"] <= 0:
            close_choice(t)
        return
    t.emit("SpacePicked", {"seat": seat, "x": x, "y": y})
    if s["choice"]["left"] <= 0 or (s["choice"]["picked"] is None and not has_choice_space(s)):
        close_choice(t)


def close_choice(t) -> None:
    """End the choice; a turn waiting on it goes on."""
    t.emit("ChoiceClosed", {})
    if t.s["phase"] == "zombies":
        t.settle_zombies()
