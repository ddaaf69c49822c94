"""Step 5 of the audit (``projections.audit``): the caches a server keeps beside the log, and a
record's copies of what the log says.

The meta hash (ruleset, rules version, status, result, seats and their token
hashes) and the latest snapshot (version, head, state, time, missed-deadline
streaks, clocks) are caches of the log: each must agree with what the replay
of step 4 gives. A record with no meta (``verify_log``) has nothing to check here.
"""
from __future__ import annotations

from typing import Any

import orjson

from events.log.codec import Envelope
from events.games.contract import Ruleset
from events.table.seats import LOGGED_SEAT_FIELDS, SEAT_EVENT_TYPES, seats_from_log
from events.log.implied import expected_checkpoints, implied
from projections.records import RECORD_FIELDS

#: Seat fields compared even when a record's seat leaves them out (every record has had them).
_ALWAYS = ("name", "bot", "open", "client_seed", "token_sha256")
_FLAGS = ("replaced", "left", "resigned")


def _seat_value(name: str, seat: dict) -> Any:
    """A seat's field as compared: a flag missing reads as false."""
    return bool(seat.get(name)) if name in _FLAGS else seat.get(name)


class CacheCheck:
    """Step 5 over an audit in progress (``projections.audit._Audit``: its record, verdict,
    batches, chain heads and ``fail``), once steps 1 to 4 have run."""

    def __init__(self, audit):
        self.record, self.verdict, self.fail = audit.record, audit.verdict, audit.fail
        self.checkpoints = audit.checkpoints
        self.batches, self.heads = audit.batches, audit.heads
        self.of_types = audit.of_types

    def run(self, ruleset: Ruleset, created: Envelope, state: Any) -> None:
        """Check the meta hash, then the seats it lists, then the snapshot; each departure goes to the
        audit's verdict."""
        self.check_copies(created)
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
        status = ("cancelled" if self.verdict.cancelled else "finished") if self.verdict.finished else \
            ("waiting" if state is None else "active")
        if meta.get("status") != status:
            where = last + 1 if meta.get("status") in ("finished", "cancelled") else last   # an ended game cut short
            self.fail(where, f"meta: the status is {meta.get('status')!r} where the log, which stops at version "
                             f"{last}, says {status!r}")
        if self.verdict.finished and not same_result(meta.get("result"), outcome):
            self.fail(last, "meta: the result differs from the one the log gives")
        if created.data.get("proofs") == 2 and meta.get("created") != self.batches[0].envelopes[0].ts:
            self.fail(1, "meta: the creation time is not the time of the log's first batch")
        self.check_seats(ruleset, meta.get("seats"))
        self.check_snapshot(ruleset, state)
        self.check_checkpoints(ruleset)

    def check_seats(self, ruleset: Ruleset, meta_seats: Any) -> None:
        """The meta's seats against the log's, folded by the rule the server keeps them with
        (``events.table.seats.seats_from_log``): every field the log covers (``LOGGED_SEAT_FIELDS``:
        name, bot, open, client seed, token hash, replaced, left, resigned). A token hash is
        compared where the log has one (logs before schema 2 of the seat events have none); a
        flag a record's seat leaves out is not compared (records before the flags were kept)."""
        created = self.batches[0].envelopes[0].data
        moved = [env for env in self.of_types(SEAT_EVENT_TYPES) if env.version != 1]  # GameCreated gave the seats
        seats = seats_from_log(created, [(env.type, env.data) for env in moved], ruleset.bots)
        changed = {}
        for env in moved:
            if isinstance(env.data.get("seat"), int):
                changed[env.data["seat"]] = env.version
        if not isinstance(meta_seats, list) or len(meta_seats) != len(seats):
            self.fail(1, "meta: the seats differ from the log's")
            return
        for index, (ours, theirs) in enumerate(zip(seats, meta_seats)):
            if not isinstance(theirs, dict):
                self.fail(changed.get(index, 1), f"meta: seat {index} is not a seat")
                continue
            differs = [name for name in LOGGED_SEAT_FIELDS
                       if (name != "token_sha256" or ours.get("token_sha256")) and (name in theirs or name in _ALWAYS)
                       and _seat_value(name, ours) != _seat_value(name, theirs)]
            if differs:
                self.fail(changed.get(index, 1), f"meta: seat {index} differs from the log's ({', '.join(differs)})")

    def check_copies(self, created: Envelope) -> None:
        """The record's top-level copies against the log: ``seed`` is SeedRevealed's, ``seed_commitment``
        (and ``seed_sha256`` of older records) GameCreated's; any other field is not the format's."""
        record = self.record
        unknown = sorted(set(record) - RECORD_FIELDS)
        if unknown:
            self.fail(None, f"record: it holds fields the format does not define ({', '.join(unknown)})")
        last = self.batches[-1].envelopes[-1]
        revealed = last.data.get("seed") if last.type == "SeedRevealed" else None
        if record.get("seed") is not None and record.get("seed") != revealed:
            self.fail(None, "record: its 'seed' is not the seed the log reveals")
        commitment = created.data.get("seed_commitment")
        for name in ("seed_commitment", "seed_sha256"):
            if record.get(name) is not None and record.get(name) != commitment:
                self.fail(None, f"record: its '{name}' is not the commitment in GameCreated")

    def check_checkpoints(self, ruleset: Ruleset) -> None:
        """The server's checkpoints (``events.log.checkpoints``) against the ones the log implies
        (``events.log.implied.expected_checkpoints``): a replay of a past version starts from one, so a
        wrong one would show a past that never was. A game with none (written before them) has
        nothing to check; one the log implies but the server lacks is rebuilt, not a departure."""
        if not self.checkpoints:
            return
        want = expected_checkpoints(ruleset, self.verdict.game_id, self.record["entries"])
        for field, text in sorted(self.checkpoints.items(), key=lambda item: str(item[0])):
            try:
                same = field in want and orjson.loads(text) == orjson.loads(want[field])
            except orjson.JSONDecodeError:
                same = False
            if not same:
                where = orjson.loads(want[field])["version"] if field in want else None
                self.fail(where, f"checkpoint {field}: it is not the one the log implies there")

    def check_snapshot(self, ruleset: Ruleset, state: Any) -> None:
        """The snapshot against the one the log implies at its version (``events.log.implied.implied``,
        the definition ``stranded rebuild`` writes by): head, state, time,
        missed-deadline streaks and clocks (one written by other rules code is left unchecked: it
        is rebuilt when read)."""
        raw = self.record.get("snapshot")
        if raw is None:
            return
        try:
            snap = orjson.loads(raw)
            version = int(snap["version"])
            rules = snap.get("rules_version")
        except (orjson.JSONDecodeError, KeyError, TypeError, ValueError):
            self.fail(None, "snapshot: it is not a snapshot")
            return
        if rules != ruleset.version:
            self.verdict.unchecked.append("the snapshot: written by other rules code (it is rebuilt when read)")
            return
        if not 1 <= version <= self.verdict.events:
            self.fail(version, f"snapshot: it is at version {version}, the log at {self.verdict.events}")
            return
        # the last event at or before the snapshot's version (batches and their events run in order)
        batch = next(batch for batch in reversed(self.batches) if batch.first <= version)
        last = next(env for env in reversed(batch.envelopes) if env.version <= version)
        if last.version != version or last.head is None and self.heads:
            self.fail(version, "snapshot: it is not at the end of a batch")
            return
        entries = self.record["entries"][:version]
        known = (version, state) if version == self.verdict.events and state is not None else None
        text = implied(ruleset, self.verdict.game_id, entries, [version], state_at=known).snapshots[version]
        if raw == text:         # the very text the write path and a rebuild write: every field agrees
            return
        want = orjson.loads(text)
        # a field missing reads as the server reads it (``decode_snapshot``): null, so a head or
        # a time the log has and the snapshot lacks is a difference, not a field to skip
        if self.heads and snap.get("head") != want["head"]:
            self.fail(version, "snapshot: its head is not the log's")
        elif snap.get("state") != want["state"]:
            self.fail(version, "snapshot: its state is not the one the log folds to")
        elif snap.get("ts") != want["ts"]:
            self.fail(version, "snapshot: its time is not the time of the log's batch at its version")
        elif (snap.get("missed") or {}) != want["missed"]:
            self.fail(version, "snapshot: its streaks of missed deadlines are not the log's")
        elif snap.get("clocks") != want["clocks"]:
            self.fail(version, "snapshot: its clocks are not the ones the log's times give")


def same_result(stored: Any, outcome: dict | None) -> bool:
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
