"""The audit's one-pass reader of a regular log (``projections.audit_stream``) against its general one.

Whatever a record holds, the fast reader either gives up or builds exactly the batches the
general reader (``_Audit.read_entry``, one entry at a time) builds, and the verdict is the same
either way: untouched logs of every ruleset, and a few hundred edits of them.
"""
from __future__ import annotations

import copy
import random

import pytest

from projections import audit
from projections.audit import Verdict, _Audit, _Stop, verify_record
from projections.audit_stream import regular_batches
from tests.projections.test_verify_fuzz import RULESETS, finished_record, mutate_text


def _plain(monkeypatch, run):
    """``run()`` with the fast reader switched off (every log read entry by entry)."""
    with monkeypatch.context() as patch:
        patch.setattr(audit, "regular_batches", lambda *args: None)
        return run()


def _batches(record: dict):
    """The batches the general reader builds for ``record`` (``None`` when it stops at a departure)."""
    reader = _Audit(record, Verdict(record["game_id"]))
    entries = record.get("entries", [])
    try:
        batch = None
        for version, (entry_id, fields) in enumerate(entries, start=1):
            if entry_id != f"{version}-0":
                return None
            batch = reader.read_entry(version, fields, batch)
    except _Stop:
        return None
    if reader.batches and reader.batches[-1].raw and not reader.batches[-1].raw[-1][3]:
        return None
    return reader.batches


def _same_verdict(monkeypatch, record: dict) -> None:
    fast = verify_record(copy.deepcopy(record))
    plain = _plain(monkeypatch, lambda: verify_record(copy.deepcopy(record)))
    assert (fast.code, [str(p) for p in fast.problems], fast.unchecked, fast.events, fast.batches, fast.head,
            fast.finished, fast.cancelled) == \
        (plain.code, [str(p) for p in plain.problems], plain.unchecked, plain.events, plain.batches, plain.head,
         plain.finished, plain.cancelled)


def _edited(record: dict, rng: random.Random) -> dict:
    """``record`` with one of its entries edited: a character of a field changed, removed, added or
    cut off, a field dropped, an id changed, or two entries swapped."""
    edited = copy.deepcopy(record)
    entries = edited["entries"]
    at = rng.randrange(len(entries))
    how = rng.randrange(6)
    if how == 4:
        other = rng.randrange(len(entries))
        entries[at], entries[other] = entries[other], entries[at]
    elif how == 5:
        entries[at][0] = mutate_text(entries[at][0], rng.randrange(10), rng.randrange(4), rng.choice("0129-x"))
    else:
        fields = entries[at][1]
        name = rng.choice(sorted(fields))
        if how == 3 and rng.random() < 0.2:
            del fields[name]
        else:
            fields[name] = mutate_text(fields[name], rng.randrange(10 ** 6), how % 4,
                                       rng.choice(' {}"0123456789:,/-ab\\é'))
    return edited


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_the_fast_reader_reads_an_untouched_log_as_the_general_one(ruleset_id, monkeypatch):
    # given a finished game's record
    record = finished_record(ruleset_id)
    # when the fast reader reads it
    fast = regular_batches(record["game_id"], record["entries"], audit._Batch)
    # then it takes it (the log is regular) and builds exactly the general reader's batches
    assert fast is not None
    assert fast == _batches(record)
    # and the verdict is the same either way
    _same_verdict(monkeypatch, record)


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_the_fast_reader_gives_up_or_agrees_on_every_edited_log(ruleset_id, monkeypatch):
    record, rng = finished_record(ruleset_id), random.Random(f"audit-stream-{ruleset_id}")
    taken = 0
    for _ in range(60):
        # given a record with one entry edited
        edited = _edited(record, rng)
        # when the fast reader reads it
        fast = regular_batches(edited["game_id"], edited["entries"], audit._Batch)
        # then it gives up, or builds the general reader's batches
        if fast is not None:
            taken += 1
            assert fast == _batches(edited)
        # and the verdict is the same either way
        _same_verdict(monkeypatch, edited)
    assert taken < 60                   # some edits are departures the fast reader leaves to the other


def test_the_fast_reader_leaves_a_log_of_stream_layout_1_and_an_empty_one_to_the_general_one():
    # given entries of stream layout 1, and none at all
    legacy = [["1-0", {"type": "GameCreated", "schema": "1", "data": "{}", "ts": "2026-01-01T00:00:00.000Z"}]]
    # then the first is given up, and the second reads as no batches (the audit then says the log is empty)
    assert regular_batches("g", legacy, audit._Batch) is None
    assert regular_batches("g", [], audit._Batch) == []


@pytest.mark.parametrize("field,value", [("e", b"bytes"), ("e", 7), ("e", ["CardDrawn", "{}"]), ("e", None),
                                         ("e", "NoSpaceHere"), ("b", 1), ("b", ["{", "}"]),
                                         ("b", None), ("b", {"s": None})],
                         ids=lambda value: repr(value)[:20])
def test_the_fast_reader_gives_up_on_a_field_that_is_not_the_text_it_should_be(field, value, monkeypatch):
    # given a finished game's record whose second entry holds a field of another type (a record is JSON:
    # a number, a list, null, an object), or an e with no data
    record = copy.deepcopy(finished_record("selfish-space"))
    record["entries"][1][1][field] = value
    # when the fast reader reads it
    fast = regular_batches(record["game_id"], record["entries"], audit._Batch)
    # then it gives up, and the audit (the general reader) names the departure as without it
    assert fast is None
    _same_verdict(monkeypatch, record)
    assert verify_record(copy.deepcopy(record)).code == 1
