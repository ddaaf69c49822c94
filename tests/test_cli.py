"""The ``stranded`` command line, through click's runner."""
from click.testing import CliRunner

from service.cli.commands import main


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
    from events.log.connection import connect, start_embedded
    from events.commands.dispatch import Dispatcher
    from events.commands.handling import create_game
    from events.log.repository import GameRepository
    from events.log.store import EventStore
    from tests.helpers import run_jobs, seeded_options

    monkeypatch.delenv("REDIS_URL", raising=False)
    server, url = start_embedded(tmp_path)
    store = EventStore(connect(url))
    result = create_game(GameRepository(store), "selfish-space", [{"bot": "random"}, {"bot": "random"}], {"seed": "cli", "stack": {}})
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
    server.shutdown(save=False)


def test_version_prints_the_installed_version():
    result = CliRunner().invoke(main, ["--version"])
    assert result.exit_code == 0 and result.output.startswith("stranded, version ")


def test_verify_of_an_unknown_or_impossible_game_id_exits_2_saying_no_such_game(tmp_path, monkeypatch):
    monkeypatch.delenv("REDIS_URL", raising=False)
    for game_id in ("nosuchgame", "{x}"):
        result = CliRunner().invoke(main, ["verify", game_id, "--data-dir", str(tmp_path)])
        assert result.exit_code == 2 and "no such game" in result.output


def test_serve_verify_and_rebuild_see_the_same_games_from_any_directory(tmp_path, monkeypatch):
    # given a game in the embedded store of the per-user data folder (XDG_DATA_HOME points into tmp_path)
    from events.log.connection import connect, start_embedded
    from events.commands.dispatch import Dispatcher
    from events.commands.handling import create_game
    from events.log.repository import GameRepository
    from events.log.store import EventStore
    from service.cli.commands import default_data_dir
    from tests.helpers import run_jobs, seeded_options

    monkeypatch.delenv("REDIS_URL", raising=False)
    monkeypatch.delenv("STRANDED_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    folder = default_data_dir()
    assert folder.startswith(str(tmp_path / "xdg"))
    server, url = start_embedded(folder)
    store = EventStore(connect(url))
    result = create_game(GameRepository(store), "selfish-space", [{"bot": "random"}, {"bot": "random"}],
                         seeded_options({"seed": "anywhere"}))
    Dispatcher(store.redis).after_append(result)
    run_jobs(store.redis)
    # when verify and rebuild run without --data-dir from two unrelated directories
    outputs = []
    for cwd in (tmp_path / "a", tmp_path / "b"):
        cwd.mkdir()
        monkeypatch.chdir(cwd)
        outputs.append((CliRunner().invoke(main, ["verify", result.game_id]),
                        CliRunner().invoke(main, ["rebuild"])))
    # then both find the game
    for verified, rebuilt in outputs:
        assert verified.exit_code == 0 and "OK" in verified.output, verified.output
        assert "rebuilt 1 games" in rebuilt.output
    assert not (tmp_path / "a" / ".stranded").exists()
    server.shutdown(save=False)


def test_stranded_data_dir_overrides_the_per_user_folder(tmp_path, monkeypatch):
    from service.cli.commands import default_data_dir

    monkeypatch.setenv("STRANDED_DATA_DIR", str(tmp_path / "here"))
    assert default_data_dir() == str(tmp_path / "here")


def test_simulate_in_two_processes_plays_the_same_games():
    args = ["simulate", "selfish-space", "--games", "6", "--seats", "strong,random", "--rotate"]
    alone = CliRunner().invoke(main, args)
    shared = CliRunner().invoke(main, args + ["--jobs", "2"])
    assert alone.exit_code == shared.exit_code == 0, shared.output
    assert alone.output.splitlines()[-5:] == shared.output.splitlines()[-5:]
