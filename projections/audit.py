"""Auditing a game: everything a record holds, checked against the rules and the chain.

``stranded verify`` (a game on this server, or ``--file`` a record with no
server at all) calls :func:`verify_record` on a game's portable record
(``projections.records``). It checks, in order, and names the first version
where each kind of check departs:

1. the stream: versions 1..N without a gap, every entry an event, every
   batch well formed (a header first, positions in order, a head last);
2. the chain (``events.log.chain``): every stored head is the hash of the log up
   to it; every receipt a player supplies (``version:head``) matches. A game
   of proofs scheme 2 chains under its audit key, published by ``SeedRevealed``:
   until then only a server that holds the key (``verify`` below) can check it;
3. the envelopes: timestamps never go back, causes and seats are valid,
   command ids unique (stream layout 1), ``GameCreated`` first and well
   formed, ``SeedRevealed`` once and last (a game ends finished, or cancelled by its creator
   before the start: ``GameCancelled`` then ``SeedRevealed``);
4. the rules: the revealed server seed is the one committed to; the game seed
   (with the seats' client seeds) re-runs setup and every recorded command
   through the rules, and each event must be exactly what the rules give --
   for a game still running, without the secret seed: each command must be
   one the rules accept, and every batch that draws no randomness must come
   out exactly (the others are listed as not checkable yet);
5. the caches and copies: the meta hash (ruleset, rules version, status,
   result, creation time, every seat field the log covers -- name, bot, open,
   client seed, token hash, replaced, left, resigned) and the snapshot
   (version, head, state, time, missed-deadline streaks, clocks) must agree
   with the replay; the record's copies of the seed and its commitment must be
   the log's, and it may hold no field the format does not define.

Steps 1 to 3 are here; step 4 is ``projections.audit_rules``, step 5
``projections.audit_caches``, each a class over the audit in progress.

The verdict's :attr:`Verdict.code` is the exit code: 0 verified, 1 tampered,
3 consistent so far but not finished (2, unreadable input or no such game, is
raised before a verdict exists). Nothing the record holds makes it raise.
"""
from __future__ import annotations

import gc
import logging
from dataclasses import dataclass, field
from itertools import chain as flatten
from operator import attrgetter

import orjson

from events.log import chain
from events.log.codec import CAUSES, CURRENT_SCHEMA, BatchHeader, CodecError, Envelope, entry_fields, upcast
from events.log.codec import _decode_layout1 as decode_layout1
from events.log.codec import iso
from events.games import RULESETS
from events.games.contract import Ruleset
from events.log.store import EventStore
from projections.audit_caches import CacheCheck
from projections.audit_rules import RulesReplay
from projections.audit_stream import regular_batches
from projections.records import record_and_key

log = logging.getLogger("stranded.audit")


@dataclass
class Problem:
    """One departure: at ``version`` (through ``last`` when it spans a batch), what differs."""

    version: int | None
    what: str
    last: int | None = None

    def __str__(self) -> str:
        if self.version is None:
            return self.what
        where = f"versions {self.version}-{self.last}" if self.last not in (None, self.version) else \
            f"version {self.version}"
        return f"{where}: {self.what}"


@dataclass
class Verdict:
    """What ``verify`` found. ``code``: 0 verified, 1 tampered, 3 not finished (but consistent).
    ``finished``: the log ends with ``SeedRevealed``; ``cancelled``: it ends so because its creator
    cancelled it before the start (``finished`` too: a cancelled game verifies with 0)."""

    game_id: str
    events: int = 0
    batches: int = 0
    problems: list[Problem] = field(default_factory=list)
    unchecked: list[str] = field(default_factory=list)
    finished: bool = False
    cancelled: bool = False
    head: tuple[int, str] | None = None

    @property
    def ok(self) -> bool:
        """True when nothing departs (a running game may still be ``ok``)."""
        return not self.problems

    @property
    def code(self) -> int:
        """The exit code of ``stranded verify``."""
        if self.problems:
            return 1
        return 0 if self.finished else 3


#: An event's type (``Envelope.type``), read in C.
_TYPE = attrgetter("type")


class _Stop(Exception):
    """A departure after which nothing further can be checked."""


@dataclass(slots=True)
class _Batch:
    first: int
    header: BatchHeader | None
    envelopes: list[Envelope]
    raw: list[tuple[int, str, str, str]] = field(default_factory=list)   # (version, e, b without head, head)
    ts: str | None = None               # the header's time as ISO 8601 (every event of the batch has it)


def verify(store: EventStore, game_id: str, receipts: list[tuple[int, str]] = ()) -> Verdict:
    """Verify ``game_id`` as this server holds it (see the module doc), the chain of a running
    game too (with the audit key its meta keeps secret). Raises ``GameNotFound``."""
    record, key, kept = record_and_key(store, game_id)
    return verify_record(record, receipts, key=key, checkpoints=kept)


def verify_log(game_id: str, envelopes: list[Envelope]) -> Verdict:
    """Verify a decoded log alone (no meta, no snapshot): the checks of steps 1, 3 and 4."""
    entries = []
    for env in envelopes:
        fields = {"type": env.type, "schema": str(env.schema), "data": orjson.dumps(env.data).decode(),
                  "ts": env.ts}
        if env.seat is not None:
            fields["seat"] = str(env.seat)
        if env.command_id is not None:
            fields["command_id"] = env.command_id
        if env.command is not None:
            fields["command"] = orjson.dumps(env.command).decode()
        entries.append([f"{env.version}-0", fields])
    return verify_record({"game_id": game_id, "entries": entries, "meta": {}, "snapshot": None})


def verify_record(record: dict, receipts: list[tuple[int, str]] = (), key: bytes | None = None,
                  checkpoints: dict | None = None) -> Verdict:
    """Verify a record (``projections.records``); ``receipts``: ``(version, head)`` pairs a
    player kept; ``key``: the game's audit key when the verifier holds it before the game ends
    (the server's own audit; a finished game publishes it); ``checkpoints``: the server's
    checkpoints of the game by field (``events.log.checkpoints``), checked too. Returns the
    :class:`Verdict`; never raises for what the record holds."""
    verdict = Verdict(record.get("game_id", ""))
    collecting = gc.isenabled()
    gc.disable()        # an audit allocates many short-lived objects without cycles: reference counting frees them
    try:
        _Audit(record, verdict, key, checkpoints or {}).run(list(receipts))
    except _Stop:
        pass
    finally:
        if collecting:
            gc.enable()
    return verdict


class _Audit:
    """One verification in progress (see the module doc for the steps)."""

    def __init__(self, record: dict, verdict: Verdict, key: bytes | None = None, checkpoints: dict | None = None):
        self.record, self.key, self.checkpoints = record, key, checkpoints or {}
        self.game_id = record.get("game_id", "")
        self.verdict = verdict
        self.batches: list[_Batch] = []
        # once the stream is read: every event in log order, their types, and (once asked) the types present
        self.envs, self.types, self.present = [], [], None
        self.heads: dict[int, bytes] = {}

    def fail(self, version: int | None, what: str, last: int | None = None, stop: bool = False) -> None:
        self.verdict.problems.append(Problem(version, what, last))
        if stop:
            raise _Stop

    # -- 1. the stream -------------------------------------------------------------
    def run(self, receipts: list[tuple[int, str]]) -> None:
        self.read_stream()
        self.envs = list(flatten.from_iterable(batch.envelopes for batch in self.batches))
        self.types = list(map(_TYPE, self.envs))
        self.check_chain(receipts)
        created, revealed = self.check_envelopes()
        ruleset = self.check_created(created)
        state = RulesReplay(self, ruleset, created, revealed).run()       # 4. projections.audit_rules
        CacheCheck(self).run(ruleset, created, state)                      # 5. projections.audit_caches

    def read_stream(self) -> None:
        entries = self.record.get("entries", [])
        self.verdict.events = len(entries)
        regular = regular_batches(self.game_id, entries, _Batch)    # the usual log, in one tight pass
        if regular is not None:
            self.batches = regular
            return
        batch: _Batch | None = None
        for index, (entry_id, fields) in enumerate(entries, start=1):
            if entry_id == f"{index}-0":            # the usual case, checked in one comparison
                batch = self.read_entry(index, fields, batch)
                continue
            number, dash, sequence = str(entry_id).partition("-")
            if not number.isdigit() or str(int(number)) != number or dash != "-" or sequence != "0":
                self.fail(index, f"the entry id {entry_id!r} is not '<version>-0'", stop=True)
            version = int(number)
            if version != index:
                what = f"version {index} is missing" if version > index else \
                    f"the entry after version {index - 1} is numbered {version}"
                self.fail(index, what + " (versions must run 1, 2, 3... without a gap)", stop=True)
            batch = self.read_entry(version, fields, batch)
        if batch is not None and batch.raw and not batch.raw[-1][3]:
            self.fail(batch.first, f"the batch starting here is cut short after version {batch.raw[-1][0]} "
                                   "(its last event carries no head)", last=batch.raw[-1][0] + 1, stop=True)

    def read_entry(self, version: int, fields: dict, batch: _Batch | None) -> _Batch:
        try:
            parts = entry_fields(fields)
            if parts is None:                       # stream layout 1
                env = decode_layout1(self.game_id, version, fields)
                if batch is None or env.command is not None or env.command_id != batch.envelopes[0].command_id:
                    batch = _Batch(version, None, [])
                    self.batches.append(batch)
                batch.envelopes.append(env)
                return batch
            t, d, b, h = parts
            name, _, schema = t.partition("/")
            data = orjson.loads(d)
            if not isinstance(data, dict):
                raise CodecError("the data is not an object")
            if b.startswith("{"):
                if batch is not None and batch.raw and not batch.raw[-1][3]:
                    self.fail(batch.first, f"the batch starting here is cut short after version {version - 1} "
                                           "(a new batch starts before its head)", last=version, stop=True)
                header = BatchHeader.from_json(b)
                batch = _Batch(version, header, [], ts=iso(header.ts_ms))
                self.batches.append(batch)
            elif batch is None or batch.header is None or batch.raw[-1][3] or int(b) != version - batch.first:
                self.fail(version, f"the batch field {b!r} does not continue a batch", stop=True)
            header = batch.header
            env = Envelope(self.game_id, version, name, data, int(schema) if schema else 1, header.seat,
                           str(batch.first), header.command if batch.first == version else None,
                           batch.ts, header.cause, h or None)
            current = CURRENT_SCHEMA.get(name, 1)
            if env.schema > current:
                self.fail(version, f"{name} is written at schema {env.schema}, newer than any this verifier "
                                   "knows", stop=True)
            batch.envelopes.append(upcast(env) if env.schema < current else env)
            e = fields.get("e")                     # the stored field itself where it is text (a record)
            batch.raw.append((version, e if type(e) is str else t + " " + d, b, h))
            return batch
        except (CodecError, ValueError, TypeError, KeyError, OverflowError) as exc:
            self.fail(version, f"the entry is not an event ({exc})", stop=True)

    # -- 2. the chain ---------------------------------------------------------------
    def check_chain(self, receipts: list[tuple[int, str]]) -> None:
        layout2 = [b for b in self.batches if b.header is not None]
        if not layout2:
            if receipts:
                self.fail(None, "this log was written before the chain (stream layout 1): "
                                "it has no heads to hold receipts against")
            if self.batches:
                self.verdict.unchecked.append("the chain: this log was written before it (stream layout 1)")
            return
        proofs = self.batches[0].envelopes[0].data.get("proofs", 1)
        key = None
        if proofs == 2:
            key = self.revealed_key()
            if key is None:
                self.verdict.unchecked.append("the chain and any receipt: it is keyed by the game's audit key, "
                                              "which stays secret until the game ends")
                return
        head = chain.genesis(self.game_id, key)
        if self.batches[0].header is None:
            self.verdict.unchecked.append(f"the chain before version {layout2[0].first}: written before it")
        broken, link, heads, text_head = False, chain.linker(key), self.heads, chain.text_head
        for batch in layout2:
            for version, e, b, stored in batch.raw:
                head = heads[version] = link(head, version, e, b)
                if stored and not broken and stored != text_head(head):
                    broken = True
                    self.fail(batch.first, "the chain breaks in this batch: the head stored at its end is not "
                                           "the hash of the log up to it (an event, a batch header or the head "
                                           "was changed, removed or added)", last=version)
        last = layout2[-1].raw[-1]
        self.verdict.head = (last[0], chain.text_head(self.heads[last[0]]))
        good = [v for v, h in sorted(receipts) if v in self.heads and chain.text_head(self.heads[v]) == h]
        for version, head_text in sorted(receipts):
            if version not in self.heads:
                self.fail(version, f"a receipt names version {version}, which this log does not reach "
                                   "(or which precedes its chain)")
            elif chain.text_head(self.heads[version]) != head_text:
                since = max((v for v in good if v < version), default=0)
                self.fail(version, f"the receipt {version}:{head_text} does not match: the log was rewritten "
                                   f"after it was issued; it departs after version {since} and at or before "
                                   f"version {version}")

    def revealed_key(self) -> bytes | None:
        """The audit key the chain of a proofs-2 game is checked with: the one ``SeedRevealed``
        publishes (a malformed one is a departure), else the one the verifier was given, else None."""
        last = self.batches[-1].envelopes[-1]
        if last.type != "SeedRevealed":
            return self.key
        try:
            key = chain.parse_key(last.data.get("audit_key"))
        except (ValueError, TypeError):
            key = None
        if key is None:
            self.fail(last.version, "SeedRevealed publishes no valid audit key (64 hex digits) for a game whose "
                                    "proofs are keyed", stop=True)
        return key

    # -- 3. the envelopes -------------------------------------------------------------
    def of_types(self, wanted) -> list[Envelope]:
        """The events whose type is one of ``wanted`` (types), in log order, found by ``list.index`` over
        :attr:`types`: a search in C for the few events of a kind (seats joined, the seed revealed)."""
        types, found = self.types, []
        self.present = self.present or set(types)
        for kind in self.present.intersection(wanted):
            at = -1
            try:
                while True:
                    at = types.index(kind, at + 1)
                    found.append(at)
            except ValueError:          # no more of this kind
                pass
        envs = self.envs
        return [envs[at] for at in sorted(found)]

    def check_envelopes(self) -> tuple[Envelope, Envelope | None]:
        envs = self.envs
        if not envs:
            self.fail(1, "the log is empty", stop=True)
        first = envs[0]
        if first.type != "GameCreated":
            self.fail(1, "the log does not start with GameCreated", stop=True)
        last_ts, seen_ids = "", {}
        for batch in self.batches:
            head = batch.envelopes[0]
            if head.ts and last_ts and head.ts < last_ts:
                self.fail(batch.first, f"the time goes back: {head.ts} after {last_ts}")
            last_ts = max(last_ts, head.ts or "")
            if batch.header is None:
                if head.command_id in seen_ids and seen_ids[head.command_id] != batch.first:
                    self.fail(batch.first, f"the command id {head.command_id} was used by the batch at version "
                                           f"{seen_ids[head.command_id]} already")
                seen_ids.setdefault(head.command_id, batch.first)
                if any(e.seat != head.seat for e in batch.envelopes):
                    self.fail(batch.first, "the events of one batch name different seats")
            elif head.cause not in CAUSES:
                self.fail(batch.first, f"unknown cause {head.cause!r}")
            system = head.command is not None and head.command.get("type") in ("CreateGame", "JoinSeat")
            if system and head.seat is not None:
                self.fail(batch.first, "a server batch (create, join) names a seat")
            if head.command is None:
                self.fail(batch.first, "the batch records no command")
        reveals = self.of_types(("SeedRevealed",))
        created_again = [e for e in self.of_types(("GameCreated",)) if e is not first]
        if created_again:
            self.fail(created_again[0].version, "a second GameCreated")
        if len(reveals) > 1 or (reveals and reveals[0] is not envs[-1]):
            after = reveals[0].version + 1
            self.fail(after, f"events follow the end of the game (SeedRevealed at version {reveals[0].version})",
                      stop=True)
        self.verdict.batches = len(self.batches)
        return first, reveals[0] if reveals else None

    def check_created(self, created: Envelope) -> Ruleset:
        data = created.data
        ruleset = RULESETS.get(data.get("ruleset"))
        if ruleset is None:
            self.fail(1, f"GameCreated names a ruleset this verifier does not know ({data.get('ruleset')!r})",
                      stop=True)
        if data.get("rules_version") not in set(ruleset.versions) | {ruleset.version}:
            self.fail(1, f"GameCreated names rules version {data.get('rules_version')!r}, which this code "
                         "cannot re-run", stop=True)
        seats = data.get("seats")
        if not isinstance(seats, list) or not ruleset.min_seats <= len(seats) <= ruleset.max_seats \
                or not all(isinstance(seat, dict) for seat in seats):
            self.fail(1, "GameCreated's seats do not fit the ruleset", stop=True)
        if not isinstance(data.get("options"), dict) or not isinstance(data.get("seeded"), bool) \
                or not isinstance(data.get("stacked"), bool) or not isinstance(data.get("seed_commitment"), str) \
                or data.get("proofs") not in (1, 2):
            self.fail(1, "GameCreated's options, flags or seed commitment are malformed", stop=True)
        keyed_schema = bool(self.batches[0].raw) and self.batches[0].raw[0][1].startswith("GameCreated/3 ")
        if self.batches[0].raw and keyed_schema != (data["proofs"] == 2):
            self.fail(1, "GameCreated's proofs scheme is not the one its schema was written with", stop=True)
        command = dict(created.command or {})
        if isinstance(command.get("seats"), list):      # as GameCreated's upcaster reads older seats
            command["seats"] = [{"client_seed": None, "token_sha256": None, **seat} if isinstance(seat, dict)
                                else seat for seat in command["seats"]]
        expected = {"type": "CreateGame"} if data["proofs"] == 2 else \
            {"type": "CreateGame", "ruleset": data["ruleset"], "seats": seats, "options": data["options"]}
        if command != expected:
            self.fail(1, "the CreateGame command does not match GameCreated (ruleset, seats or options)")
        return ruleset
