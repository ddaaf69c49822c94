"""Rebuilding projections from the events alone (``stranded rebuild``).

The log is the truth; a game's snapshot, its replay checkpoints, its kept audit
verdict and the status and result in its meta hash are caches of it. ``rebuild``
folds every game's stream from version 1, writes a fresh snapshot and the
checkpoints the log implies (unless the stored ones are already the same), drops
the kept verdict (the next reader has the log audited afresh), and puts the status
and result the log gives back in the meta when they disagreed (a cancelled game's
status too) -- reporting each game it repaired. A game whose
log cannot be folded (an entry that is not an event, an unknown ruleset) is
listed as damaged and left as it is; the others are rebuilt all the same.
With ``jobs > 1`` the games are shared among that many processes (this one
and ``jobs - 1`` forked workers).
"""
from __future__ import annotations

import gc
import json
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field

import orjson

from events.games import RULESETS
from events.log.checkpoints import bucket, checkpoint_versions
from events.log.codec import CodecError, entry_fields
from events.log.implied import batch_ends, implied
from events.log.replies import is_wrong_type
from events.log.store import DamagedLog, EventStore, GameNotFound
from events.log.metahash import meta_from_hash

#: Games read (and written) per pipelined round trip.
CHUNK = 20
#: The keys of a game's kept audit verdict (``projections.verdicts``) and of its pending requests
#: (``events.commands.audit_work``): dropped by a rebuild, so the next reader has the log audited afresh.
VERDICT_KEYS = ("verdict", "asked:verification", "asked:verification:final")




def game_ids(store: EventStore) -> list[str]:
    """Every game id that has a meta hash, found by scanning keys (no index needed)."""
    ids = []
    pattern = f"{store.prefix}:{{*}}:meta"
    for key in store.redis.scan_iter(match=pattern, count=1000):
        key = key.decode() if isinstance(key, bytes) else key
        ids.append(key[len(store.prefix) + 2:-len("}:meta")])
    return sorted(ids)


@dataclass
class RebuildReport:
    """What a rebuild did.

    Attributes:
        rebuilt: game id -> the version its new snapshot is at (0: a game still
            waiting for players, which has no state).
        repaired: game id -> what its caches said that the log did not
            (``["snapshot", "status", "result"]``).
        damaged: game id -> why its log could not be folded; left untouched.
        events: events folded in all.
    """

    rebuilt: dict[str, int] = field(default_factory=dict)
    repaired: dict[str, list[str]] = field(default_factory=dict)
    damaged: dict[str, str] = field(default_factory=dict)
    events: int = 0

    def merge(self, other: "RebuildReport") -> None:
        """Add ``other``'s games to this report."""
        self.rebuilt.update(other.rebuilt)
        self.repaired.update(other.repaired)
        self.damaged.update(other.damaged)
        self.events += other.events


def rebuild_game(store: EventStore, game_id: str, report: RebuildReport | None = None) -> int:
    """Fold the whole log of ``game_id``, write a fresh snapshot and repair its meta's
    status and result from the log; return the version (0: still waiting for players).

    Raises ``GameNotFound``, or ``DamagedLog`` (an unreadable meta, an unknown
    ruleset, an entry that is not an event, events the rules cannot fold) and
    then writes nothing.
    """
    report = report if report is not None else RebuildReport()
    _rebuild_chunk(store, store.unparsed, [game_id], report, strict=True)
    return report.rebuilt[game_id]


def _rebuild_chunk(store: EventStore, raw, ids: list[str], report: RebuildReport, strict: bool = False) -> None:
    """Rebuild ``ids`` with one pipelined read (on ``raw``, ``EventStore.unparsed``) and one
    pipelined write for them all.

    ``strict``: raise the first game's ``GameNotFound``/``DamagedLog`` instead of
    listing it in ``report.damaged``."""
    reads = raw.pipeline(transaction=False)
    for game_id in ids:
        reads.hgetall(store.key(game_id, "meta"))
        reads.get(store.key(game_id, "snapshot"))
        store.pipe_read_stream(reads, game_id)
        reads.hgetall(store.key(game_id, "checkpoints"))
    replies = reads.execute(raise_on_error=False)      # a key of the wrong type fails its game alone
    writes = store.redis.pipeline(transaction=False)
    for i, game_id in enumerate(ids):
        meta_raw, old, entries, kept = replies[4 * i:4 * i + 4]
        try:
            for reply in (meta_raw, old, entries, kept):
                if isinstance(reply, Exception):
                    if not is_wrong_type(reply):
                        raise reply
                    raise DamagedLog(game_id, f"its keys cannot be read as a game's ({reply})")
            entries = _unparsed(entries)
            fixes = _rebuild_one(store, game_id, meta_raw, old, entries, report, kept)
        except (GameNotFound, DamagedLog) as exc:
            if strict:
                raise
            if isinstance(exc, DamagedLog):
                report.damaged[game_id] = exc.why
            continue
        for part in VERDICT_KEYS:                   # audited afresh when next asked (one key a DEL: a cluster
            writes.delete(store.key(game_id, part))  # pipeline deletes no more)
        for key, value in fixes.items():
            if key == "snapshot":
                writes.set(store.key(game_id, "snapshot"), value)
            elif key == "checkpoints":
                writes.delete(store.key(game_id, "checkpoints"))
                if value:
                    writes.hset(store.key(game_id, "checkpoints"), mapping=value)
            else:
                writes.hset(store.key(game_id, "meta"), key, value)
    writes.execute()


def _rebuild_one(store: EventStore, game_id: str, meta_raw: dict, old, entries: list,
                 report: RebuildReport, kept: dict | None = None) -> dict:
    """The writes that bring one game's caches in line with its log (its new snapshot,
    and the meta fields that disagreed); records the game in ``report``.

    The stored snapshot counts as repaired when it is missing or wrong by the definition
    ``stranded verify`` checks it with (``events.log.implied.implied`` at its own
    version): one that is merely behind the log, written in other bytes or by other rules code
    is replaced by the fresh one without being called a repair. The checkpoints (``kept``, by
    field; ``events.log.checkpoints``) are rewritten as the log implies them unless they are
    already; they count as repaired when one the server kept is not the log's (a game written
    before checkpoints, with none, is not a repair)."""
    meta = meta_from_hash(game_id, meta_raw)           # DamagedLog when it is not a meta hash the server writes
    if meta.ruleset not in RULESETS:
        raise DamagedLog(game_id, f"its ruleset {meta.ruleset!r} is not hosted here")
    ruleset = RULESETS[meta.ruleset]
    version = len(entries)
    stored = _stored_snapshot(ruleset, old, version)
    try:
        found = implied(ruleset, game_id, entries, [version] if stored is None else [stored[0], version],
                        checkpoint_versions(batch_ends(entries)))
        snapshots, state = found.snapshots, found.state
    except Exception as exc:  # a damaged log: whatever the fold met, this game alone stops
        raise DamagedLog(game_id, f"its log cannot be folded: {exc!r}") from exc
    report.events += version
    report.rebuilt[game_id] = version if state is not None else 0
    if state is None:                       # never dealt: waiting, or cancelled by its creator
        if _cancelled(entries) and meta.status != "cancelled":
            report.repaired[game_id] = ["status"]
            return {"status": "cancelled"}
        return {}
    fresh = snapshots[version]
    differs, fixes = [], {}
    fixes["checkpoints"] = {str(bucket(v)): text for v, text in found.checkpoints.items()}
    if any(_json_or_none(text) != orjson.loads(fixes["checkpoints"].get(_text(field), "null"))
           for field, text in (kept or {}).items()):
        differs.append("checkpoints")
    if kept and len(kept) == len(fixes["checkpoints"]) and "checkpoints" not in differs:
        del fixes["checkpoints"]                    # the same checkpoints: no write
    if old is None or (old.encode() if isinstance(old, str) else old) != fresh.encode():    # the same: no write
        fixes["snapshot"] = fresh
    if old is None or stored is not None and stored[1] != orjson.loads(snapshots[stored[0]]):
        differs.append("snapshot")
    outcome = ruleset.outcome(state)
    status = "finished" if outcome is not None else "active"
    if meta.status != status:
        differs.append("status")
        fixes["status"] = status
    if outcome is not None and meta.result != outcome:
        differs.append("result")
        fixes["result"] = json.dumps(outcome)
    if differs:
        report.repaired[game_id] = differs
    return fixes


def _cancelled(entries: list) -> bool:
    """Whether a log (raw stream entries) holds ``GameCancelled``: its creator cancelled it before the start."""
    for _, flat in entries[-2:]:                        # GameCancelled then SeedRevealed end such a log
        try:
            parts = entry_fields(dict(zip(flat[::2], flat[1::2])))
        except CodecError:
            continue
        if parts is not None and parts[0].partition("/")[0] == "GameCancelled":
            return True
    return False


def _stored_snapshot(ruleset, old, version: int) -> tuple[int, object] | None:
    """``(its version, its parsed JSON)`` of a stored snapshot to judge, or None when there is none
    to judge: absent, or written by other rules code. One that is garbled or names a version the
    log does not hold is judged against the log's last version (and so found wrong)."""
    if old is None:
        return None
    try:
        snap = orjson.loads(old)
    except (orjson.JSONDecodeError, TypeError):
        return version, None
    if not isinstance(snap, dict):
        return version, snap
    if snap.get("rules_version") != ruleset.version:
        return None
    at = snap.get("version")
    return (at if isinstance(at, int) and 1 <= at <= version else version), snap


def _json_or_none(text):
    """``text`` parsed as JSON, or None when it is not JSON (a garbled cache, rewritten)."""
    try:
        return orjson.loads(text)
    except (orjson.JSONDecodeError, TypeError):
        return None


def _text(value) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else value


def _unparsed(entries: list) -> list:
    """Stream entries in the unparsed form (``[[id, [field, value, ...]]]``), whichever form the
    client gave (a cluster client parses them into dicts)."""
    if entries and isinstance(entries[0][1], dict):
        return [(entry_id, [x for pair in fields.items() for x in pair]) for entry_id, fields in entries]
    return entries


def rebuild_all(store: EventStore, progress=None, *, jobs: int = 1, url: str | None = None) -> RebuildReport:
    """Rebuild every game's snapshot and repair its meta from its log.

    Args:
        progress: called with each game id once it is done.
        jobs: processes to share the games among, this one included (``url``
            is then required: each other process opens its own connection).
        url: the Redis URL of ``store`` (for ``jobs > 1``).

    A damaged game is listed in ``report.damaged`` and the rebuild goes on.
    """
    ids = game_ids(store)
    report = RebuildReport()
    if jobs > 1 and url is not None and len(ids) > 1:
        shares = [ids[i::jobs] for i in range(jobs)]
        with ProcessPoolExecutor(max_workers=jobs - 1) as pool:
            parts = [pool.submit(_rebuild_in_process, url, store.prefix, share) for share in shares[1:]]
            _rebuild_ids(store, shares[0], report, progress)      # this process takes the first share
            for future in parts:
                part = future.result()
                report.merge(part)
                if progress:
                    for game_id in list(part.rebuilt) + list(part.damaged):
                        progress(game_id)
        return report
    _rebuild_ids(store, ids, report, progress)
    return report


def _rebuild_in_process(url: str, prefix: str, ids: list[str]) -> RebuildReport:
    from events.log.connection import connect

    report = RebuildReport()
    _rebuild_ids(EventStore(connect(url), prefix), ids, report)
    return report


def _rebuild_ids(store: EventStore, ids: list[str], report: RebuildReport, progress=None) -> None:
    raw = store.unparsed
    with _collector_paused():
        for start in range(0, len(ids), CHUNK):
            chunk = ids[start:start + CHUNK]
            _rebuild_chunk(store, raw, chunk, report)
            if progress:
                for game_id in chunk:
                    progress(game_id)


@contextmanager
def _collector_paused():
    """Pause Python's cyclic garbage collector, as a batch job may: a rebuild allocates
    millions of short-lived lists and dicts (stream replies, events, states) without
    cycles, and the collector's passes over them cost some 5 % of the replay. Reference
    counting frees them all the same; the collector is restored on the way out."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
