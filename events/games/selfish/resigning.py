"""A player resigning, as both Selfish editions play it (``Ruleset.resign``).

The resigning seat is out: alive no more, its hand face up on the Game
discard pile (as at a death), never asked again, never a winner, never a
target. Whatever waited on it closes without effect: a reaction window it had
to answer or had opened, a pick it had to make or that was about its hand.
If it was its turn, everything pending closes and the turn passes; otherwise
the move that waited on it goes on. With nobody left alive the game ends as
when the last player dies (docs/rules/selfish-space.md and
docs/rules/selfish-zombie.md, 'Resigning').

The state records the seats out in ``state["resigned"]`` (a list of booleans
by seat), added by the first resignation: logs from before resigning existed
never have it, and fold as they always did.
"""
from __future__ import annotations

from events.games import schema as S

from .published import Edition, cards, per_seat, seat


def is_out(state, seat: int) -> bool:
    """Whether ``seat`` has resigned (``False`` for states folded before any resignation)."""
    out = state.get("resigned") if state else None
    return bool(out and out[seat])


def resigned_flags(state) -> list[bool]:
    """One boolean per seat: who has resigned (all ``False`` before any resignation)."""
    return list(state.get("resigned") or [False] * state["seats"])


def seat_resigned(s, d):
    """Evolve ``AstronautResigned`` / ``SurvivorResigned``: the seat is out and no longer alive,
    its hand goes to the Game discard pile; the reaction window and the pick close if it was its
    turn or they involve it (as answerer, player, picker or the hand picked from)."""
    seat = d["seat"]
    s["alive"][seat] = False
    s["game_discard"].extend(s["hands"][seat])
    s["hands"][seat] = []
    flags = resigned_flags(s)
    flags[seat] = True
    s["resigned"] = flags           # a new list: copies of the state never share it
    own_turn = seat == s["turn"]
    w, c = s["window"], s["choice"]
    if w is not None and (own_turn or seat in (w.get("seat"), w.get("attacker"))):
        s["window"] = None
    if c is not None and (own_turn or seat in (c.get("seat"), c.get("target"))):
        s["choice"] = None
    return s


def resign_on(table, seat: int, event_type: str) -> None:
    """Emit ``seat``'s resignation on ``table`` (a ``selfish.table.Table`` on a copy of the
    state) and what follows it: the game ends if nobody is left alive; else the turn passes if it
    was the seat's; else the move that waited on the seat goes on. Nothing for a game not
    started or over, or a seat already out."""
    s = table.s
    if s is None or s["over"] or not 0 <= seat < s["seats"] or is_out(s, seat):
        return
    w, c, turn = s["window"], s["choice"], s["turn"]
    then = []
    if seat != turn:
        if w is not None and seat in (w.get("seat"), w.get("attacker")):
            then = w.get("then", [])
        elif c is not None and seat in (c.get("seat"), c.get("target")):
            then = c.get("then", [])
    table.emit(event_type, {"seat": seat, "cards": list(s["hands"][seat])})
    if not any(s["alive"]):
        table.emit("GameEnded", {"winner": None, "reason": table.NOBODY_LEFT})
    elif seat == turn:
        table.queue = []
        table.end_turn()
    else:
        table.queue = [dict(op) for op in then]
        table.run()


def make_resign(table_class, copy_state, event_type: str):
    """The edition's ``resign(state, seat, rng) -> events`` (``Ruleset.resign``): resolves on a
    copy of the state with ``table_class``; ``state`` is not modified."""
    def resign(state, seat, rng):
        """The events of ``seat`` resigning (``[]`` if the game is not running or the seat is out)."""
        if state is None:
            return []
        table = table_class(copy_state(state), rng)
        resign_on(table, seat, event_type)
        return table.events
    return resign


def resigned_event(ed: Edition, who: str) -> dict:
    """The spec of an edition's resignation event (``who``: "astronaut", "survivor")."""
    return S.event(
        f"A player resigned: its {who} is out of the game (never asked again, never a winner, never a target) "
        "and its hand goes face up to the Game discard pile.",
        S.obj("The resignation.", {"seat": seat("Who resigned."),
                                   "cards": cards(ed, "The hand it held, now on the discard pile.")}),
        "{seat:seat} is out of the game, the hand face up on the discard pile.")


def resigned_view(description: str) -> dict:
    """The view's ``resigned`` field: one boolean per seat."""
    return per_seat(S.boolean(description), "Who has resigned.")
