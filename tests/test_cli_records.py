"""Portable records on the command line: ``stranded export`` a finished game, ``stranded verify
--file`` it on a machine with no server and no Redis (receipts too), see one tampered event named,
and ``stranded import`` it into another server whose API replays it."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from events.log.connection import connect, start_embedded
from events.commands.dispatch import Dispatcher
from events.commands.handling import create_game
from events.log.repository import GameRepository
from events.log.store import EventStore
from service.http.app import create_app
from service.cli.commands import main
from tests.helpers import run_jobs, seeded_options


@pytest.fixture
def exported(tmp_path, monkeypatch):
    """A finished bot game on the embedded server of ``tmp_path/here``, exported to ``game.json``:
    ``(game_id, record path, the server's API client)``."""
    monkeypatch.delenv("REDIS_URL", raising=False)
    server, url = start_embedded(tmp_path / "here")
    store = EventStore(connect(url))
    created = create_game(GameRepository(store), "selfish-space", [{"bot": "random"}, {"bot": "strong"}],
                          seeded_options({"seed": "records"}))
    Dispatcher(store.redis).after_append(created)
    run_jobs(store.redis)
    path = tmp_path / "game.json"
    result = CliRunner().invoke(main, ["export", created.game_id, "-o", str(path), "--data-dir",
                                       str(tmp_path / "here")])
    assert result.exit_code == 0, result.output
    yield created.game_id, path, create_app(store.redis).test_client()
    server.shutdown(save=False)


def offline(monkeypatch):
    """From here on, any attempt of the CLI to reach a Redis fails the test."""
    from service.cli import commands as cli, common as cli_common

    def no_redis(data_dir):
        raise AssertionError(f"verify --file reached for a Redis ({data_dir})")
    monkeypatch.setattr(cli_common, "redis_for", no_redis)


def verify_file(path, tmp_path, *receipts):
    args = ["verify", "--file", str(path), "--data-dir", str(tmp_path / "no-server-here")]
    for receipt in receipts:
        args += ["--receipt", receipt]
    return CliRunner().invoke(main, args)


def test_an_exported_record_verifies_offline_with_the_receipts_a_player_kept(exported, tmp_path, monkeypatch):
    # given a finished game's record, and heads a player was shown along the way (one inside a batch)
    game_id, path, api = exported
    summary = api.get(f"/v1/games/{game_id}").get_json()
    mid = api.get(f"/v1/games/{game_id}/view?at=3").get_json()["head"]
    last = summary["head"]
    # when it is verified with no server and no Redis
    offline(monkeypatch)
    result = verify_file(path, tmp_path, f"{mid['version']}:{mid['head']}", f"{last['version']}:{last['head']}")
    # then every check passes and both receipts match
    assert result.exit_code == 0, result.output
    assert "OK: the chain holds" in result.output and "2 receipt(s) match" in result.output
    assert f"head at version {last['version']}: {last['head']}" in result.output
    assert not (tmp_path / "no-server-here").exists()
    # and a receipt the log does not give is named
    forged = "A" * 43 if mid["head"] != "A" * 43 else "B" * 43
    bad = verify_file(path, tmp_path, f"{mid['version']}:{forged}")
    assert bad.exit_code == 1 and f"FAIL version {mid['version']}: the receipt" in bad.output


def test_one_tampered_event_in_the_file_is_named_by_its_version(exported, tmp_path, monkeypatch):
    # given the record with one event inside a batch edited: the seat of a TurnStarted changed
    _, path, _ = exported
    record = json.loads(path.read_text())
    version, fields = next((int(entry_id.split("-")[0]), fields) for entry_id, fields in record["entries"]
                           if fields["e"].startswith("TurnStarted ") and not fields["b"].startswith("{"))
    seat = json.loads(fields["e"].split(" ", 1)[1])["seat"]
    fields["e"] = fields["e"].replace(f'"seat":{seat}', f'"seat":{1 - seat}')
    path.write_text(json.dumps(record))
    # when it is verified offline
    offline(monkeypatch)
    result = verify_file(path, tmp_path)
    # then it is tampered, and the edited event is named
    assert result.exit_code == 1, result.output
    assert f"FAIL version {version}: the log records TurnStarted" in result.output


def test_an_unreadable_record_exits_2(tmp_path, monkeypatch):
    offline(monkeypatch)
    for text in ("not json", '{"format": "something-else"}', "[]"):
        path = tmp_path / "bad.json"
        path.write_text(text)
        result = verify_file(path, tmp_path)
        assert result.exit_code == 2 and "unreadable record" in result.output, result.output


def test_a_record_imported_into_another_server_replays_through_its_api(exported, tmp_path, monkeypatch):
    # given the record, and another server's data folder
    game_id, path, source = exported
    there = tmp_path / "there"
    # when it is imported there
    result = CliRunner().invoke(main, ["import", str(path), "--data-dir", str(there)])
    # then the game is there, marked imported, and its API replays it event by event
    assert result.exit_code == 0 and f"imported {game_id}" in result.output, result.output
    server, url = start_embedded(there)
    try:
        api = create_app(connect(url)).test_client()
        original = source.get(f"/v1/games/{game_id}").get_json()
        summary = api.get(f"/v1/games/{game_id}").get_json()
        assert (summary["status"], summary["version"], summary["head"], summary["result"]) == \
            (original["status"], original["version"], original["head"], original["result"])
        for at in (1, summary["version"] // 2, summary["version"]):
            here = api.get(f"/v1/games/{game_id}/view?at={at}").get_json()
            assert here == source.get(f"/v1/games/{game_id}/view?at={at}").get_json()
        assert api.get(f"/v1/games/{game_id}/record").get_json()["meta"]["imported"] is True
        # and importing it again, or a tampered copy elsewhere, is refused
        again = CliRunner().invoke(main, ["import", str(path), "--data-dir", str(there)])
        assert again.exit_code == 2 and "already holds" in again.output
    finally:
        server.shutdown(save=False)
    record = json.loads(path.read_text())
    record["entries"] = record["entries"][:-3] + record["entries"][-2:]
    path.write_text(json.dumps(record))
    refused = CliRunner().invoke(main, ["import", str(path), "--data-dir", str(tmp_path / "elsewhere")])
    assert refused.exit_code == 1 and "does not verify" in refused.output


# -- a record from elsewhere is held to what the API accepts --------------------------------------

def _record_of_a_finished_game() -> dict:
    """The record of a finished two-bot game, made on FakeRedis."""
    import fakeredis

    from projections.records import record_of

    store = EventStore(fakeredis.FakeRedis(server=fakeredis.FakeServer()))
    created = create_game(GameRepository(store), "selfish-space", [{"name": "Ann", "bot": "random"},
                                                                   {"name": "Bob", "bot": "random"}], {})
    Dispatcher(store.redis).after_append(created)
    run_jobs(store.redis)
    return json.loads(json.dumps(record_of(store, created.game_id)))


def _with_first_seat_named(record: dict, name: str) -> dict:
    fields = record["entries"][0][1]
    kind, data = fields["e"].split(" ", 1)
    data = json.loads(data)
    data["seats"][0]["name"] = name
    fields["e"] = kind + " " + json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return record


def _running(record: dict) -> dict:
    record["entries"] = record["entries"][:-1]
    return record


@pytest.mark.parametrize("change, why", [
    (lambda r: {**r, "game_id": "a{b}"}, "game id"),
    (lambda r: {**r, "game_id": "has a space"}, "game id"),
    (lambda r: {**r, "game_id": "x" * 300}, "game id"),
    (lambda r: {**r, "game_id": "jeu-été"}, "game id"),
    (lambda r: _with_first_seat_named(r, "A" * 100_000), "name"),
    (lambda r: _with_first_seat_named(r, "Ann\u202egnp.exe"), "name"),
    (_running, "finished"),
    (lambda r: {**r, "entries": [["1-0", {"e": "GameCreated {", "b": "{}"}]]}, "not events"),
])
def test_a_record_the_api_would_refuse_is_not_imported_and_nothing_is_written(tmp_path, monkeypatch, change, why):
    # given a record from elsewhere with one thing the API would not accept
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(change(_record_of_a_finished_game()), ensure_ascii=False))
    offline(monkeypatch)                                # refused before any Redis is reached: nothing written
    # when it is imported
    result = CliRunner().invoke(main, ["import", str(path), "--data-dir", str(tmp_path / "data")])
    # then it is refused with exit 2 and one sentence saying why, no traceback
    assert result.exit_code == 2, result.output
    assert why in result.output and "Traceback" not in result.output and len(result.output.splitlines()) == 1


def test_a_record_larger_than_any_game_is_refused_unread(tmp_path, monkeypatch):
    from projections import records

    monkeypatch.setattr(records, "MAX_RECORD_BYTES", 1000)
    path = tmp_path / "big.json"
    path.write_text(json.dumps(_record_of_a_finished_game()))
    offline(monkeypatch)
    for command in (["import", str(path)], ["verify", "--file", str(path)]):
        result = CliRunner().invoke(main, command + ["--data-dir", str(tmp_path / "data")])
        assert result.exit_code == 2 and "larger than" in result.output and "Traceback" not in result.output


def test_a_game_imported_twice_is_refused_the_second_time(tmp_path, monkeypatch):
    monkeypatch.delenv("REDIS_URL", raising=False)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(_record_of_a_finished_game()))
    args = ["import", str(path), "--data-dir", str(tmp_path / "data")]
    assert CliRunner().invoke(main, args).exit_code == 0
    again = CliRunner().invoke(main, args)
    assert again.exit_code == 2 and "already holds" in again.output and "Traceback" not in again.output
def test_verifying_a_running_games_record_says_in_one_line_what_waits_for_the_seed(tmp_path, monkeypatch):
    # given a running game of One Against the Dead (dice every round), forty commands in, exported
    monkeypatch.delenv("REDIS_URL", raising=False)
    server, url = start_embedded(tmp_path / "here")
    try:
        api = create_app(connect(url)).test_client()
        game = api.post("/v1/games", json={"ruleset": "one-against-the-dead", "seats": [{"name": "Ann"}],
                                           "options": seeded_options({"seed": "running"})}).get_json()
        ann = {"Authorization": f"Bearer {game['tokens'][0]['token']}"}
        for _ in range(40):
            legal = api.get(f"/v1/games/{game['id']}/legal-commands", headers=ann).get_json()
            api.post(f"/v1/games/{game['id']}/commands", json=legal["commands"][0]["command"], headers=ann)
        assert api.get(f"/v1/games/{game['id']}").get_json()["status"] == "active"
        path = tmp_path / "running.json"
        exported = CliRunner().invoke(main, ["export", game["id"], "-o", str(path), "--data-dir", str(tmp_path / "here")])
        assert exported.exit_code == 0, exported.output
    finally:
        server.shutdown(save=False)
    # when its record is verified
    offline(monkeypatch)
    result = verify_file(path, tmp_path)
    # then it is consistent so far (exit 3), and one line says what is not checked yet and why
    assert result.exit_code == 3, result.output
    waiting = [line for line in result.output.splitlines() if "not checked yet" in line]
    assert len(waiting) == 1, result.output
    assert "every random draw and the events of " in waiting[0] and " commands (versions " in waiting[0]
    assert waiting[0].endswith("because they depend on the server seed, which stays secret until the game ends")
    assert len(result.output.splitlines()) <= 5, result.output
