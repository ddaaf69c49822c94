"""The streak of missed deadlines per seat: the one rule the snapshot and ``events.seating`` share."""
from __future__ import annotations


def count_missed(missed: dict | None, seat: int | None, cause: str) -> dict:
    """The seats' streaks of missed deadlines after a batch by ``seat`` for ``cause``
    (``{"<seat>": n}``, seats with none absent): a deadline's default adds one to that
    seat's streak; a command the seat sends itself ends it."""
    out = dict(missed or {})
    if seat is not None and cause == "deadline":
        out[str(seat)] = out.get(str(seat), 0) + 1
    elif seat is not None and cause == "seat":
        out.pop(str(seat), None)
    return out
