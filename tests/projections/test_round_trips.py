"""An operator's round trips keep honest games honest, and the audit checks every field a meta or
a record says: seat history (resigned, left, replaced, reclaimed), deadline streaks and clocks,
the record's top-level copies (docs/audit.md, 'What verify checks').

Every ruleset plays a game of human seats with a missed deadline, a seat that leaves and takes
its seat back, a resignation where the table has two seats, and a clock in Selfish: Space;
then rebuild, verify --all, export and import must all agree that it is honest -- and a forged
seat flag or record field must not pass.
"""
from __future__ import annotations

import copy
import json

import fakeredis
import pytest
from click.testing import CliRunner

from events.commands import seating
from events.commands.dispatch import Dispatcher
from events.games import RULESETS
from events.commands.handling import execute
from events.commands.handling import create_game as create
from events.log.repository import GameRepository
from events.log.store import EventStore
from projections.audit import verify, verify_record
from projections.audit_all import verify_all
from projections.importing import import_record
from projections.rebuild import rebuild_all
from projections.records import record_of
from tests.helpers import run_jobs
from workers.jobs import run_deadline

OPTIONS = {"selfish-space": {"turn_timeout_s": 60, "clock": {"initial_s": 600, "increment_s": 2}}}


def _server():
    return fakeredis.FakeRedis(server=fakeredis.FakeServer())


def human(seat: int) -> dict:
    return {"name": f"Player {seat}", "token_sha256": f"{seat:x}" * 64}


def eventful_game(store: EventStore, ruleset_id: str) -> str:
    """A finished game of human seats with each kind of seat history (see the module doc)."""
    ruleset = RULESETS[ruleset_id]
    repo = GameRepository(store)
    seats = [human(i) for i in range(ruleset.min_seats)]
    result = create(repo, ruleset_id, seats, {"turn_timeout_s": 60, **OPTIONS.get(ruleset_id, {})})
    dispatcher = Dispatcher(store.redis)
    dispatcher.after_append(result)
    game = repo.get(result.game_id)
    decision = ruleset.pending(game.state)[0]
    run_deadline(store.redis, result.game_id, game.version, decision.seat)        # a missed deadline
    last = len(seats) - 1
    dispatcher.after_append(seating.take_over(repo, result.game_id, last, "left"))
    dispatcher.after_append(seating.reclaim(repo, result.game_id, last))
    if len(seats) > 1:
        dispatcher.after_append(seating.resign(repo, result.game_id, 0))
    for _ in range(5000):                                 # humans take their defaults, bots play
        run_jobs(store.redis)
        game = repo.get(result.game_id)
        if game.meta.status == "finished":
            return result.game_id
        pending = [d for d in ruleset.pending(game.state) if not game.meta.seats[d.seat].get("bot")]
        if pending:
            dispatcher.after_append(execute(repo, result.game_id, pending[0].seat, pending[0].default))
    raise AssertionError("the game did not end")


@pytest.fixture(scope="module", params=sorted(RULESETS))
def played(request):
    """``(ruleset id, store, game id)``: one eventful finished game per ruleset."""
    store = EventStore(_server())
    return request.param, store, eventful_game(store, request.param)


def test_an_eventful_honest_game_verifies(played):
    _, store, game_id = played
    meta = store.get_meta(game_id)
    assert any('"left": false' in meta["seats"] for _ in [0])
    verdict = verify(store, game_id)
    assert verdict.code == 0, [str(p) for p in verdict.problems]


def test_rebuild_of_an_intact_store_repairs_nothing_and_every_game_still_verifies(played):
    _, store, game_id = played
    report = rebuild_all(store)
    assert report.repaired == {} and report.damaged == {}
    verdicts = verify_all(store)
    assert [g for g, v in verdicts.items() if v.code != 0] == []
    assert rebuild_all(store).repaired == {}                    # and again


@pytest.mark.parametrize("flag", ["resigned", "left", "replaced"])
def test_a_seat_flag_written_into_the_meta_is_named_by_verify(played, flag):
    # given the meta hash of an honest game with one seat flag flipped by someone with Redis access
    ruleset_id, store, game_id = played
    meta = store.get_meta(game_id)
    seats = json.loads(meta["seats"])
    seats[-1][flag] = not seats[-1].get(flag)
    store.set_meta(game_id, {"seats": json.dumps(seats)})
    try:
        # when the game is verified
        verdict = verify(store, game_id)
        # then it is tampered, and the problem names the seat and the flag
        assert verdict.code == 1
        assert any(f"seat {len(seats) - 1} differs" in str(p) and flag in str(p) for p in verdict.problems), \
            [str(p) for p in verdict.problems]
    finally:
        store.set_meta(game_id, {"seats": meta["seats"]})


@pytest.mark.parametrize("field, value", [
    ("seed", "another-seed-of-some-length"),
    ("seed_commitment", "0" * 64),
    ("seed_sha256", "0" * 64),
    ("comment", "an extra field"),
])
def test_an_edited_top_level_field_of_a_record_is_named_by_verify(played, field, value):
    _, store, game_id = played
    record = record_of(store, game_id)
    assert verify_record(record).code == 0
    record[field] = value
    verdict = verify_record(record)
    assert verdict.code == 1 and any(field in str(p) for p in verdict.problems), [str(p) for p in verdict.problems]


def test_an_edited_creation_time_in_a_record_is_named_by_verify(played):
    _, store, game_id = played
    record = record_of(store, game_id)
    record["meta"]["created"] = "not a date"
    verdict = verify_record(record)
    assert verdict.code == 1 and any("creation time" in str(p) for p in verdict.problems)


def test_export_import_verify_holds_with_human_seats_and_nobody_plays_the_import(played):
    # given the record of an honest game with human seats, exported from one server
    _, store, game_id = played
    record = json.loads(json.dumps(record_of(store, game_id)))
    # when it is imported into another server
    other = EventStore(_server())
    assert import_record(other, copy.deepcopy(record)) == game_id
    # then that server's audit finds it honest, with the seats the log gives (token hashes too)
    verdict = verify(other, game_id)
    assert verdict.code == 0, [str(p) for p in verdict.problems]
    imported = record_of(other, game_id)
    assert imported["meta"]["seats"] == record["meta"]["seats"] and imported["meta"]["imported"] is True
    assert rebuild_all(other).repaired == {}


def test_a_forged_seat_flag_in_a_record_cannot_be_imported(played, tmp_path):
    from service.cli.commands import main

    _, store, game_id = played
    record = record_of(store, game_id)
    record["meta"]["seats"][0]["resigned"] = not record["meta"]["seats"][0]["resigned"]
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(record))
    result = CliRunner().invoke(main, ["import", str(path), "--data-dir", str(tmp_path / "data")])
    assert result.exit_code == 1 and "does not verify" in result.output and "Traceback" not in result.output
