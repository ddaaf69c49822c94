"""Chess clocks for the seats: a time bank per human seat, Fischer style.

With the option ``clock: {"initial_s": number, "increment_s": number}`` every
human seat starts with ``initial_s`` seconds. A seat's clock runs only while
the game waits on it for a turn or a choice (reaction windows keep their own
short timeout and do not touch the clock), and gains ``increment_s`` after
each command the seat sends itself. When a seat's time runs out, its deadline
has passed: the server sends the decision's default for it (``cause``
``"deadline"``), which counts as a missed deadline like any other.

The clocks are a projection of the log: each batch's time (its header) minus
the previous batch's time is charged to every human seat the game was waiting
on in between. The repository keeps them in the snapshot; ``advance`` is the
one rule both use.

Shape: ``{"<seat>": {"remaining_ms": int, "running_since_ms": int | null}}``,
one entry per seat a person was given at the start; ``None`` for a game
without the option.

A clock belongs to the seat, not to whoever plays it now: while a bot plays a
seat it took over, the seat's clock runs as it would for the person (the bot
answers at once, so it costs little) and a person who reclaims the seat gets
what is left. So the clocks depend only on the log's batches and the seats as
they were created, which is what an auditor recomputes them from.
"""
from __future__ import annotations

from typing import Any

from events.games.contract import Ruleset

#: Decision kinds the clock runs for (a reaction window has its own timeout).
CLOCKED = ("turn", "choice")


def start(options: dict, seats: list[dict]) -> dict | None:
    """The clocks at the start of a game: every human seat's full bank, none running
    (``None`` when the game has no ``clock`` option)."""
    clock = options.get("clock")
    if not clock:
        return None
    initial = int(float(clock["initial_s"]) * 1000)
    return {str(i): {"remaining_ms": initial, "running_since_ms": None}
            for i, seat in enumerate(seats) if _created_human(seat)}


def _created_human(seat: dict) -> bool:
    """Whether a person was given the seat when the game was created: it has no bot, or
    its bot only took it over (``replaced``)."""
    return not seat.get("bot") or bool(seat.get("replaced"))


def advance(clocks: dict | None, options: dict, ruleset: Ruleset, state_after: Any,
            now_ms: int, acting_seat: int | None, cause: str) -> dict | None:
    """The clocks after a batch written at ``now_ms`` by ``acting_seat`` for ``cause``.

    Every running clock is charged the time since it started; the acting seat
    gains the increment when it sent the command itself (``cause == "seat"``);
    then the clock of every seat that has one and the game now waits on for a turn or a
    choice starts running. ``clocks`` is not modified.
    """
    if clocks is None:
        return None
    increment = int(float(options["clock"].get("increment_s", 0)) * 1000)
    out = {}
    for seat, clock in clocks.items():
        remaining = clock["remaining_ms"]
        if clock["running_since_ms"] is not None:
            remaining = max(0, remaining - (now_ms - clock["running_since_ms"]))
        if cause == "seat" and acting_seat is not None and str(acting_seat) == seat:
            remaining += increment
        out[seat] = {"remaining_ms": remaining, "running_since_ms": None}
    if state_after is not None and ruleset.outcome(state_after) is None:
        for decision in ruleset.pending(state_after):
            entry = out.get(str(decision.seat))
            if entry is not None and decision.kind in CLOCKED:
                entry["running_since_ms"] = now_ms
    return out


def seconds_left(clocks: dict | None, seat: int, now_ms: int) -> float | None:
    """The seconds ``seat`` has left at ``now_ms`` (its running clock charged), or None
    when the seat has no clock."""
    if clocks is None or str(seat) not in clocks:
        return None
    clock = clocks[str(seat)]
    remaining = clock["remaining_ms"]
    if clock["running_since_ms"] is not None:
        remaining -= now_ms - clock["running_since_ms"]
    return max(0.0, remaining / 1000)


def from_log(ruleset: Ruleset, options: dict, seats: list[dict], batches) -> dict | None:
    """The clocks after a whole log, recomputed batch by batch: ``batches`` yields
    ``(state_after, ts_ms, seat, cause)`` for every batch in order (``rebuild`` and
    ``verify`` use it to check the snapshot's copy). Pass it lazily (a generator such
    as ``events.table.progress.fold_batches``): a game's ``evolve`` may change a state in
    place, so a list of the states would hold the last one many times."""
    clocks = start(options, seats)
    for state_after, ts_ms, seat, cause in batches:
        clocks = advance(clocks, options, ruleset, state_after, ts_ms, seat, cause)
    return clocks
