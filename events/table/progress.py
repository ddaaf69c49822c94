"""What a batch does to a game beyond its rules: the state it leaves, the end of the game, the clocks
and the streaks of missed deadlines. Pure; the repository (``events.log.repository``) calls it before
it encodes and stores anything, and again to fold a log's batches when it loads a game.

* **The end of a game**: once ``Ruleset.outcome`` has a result, the game is finished (meta status
  and result) and the batch ends with ``SeedRevealed`` -- the seed, the audit key and the secret
  options, so anyone can re-run and check the game (``docs/audit.md``).
* **Clocks** (``events.table.clocks``) are charged with the time a seat used, and **streaks**
  (``events.table.seats.count_missed``) count the deadlines a seat missed in a row.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from events.games.contract import Ruleset
from events.table import clocks
from events.table.meta import SECRET_OPTIONS, GameMeta
from events.table.seats import count_missed
from events.table.system import SYSTEM_EVENTS


@dataclass
class Progress:
    """A game as one batch leaves it.

    Attributes:
        events: the batch's events, ``SeedRevealed`` added when the game ended with it.
        state: the game's state after them (``None`` before setup).
        meta: the meta after them (a copy when the game ended, else the one given).
        ended: the batch ended the game (the meta's status and result changed).
        clocks: the seats' time banks after the batch (``events.table.clocks``).
        missed: each seat's streak of missed deadlines, by seat as a string.
    """

    events: list[dict]
    state: Any
    meta: GameMeta
    ended: bool
    clocks: dict | None
    missed: dict


def seed_revealed(meta: GameMeta) -> dict:
    """The ``SeedRevealed`` event that ends a game of ``meta`` (finished, or cancelled before the start):
    the server seed, the audit key (None on proofs 1) and the secret options."""
    return {"type": "SeedRevealed", "data": {
        "seed": meta.seed, "audit_key": meta.audit_key or None,
        "options": {k: meta.options[k] for k in SECRET_OPTIONS if k in meta.options}}}


def after_batch(ruleset: Ruleset, meta: GameMeta, state: Any, timed: dict | None, missed: dict | None,
                events: list[dict], *, seat: int | None, cause: str, ts_ms: int, evolved: Any = None) -> Progress:
    """The :class:`Progress` of ``events`` (``[{"type", "data"}]``) decided for ``seat`` (``None``:
    the server) because of ``cause`` at ``ts_ms`` (UTC milliseconds), on a game at ``state`` with
    clocks ``timed`` and streaks ``missed``. ``evolved``: the state after ``events`` when the caller
    has it already (``Ruleset.decide_and_evolve``). Neither ``state`` nor ``meta`` is changed."""
    if evolved is not None:
        state = evolved
    else:
        if state is not None and events:
            state = ruleset.copy_state(state)
        for event in events:
            if event["type"] not in SYSTEM_EVENTS:
                state = ruleset.evolve(state, event)
    ended = False
    if meta.status == "active" and state is not None:
        outcome = ruleset.outcome(state)
        if outcome is not None:
            meta, ended = meta.copy(), True
            meta.status, meta.result = "finished", outcome
            events = events + [seed_revealed(meta)]
    base = timed if timed is not None else clocks.start(meta.options, meta.seats)
    return Progress(events, state, meta, ended, clocks.advance(base, meta.options, ruleset, state, ts_ms, seat, cause),
                    count_missed(missed, seat, cause))


def fold_batches(ruleset: Ruleset, meta: GameMeta, batches: Iterable[tuple[int, list]], state: Any = None,
                 timed: dict | None = None, missed: dict | None = None) -> tuple[Any, dict | None, dict]:
    """``(state, clocks, missed)`` after ``batches``: ``(ts_ms, envelopes)`` of whole batches in order
    (``envelopes``: objects with ``type``, ``data``, ``seat`` and ``cause``, the log's decoded
    events), starting from a snapshot's ``state``, ``timed`` and ``missed`` (or the game's start).
    ``state`` is copied before it is folded into."""
    state = ruleset.copy_state(state) if state is not None else None
    timed = timed if timed is not None else clocks.start(meta.options, meta.seats)
    missed = dict(missed or {})
    for ts_ms, batch in batches:
        for env in batch:
            if env.type not in SYSTEM_EVENTS:
                state = ruleset.evolve(state, {"type": env.type, "data": env.data})
        first = batch[0]
        cause = first.cause or "seat"
        timed = clocks.advance(timed, meta.options, ruleset, state, ts_ms, first.seat, cause)
        missed = count_missed(missed, first.seat, cause)
    return state, timed, missed
