"""The write model: load a game whole, save one command's events as one batch.

Every path that reads or writes a game goes through :class:`GameRepository`:
the command path (``events.commands.handling``), the views (``projections.views``) and
the workers (``workers.jobs``). ``get`` returns a :class:`Game` -- meta,
ruleset, state, version, chain head -- from this process's cache, the
snapshot, or a fold of the log; ``save`` evolves the state through the
events once, closes the game if it ended (adding ``SeedRevealed``), encodes
and chains the batch, and appends it with the new snapshot in one atomic,
conditional Redis script.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from events.log import chain, checkpoints

from events.log.cache import StateCache
from events.log.codec import BatchHeader, Envelope, decode_entries, encode_batch, entry_fields, ms_of, now_ms
from events.games import RULESETS
from events.games.contract import Ruleset, RuleViolation
from events.table.meta import GameMeta, check_seats
from events.table.progress import after_batch, fold_batches
from events.log.snapshots import decode_snapshot, encode_snapshot, fold
from events.log.store import DamagedLog, EventStore, GameNotFound  # noqa: F401 (DamagedLog: re-exported)
from events.log.metahash import meta_from_hash, meta_to_hash


#: A new snapshot is written once the stored one is this many events behind (and at every
#: join, end of game or other meta change): a reader folds at most this many events past it.
SNAPSHOT_EVERY = 24


@dataclass
class Game:
    """One game as loaded: everything a decision or a view needs.

    Attributes:
        meta: the parsed meta hash (seats, options, secret seed, status). Never mutate it
            either (it is shared with the cache): a change is made on ``meta.copy()`` and
            saved with ``replace(game, meta=changed)``.
        ruleset: the game's rules.
        state: the folded state at ``version`` (``None`` before setup). Never
            mutate it: ``save`` evolves a copy.
        version: the stream's version the state is at.
        head: the chain head at ``version`` (43 characters), or ``None``
            (no events yet, or a log written before the chain).
        updated_ms: UTC milliseconds of the last batch (deadlines count from
            it), or ``None`` when unknown.
        from_cache: the state came from this process's cache and may be stale
            (the conditional append finds out).
        clocks: the seats' time banks (``events.table.clocks``), or ``None``.
        missed: each seat's streak of missed deadlines (``events.commands.seating``), by
            seat as a string; seats with none are absent.
        snapshot_version: the version of the game's stored snapshot, when known
            (``save`` writes a new one every :data:`SNAPSHOT_EVERY` events).
        views: what readers rendered of this game as it is, by seat (``None``: the
            spectator): ``projections.views.seat_view`` keeps each seat's current view
            here, so watchers polling one version render it once. A ``Game`` is never
            changed once loaded (a new version is a new ``Game``), so neither are these.
    """

    meta: GameMeta
    ruleset: Ruleset
    state: Any
    version: int
    head: str | None = None
    updated_ms: int | None = None
    from_cache: bool = False
    clocks: dict | None = None
    missed: dict | None = None
    snapshot_version: int | None = None
    views: dict = field(default_factory=dict, compare=False, repr=False)


@dataclass
class CommandResult:
    """What one saved batch (or its idempotent retry) did.

    ``seat`` is the seat the batch acted for (``None`` for the server's
    batches); ``head`` the chain head after it; ``state`` and ``meta`` are the
    game's after it.
    """

    game_id: str
    first_version: int
    last_version: int
    envelopes: list[Envelope]
    state: Any
    meta: GameMeta
    duplicate: bool = False
    ruleset: Ruleset | None = field(default=None, repr=False)
    seat: int | None = None
    head: str | None = None
    clocks: dict | None = None
    missed: dict | None = None


class GameRepository:
    """Games loaded from and saved to an :class:`EventStore`, with an optional process cache.

    Args:
        store: the event store.
        cache: an ``events.log.cache.StateCache``; with it, ``get(..., cached=True)``
            returns the game this process last saved without a Redis read.
        on_commit: ``on_commit(result, from_bot=bool)``, what follows every batch written through
            ``events.commands.transact`` (the dispatcher's ``after_append``: the lobby's index, the
            next bot or deadline job); ``None``: nothing (tools, tests, the audit).
    """

    def __init__(self, store: EventStore, cache: StateCache | None = None, on_commit=None):
        self.store = store
        self.cache = cache
        self.on_commit = on_commit

    @staticmethod
    def now() -> int:
        """The time this repository stamps a batch with (UTC milliseconds since the epoch)."""
        return now_ms()

    # -- loading -----------------------------------------------------------------
    def get(self, game_id: str, *, cached: bool = False) -> Game:
        """The game now. ``cached``: this process's last copy if it has one, unchecked
        (the command path: the conditional append finds out if it is stale).

        Raises ``GameNotFound`` or ``DamagedLog``."""
        return self.get_for(game_id, cached=cached)[0]

    def current(self, game_id: str) -> Game:
        """The game now, for a reader (views, summaries): this process's copy when one
        small atomic read (the stream's last entry) shows it is still the stream's
        version and head, else a full load. Raises ``GameNotFound`` or ``DamagedLog``."""
        if self.cache is not None:
            hit = self.cache.get(game_id)
            if hit is not None:
                last_version, last_head = self.store.last_entry(game_id)
                if last_version == hit.version and last_head == hit.head:
                    return hit
        return self.get_for(game_id)[0]

    def get_for(self, game_id: str, idempotency_key: str | None = None, *,
                cached: bool = False) -> tuple[Game, tuple[int, int] | None]:
        """The game now and, for ``idempotency_key``, the ``(first, last)`` versions of the
        batch it already wrote (else ``None``). One Redis round trip when the snapshot is
        current. Raises ``GameNotFound``, or ``DamagedLog`` when the stream was
        edited so that it cannot be read or folded (the snapshot is used only when
        its version and head are the stream's, or when the batches after it chain
        on from its head to the stream's last head)."""
        if cached and self.cache is not None and idempotency_key is None:
            hit = self.cache.get(game_id)
            if hit is not None:
                return (hit if hit.from_cache else replace(hit, from_cache=True, views={})), None
        reply = self.store.load(game_id, idempotency_key)
        meta = meta_from_hash(game_id, reply.meta)
        version, seen = reply.version, reply.seen
        if reply.last_version != version:
            raise DamagedLog(game_id, f"its stream holds {version} events but its last is numbered "
                                      f"{reply.last_version}: an event was removed or added")
        if meta.ruleset not in RULESETS:
            raise DamagedLog(game_id, f"its ruleset {meta.ruleset!r} is not hosted here")
        ruleset = RULESETS[meta.ruleset]
        snap = decode_snapshot(ruleset, reply.snapshot)
        if snap is not None and snap.version == version and snap.head == reply.last_head:
            _check_seats(meta, ruleset)
            game = Game(meta, ruleset, snap.state, version, snap.head, snap.ts_ms, clocks=snap.clocks,
                        missed=snap.missed, snapshot_version=version)
        else:
            game = self._fold_after(meta, ruleset, snap, version, reply.last_head)
        if self.cache is not None and game.state is not None and idempotency_key is None:
            self.cache.put(game_id, game)
        return game, seen

    def _fold_after(self, meta: GameMeta, ruleset: Ruleset, snap, version: int, last_head: str | None) -> Game:
        """The game at ``version`` from the snapshot (when it is behind and its head chains on
        to the stream's) or from the start: every later batch read and decoded (this log's part),
        then folded, its clocks and streaks advanced (the table's rules, ``events.table``)."""
        game_id = meta.game_id
        usable = snap is not None and snap.version < version and snap.head is not None
        after = snap.version if usable else 0
        try:
            entries = self.store.read_raw(game_id, after=after, until=version)   # no further than the meta read
            envelopes = decode_entries(game_id, entries, lambda v: self.store.header_at(game_id, v))
            if usable and _chained(snap.head, after, entries, meta.chain_key) != last_head:
                return self._fold_after(meta, ruleset, None, version, last_head)
        except Exception as exc:  # a damaged log: whatever the reading met, this game alone is refused
            raise DamagedLog(game_id, f"its log cannot be folded ({exc!r})") from exc
        last = envelopes[-1] if envelopes else None
        head = last.head if last is not None else (snap.head if usable else None)
        updated = ms_of(last.ts) if last is not None else (snap.ts_ms if usable else None)
        batches = timed_batches(envelopes)
        _check_seats(meta, ruleset)
        try:
            state, timed, missed = (fold_batches(ruleset, meta, batches, snap.state, snap.clocks, snap.missed) if usable
                                    else fold_batches(ruleset, meta, batches))
        except Exception as exc:  # a damaged log: whatever the fold met, this game alone is refused
            raise DamagedLog(game_id, f"its log cannot be folded ({exc!r})") from exc
        return Game(meta, ruleset, state, version, head, updated, clocks=timed, missed=missed,
                    snapshot_version=after if usable else None)

    def state_at(self, game: Game, version: int) -> Any:
        """The state after the first ``version`` events of ``game`` (the basis of replay)."""
        return fold(game.ruleset, self.store.read(game.meta.game_id, until=version))

    def forget(self, game_id: str) -> None:
        """Drop this process's cached copy of ``game_id`` (it proved stale)."""
        if self.cache is not None:
            self.cache.drop(game_id)

    # -- saving ------------------------------------------------------------------
    def save(self, game: Game, events: list[dict], *, seat: int | None, command: dict, cause: str,
             idempotency_key: str | None = None, write_meta: bool = False,
             evolved: Any = None, idempotency_tag: str = "", ts_ms: int | None = None) -> CommandResult:
        """Append ``events`` as one batch on top of ``game`` (at ``game.version``).

        Evolves a copy of the state through the events (once), closes the game
        if ``outcome`` says it ended (status, result and a ``SeedRevealed``
        event), stamps the batch (one timestamp, the command, the seat and the
        cause), chains it and appends it atomically -- with a new snapshot when
        the stored one is :data:`SNAPSHOT_EVERY` events behind or the meta
        changes, and a checkpoint when the batch crosses a multiple of
        ``events.log.checkpoints.CHECKPOINT_EVERY``.

        Args:
            game: the game as loaded (not modified).
            events: ``[{"type", "data"}]`` the rules decided (may be empty only
                for system batches that carry their own events).
            seat: the acting seat, ``None`` for the server.
            command: the command body recorded on the batch's first event.
            cause: ``"seat"``, ``"bot"``, ``"deadline"`` or ``"system"``.
            write_meta: write the whole meta hash (create, join); otherwise only
                the status and result, and only when the game ends.
            evolved: the state after ``events`` when the caller already has it
                (``Ruleset.decide_and_evolve``): the events are then not evolved again.
            ts_ms: the batch's time (UTC milliseconds); default now.

        Raises:
            events.log.store.ConcurrencyError: the stream moved past ``game.version``.
        """
        ruleset = game.ruleset
        ts = now_ms() if ts_ms is None else ts_ms
        progress = after_batch(ruleset, game.meta, game.state, game.clocks, game.missed, events, seat=seat,
                               cause=cause, ts_ms=ts, evolved=evolved)
        meta, state, events, timed, missed = (progress.meta, progress.state, progress.events, progress.clocks,
                                              progress.missed)
        meta_fields = meta_to_hash(meta) if write_meta or progress.ended else None
        header = BatchHeader(seat, cause, ts, command)
        key = meta.chain_key
        prev = chain.parse_head(game.head) if game.head else chain.genesis(meta.game_id, key)
        batch = encode_batch(meta.game_id, game.version + 1, events, header, prev, key)
        head = batch.envelopes[-1].head                 # the chain head after the batch, as text
        last = game.version + len(events)
        checkpoint = None
        if state is not None and checkpoints.crosses(game.version, last):
            checkpoint = (str(checkpoints.bucket(last)),
                          encode_snapshot(ruleset, state, last, head, ts, timed, missed,
                                          checkpoints.logged_seats(meta.seats)))
        due = (game.snapshot_version is None or last - game.snapshot_version >= SNAPSHOT_EVERY
               or meta_fields is not None)
        snapshot = encode_snapshot(ruleset, state, last, head, ts, timed, missed) if state is not None and due \
            else None
        snapshot_version = last if snapshot is not None else game.snapshot_version
        res = self.store.append(meta.game_id, game.version, batch, snapshot=snapshot, meta=meta_fields,
                                idempotency_key=idempotency_key, idempotency_tag=idempotency_tag,
                                checkpoint=checkpoint)
        if res.duplicate:                      # the same key won a race a moment ago: its first result
            check_tag(res.tag, idempotency_tag)
            return self.replayed(game, res, seat)
        if self.cache is not None and state is not None:
            self.cache.put(meta.game_id, Game(meta, ruleset, state, last, head, ts, True, clocks=timed,
                                              missed=missed, snapshot_version=snapshot_version))
        return CommandResult(meta.game_id, res.first_version, res.last_version, batch.envelopes, state, meta,
                             res.duplicate, ruleset, seat, head, timed, missed)

    def replayed(self, game: Game, seen, seat: int | None) -> CommandResult:
        """The result of a batch already written under an idempotency key (``duplicate``);
        ``seen``: the key's ``events.log.store.AppendResult``."""
        first, last = seen.first_version, seen.last_version
        envelopes = self.store.read(game.meta.game_id, after=first - 1, until=last)
        head = envelopes[-1].head if envelopes else None
        return CommandResult(game.meta.game_id, first, last, envelopes, game.state, game.meta, True,
                             game.ruleset, seat, head)



__all__ = ["CommandResult", "DamagedLog", "Game", "GameNotFound", "GameRepository"]


def _chained(head: str, after: int, entries: list, key: bytes | None) -> str | None:
    """The chain head after ``entries`` (raw stream entries following version ``after``,
    whose head is ``head``; ``key``: the game's audit key, ``None`` on chain 1), or None for
    entries of stream layout 1."""
    current = chain.parse_head(head)
    for offset, (_, fields) in enumerate(entries, start=1):
        parts = entry_fields(fields)
        if parts is None:
            return None
        t, d, b, _ = parts
        current = chain.link(current, after + offset, f"{t} {d}", b, key)
    return chain.text_head(current)


def check_tag(remembered: str, tag: str) -> None:
    """Raise RuleViolation ``idempotency_key_reused`` (422) when an idempotency key that
    was bound to one command comes back with another."""
    if remembered and tag and remembered != tag:
        raise RuleViolation("idempotency_key_reused", "This Idempotency-Key was already used for another "
                                                      "command; send a new key with a new command.")


def timed_batches(envelopes: list[Envelope]) -> list[tuple[int, list[Envelope]]]:
    """``envelopes`` (in order; the last batch may be cut short) cut into their batches (one command id
    each), each with its time in UTC milliseconds: the input of ``events.table.progress.fold_batches``."""
    batches: list[list[Envelope]] = []
    for env in envelopes:
        if batches and env.command_id == batches[-1][0].command_id:
            batches[-1].append(env)
        else:
            batches.append([env])
    return [(ms_of(batch[0].ts) or 0, batch) for batch in batches]


def _check_seats(meta: GameMeta, ruleset: Ruleset) -> None:
    """DamagedLog when ``meta``'s seats do not fit its ruleset (``events.table.meta.check_seats``)."""
    why = check_seats(meta, ruleset.min_seats, ruleset.max_seats, ruleset.bots)
    if why is not None:
        raise DamagedLog(meta.game_id, f"its meta hash is malformed: {why}")
