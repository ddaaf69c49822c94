"""Who has resigned, and the ``PlayerResigned`` evolve handler (the rule is in ``resigning``;
docs/rules/zombies-quickplay.md, 'Resigning').

The state records the seats out in ``state["out"]`` (booleans by seat), added
by the first resignation: older logs never hold ``PlayerResigned`` and fold as
they always did.
"""
from __future__ import annotations


def is_out(state, seat: int) -> bool:
    """Whether ``seat`` has resigned (``False`` for states folded before any resignation)."""
    out = state.get("out") if state else None
    return bool(out) and bool(out[seat])


def out_flags(state) -> list[bool]:
    """One boolean per seat: who has resigned."""
    return list(state.get("out") or [False] * state["seats"])


def in_play(state) -> list[int]:
    """The seats that have not resigned, in seat order."""
    return [seat for seat in range(state["seats"]) if not is_out(state, seat)]


def next_bidder(a: dict, seat: int) -> int:
    """The seat after ``seat`` in the Helipad auction ``a``'s order that has not passed
    (``seat`` itself when every other has)."""
    order = a["order"]
    i = order.index(seat)
    for step in range(1, len(order) + 1):
        cand = order[(i + step) % len(order)]
        if cand not in a["passed"]:
            return cand
    return seat


def _leave_auction(a: dict, seat: int) -> None:
    if seat not in a["order"]:
        return
    if seat not in a["passed"]:
        a["passed"].append(seat)
    if a["leader"] == seat:
        a["leader"], a["high"] = None, 0
    if a["next"] == seat:
        a["next"] = next_bidder(a, seat)


def _drop_choice(s) -> None:
    """The open card choice closes; a zombie This Isn't So Bad had lifted goes back where it was."""
    c = s["choice"]
    if c is not None and c.get("kind") == "so_bad" and c.get("picked"):
        s["zombies"][c["picked"]] = 1
    s["choice"] = None


def _end_own_turn(s) -> None:
    """Everything under way in the resigning player's own turn stops (the turn passes next)."""
    if s["drawn"] is not None:
        s["tile_deck"].insert(0, s["drawn"])
    s.update(drawn=None, spot=None, to_place=0, auction=None, window=None, combat=None, move=None)
    _drop_choice(s)
    zm = s["zm"]
    if zm is not None and zm.get("current"):
        # a zombie in the middle of a step (maybe passing over another) stops on the last free space
        # of its path, or goes back to the box if there is none
        path = zm["current"]["path"]
        spot = next((k for k in reversed(path) if k not in s["zombies"]), None)
        if spot is None:
            s["pool"] += 1
        else:
            s["zombies"][spot] = 1
        zm["current"] = None
    s["zm"] = None


def player_resigned(s, d):
    """Evolve ``PlayerResigned``: ``seat`` is out (see the module docstring). Total: a malformed
    event changes nothing."""
    try:
        seat = d["seat"]
        flags = out_flags(s)
        flags[seat] = True
        s["out"] = flags                    # a new list: copies of the state never share it
        s["discard"].extend(s["hands"][seat])
        s["discard"].extend(s["items"][seat])
        s["hands"][seat], s["items"][seat] = [], []
        s["pawns"][seat] = None
        fx = s["fx"]
        fx["shotgun"][seat] = 0
        for flag in ("adrenaline", "shoe", "fear", "claustro", "paralysed"):
            fx[flag][seat] = False
        fx["cramp"] = [None if by == seat else by for by in fx["cramp"]]
        fx["cramp"][seat] = None
        for effect in ("food", "marbles"):
            if fx[effect] is not None and fx[effect].get("seat") == seat:
                fx[effect] = None
        if seat == s["turn"]:
            _end_own_turn(s)
            return s
        w, c, a, m = s["window"], s["choice"], s["auction"], s["move"]
        if w is not None and seat in w["queue"]:
            w["queue"] = [q for q in w["queue"] if q != seat]
        if c is not None and seat in (c.get("seat"), c.get("target")):
            _drop_choice(s)
        if a is not None:
            _leave_auction(a, seat)
        if s["placer"] == seat:
            s["placer"] = s["turn"]
        if m is not None and m.get("mover") == seat:
            m["mover"] = s["turn"]
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        pass
    return s
