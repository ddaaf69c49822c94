"""One loop for every write to a game: load -> decide -> save, retried on a lost race, then published.

Every use case that writes to an existing game -- a seat's command (``events.commands.handling.execute``),
a join, a seat change (``events.commands.seating``), a bot's or a deadline's move -- is a ``decide``
function handed to :func:`transact`, which owns what they share:

* **loading** through the repository (``events.log.repository.GameRepository``), from this process's
  cache when the caller allows it (the conditional append finds out if it was stale);
* **idempotency**: a key already used returns the first result (``duplicate``) and writes nothing;
  the same key with another command is RuleViolation ``idempotency_key_reused`` (422);
* **concurrency**: a lost race is decided again against the new state, up to :data:`MAX_RETRIES`
  times, unless the caller named the version it expected (``strict``): then it is the caller's 409;
* **after the commit**: the repository's ``on_commit`` (the dispatcher's ``after_append``: index,
  bot and deadline jobs, the final verdict) runs once for each batch written, here and nowhere else.

A game's first batch has no game to load: :func:`commit` saves it and publishes it the same way.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable

from events.commands import metrics
from events.games.contract import RuleViolation
from events.log.repository import CommandResult, Game, GameRepository, check_tag
from events.log.store import ConcurrencyError
from events.table.meta import GameMeta

#: How many times a write is decided again after losing a race to another writer.
MAX_RETRIES = 20


@dataclass
class Batch:
    """What a decision wants appended: one batch of events.

    Attributes:
        events: ``[{"type", "data"}]`` in order (the rules' and the server's own).
        command: the command recorded on the batch's first event (``{"type", ...}``).
        seat: the seat the batch acts for, ``None`` for the server.
        cause: ``"seat"``, ``"bot"``, ``"deadline"`` or ``"system"``.
        meta: the game's meta as the batch leaves it, written whole; ``None`` when the batch
            changes no meta field (the status and result of an ending game are written anyway).
        evolved: the state after ``events`` when the decision already has it
            (``Ruleset.decide_and_evolve``), so it is not evolved twice.
    """

    events: list[dict]
    command: dict
    seat: int | None
    cause: str
    meta: GameMeta | None = None
    evolved: Any = None


def transact(repo: GameRepository, game_id: str, decide: Callable[[Game, Any], Batch], *,
             seat: int | None | Callable[[GameMeta], int] = None, idempotency_key: str | None = None,
             idempotency_tag: str = "", cached: bool = False, strict: bool = False,
             from_bot: bool = False) -> CommandResult:
    """Load ``game_id``, ``decide(game, acting_seat) -> Batch``, save the batch; retry a lost race.

    Args:
        seat: the acting seat (int or ``None``), or ``seat(meta) -> int``, which authenticates the
            caller against the meta this loop loads anyway (it may raise); its answer is passed to
            ``decide`` and names the seat of an idempotent replay.
        idempotency_key: already scoped to the caller (``"<scope>:<key>"``); a key the store
            holds returns that batch's result (``duplicate: true``) and writes nothing.
        idempotency_tag: what the key is bound to (a hash of the command); another tag is
            RuleViolation ``idempotency_key_reused``.
        cached: decide against this process's last copy of the game when it has one; a
            rejection or a lost race against a cached copy is checked again against Redis.
        strict: the caller named the version it expected: a lost race is its ConcurrencyError
            (409) rather than decided again.
        from_bot: the batch is a bot job's, which plays on itself: no new bot job is enqueued.

    Raises what ``decide`` raises (RuleViolation, MalformedCommand, ...), ``GameNotFound``,
    ``DamagedLog``, and ConcurrencyError after :data:`MAX_RETRIES` lost races (or at once with
    ``strict``). Nothing is written when it raises.
    """
    for _ in range(MAX_RETRIES):
        game, seen = repo.get_for(game_id, idempotency_key, cached=cached and idempotency_key is None)
        acting = seat(game.meta) if callable(seat) else seat
        if seen is not None:
            check_tag(seen.tag, idempotency_tag)
            metrics.IDEMPOTENT_REPLAYS.inc()
            return repo.replayed(game, seen, acting)
        try:
            batch = decide(game, acting)
        except (RuleViolation, ConcurrencyError):
            if not game.from_cache:
                raise
            cached = False                    # confirm the rejection against Redis
            continue
        try:
            result = _save(repo, game, batch, idempotency_key, idempotency_tag)
        except ConcurrencyError:
            metrics.APPEND_CONFLICTS.inc()
            repo.forget(game_id)
            if strict and not game.from_cache:
                raise
            cached = False
            continue
        return publish(repo, result, from_bot=from_bot)
    raise ConcurrencyError(game_id, -1, -1)


def commit(repo: GameRepository, game: Game, batch: Batch, ts_ms: int | None = None) -> CommandResult:
    """Save the first batch of a new game (``game``: its meta at version 0) and publish it; ``ts_ms``:
    the batch's time (UTC milliseconds), the meta's ``created``. Raises ConcurrencyError when a game
    with this id has events already."""
    return publish(repo, _save(repo, game, batch, None, "", ts_ms))


def publish(repo: GameRepository, result: CommandResult, *, from_bot: bool = False) -> CommandResult:
    """Hand a written batch to the repository's ``on_commit`` (the dispatcher) -- the one place the
    after-commit work starts -- and return it. A replayed (duplicate) result is not published again."""
    if repo.on_commit is not None and not result.duplicate:
        repo.on_commit(result, from_bot=from_bot)
    return result


def _save(repo: GameRepository, game: Game, batch: Batch, idempotency_key: str | None, idempotency_tag: str,
          ts_ms: int | None = None) -> CommandResult:
    """``repo.save`` of ``batch`` on top of ``game`` (with the batch's meta when it has one)."""
    base = game if batch.meta is None else replace(game, meta=batch.meta)
    return repo.save(base, batch.events, seat=batch.seat, command=batch.command, cause=batch.cause,
                     idempotency_key=idempotency_key, idempotency_tag=idempotency_tag,
                     write_meta=batch.meta is not None, evolved=batch.evolved, ts_ms=ts_ms)
