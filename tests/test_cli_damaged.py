"""The command line names a damaged game and goes on with the others: ``rebuild``, ``verify --all``,
``verify ID`` and ``export ID`` on a server where one game's events key is not a stream, or its meta's
``seats`` is not a list of seats -- no traceback, the damaged game named, the others done."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from events.log.connection import connect, start_embedded
from events.commands.dispatch import Dispatcher
from events.commands.handling import create_game
from events.log.repository import GameRepository
from events.log.store import EventStore
from service.cli.commands import main
from tests.helpers import run_jobs, seeded_options

DAMAGES = {
    "events key not a stream": lambda store, game: (store.redis.delete(store.key(game, "events")),
                                                   store.redis.set(store.key(game, "events"), "not a stream")),
    "seats not a list": lambda store, game: store.redis.hset(store.key(game, "meta"), "seats", '{"0": "Ann"}'),
    "seats of the wrong shape": lambda store, game: store.redis.hset(store.key(game, "meta"), "seats", '["Ann", 5]'),
}


@pytest.fixture
def server(tmp_path, monkeypatch):
    """An embedded server holding two finished all-bot games: ``(store, data dir, damaged id, healthy id)``."""
    monkeypatch.delenv("REDIS_URL", raising=False)
    embedded, url = start_embedded(tmp_path / "here")
    store = EventStore(connect(url))
    ids = []
    for seed in ("damaged-cli-1", "healthy-cli-2"):
        created = create_game(GameRepository(store), "selfish-space", [{"bot": "random"}, {"bot": "random"}],
                              seeded_options({"seed": seed}))
        Dispatcher(store.redis).after_append(created)
        ids.append(created.game_id)
    run_jobs(store.redis)
    yield store, str(tmp_path / "here"), ids[0], ids[1]
    embedded.shutdown(save=False)


def run(data_dir: str, *args: str):
    return CliRunner().invoke(main, [*args, "--data-dir", data_dir])


@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_every_command_names_the_damaged_game_without_a_traceback_and_goes_on_with_the_others(server, damage):
    # given a server where one of two finished games is damaged
    store, data_dir, damaged, healthy = server
    DAMAGES[damage](store, damaged)
    # when the operator rebuilds, verifies every game, verifies and exports each
    rebuilt = run(data_dir, "rebuild")
    audited = run(data_dir, "verify", "--all")
    one = run(data_dir, "verify", damaged)
    other = run(data_dir, "verify", healthy)
    exported = run(data_dir, "export", healthy)
    export_damaged = run(data_dir, "export", damaged)
    # then no command crashed, each names the damaged game, and the healthy one is rebuilt, verified, exported
    for result in (rebuilt, audited, one, other, exported, export_damaged):
        assert result.exception is None or isinstance(result.exception, SystemExit), result.output
        assert "Traceback" not in result.output
    assert f"damaged {damaged}:" in rebuilt.output and "rebuilt 1 games" in rebuilt.output and rebuilt.exit_code == 1
    assert f"{damaged}: FAIL" in audited.output and "1 finished and verified" in audited.output
    assert audited.exit_code == 1
    assert one.exit_code == 1 and damaged in one.output
    assert other.exit_code == 0, other.output
    assert json.loads(exported.output)["game_id"] == healthy
    assert export_damaged.exit_code in (0, 1) and (export_damaged.exit_code == 0 or damaged in export_damaged.output)
