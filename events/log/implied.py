"""The snapshots and checkpoints a log implies: the one definition of a correct cache.

The write path (``events.log.repository``) keeps a game's snapshot and its checkpoints as it appends;
``stranded rebuild`` writes them from the log alone, ``stranded verify`` checks the stored ones
against the log, ``stranded import`` writes them for an imported game -- all three through
:func:`implied`, so a rebuild of an intact store repairs nothing and a rebuilt game still verifies.

A snapshot at version ``v`` (``events.log.snapshots.encode_snapshot``) holds the state folded to
``v``, the chain head stored there, the time of its batch, each seat's streak of missed deadlines
over the batches up to it (``events.table.seats.count_missed``) and, for a game with the ``clock``
option, the clocks recomputed batch by batch (``events.table.clocks``); a checkpoint
(``events.log.checkpoints``) also the seats as the log leaves them (``events.table.seats.seats_from_log``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from operator import countOf, itemgetter
from typing import Any

import orjson

from events.log import checkpoints
from events.table import clocks as clock_rules
from events.log.chain import HEAD_LENGTH
from events.log.codec import BatchHeader, CodecError, decode_entries, ms_of
from events.games.contract import Ruleset
from events.table.seats import count_missed, seats_from_log
from events.log.snapshots import SYSTEM_EVENTS, encode_snapshot, fold_entries, fold_flat


@dataclass
class Implied:
    """What a log implies at the versions asked for (:func:`implied`).

    Attributes:
        snapshots: ``{version: snapshot text}`` as the write path writes a snapshot there.
        checkpoints: ``{version: checkpoint text}`` (a snapshot with the seats) at the versions asked.
        state: the state at the last version asked (``None`` before the game's setup).
    """

    snapshots: dict[int, str] = field(default_factory=dict)
    checkpoints: dict[int, str] = field(default_factory=dict)
    state: Any = None


def implied(ruleset: Ruleset, game_id: str, entries: list, snapshots=(), checkpoint_at=(),
            state_at: tuple[int, Any] | None = None) -> Implied:
    """The snapshots at the versions ``snapshots`` and the checkpoints at ``checkpoint_at``, from
    the log alone, each as the exact text the write path keeps; one fold of the log serves them all.

    Args:
        ruleset: the game's rules.
        game_id: the game (for error messages).
        entries: the raw stream from version 1: ``[(entry id, fields)]`` with ``fields`` a dict
            (bytes or str) or Redis's flat ``[field, value, ...]`` list.
        snapshots: versions (each the end of a batch; versions past the log are left out).
        checkpoint_at: versions to give a checkpoint at (each the end of a batch).
        state_at: ``(version, state)`` the caller already folded (the audit's replay): used
            instead of folding the log up to that version again. Not modified.

    Raises ``CodecError`` for an entry that is not an event.
    """
    plain, seated = set(snapshots), set(checkpoint_at)
    wanted = sorted(v for v in plain | seated if 1 <= v <= len(entries))
    if not wanted:
        return Implied()
    log = _Log(ruleset, game_id, entries[:wanted[-1]], with_seats=bool(seated))
    out = Implied()
    for version, state, ts_ms, missed, timed in log.walk(wanted, state_at):
        head = log.stored_head(version)
        if version in plain:
            out.snapshots[version] = encode_snapshot(ruleset, state, version, head, ts_ms, timed, missed)
        if version in seated:
            out.checkpoints[version] = encode_snapshot(ruleset, state, version, head, ts_ms, timed, missed,
                                                       checkpoints.logged_seats(log.seats_at(version)))
        out.state = state
    return out


def expected_checkpoints(ruleset: Ruleset, game_id: str, entries: list) -> dict[str, str]:
    """Every checkpoint the write path keeps for a log (raw entries from version 1, either shape),
    by its field in the checkpoints hash (``events.log.checkpoints.bucket``), as its exact text."""
    versions = checkpoints.checkpoint_versions(batch_ends(entries))
    found = implied(ruleset, game_id, entries, checkpoint_at=versions).checkpoints
    return {str(checkpoints.bucket(version)): text for version, text in found.items()}


def batch_ends(entries: list) -> list[int]:
    """The last version of every batch in raw entries from version 1 (either shape)."""
    starts = _starts(list(map(_SECOND, _entry_pairs([fields for _, fields in entries]))))
    return [start - 1 for start in starts[1:]] + ([len(entries)] if entries else [])


class _Log:
    """Raw entries from version 1, read once for the walk: their ``(e, b)`` pairs, where batches
    start, GameCreated's data and (when asked) the seat events."""

    def __init__(self, ruleset: Ruleset, game_id: str, entries: list, with_seats: bool):
        self.ruleset, self.game_id, self.entries = ruleset, game_id, entries
        self.pairs = _entry_pairs([fields for _, fields in entries])
        self.bs = list(map(_SECOND, self.pairs))
        self.starts = _starts(self.bs)
        self.created = _created_data(self.pairs[0][0])
        self.seat_events = _seat_events(self.pairs) if with_seats and self.created is not None else []

    def walk(self, wanted: list[int], state_at: tuple[int, Any] | None = None):
        """``(version, state, ts_ms, missed, clocks)`` at each wanted version, in order (``state_at``:
        a state already folded to a version, skipping that fold when it is the only one needed)."""
        options = (self.created or {}).get("options") or {}
        if options.get("clock"):
            yield from self._walk_batches(wanted, options)
            return
        marker = b'"k":"deadline"' if self.bs and isinstance(self.bs[0], bytes) else '"k":"deadline"'
        deadlines = any(marker in self.bs[v - 1] for v in self.starts)
        state, done = None, 0
        for version in wanted:
            if state_at is not None and wanted == [state_at[0]]:
                state = state_at[1]
            else:
                state = _fold_any(self.ruleset, self.game_id, self.entries[done:version], state)
            done = version
            opened = [v for v in self.starts if v <= version]
            missed: dict = {}
            for start in opened if deadlines else ():
                header = _header(self.bs[start - 1])
                missed = count_missed(missed, header.seat, header.cause)
            ts_ms = _header(self.bs[opened[-1] - 1]).ts_ms if opened else None
            yield version, state, ts_ms, missed, None

    def _walk_batches(self, wanted: list[int], options: dict):
        """:meth:`walk` batch by batch, each batch's state charged to the clocks before the next is
        folded into it (a game's evolve may change its state in place)."""
        parsed = [(entry_id, fields if isinstance(fields, dict) else dict(zip(fields[::2], fields[1::2])))
                  for entry_id, fields in self.entries]
        envelopes = decode_entries(self.game_id, parsed)
        timed = clock_rules.start(options, self.created["seats"])
        state, missed, batch = None, {}, []
        for env in envelopes + [None]:
            if batch and (env is None or env.command_id != batch[0].command_id):
                first, last = batch[0], batch[-1]
                ts_ms, cause = ms_of(first.ts) or 0, first.cause or "seat"
                missed = count_missed(missed, first.seat, cause)
                timed = clock_rules.advance(timed, options, self.ruleset, state, ts_ms, first.seat, cause)
                if last.version in wanted:
                    yield last.version, state, ts_ms, missed, timed
                batch = []
            if env is None:
                return
            batch.append(env)
            if env.type not in SYSTEM_EVENTS:
                state = self.ruleset.evolve(state, {"type": env.type, "data": env.data})

    def stored_head(self, version: int) -> str | None:
        """The chain head stored at the end of entry ``version``'s ``b`` field (the last of a batch),
        or None. Raises ``CodecError`` when what follows the field's last space is not a head."""
        b = self.bs[version - 1]
        b = b.decode() if isinstance(b, bytes) else b
        if b.endswith("}") or " " not in b:
            return None
        head = b.rsplit(" ", 1)[1]
        if len(head) != HEAD_LENGTH:
            raise CodecError("the head at the end of the b field is not 43 characters")
        return head

    def seats_at(self, version: int) -> list[dict]:
        """The seats as the log leaves them at ``version`` (``events.table.seats.seats_from_log``)."""
        return seats_from_log(self.created or {}, ((kind, data) for v, kind, data in self.seat_events
                                                    if v <= version), self.ruleset.bots)


_FIRST, _SECOND = itemgetter(0), itemgetter(1)
_E_AND_B = itemgetter(1, 3)
_E_AND_B_KEYS = itemgetter("e", "b")


def _starts(bs: list) -> list[int]:
    """The versions whose ``b`` field opens a batch (a header), in order."""
    opening = b"{" if bs and isinstance(bs[0], bytes) else "{"
    return [version for version, b in enumerate(bs, 1) if b[:1] == opening]


def _entry_pairs(fields_list: list) -> list[tuple]:
    """The ``(e, b)`` field values of every entry (bytes or str, as stored); a layout-1 entry gives
    ``(its type field, "")``. Redis's flat ``[b"e", e, b"b", b]`` lists are split in C."""
    n = len(fields_list)
    if n and not isinstance(fields_list[0], dict) and countOf(map(len, fields_list), 4) == n \
            and countOf(map(_FIRST, fields_list), b"e") == n:
        return list(map(_E_AND_B, fields_list))
    if n and isinstance(fields_list[0], dict):
        try:                                # every entry a dict with both "e" and "b": each as _entry_pair gives it
            return list(map(_E_AND_B_KEYS, fields_list))
        except (KeyError, TypeError):       # one of another shape: entry by entry
            pass
    return [_entry_pair(fields) for fields in fields_list]


def _entry_pair(fields) -> tuple:
    if not isinstance(fields, dict):
        fields = dict(zip(fields[::2], fields[1::2]))
    for e_key, b_key in (("e", "b"), (b"e", b"b")):
        if e_key in fields:
            return fields[e_key], fields.get(b_key, "")
    return fields.get("type", fields.get(b"type", "")), ""


def _seat_events(pairs: list[tuple]) -> list[tuple[int, str, dict]]:
    """``(version, type, data)`` of every seat event among the entries' ``(e, b)`` pairs."""
    out = []
    for index, (e, _) in enumerate(pairs):
        if e[:4] in (b"Seat", "Seat"):
            kind, _, data = _as_bytes(e).partition(b" ")
            out.append((index + 1, kind.decode().partition("/")[0], orjson.loads(data)))
    return out


def _header(b) -> BatchHeader:
    """The batch header a batch's first ``b`` field holds (the head after it cut off, when the
    batch has one event). Raises ``CodecError``."""
    text = b.decode() if isinstance(b, bytes) else b
    if not text.endswith("}"):
        text = text.rsplit(" ", 1)[0]
    return BatchHeader.from_json(text)


def _as_bytes(value) -> bytes:
    return value.encode() if isinstance(value, str) else value


def _created_data(e) -> dict | None:
    """GameCreated's data from the first entry's ``e`` field, or None (a layout-1 log, garbled)."""
    kind, _, data = _as_bytes(e).partition(b" ")
    if not kind.startswith(b"GameCreated"):
        return None
    try:
        parsed = orjson.loads(data)
    except orjson.JSONDecodeError:
        return None
    return parsed if isinstance(parsed, dict) else None


def _fold_any(ruleset: Ruleset, game_id: str, entries: list, state: Any) -> Any:
    """Fold raw entries of either shape: Redis's flat lists fast (``fold_flat``), dicts through
    ``fold_entries``."""
    if entries and not isinstance(entries[0][1], dict):
        return fold_flat(ruleset, game_id, entries, state)
    return fold_entries(ruleset, game_id, entries, state)
