"""verify never crashes: randomly mutated records of every ruleset get a verdict.

Hypothesis mutates a finished game's record (the entries' bytes, their ids and
order, the meta, the snapshot) and ``verify_record`` must answer with a
verdict: tampered (1) for any mutation that changes what it checks, verified
(0) only when the mutation changed nothing it reads. It never raises.
"""
from __future__ import annotations

import copy
import json

import fakeredis
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from events.commands.dispatch import Dispatcher
from events.commands.handling import create_game
from events.log.repository import GameRepository
from events.log.store import EventStore
from projections.audit import verify_record
from projections.records import load_record, record_of
from tests.helpers import run_jobs, seeded_options

RULESETS = {"selfish-space": ("random", 2), "selfish-zombie": ("random", 2),
            "one-against-the-dead": ("random", 1), "zombies-quickplay": ("strong", 2)}
RECORDS: dict[str, dict] = {}


def finished_record(ruleset_id: str) -> dict:
    """A finished all-bot game's record (made once per ruleset)."""
    if ruleset_id not in RECORDS:
        redis = fakeredis.FakeRedis(server=fakeredis.FakeServer())
        policy, seats = RULESETS[ruleset_id]
        result = create_game(GameRepository(EventStore(redis)), ruleset_id,
                             [{"name": f"P{i}", "bot": policy} for i in range(seats)], seeded_options({"seed": "fuzz"}))
        Dispatcher(redis).after_append(result)
        run_jobs(redis)
        RECORDS[ruleset_id] = record_of(EventStore(redis), result.game_id)
    return RECORDS[ruleset_id]


def mutate_text(text: str, position: int, how: int, char: str) -> str:
    if not text:
        return char
    position %= len(text)
    if how == 0:
        return text[:position] + char + text[position + 1:]        # replace one character
    if how == 1:
        return text[:position] + text[position + 1:]               # delete one
    if how == 2:
        return text[:position] + char + text[position:]            # insert one
    return text[:position]                                         # cut the rest off


MUTATIONS = st.tuples(
    st.sampled_from(["entry-field", "entry-id", "drop-entry", "duplicate-entry", "swap-entries",
                     "meta-field", "snapshot"]),
    st.integers(0, 10**6), st.integers(0, 10**6), st.integers(0, 3),
    st.sampled_from(list('{}[]":, 0189aZé\x00\x1f')),
)


def apply(record: dict, mutation) -> dict:
    kind, where, position, how, char = mutation
    out = copy.deepcopy(record)
    entries = out["entries"]
    index = where % len(entries)
    if kind == "entry-field":
        field = sorted(entries[index][1])[position % len(entries[index][1])]
        entries[index][1][field] = mutate_text(entries[index][1][field], position, how, char)
    elif kind == "entry-id":
        entries[index][0] = mutate_text(entries[index][0], position, how, char)
    elif kind == "drop-entry":
        del entries[index]
    elif kind == "duplicate-entry":
        entries.insert(index, copy.deepcopy(entries[index]))
    elif kind == "swap-entries":
        other = (index + 1 + position % 5) % len(entries)
        entries[index], entries[other] = entries[other], entries[index]
    elif kind == "meta-field":
        key = sorted(out["meta"])[position % len(out["meta"])]
        out["meta"][key] = mutate_text(json.dumps(out["meta"][key]), where, how, char)
    else:
        out["snapshot"] = mutate_text(out["snapshot"] or "", position, how, char)
    return out


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None)
@given(mutation=MUTATIONS)
def test_a_mutated_record_gets_a_verdict_never_a_crash(ruleset_id, mutation):
    record = finished_record(ruleset_id)
    mutated = apply(record, mutation)
    verdict = verify_record(mutated)
    if mutated["entries"] == record["entries"] and mutated["meta"] == record["meta"] \
            and _read_alike(ruleset_id, mutated["snapshot"], record["snapshot"]):
        assert verdict.code == 0, [str(p) for p in verdict.problems]
    elif mutation[0] == "meta-field" and sorted(record["meta"])[mutation[2] % len(record["meta"])] in (
            "created", "imported"):
        assert verdict.code in (0, 1)                 # fields verify does not hold against the log
    elif mutation[0] == "snapshot" and verdict.code == 0:
        # a snapshot that names other rules code is never served (the log is folded instead)
        assert any("the snapshot" in what for what in verdict.unchecked), "a changed snapshot went unnoticed"
    else:
        assert verdict.code == 1, f"{mutation} went unnoticed"


def _read_alike(ruleset_id: str, a, b) -> bool:
    """Whether the server reads two snapshot texts alike (``decode_snapshot``: the same
    version, head, time, state, clocks and streaks; a missing optional key reads as its default)."""
    from events.games import get_ruleset
    from events.log.snapshots import decode_snapshot

    ruleset = get_ruleset(ruleset_id)
    return decode_snapshot(ruleset, a) == decode_snapshot(ruleset, b) and (a is None) == (b is None)


def test_the_record_survives_json_and_verifies_as_it_came():
    record = finished_record("selfish-space")
    assert verify_record(load_record(json.dumps(record))).code == 0
