"""Snapshots, replay at any version, rebuild, and the audit of a finished game."""
from __future__ import annotations

import json

import pytest

from events.log.repository import GameRepository
from itertools import groupby

from events.log import chain
from events.log.codec import FIELDS, BatchHeader, encode_batch, ms_of
from events.games import get_ruleset
from events.commands.handling import create_game, execute
from events.log.snapshots import decode_snapshot, fold
from tests.helpers import seeded_options
from events.log.store import EventStore
from projections.audit import verify
from projections.rebuild import game_ids, rebuild_all
from projections.views import load_game
from tests.projections.conftest import BOT
from tests.projections.conftest import finished_game as played

RULES = get_ruleset("selfish-space")


def finished_game(store, seed="audit"):
    """A finished three-bot game (``tests.projections.conftest``), checked finished."""
    game_id = played(store, seed)
    assert load_game(GameRepository(store), game_id).meta.status == "finished"
    return game_id


def test_snapshot_is_written_with_every_append_and_equals_the_fold(store):
    game_id = finished_game(store)
    snap = decode_snapshot(RULES, store.read_snapshot(game_id))
    assert snap.version == store.version(game_id)
    assert snap.state == fold(RULES, store.read(game_id))


def test_state_at_a_past_version_is_the_fold_of_the_first_n_events(store):
    game_id = finished_game(store)
    events = store.read(game_id)
    repo = GameRepository(store)
    assert repo.state_at(repo.get(game_id), 10) == fold(RULES, events[:10])


def test_snapshot_from_other_rules_code_is_ignored_and_rebuilt_from_the_log(store):
    game_id = finished_game(store)
    real = json.loads(store.read_snapshot(game_id))
    store.write_snapshot(game_id, json.dumps({**real, "rules_version": "old", "state": {"bogus": 1}}))
    assert GameRepository(store).get(game_id).state == real["state"]


def test_rebuild_rewrites_every_snapshot_from_the_events_alone(store):
    ids = [finished_game(store, seed=f"r{i}") for i in range(2)]
    for game_id in ids:
        store.redis.delete(store.key(game_id, "snapshot"))
    assert sorted(game_ids(store)) == sorted(ids)
    report = rebuild_all(store)
    assert set(report.rebuilt) == set(ids) and report.damaged == {}
    assert set(report.repaired) == set(ids)                  # their snapshots were missing
    for game_id in ids:
        snap = decode_snapshot(RULES, store.read_snapshot(game_id))
        assert snap.version == store.version(game_id) and snap.head == store.head(game_id)[1]


def test_verify_confirms_a_finished_game_against_the_revealed_seed(store):
    report = verify(store, finished_game(store))
    assert report.ok, report.problems
    assert report.batches > 10


def _rewrite(store, game_id, edit):
    """Rewrite a game's stream with ``edit(envelopes)`` applied, batch by batch and with a
    recomputed chain (a careful tamperer with Redis access)."""
    envs = store.read(game_id)
    edit(envs)
    key = store.key(game_id, "events")
    store.redis.delete(key)
    audit_key = bytes.fromhex(store.redis.hget(store.key(game_id, "meta"), "audit_key").decode())   # the server's
    head = chain.genesis(game_id, audit_key)
    for _, group in groupby(envs, key=lambda e: e.command_id):
        batch = list(group)
        first = batch[0]
        header = BatchHeader(first.seat, first.cause, ms_of(first.ts), first.command)
        encoded = encode_batch(game_id, first.version, [e.event for e in batch], header, head, audit_key)
        head = encoded.head
        for env, fields in zip(batch, encoded.entries):
            store.redis.xadd(key, dict(zip(FIELDS, fields)), id=f"{env.version}-0")


def test_verify_fails_on_a_log_with_one_edited_event(store):
    game_id = finished_game(store)

    def edit(envs):
        drawn = next(e for e in envs if e.type == "CardDrawn")
        drawn.data = {**drawn.data, "card": "oxygen" if drawn.data.get("card") != "oxygen" else "shield"}

    _rewrite(store, game_id, edit)
    report = verify(store, game_id)
    assert not report.ok and "where the rules give" in str(report.problems[0])


def test_verify_fails_when_the_revealed_seed_is_not_the_committed_one(store):
    game_id = finished_game(store)

    def edit(envs):
        envs[-1].data = {**envs[-1].data, "seed": "another"}

    _rewrite(store, game_id, edit)
    assert any("not the one committed" in str(p) for p in verify(store, game_id).problems)


def test_verify_refuses_a_game_that_is_not_finished(store):
    result = create_game(GameRepository(store), "selfish-space", [BOT, BOT], {})
    verdict = verify(store, result.game_id)
    assert verdict.ok and verdict.code == 3 and any("secret" in what for what in verdict.unchecked)


def test_rebuild_repairs_a_status_and_result_that_disagree_with_the_log(store):
    game_id = finished_game(store)
    store.set_meta(game_id, {"status": "active", "result": '{"winners": [9]}'})
    report = rebuild_all(store)
    assert report.repaired[game_id] == ["status", "result"]
    assert load_game(GameRepository(store), game_id).meta.status == "finished"


def test_rebuild_goes_on_past_a_damaged_game_and_lists_it(store):
    damaged, healthy = finished_game(store, seed="d"), finished_game(store, seed="h")
    store.redis.xadd(store.key(damaged, "events"), {"e": "CardDrawn {not json", "b": "1"}, id="99999-0")
    store.redis.delete(store.key(healthy, "snapshot"))
    report = rebuild_all(store)
    assert list(report.damaged) == [damaged] and "cannot be folded" in report.damaged[damaged]
    assert healthy in report.rebuilt and healthy in report.repaired


@pytest.mark.redis
def test_rebuild_in_several_processes_rebuilds_every_game():
    import os

    import redis

    if not os.environ.get("REDIS_URL"):
        pytest.skip("the processes need a Redis server they can connect to (REDIS_URL)")
    client = redis.Redis.from_url(os.environ["REDIS_URL"])
    client.flushdb()
    store = EventStore(client)
    ids = [finished_game(store, seed=f"p{i}") for i in range(4)]
    for game_id in ids:
        store.redis.delete(store.key(game_id, "snapshot"))
    report = rebuild_all(store, jobs=2, url=os.environ["REDIS_URL"])
    assert sorted(report.rebuilt) == sorted(ids) and report.damaged == {}


def test_verify_of_a_running_game_whose_snapshot_lags_the_log_is_consistent_so_far(store):
    repo = GameRepository(store)
    result = create_game(repo, "selfish-space", [{"name": "A", "token_sha256": "a" * 64},
                                                 {"name": "B", "token_sha256": "b" * 64}], seeded_options({"seed": "lag"}))
    game = repo.get(result.game_id)
    for _ in range(4):                      # a few commands: fewer events than a new snapshot waits for
        decision = game.ruleset.pending(game.state)[0]
        execute(repo, result.game_id, decision.seat, decision.default)
        game = repo.get(result.game_id)
    snap = decode_snapshot(RULES, store.read_snapshot(result.game_id))
    assert snap.version < store.version(result.game_id)
    verdict = verify(store, result.game_id)
    assert verdict.code == 3, [str(p) for p in verdict.problems]
