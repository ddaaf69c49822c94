"""The ``stranded`` command line, through click's runner."""
from click.testing import CliRunner

from service.cli import main


def test_simulate_prints_win_rates_for_each_seat():
    result = CliRunner().invoke(main, ["simulate", "selfish-space", "--games", "5", "--seats", "random,random,random"])
    assert result.exit_code == 0, result.output
    assert "seat" in result.output.lower()


def test_simulate_rejects_an_unknown_ruleset_and_policy():
    assert CliRunner().invoke(main, ["simulate", "chess"]).exit_code == 2
    bad = CliRunner().invoke(main, ["simulate", "selfish-space", "--seats", "random,genius"])
    assert bad.exit_code == 2 and "genius" in bad.output


def test_openapi_writes_the_spec(tmp_path):
    out = tmp_path / "spec.yaml"
    result = CliRunner().invoke(main, ["openapi", "-o", str(out)])
    assert result.exit_code == 0 and out.read_text().startswith("info:")


def test_verify_and_rebuild_on_the_embedded_server(tmp_path, monkeypatch):
    from events.connection import connect, start_embedded
    from events.dispatch import Dispatcher
    from events.handling import create_game
    from events.repository import GameRepository
    from events.store import EventStore
    from tests.helpers import run_jobs

    monkeypatch.delenv("REDIS_URL", raising=False)
    server, url = start_embedded(tmp_path)
    store = EventStore(connect(url))
    result = create_game(GameRepository(store), "selfish-space", [{"bot": "random"}, {"bot": "random"}], {"seed": "cli"})
    Dispatcher(store.redis).after_append(result)
    run_jobs(store.redis)
    runner = CliRunner()
    ok = runner.invoke(main, ["verify", result.game_id, "--data-dir", str(tmp_path)])
    assert ok.exit_code == 0 and "OK" in ok.output, ok.output
    missing = runner.invoke(main, ["verify", "nope", "--data-dir", str(tmp_path)])
    assert missing.exit_code == 2 and "no such game" in missing.output
    store.redis.delete(store.key(result.game_id, "snapshot"))
    rebuilt = runner.invoke(main, ["rebuild", "--data-dir", str(tmp_path)])
    assert rebuilt.exit_code == 0 and "rebuilt 1 games" in rebuilt.output
    assert store.read_snapshot(result.game_id)
    del server


def test_simulate_in_two_processes_plays_the_same_games():
    args = ["simulate", "selfish-space", "--games", "6", "--seats", "strong,random", "--rotate"]
    alone = CliRunner().invoke(main, args)
    shared = CliRunner().invoke(main, args + ["--jobs", "2"])
    assert alone.exit_code == shared.exit_code == 0, shared.output
    assert alone.output.splitlines()[-5:] == shared.output.splitlines()[-5:]
