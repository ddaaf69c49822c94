"""Seats over time as the summary and the views show them: who plays each seat, its clock.

A seat's player may leave, resign or go silent, and a bot may take the seat
over (``events.commands.seating``); each change is a server event in the log
(``SeatTakenOver``, ``SeatReclaimed``, ``SeatResigned``). The summary and
every view list each seat with

* ``bot``: the bot policy playing it now, or null for a human;
* ``replaced_by``: the bot policy playing it *in its player's place* (it
  left, went silent, or resigned in a game without its own resign rule), or
  null -- a seat created as a bot seat is not replaced;
* ``resigned``: its player resigned; ``left``: its player left (and has not
  taken the seat back);

and the game's ``clocks`` (``events.table.clocks``) as ``{"<seat>": {"remaining_s",
"running_since"}}``: seconds left when the clock last started or stopped,
and since when it runs (UTC, ISO 8601; null while stopped): a client shows
``remaining_s - (now - running_since)``. Null for a game without a clock.

Now, the seats come from the meta hash the dispatcher reads (checked
against the log by ``stranded verify``); at a past version (``?at=N``) they are
folded from the nearest checkpoint (``projections.replay``).
"""
from __future__ import annotations

from typing import Any

from events.table import clocks as clock_rules
from events.log.codec import iso
from events.table.meta import GameMeta


def shown_seat(index: int, spec: dict) -> dict:
    """One seat as shown: ``{"seat", "name", "bot", "open", "reserved", "replaced_by", "resigned",
    "left"}`` from a meta seat (or a seat folded from the log, ``projections.replay``, which
    knows no reservation: a seat's own setting, not the log's)."""
    bot = spec.get("bot")
    return {"seat": index, "name": spec.get("name"), "bot": bot, "open": bool(spec.get("open")),
            "reserved": bool(spec.get("open") and spec.get("reserved_for")),
            "replaced_by": bot if spec.get("replaced") and bot else None,
            "resigned": bool(spec.get("resigned")), "left": bool(spec.get("left"))}


def seats_now(meta: GameMeta) -> list[dict]:
    """Every seat of the game now, in seat order (:func:`shown_seat`)."""
    return [shown_seat(i, spec) for i, spec in enumerate(meta.seats)]


def shown_clocks(clocks: dict | None) -> dict | None:
    """The clocks as shown: ``{"<seat>": {"remaining_s": float, "running_since": ISO | None}}``,
    or None for a game without a clock."""
    if clocks is None:
        return None
    return {seat: {"remaining_s": clock["remaining_ms"] / 1000,
                   "running_since": iso(clock["running_since_ms"]) if clock["running_since_ms"] is not None
                   else None}
            for seat, clock in sorted(clocks.items(), key=lambda item: int(item[0]))}


def clocks_now(meta: GameMeta, clocks: dict | None) -> dict | None:
    """The game's clocks now (those of the snapshot, or the full banks of a game that has a
    clock but has not charged it yet), as :func:`shown_clocks` shows them."""
    if clocks is None:
        clocks = clock_rules.start(meta.options, meta.seats)
    return shown_clocks(clocks)


def marked_result(outcome: dict | None, seats: list[dict]) -> dict | None:
    """The outcome with the seats that did not play it to the end themselves marked:
    ``replaced`` (a bot played them in their player's place at the end) and ``resigned``."""
    if outcome is None:
        return None
    return {**outcome, "replaced": [s["seat"] for s in seats if s["replaced_by"]],
            "resigned": [s["seat"] for s in seats if s["resigned"]]}


def clock_deadline_ms(clocks: dict | None, seat: int, kind: str) -> int | None:
    """When ``seat``'s running clock runs out (UTC milliseconds) for a decision of ``kind``, or
    None (no clock, a stopped one, or a kind the clock does not run for: a reaction window)."""
    clock = (clocks or {}).get(str(seat))
    if clock is None or clock["running_since_ms"] is None or kind not in clock_rules.CLOCKED:
        return None
    return clock["running_since_ms"] + clock["remaining_ms"]


__all__: list[Any] = ["clock_deadline_ms", "clocks_now", "marked_result", "seats_now",
                      "shown_clocks", "shown_seat"]
