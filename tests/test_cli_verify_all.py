"""``stranded verify --all``: an auditor checks every game a server holds in one command, games
shared among ``--jobs`` processes; a tampered game is named and fails the run, a running one
does not."""
from __future__ import annotations

import gc
import re

import pytest
from click.testing import CliRunner

from events.log.connection import connect, start_embedded
from events.commands.dispatch import Dispatcher
from events.commands.handling import create_game
from events.log.repository import GameRepository
from events.log.store import EventStore
from service.cli.commands import main
from service.cli.serving import GC_YOUNG_THRESHOLD
from tests.helpers import run_jobs, seeded_options

HUMAN = {"name": "Ann", "bot": None, "token_sha256": "x"}


@pytest.fixture
def server(tmp_path, monkeypatch):
    """An embedded server in ``tmp_path/here`` holding two finished bot games and one running game
    waiting for a person: ``(store, data dir, [finished ids], running id)``."""
    monkeypatch.delenv("REDIS_URL", raising=False)
    embedded, url = start_embedded(tmp_path / "here")
    store = EventStore(connect(url))
    finished = []
    for seed in ("audit-1", "audit-2"):
        created = create_game(GameRepository(store), "selfish-space", [{"bot": "random"}, {"bot": "random"}],
                              seeded_options({"seed": seed}))
        Dispatcher(store.redis).after_append(created)
        finished.append(created.game_id)
    running = create_game(GameRepository(store), "selfish-space", [HUMAN, HUMAN], {"seed": "audit-3", "stack": {}}).game_id
    run_jobs(store.redis)
    yield store, str(tmp_path / "here"), finished, running
    embedded.shutdown(save=False)


def verify_all(data_dir: str, *args: str):
    return CliRunner().invoke(main, ["verify", "--all", "--data-dir", data_dir, *args])


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_every_game_of_an_untouched_server_verifies_and_a_running_one_is_counted_not_failed(server, jobs):
    store, data_dir, finished, running = server
    result = verify_all(data_dir, "--jobs", jobs)
    assert result.exit_code == 0, result.output
    assert "verified 3 games (" in result.output
    assert "2 finished and verified, 1 not finished (consistent so far), 0 tampered" in result.output
    assert "FAIL" not in result.output


def test_a_game_with_one_event_rewritten_is_named_and_fails_the_run(server):
    # given one finished game whose stream was rewritten with one TurnStarted naming the other seat
    store, data_dir, finished, _ = server
    key = store.key(finished[1], "events")
    entries = store.redis.xrange(key)
    index = next(i for i, (_, fields) in enumerate(entries) if fields[b"e"].startswith(b"TurnStarted ")
                 and not fields[b"b"].startswith(b"{"))
    fields = dict(entries[index][1])
    fields[b"e"] = fields[b"e"].replace(b'"seat":0', b'"seat":1') if b'"seat":0' in fields[b"e"] \
        else fields[b"e"].replace(b'"seat":1', b'"seat":0')
    entries[index] = (entries[index][0], fields)
    store.redis.delete(key)
    for entry_id, entry_fields in entries:
        store.redis.xadd(key, entry_fields, id=entry_id)
    # when every game is verified
    result = verify_all(data_dir)
    # then that game is named with the batch that holds the edited version (its chain breaks there),
    # the others pass, and the run fails
    version = int(entries[index][0].split(b"-")[0])
    assert result.exit_code == 1, result.output
    named = re.search(rf"{finished[1]}: FAIL versions (\d+)-(\d+): the chain breaks in this batch", result.output)
    assert named and int(named[1]) <= version <= int(named[2]), result.output
    assert finished[0] not in result.output
    assert "1 finished and verified, 1 not finished (consistent so far), 1 tampered" in result.output


def test_a_game_whose_stream_is_not_a_stream_is_tampered_and_the_others_still_verify(server):
    store, data_dir, finished, _ = server
    store.redis.delete(store.key(finished[0], "events"))
    store.redis.set(store.key(finished[0], "events"), "not a stream")
    result = verify_all(data_dir)
    assert result.exit_code == 1, result.output
    assert f"{finished[0]}: FAIL its keys cannot be read as a game's (" in result.output, result.output[-400:]
    assert "1 finished and verified, 1 not finished (consistent so far), 1 tampered" in result.output


@pytest.mark.parametrize("args,message", [
    (["verify", "--all", "some-game"], "Give one of GAME_ID, --file RECORD or --all."),
    (["verify"], "Give one of GAME_ID, --file RECORD or --all."),
    (["verify", "--all", "--receipt", "3:" + "A" * 43], "A --receipt belongs to one game"),
    (["verify", "--all", "--jobs", "0"], "0 is not in the range 1<=x<=64"),
    (["verify", "some-game", "--jobs", "2"], "--jobs shares many games among processes: it goes with --all."),
])
def test_verify_all_refuses_bad_arguments_before_it_reads_anything(args, message, monkeypatch, tmp_path):
    from service.cli import commands as cli, common as cli_common

    monkeypatch.setattr(cli_common, "redis_for", lambda data_dir: pytest.fail("no Redis for bad arguments"))
    result = CliRunner().invoke(main, args + ["--data-dir", str(tmp_path / "none")])
    assert result.exit_code == 2 and message in result.output, result.output


def test_an_audit_of_every_game_first_tunes_the_collector_for_its_long_run(server):
    # given the collector at CPython's defaults, nothing frozen
    _, data_dir, _, _ = server
    gc.unfreeze()
    gc.set_threshold(700, 10, 10)
    # when every game is verified
    result = verify_all(data_dir, "--jobs", "2")
    # then the run went as before, with the process's own objects frozen out of the collector and
    # its youngest generation collected every GC_YOUNG_THRESHOLD allocations (as `stranded serve`)
    assert result.exit_code == 0, result.output
    assert gc.get_freeze_count() > 0
    assert gc.get_threshold()[0] == GC_YOUNG_THRESHOLD
