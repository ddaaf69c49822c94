"""Logs written by earlier code (``tests/fixtures/legacy``), for the promise that
a log is never rewritten: today's code must still read, fold, show and verify it."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

from events.log.codec import Envelope, decode

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "legacy"


def legacy_record(ruleset_id: str) -> dict:
    """The stored fixture: ``{"game_id", "ruleset", "rules_version", "meta", "entries"}``
    (``entries``: ``[entry_id, {field: value}]`` as ``XRANGE`` returned them)."""
    with gzip.open(FIXTURES / f"{ruleset_id}.json.gz", "rt") as fh:
        return json.load(fh)


def legacy_log(ruleset_id: str) -> list[Envelope]:
    """The fixture's events, decoded (and upcast) by today's codec."""
    record = legacy_record(ruleset_id)
    return [decode(record["game_id"], entry_id, fields) for entry_id, fields in record["entries"]]


def load_legacy_game(redis, ruleset_id: str) -> str:
    """Write the fixture's entries and meta hash into ``redis`` exactly as they were
    stored (key prefix ``stranded``); returns the game id."""
    from events.log.store import EventStore

    record = legacy_record(ruleset_id)
    store = EventStore(redis)
    game_id = record["game_id"]
    for entry_id, fields in record["entries"]:
        redis.xadd(store.key(game_id, "events"), fields, id=entry_id)
    redis.hset(store.key(game_id, "meta"), mapping=record["meta"])
    return game_id
