"""Seats over time as the log records them: the rules the write path, the views and the audit share.

A seat's history is a fold of the server's seat events (``events.table.system``):
``GameCreated`` gives every seat, ``SeatJoined`` fills an open one,
``SeatVacated`` opens it again (its player left before the start),
``SeatTakenOver`` puts a bot in its player's place, ``SeatReclaimed`` gives it
back, ``SeatResigned`` marks it resigned (and, when no rule of the game took
it out, puts the game's takeover bot in). :func:`apply_seat_event` is that one
rule: ``events.commands.seating`` derives the meta hash's seats from it, the views fold
past versions with it, and ``stranded verify`` recomputes the meta's seats with
it and compares every field the log covers (:data:`LOGGED_SEAT_FIELDS`).

The streak of missed deadlines (:func:`count_missed`) is the other rule the
snapshot and ``events.commands.seating`` share.
"""
from __future__ import annotations

#: The fields of a meta seat the log determines (``stranded verify`` compares them all):
#: the rest (``auto_pass``, ``reserved_for``) are a seat's own settings, not in the log.
LOGGED_SEAT_FIELDS = ("name", "bot", "open", "client_seed", "token_sha256", "replaced", "left", "resigned")
#: The server's seat events (``events.table.system``): the only events that change a seat.
SEAT_EVENT_TYPES = frozenset({"SeatJoined", "SeatVacated", "SeatTakenOver", "SeatReclaimed", "SeatResigned"})


def seats_the_create_filled(created: dict) -> set[int]:
    """The seats ``GameCreated`` (its ``data``) gave a token to: neither open nor a bot -- the
    creator's, for as long as it holds them (``events.commands.seating.creator_seats``; the audit
    drops one once it is vacated)."""
    return {i for i, seat in enumerate(created.get("seats") or []) if isinstance(seat, dict)
            and seat.get("token_sha256") and not seat.get("open") and not seat.get("bot")}


def takeover_policy(bots, options: dict) -> str:
    """The bot that plays a seat taken over (or resigned with no rule of its own): the game's
    ``takeover_policy`` option when it names one of ``bots`` (the ruleset's policies), else
    ``strong``, else the first bot in name order."""
    wanted = options.get("takeover_policy")
    if wanted in bots:
        return wanted
    return "strong" if "strong" in bots else min(bots)


def apply_seat_event(spec: dict, kind: str, data: dict, policy: str) -> dict:
    """The seat ``spec`` (a meta seat) after one of its seat events, as a new dict.

    Args:
        spec: the seat before (``{"name", "bot", "open", "client_seed", "token_sha256",
            "replaced", "left", "resigned", ...}``; missing flags read as false).
        kind: ``"SeatJoined"``, ``"SeatVacated"``, ``"SeatTakenOver"``, ``"SeatReclaimed"`` or
            ``"SeatResigned"``
            (anything else leaves the seat as it is).
        data: the event's data.
        policy: the game's takeover bot (:func:`takeover_policy`), for a resignation a bot plays on.
    """
    if kind == "SeatJoined":
        return {**spec, "name": data.get("name"), "open": False, "client_seed": data.get("client_seed"),
                "token_sha256": data.get("token_sha256")}
    if kind == "SeatVacated":       # open again, for anyone: the leaver's token and client seed go
        return {**spec, "name": data.get("name"), "open": True, "client_seed": None, "token_sha256": None,
                "auto_pass": False}
    if kind == "SeatTakenOver":
        return {**spec, "bot": data.get("policy"), "replaced": True, "left": data.get("reason") == "left"}
    if kind == "SeatReclaimed":
        return {**spec, "bot": None, "replaced": False, "left": False}
    if kind == "SeatResigned":
        out = {**spec, "resigned": True}
        if not data.get("by_rule") and not spec.get("bot"):
            out.update(bot=policy, replaced=True)
        return out
    return spec


def seats_from_log(created: dict, events, bots) -> list[dict]:
    """Every seat after ``events`` (``(type, data)`` pairs after ``GameCreated``, in order),
    starting from ``created`` (``GameCreated``'s data): each seat with every field of
    :data:`LOGGED_SEAT_FIELDS`. ``bots``: the ruleset's bot policies."""
    seats = [{"replaced": False, "left": False, "resigned": False, **spec} for spec in created.get("seats") or []]
    policy = takeover_policy(bots, created.get("options") or {})
    for kind, data in events:
        if kind not in SEAT_EVENT_TYPES:            # the game's own events leave every seat as it is
            continue
        seat = data.get("seat") if isinstance(data, dict) else None
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(seats):
            seats[seat] = apply_seat_event(seats[seat], kind, data, policy)
    return seats


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
