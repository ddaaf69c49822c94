"""rebuild's fast fold of unparsed stream entries: the same state as the full codec, and
every entry that is not an event still found."""
from __future__ import annotations

import json

import pytest

from events.games import get_ruleset
from events.log.snapshots import encode_snapshot, fold, fold_flat
from events.log.store import unparsed_stream_client
from projections.rebuild import _unparsed, rebuild_all
from tests.projections.conftest import finished_game

RULES = get_ruleset("selfish-space")


def unparsed(store, game_id):
    return unparsed_stream_client(store.redis).xrange(store.key(game_id, "events"))


def test_the_fast_fold_gives_the_state_of_the_decoded_envelopes(store):
    game_id = finished_game(store, seed="fold")
    entries = unparsed(store, game_id)
    assert entries[0][1][1].startswith(b"GameCreated/3 ")     # a system event at schema 3 is skipped, not decoded
    assert fold_flat(RULES, game_id, entries) == fold(RULES, store.read(game_id))


def test_an_entry_of_another_shape_goes_through_the_full_codec(store):
    game_id = finished_game(store, seed="fold")
    entries = unparsed(store, game_id)
    entries[5] = [entries[5][0], entries[5][1][2:] + entries[5][1][:2]]     # fields b, e: still an event
    assert fold_flat(RULES, game_id, entries) == fold(RULES, store.read(game_id))


@pytest.mark.parametrize("e", [
    "SeatJoined {not json",            # a system event is parsed too, though not folded
    "CardDrawn {\"card\":1} {}",        # two JSON values in one entry
    "CardDrawn",                       # no data at all
    b"Card\xffDrawn {}",                # a type that is not UTF-8
])
def test_rebuild_lists_a_game_with_an_entry_that_is_not_an_event(store, e):
    damaged = finished_game(store, seed="d")
    store.redis.xadd(store.key(damaged, "events"), {"e": e, "b": "1"}, id="99999-0")
    report = rebuild_all(store)
    assert list(report.damaged) == [damaged]


def test_rebuild_rewrites_a_snapshot_that_differs_only_in_bytes_without_reporting_it(store):
    game_id = finished_game(store, seed="fold")
    rebuild_all(store)
    fresh = store.read_snapshot(game_id)
    store.write_snapshot(game_id, json.dumps(json.loads(fresh), indent=2))   # the same snapshot, other bytes
    report = rebuild_all(store)
    assert game_id not in report.repaired
    assert store.read_snapshot(game_id) == fresh              # ... and the write path's bytes back in place


def test_rebuild_repairs_a_snapshot_whose_time_is_not_the_logs(store):
    # given a finished game whose snapshot holds the right state at the right version and head,
    # but not the time of the log's batch there
    game_id = finished_game(store, seed="fold")
    fresh = store.read_snapshot(game_id)
    snap = json.loads(fresh)
    store.write_snapshot(game_id, encode_snapshot(RULES, snap["state"], snap["version"], snap["head"], 1))
    # when the store is rebuilt
    report = rebuild_all(store)
    # then the snapshot is called repaired (verify would call it tampered) and the log's is back
    assert report.repaired[game_id] == ["snapshot"]
    assert store.read_snapshot(game_id) == fresh


def test_entries_parsed_by_a_cluster_client_fold_the_same(store):
    game_id = finished_game(store, seed="fold")
    parsed = [(entry_id, dict(zip(f[::2], f[1::2]))) for entry_id, f in unparsed(store, game_id)]
    assert fold_flat(RULES, game_id, _unparsed(parsed)) == fold(RULES, store.read(game_id))


def test_rebuild_lists_a_game_whose_last_batch_ends_on_a_garbled_head(store):
    damaged, healthy = finished_game(store, seed="d"), finished_game(store, seed="h")
    store.redis.xadd(store.key(damaged, "events"), {"e": "TurnStarted {\"seat\":0}", "b": "1 not-a-head"},
                     id="99999-0")
    report = rebuild_all(store)
    assert list(report.damaged) == [damaged] and healthy in report.rebuilt
