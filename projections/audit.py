"""Auditing a finished game: re-run every recorded command against the revealed seed.

``stranded verify GAME_ID`` calls :func:`verify`. It reads the whole log,
checks the versions run 1..N without a gap, checks the revealed seed against
the SHA-256 published in ``GameCreated``, re-runs setup and then every
recorded command (each batch records the command that caused it) through the
rules with ``rng_for(seed, version)``, and confirms the rules produce exactly
the recorded events. Any difference -- a rigged shuffle, an edited event, a
removed one -- is reported with its version.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import groupby

from events.codec import Envelope
from events.games import RULESETS, get_ruleset
from events.games.contract import RuleViolation
from events.randomness import rng_for, seed_hash
from events.store import EventStore


@dataclass
class AuditReport:
    """The verdict: ``ok`` when ``problems`` is empty; ``events`` and ``batches`` checked."""

    game_id: str
    events: int = 0
    batches: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when the log is exactly what the rules give."""
        return not self.problems


def _pairs(envs) -> list[tuple[str, dict]]:
    return [(e.type, e.data) for e in envs]


def verify(store: EventStore, game_id: str) -> AuditReport:
    """Re-run ``game_id`` from its log and report every difference (see module doc)."""
    envs = store.read(game_id)
    return verify_log(game_id, envs)


def verify_log(game_id: str, envs: list[Envelope]) -> AuditReport:
    """:func:`verify` on a list of envelopes already read."""
    report = AuditReport(game_id, events=len(envs))
    problems = report.problems
    if [e.version for e in envs] != list(range(1, len(envs) + 1)):
        problems.append("the versions do not run 1..N without a gap")
    if not envs or envs[0].type != "GameCreated":
        problems.append("the log does not start with GameCreated")
        return report
    if envs[-1].type != "SeedRevealed":
        problems.append("the game is not finished: its seed is still secret")
        return report
    created, revealed = envs[0].data, envs[-1].data
    seed = revealed["seed"]
    if seed_hash(seed) != created.get("seed_sha256"):
        problems.append("the revealed seed does not match the SHA-256 published in GameCreated")
    if created.get("ruleset") not in RULESETS:
        problems.append(f"unknown ruleset {created.get('ruleset')!r}")
        return report
    ruleset = get_ruleset(created["ruleset"])
    options = {**created.get("options", {}), **revealed.get("options", {}),
               "rules_version": created.get("rules_version", ruleset.version)}
    n_seats = len(created.get("seats", []))
    state = None
    for _, batch_iter in groupby(envs, key=lambda e: e.command_id):
        batch = list(batch_iter)
        report.batches += 1
        first = batch[0]
        recorded = [e for e in batch if e.type != "SeedRevealed"]
        command = first.command or {}
        if command.get("type") in ("CreateGame", "JoinSeat"):
            expected = [(e.type, e.data) for e in recorded if e.type in ("GameCreated", "SeatJoined")]
            if len(recorded) > len(expected):
                expected += _pairs_of(ruleset.setup(options, n_seats, rng_for(seed, 0)))
        else:
            try:
                expected = _pairs_of(ruleset.decide(state, first.seat, command, rng_for(seed, first.version - 1)))
            except RuleViolation as exc:
                problems.append(f"version {first.version}: the rules reject the recorded command ({exc.code})")
                return report
        if _pairs(recorded) != expected:
            problems.append(f"version {first.version}: the recorded events differ from what the rules give")
            return report
        for env in recorded:
            state = ruleset.evolve(state, {"type": env.type, "data": env.data})
    if state is None or ruleset.outcome(state) is None:
        problems.append("replaying the log does not reach the end of the game")
    return report


def _pairs_of(events: list[dict]) -> list[tuple[str, dict]]:
    return [(e["type"], e["data"]) for e in events]
