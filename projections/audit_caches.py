"""Step 5 of the audit (``projections.audit``): the caches a server keeps beside the log.

The meta hash (ruleset, rules version, status, result, seats and their token
hashes) and the latest snapshot (version, head, state, time, missed-deadline
streaks, clocks) are caches of the log: each must agree with what the replay
of step 4 gives. A record with no meta (``verify_log``) has nothing to check here.
"""
from __future__ import annotations

from typing import Any

import orjson

from events import chain, clocks
from events.codec import Envelope
from events.games.contract import Ruleset
from events.repository import batch_states
from events.seats import count_missed


class CacheCheck:
    """Step 5 over an audit in progress (``projections.audit._Audit``: its record, verdict,
    batches, chain heads and ``fail``), once steps 1 to 4 have run."""

    def __init__(self, audit):
        self.record, self.verdict, self.fail = audit.record, audit.verdict, audit.fail
        self.batches, self.heads = audit.batches, audit.heads

    def run(self, ruleset: Ruleset, created: Envelope, state: Any) -> None:
        """Check the meta hash, then the seats it lists, then the snapshot; each departure goes to the
        audit's verdict."""
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
        if self.verdict.finished and not same_result(meta.get("result"), outcome):
            self.fail(last, "meta: the result differs from the one the log gives")
        self.check_seats(meta.get("seats"))
        self.check_snapshot(ruleset, state)

    def check_seats(self, meta_seats: Any) -> None:
        """The meta's seats against the log's: names, bots, client seeds and token hashes as the seat
        events (joined, taken over, reclaimed, resigned) left them."""
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
        """The snapshot against the log folded to its version: head, state, time, missed-deadline
        streaks and clocks (one written by other rules code is left unchecked: it is rebuilt when read)."""
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
        # a field missing reads as the server reads it (``decode_snapshot``): null, so a head or
        # a time the log has and the snapshot lacks is a difference, not a field to skip
        if version in self.heads and head != chain.text_head(self.heads[version]):
            self.fail(version, "snapshot: its head is not the log's")
        elif snap_state != (state if version == self.verdict.events else folded):
            self.fail(version, "snapshot: its state is not the one the log folds to")
        elif last.header is not None and ts != last.header.ts_ms:
            self.fail(version, "snapshot: its time is not the time of the log's batch at its version")
        elif (snap.get("missed") or {}) != missed:
            self.fail(version, "snapshot: its streaks of missed deadlines are not the log's")
        elif snap.get("clocks") != timed:
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
