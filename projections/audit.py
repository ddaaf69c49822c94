"""Auditing a game: everything a record holds, checked against the rules and the chain.

``stranded verify`` (a game on this server, or ``--file`` a record with no
server at all) calls :func:`verify_record` on a game's portable record
(``projections.records``). It checks, in order, and names the first version
where each kind of check departs:

1. the stream: versions 1..N without a gap, every entry an event, every
   batch well formed (a header first, positions in order, a head last);
2. the chain (``events.chain``): every stored head is the hash of the log up
   to it; every receipt a player supplies (``version:head``) matches;
3. the envelopes: timestamps never go back, causes and seats are valid,
   command ids unique (stream layout 1), ``GameCreated`` first and well
   formed, ``SeedRevealed`` once and last;
4. the rules: the revealed server seed is the one committed to; the game seed
   (with the seats' client seeds) re-runs setup and every recorded command
   through the rules, and each event must be exactly what the rules give --
   for a game still running, without the secret seed: each command must be
   one the rules accept, and every batch that draws no randomness must come
   out exactly (the others are listed as not checkable yet);
5. the caches: the meta hash (ruleset, rules version, status, result, seats,
   token hashes) and the snapshot (version, head, state) must agree with the
   replay.

The verdict's :attr:`Verdict.code` is the exit code: 0 verified, 1 tampered,
3 consistent so far but not finished (2, unreadable input or no such game, is
raised before a verdict exists). Nothing the record holds makes it raise.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import orjson

from events import chain, clocks
from events.codec import CAUSES, CURRENT_SCHEMA, BatchHeader, CodecError, Envelope, entry_fields, upcast
from events.codec import _decode_layout1 as decode_layout1
from events.codec import iso
from events.games import RULESETS
from events.games.contract import Ruleset, RuleViolation
from events.randomness import game_seed, rng_for, seed_hash
from events.repository import batch_states
from events.seats import count_missed
from events.store import EventStore
from projections.records import record_of


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
    """What ``verify`` found. ``code``: 0 verified, 1 tampered, 3 not finished (but consistent)."""

    game_id: str
    events: int = 0
    batches: int = 0
    problems: list[Problem] = field(default_factory=list)
    unchecked: list[str] = field(default_factory=list)
    finished: bool = False
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


class _Stop(Exception):
    """A departure after which nothing further can be checked."""


@dataclass
class _Batch:
    first: int
    header: BatchHeader | None
    envelopes: list[Envelope]
    raw: list[tuple[int, str, str, str]] = field(default_factory=list)   # (version, e, b without head, head)


def verify(store: EventStore, game_id: str, receipts: list[tuple[int, str]] = ()) -> Verdict:
    """Verify ``game_id`` as this server holds it (see the module doc). Raises ``GameNotFound``."""
    return verify_record(record_of(store, game_id), receipts)


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


def verify_record(record: dict, receipts: list[tuple[int, str]] = ()) -> Verdict:
    """Verify a record (``projections.records``); ``receipts``: ``(version, head)`` pairs a
    player kept. Returns the :class:`Verdict`; never raises for what the record holds."""
    verdict = Verdict(record.get("game_id", ""))
    try:
        _Audit(record, verdict).run(list(receipts))
    except _Stop:
        pass
    return verdict


class _Audit:
    """One verification in progress (see the module doc for the steps)."""

    def __init__(self, record: dict, verdict: Verdict):
        self.record = record
        self.game_id = record.get("game_id", "")
        self.verdict = verdict
        self.batches: list[_Batch] = []
        self.heads: dict[int, bytes] = {}

    def fail(self, version: int | None, what: str, last: int | None = None, stop: bool = False) -> None:
        self.verdict.problems.append(Problem(version, what, last))
        if stop:
            raise _Stop

    # -- 1. the stream -------------------------------------------------------------
    def run(self, receipts: list[tuple[int, str]]) -> None:
        self.read_stream()
        self.check_chain(receipts)
        created, revealed = self.check_envelopes()
        ruleset = self.check_created(created)
        state = self.replay(ruleset, created, revealed)
        self.check_caches(ruleset, created, state)

    def read_stream(self) -> None:
        entries = self.record.get("entries", [])
        self.verdict.events = len(entries)
        batch: _Batch | None = None
        for index, (entry_id, fields) in enumerate(entries, start=1):
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
                batch = _Batch(version, BatchHeader.from_json(b), [])
                self.batches.append(batch)
            elif batch is None or batch.header is None or batch.raw[-1][3] or int(b) != version - batch.first:
                self.fail(version, f"the batch field {b!r} does not continue a batch", stop=True)
            header = batch.header
            env = Envelope(self.game_id, version, name, data, int(schema) if schema else 1, header.seat,
                           str(batch.first), header.command if batch.first == version else None,
                           iso(header.ts_ms), header.cause, h or None)
            if env.schema > CURRENT_SCHEMA.get(name, 1):
                self.fail(version, f"{name} is written at schema {env.schema}, newer than any this verifier "
                                   "knows", stop=True)
            batch.envelopes.append(upcast(env))
            batch.raw.append((version, t + " " + d, b, h))
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
        head = chain.genesis(self.game_id)
        if self.batches[0].header is None:
            self.verdict.unchecked.append(f"the chain before version {layout2[0].first}: written before it")
        broken = False
        for batch in layout2:
            for version, e, b, stored in batch.raw:
                head = chain.link(head, version, e, b)
                self.heads[version] = head
                if stored and not broken and stored != chain.text_head(head):
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

    # -- 3. the envelopes -------------------------------------------------------------
    def check_envelopes(self) -> tuple[Envelope, Envelope | None]:
        envs = [e for b in self.batches for e in b.envelopes]
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
        reveals = [e for e in envs if e.type == "SeedRevealed"]
        created_again = [e for e in envs[1:] if e.type == "GameCreated"]
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
                or not isinstance(data.get("stacked"), bool) or not isinstance(data.get("seed_sha256"), str):
            self.fail(1, "GameCreated's options, flags or seed commitment are malformed", stop=True)
        command = dict(created.command or {})
        if isinstance(command.get("seats"), list):      # as GameCreated's upcaster reads older seats
            command["seats"] = [{"client_seed": None, "token_sha256": None, **seat} if isinstance(seat, dict)
                                else seat for seat in command["seats"]]
        expected = {"type": "CreateGame", "ruleset": data["ruleset"], "seats": seats, "options": data["options"]}
        if command != expected:
            self.fail(1, "the CreateGame command does not match GameCreated (ruleset, seats or options)")
        return ruleset

    # -- 4. the rules -------------------------------------------------------------------
    def replay(self, ruleset: Ruleset, created: Envelope, revealed: Envelope | None) -> Any:
        return _Replay(self, ruleset, created, revealed).run()

    # -- 5. the caches -------------------------------------------------------------------
    def check_caches(self, ruleset: Ruleset, created: Envelope, state: Any) -> None:
        meta = self.record.get("meta") or {}
        last = self.verdict.events
        if not meta:
            return
        if meta.get("unreadable"):
            self.fail(None, "meta: the meta hash is unreadable")
            return
        if meta.get("ruleset") != created.data.get("ruleset"):
            self.fail(1, f"meta: the ruleset is {meta.get('ruleset')!r} where the log says "
                         f"{created.data.get('ruleset')!r}")
        legacy = all(batch.header is None for batch in self.batches)   # meta kept no rules version then
        if meta.get("rules_version") not in ((("",) if legacy else ()) + (created.data.get("rules_version"),)):
            self.fail(1, f"meta: the rules version is {meta.get('rules_version')!r} where the log says "
                         f"{created.data.get('rules_version')!r}")
        outcome = ruleset.outcome(state) if state is not None else None
        status = "finished" if self.verdict.finished else ("waiting" if state is None else "active")
        if meta.get("status") != status:
            where = last + 1 if meta.get("status") == "finished" else last   # a finished game cut short
            self.fail(where, f"meta: the status is {meta.get('status')!r} where the log, which stops at version "
                             f"{last}, says {status!r}")
        if self.verdict.finished and not _same_result(meta.get("result"), outcome):
            self.fail(last, "meta: the result differs from the one the log gives")
        self.check_seats(meta.get("seats"))
        self.check_snapshot(ruleset, state)

    def check_seats(self, meta_seats: Any) -> None:
        seats = [dict(s) for s in self.batches[0].envelopes[0].data["seats"]]
        joined = {}
        for batch in self.batches:
            for env in batch.envelopes:
                seat = env.data.get("seat")
                if not isinstance(seat, int) or not 0 <= seat < len(seats):
                    continue
                if env.type == "SeatJoined":
                    seats[seat].update({"name": env.data.get("name"), "open": False,
                                        "client_seed": env.data.get("client_seed"),
                                        "token_sha256": env.data.get("token_sha256")})
                    joined[seat] = env.version
                elif env.type == "SeatTakenOver":
                    seats[seat]["bot"] = env.data.get("policy")
                elif env.type == "SeatReclaimed":
                    seats[seat]["bot"] = None
                elif env.type == "SeatResigned" and not env.data.get("by_rule") and not seats[seat].get("bot"):
                    seats[seat]["bot"] = "?"          # a bot plays it on: which one the meta says
                    joined[seat] = env.version
        if not isinstance(meta_seats, list) or len(meta_seats) != len(seats):
            self.fail(1, "meta: the seats differ from the log's")
            return
        for index, (ours, theirs) in enumerate(zip(seats, meta_seats)):
            keys = ("name", "bot", "open", "client_seed") + (("token_sha256",) if ours.get("token_sha256") else ())
            if ours.get("bot") == "?" and isinstance(theirs, dict) and theirs.get("bot"):
                ours["bot"] = theirs["bot"]
            if not isinstance(theirs, dict) or any(ours.get(k) != theirs.get(k) for k in keys):
                self.fail(joined.get(index, 1), f"meta: seat {index} differs from the log's (name, bot, client "
                                                "seed or token)")

    def check_snapshot(self, ruleset: Ruleset, state: Any) -> None:
        raw = self.record.get("snapshot")
        if raw is None:
            return
        try:
            snap = orjson.loads(raw)
            version, head, snap_state = int(snap["version"]), snap.get("head"), snap["state"]
            rules, ts = snap.get("rules_version"), snap.get("ts")
        except (orjson.JSONDecodeError, KeyError, TypeError, ValueError):
            self.fail(None, "snapshot: it is not a snapshot")
            return
        if rules != ruleset.version:
            self.verdict.unchecked.append("the snapshot: written by other rules code (it is rebuilt when read)")
            return
        if set(snap) != SNAPSHOT_FIELDS:
            self.fail(version, "snapshot: its fields are not a snapshot's (" + ", ".join(sorted(SNAPSHOT_FIELDS)) + ")")
            return
        if not 1 <= version <= self.verdict.events:
            self.fail(version, f"snapshot: it is at version {version}, the log at {self.verdict.events}")
            return
        envelopes = [e for b in self.batches for e in b.envelopes if e.version <= version]
        if envelopes[-1].version != version or envelopes[-1].head is None and self.heads:
            self.fail(version, "snapshot: it is not at the end of a batch")
            return
        last = next(b for b in reversed(self.batches) if b.first <= version)
        created = self.batches[0].envelopes[0].data
        missed: dict = {}
        timed = clocks.start(created["options"], created["seats"])
        folded = None
        # one pass, each batch's state used before the next batch is folded into it (a
        # game's evolve may change its state in place, so the states are not kept)
        for folded, ts_ms, seat, cause in batch_states(ruleset, envelopes):
            missed = count_missed(missed, seat, cause)
            timed = clocks.advance(timed, created["options"], ruleset, folded, ts_ms, seat, cause)
        if head is not None and version in self.heads and head != chain.text_head(self.heads[version]):
            self.fail(version, "snapshot: its head is not the log's")
        elif snap_state != (state if version == self.verdict.events else folded):
            self.fail(version, "snapshot: its state is not the one the log folds to")
        elif ts is not None and last.header is not None and ts != last.header.ts_ms:
            self.fail(version, "snapshot: its time is not the time of the log's batch at its version")
        elif (snap.get("missed") or {}) != missed:
            self.fail(version, "snapshot: its streaks of missed deadlines are not the log's")
        elif snap.get("clocks") != timed:
            self.fail(version, "snapshot: its clocks are not the ones the log's times give")


#: The fields of a snapshot the current rules code writes (``events.snapshots.encode_snapshot``).
SNAPSHOT_FIELDS = frozenset({"version", "rules_version", "head", "ts", "clocks", "missed", "state"})

#: The server's batches that change who plays a seat (``events.seating``).
SEAT_COMMANDS = ("TakeOverSeat", "ReclaimSeat", "ResignSeat")


class _NeedsSeed(Exception):
    """Raised by the stand-in generator of a game whose seed is still secret."""


class _SealedRandom:
    """A generator for re-running a game whose seed is secret: any draw stops the re-run of
    that command (its events depend on the secret seed)."""

    def __getattr__(self, name: str):
        raise _NeedsSeed(name)


class _Replay:
    """Step 4: the seed, then setup and every batch through the rules."""

    def __init__(self, audit: _Audit, ruleset: Ruleset, created: Envelope, revealed: Envelope | None):
        self.audit, self.ruleset, self.created, self.revealed = audit, ruleset, created, revealed
        self.missed: dict[int, int] = {}      # each seat's streak of deadlines the server met for it
        self.taken: set[int] = set()          # seats a bot took over and nobody took back

    def run(self) -> Any:
        audit, created = self.audit, self.created
        seeds = self.client_seeds()
        secret = None
        if self.revealed is not None:
            secret = self.revealed.data.get("seed")
            if not isinstance(secret, str) or seed_hash(secret) != created.data.get("seed_sha256"):
                audit.fail(self.revealed.version, "the revealed seed is not the one committed to in GameCreated",
                           stop=True)
            secret_options = self.revealed.data.get("options")
            if not isinstance(secret_options, dict) or set(secret_options) - {"seed", "stack"}:
                audit.fail(self.revealed.version, "SeedRevealed's options are not the secret options", stop=True)
            if ("seed" in secret_options) != created.data.get("seeded") or \
                    ("stack" in secret_options) != created.data.get("stacked"):
                audit.fail(1, "GameCreated's seeded or stacked flag does not match what SeedRevealed reveals")
        seed = game_seed(secret, seeds) if secret is not None else None
        options = {**created.data["options"], **(self.revealed.data.get("options", {}) if self.revealed else {}),
                   "rules_version": created.data["rules_version"]}
        state, open_seats = None, [bool(s.get("open")) for s in created.data["seats"]]
        for batch in audit.batches:
            state = self.replay_batch(batch, state, seed, options, open_seats)
            head = batch.envelopes[0]
            if head.seat is not None and head.cause in ("seat", "deadline") \
                    and (head.command or {}).get("type") not in SEAT_COMMANDS:
                self.missed[head.seat] = self.missed.get(head.seat, 0) + 1 if head.cause == "deadline" else 0
        audit.verdict.finished = self.revealed is not None
        if self.revealed is not None and (state is None or self.ruleset.outcome(state) is None):
            audit.fail(self.revealed.version, "the game is revealed as over, but replaying the log does not "
                                              "reach the end of the game")
        if self.revealed is None and state is not None and self.ruleset.outcome(state) is not None:
            audit.fail(audit.verdict.events + 1, "the game is over by the rules but the log stops before "
                                                 "SeedRevealed (truncated)")
        if self.revealed is None:
            audit.verdict.unchecked.append("every random draw: the server seed is still secret")
        return state

    def client_seeds(self) -> list[str | None]:
        seeds = [s.get("client_seed") if isinstance(s, dict) else None for s in self.created.data["seats"]]
        for batch in self.audit.batches:
            for env in batch.envelopes:
                if env.type == "SeatJoined" and isinstance(env.data.get("seat"), int) \
                        and 0 <= env.data["seat"] < len(seeds):
                    seeds[env.data["seat"]] = env.data.get("client_seed")
        return seeds

    def replay_batch(self, batch: _Batch, state: Any, seed: str | None, options: dict,
                     open_seats: list[bool]) -> Any:
        audit, ruleset = self.audit, self.ruleset
        recorded = [e for e in batch.envelopes if e.type != "SeedRevealed"]
        command = batch.envelopes[0].command or {}
        rng = rng_for(seed, batch.first - 1) if seed is not None else _SealedRandom()
        try:
            if command.get("type") in SEAT_COMMANDS:
                return self.seat_batch(batch, recorded, state, command, rng)
            if command.get("type") in ("CreateGame", "JoinSeat"):
                expected = self.system_events(batch, recorded, open_seats)
                if not any(open_seats):                 # the last seat taken: the deal follows
                    setup_rng = rng_for(seed, 0) if seed is not None else _SealedRandom()
                    expected += ruleset.setup(options, len(open_seats), setup_rng)
            else:
                if state is None:
                    audit.fail(batch.first, "a command before the game started", stop=True)
                expected = ruleset.decide(state, batch.envelopes[0].seat, command, rng)
        except _NeedsSeed:
            audit.verdict.unchecked.append(f"version {batch.first}: its events depend on the secret seed")
            return self.fold(recorded, state, batch)
        except RuleViolation as exc:
            audit.fail(batch.first, f"the rules reject the recorded command {command.get('type')!r} "
                                    f"({exc.code}: {exc.message})", stop=True)
        except ValueError as exc:
            audit.fail(batch.first, f"the rules cannot set this game up ({exc})", stop=True)
        except Exception as exc:  # a tampered state the rules were never meant to see
            audit.fail(batch.first, f"the rules cannot re-run the recorded command ({exc!r})", stop=True)
        for offset, (want, got) in enumerate(zip(expected, recorded)):
            if want["type"] != got.type or want["data"] != got.data:
                audit.fail(got.version, f"the log records {got.type} {_short(got.data)} where the rules give "
                                        f"{want['type']} {_short(want['data'])}", stop=True)
        if len(expected) != len(recorded):
            where = batch.first + min(len(expected), len(recorded))
            audit.fail(where, f"the rules give {len(expected)} events for this command, the log records "
                              f"{len(recorded)}", stop=True)
        return self.fold(recorded, state, batch)

    def seat_batch(self, batch: _Batch, recorded: list[Envelope], state: Any, command: dict, rng) -> Any:
        """A seat leaving, taken over, taking its seat back or resigning (``events.seating``)."""
        audit, kind, seat = self.audit, command["type"], command.get("seat")
        seats = self.created.data["seats"]
        if state is None or not isinstance(seat, int) or not 0 <= seat < len(seats):
            audit.fail(batch.first, f"{kind} names no seat of a running game", stop=True)
        acting, cause = batch.envelopes[0].seat, batch.envelopes[0].cause
        if kind == "TakeOverSeat":
            reason = command.get("reason")
            event = recorded[0] if len(recorded) == 1 else None
            ok = event is not None and event.type == "SeatTakenOver" and event.data.get("seat") == seat \
                and event.data.get("reason") == reason and event.data.get("policy") in self.ruleset.bots
            if reason == "left":
                ok = ok and acting == seat and cause == "seat"
            elif reason == "missed_deadlines":
                limit = self.created.data["options"].get("takeover_after", 3)
                ok = ok and acting is None and bool(limit) and self.missed.get(seat, 0) >= limit
            else:
                ok = False
            if not ok:
                audit.fail(batch.first, "the seat was taken over without the reason the log gives", stop=True)
            self.taken.add(seat)
            return state
        if kind == "ReclaimSeat":
            if seat not in self.taken or acting != seat or [e.type for e in recorded] != ["SeatReclaimed"]:
                audit.fail(batch.first, "a seat is taken back that no bot took over", stop=True)
            self.taken.discard(seat)
            return state
        rule = self.ruleset.resign
        expected = (list(rule(state, seat, rng)) if rule is not None else []) + [
            {"type": "SeatResigned", "data": {"seat": seat, "by_rule": rule is not None}}]
        got = [{"type": e.type, "data": e.data} for e in recorded]
        if acting != seat or got != expected:
            audit.fail(batch.first, "the resignation's events are not what the game's rule gives", stop=True)
        return self.fold(recorded, state, batch)

    def system_events(self, batch: _Batch, recorded: list[Envelope], open_seats: list[bool]) -> list[dict]:
        first = recorded[0] if recorded else None
        if first is None or first.type not in ("GameCreated", "SeatJoined"):
            self.audit.fail(batch.first, "a server batch that neither creates the game nor seats a player",
                            stop=True)
        if first.type == "SeatJoined":
            seat = first.data.get("seat")
            command = batch.envelopes[0].command or {}
            if not isinstance(seat, int) or not 0 <= seat < len(open_seats) or not open_seats[seat] \
                    or command.get("seat") != seat:
                self.audit.fail(batch.first, "SeatJoined takes a seat that was not open", stop=True)
            open_seats[seat] = False
        return [{"type": first.type, "data": first.data}]

    def fold(self, recorded: list[Envelope], state: Any, batch: _Batch) -> Any:
        try:
            for env in recorded:
                if env.type not in ("GameCreated", "SeatJoined"):
                    state = self.ruleset.evolve(state, {"type": env.type, "data": env.data})
        except Exception as exc:  # evolve is total on what the rules emit, not on forged events
            self.audit.fail(batch.first, f"the rules cannot fold these events ({exc!r})", stop=True)
        return state


def _same_result(stored: Any, outcome: dict | None) -> bool:
    """Whether the meta's result is the log's outcome. A result in the shape games stored
    before the shared one (``{"winner", "reason" | "result", ...}``) is compared by its
    winner and its ending."""
    if stored == outcome:
        return True
    if not isinstance(stored, dict) or outcome is None or "reason" in stored and "winners" in stored:
        return False
    winner = stored.get("winner")
    winners = [winner] if isinstance(winner, int) else list(stored.get("winners") or [])
    ending = stored.get("result", stored.get("reason"))
    return winners == outcome.get("winners") and ending in (outcome.get("result"), None)


def _short(data: Any) -> str:
    text = orjson.dumps(data, option=orjson.OPT_SORT_KEYS).decode()
    return text if len(text) <= 120 else text[:117] + "..."
