"""Operations: liveness, readiness, Prometheus metrics and the JSON request log (docs/operations.md)."""
from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from pathlib import Path

from prometheus_client.parser import text_string_to_metric_families

from tests.helpers import auth, create_game, legal_commands, post_command

RULESET = "one-against-the-dead"


def samples(client) -> dict:
    """Every sample of ``GET /metrics``: ``{(name, ((label, value), ...)): value}``."""
    resp = client.get("/metrics")
    assert resp.status_code == 200 and resp.mimetype == "text/plain"
    out = {}
    for family in text_string_to_metric_families(resp.get_data(as_text=True)):
        for sample in family.samples:
            out[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return out


def value(all_samples: dict, name: str, **labels) -> float:
    return all_samples.get((name, tuple(sorted(labels.items()))), 0.0)


def play_to_the_end(client, game_id: str, token: str, limit: int = 3000) -> int:
    """Send the seat's first legal command until the game is over; returns how many were sent."""
    for sent in range(limit):
        if client.get(f"/v1/games/{game_id}").get_json()["status"] == "finished":
            return sent
        resp = post_command(client, game_id, token, legal_commands(client, game_id, token)[0])
        assert resp.status_code == 200, resp.get_json()
    raise AssertionError("the game did not end")


def test_healthz_answers_200_json_while_the_process_serves(client):
    resp = client.get("/healthz")
    assert resp.status_code == 200 and resp.get_json() == {"status": "ok"}


def test_readyz_is_200_when_redis_and_the_queue_answer(client):
    resp = client.get("/readyz")
    assert resp.status_code == 200
    assert resp.get_json() == {"status": "ready", "checks": {"store": {"ok": True, "message": "ok"},
                                                             "queue": {"ok": True, "message": "ok"}}}


def test_given_a_game_played_over_the_api_when_metrics_are_read_then_its_commands_are_counted(client):
    before = samples(client)
    game = create_game(client, RULESET, [{"name": "Ann"}], seed="metrics")
    game_id, token = game["id"], game["tokens"][0]["token"]
    sent = play_to_the_end(client, game_id, token)
    rejected = post_command(client, game_id, token, {"type": "NoSuchCommand"})
    assert rejected.status_code == 400
    after = samples(client)

    def grew(name, **labels):
        return value(after, name, **labels) - value(before, name, **labels)

    accepted = sum(v - value(before, name, **dict(labels)) for (name, labels), v in after.items()
                   if name == "stranded_commands_total" and dict(labels).get("ruleset") == RULESET
                   and dict(labels).get("status") == "200")
    assert sent > 0 and accepted == sent
    assert grew("stranded_commands_total", ruleset=RULESET, type="other", status="400") == 1
    assert grew("stranded_command_duration_seconds_count", ruleset=RULESET) == sent + 1
    assert grew("stranded_http_requests_total", method="POST", route="/v1/games", status="201") == 1
    assert grew("stranded_http_requests_total", method="POST", route="/v1/games/<game_id>/commands",
                status="200") == sent
    text = client.get("/metrics").get_data(as_text=True)
    for name in ("stranded_append_conflicts", "stranded_idempotent_replays", "stranded_sse_clients",
                 "stranded_jobs", "stranded_reconciler_repairs"):
        assert f"# TYPE {name} " in text or f"# TYPE {name}_total " in text, f"{name} is not exposed"


def test_an_idempotent_retry_counts_as_a_replay(client):
    game = create_game(client, RULESET, [{"name": "Ann"}], seed="replay")
    game_id, token = game["id"], game["tokens"][0]["token"]
    command = legal_commands(client, game_id, token)[0]
    before = value(samples(client), "stranded_idempotent_replays_total")
    for _ in range(2):
        assert post_command(client, game_id, token, command, **{"Idempotency-Key": "k1"}).status_code == 200
    assert value(samples(client), "stranded_idempotent_replays_total") - before == 1


def test_an_open_event_stream_counts_as_an_sse_client_until_it_closes(client):
    game = create_game(client, RULESET, [{"name": "Ann"}], seed="sse")
    before = value(samples(client), "stranded_sse_clients")
    resp = client.get(f"/v1/games/{game['id']}/stream?after=0&timeout_s=60", buffered=False)
    frames = resp.response
    next(frames)                                   # the retry line
    assert b"GameCreated" in next(frames)          # the first event: the stream is open
    during = value(samples(client), "stranded_sse_clients")
    resp.close()
    assert during - before == 1
    assert value(samples(client), "stranded_sse_clients") == before


def test_each_request_logs_one_json_line_with_the_route_template_and_no_token(client, caplog):
    game = create_game(client, RULESET, [{"name": "Ann"}], seed="log")
    game_id, token = game["id"], game["tokens"][0]["token"]
    command = legal_commands(client, game_id, token)[0]
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="stranded.requests"):
        resp = client.post(f"/v1/games/{game_id}/commands?secret=s3cr3t", json=command,
                           headers={**auth(token), "Idempotency-Key": "key-1"})
    assert resp.status_code == 200
    lines = [r.getMessage() for r in caplog.records if r.name == "stranded.requests"]
    assert len(lines) == 1
    line = json.loads(lines[0])
    assert line["method"] == "POST" and line["path"] == "/v1/games/<game_id>/commands"
    assert line["status"] == 200 and line["game_id"] == game_id and line["duration_ms"] >= 0
    assert set(line) == {"method", "path", "status", "duration_ms", "game_id"}
    for secret in (token, "Bearer", "s3cr3t", "key-1"):
        assert secret not in lines[0]


def test_a_request_to_no_route_logs_its_path_as_unmatched(client, caplog):
    with caplog.at_level(logging.INFO, logger="stranded.requests"):
        assert client.get("/v1/nothing/here?token=abc").status_code == 404
    line = json.loads([r.getMessage() for r in caplog.records if r.name == "stranded.requests"][-1])
    assert line == {"method": "GET", "path": "<unmatched>", "status": 404, "duration_ms": line["duration_ms"]}


def test_stranded_serve_writes_each_request_line_straight_to_standard_output(client, monkeypatch):
    from service.http import observe

    # given the request log set up as `stranded serve` does, standard output being a pipe
    read_end, write_end = os.pipe()
    monkeypatch.setattr(sys, "stdout", os.fdopen(os.dup(write_end), "w"))
    monkeypatch.setattr(observe, "_line_fd", None)
    observe.log_to_stdout({})
    try:
        # when two requests are answered
        client.get("/v1/rulesets")
        client.get("/v1/games/abcdef0123456789/view")
    finally:
        observe.log_lines_to(None)
        os.close(write_end)
        sys.stdout.close()
    # then standard output holds one JSON line for each, nothing else
    lines = os.read(read_end, 65536).decode().splitlines()
    os.close(read_end)
    assert [json.loads(line)["path"] for line in lines] == ["/v1/rulesets", "/v1/games/<game_id>/view"]
    assert json.loads(lines[1])["status"] == 404 and json.loads(lines[1])["game_id"] == "abcdef0123456789"


def test_a_request_is_answered_when_its_line_cannot_be_written(client, monkeypatch):
    from service.http import observe

    # given standard output closed under the server
    read_end, write_end = os.pipe()
    os.close(read_end)                          # writing to the pipe now fails (EPIPE)
    monkeypatch.setattr(observe, "_line_fd", write_end)
    try:
        # when a request is answered, then it is answered as usual (its line is dropped)
        assert client.get("/v1/rulesets").status_code == 200
    finally:
        os.close(write_end)


def test_the_request_log_stays_with_a_handler_the_process_set_and_is_silenced_by_its_switch(monkeypatch):
    from service.http import observe

    monkeypatch.setattr(observe, "_line_fd", None)
    observe.log_to_stdout({"STRANDED_REQUEST_LOG": "off"})
    assert observe._line_fd is None
    handler = logging.NullHandler()
    observe.log.addHandler(handler)
    try:
        observe.log_to_stdout({})
        assert observe._line_fd is None           # the lines keep going to the configured handler
    finally:
        observe.log.removeHandler(handler)


def test_with_a_multiprocess_folder_metrics_add_up_over_processes(tmp_path):
    """Several gunicorn processes: each writes its values to PROMETHEUS_MULTIPROC_DIR and
    /metrics of any of them serves the sum."""
    root = str(Path(__file__).resolve().parents[2])
    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(tmp_path), "PYTHONPATH": root}
    # as in `stranded serve`: the module is imported before the variable is set, the metrics used after
    count = ("import os; import service.cli.commands; from events.commands import metrics; "
             f"os.environ['PROMETHEUS_MULTIPROC_DIR'] = {str(tmp_path)!r}; "
             "metrics.COMMANDS.labels('selfish-space', 'Breathe', '200').inc()")
    plain = {k: v for k, v in env.items() if k != "PROMETHEUS_MULTIPROC_DIR"}
    for _ in range(2):
        subprocess.run([sys.executable, "-c", count], env=plain, check=True, timeout=120)
    read = ("import fakeredis; from service.http.app import create_app; "
            "print(create_app(fakeredis.FakeRedis()).test_client().get('/metrics').get_data(as_text=True))")
    text = subprocess.run([sys.executable, "-c", read], env=env, check=True, timeout=120, capture_output=True,
                          text=True).stdout
    assert 'stranded_commands_total{ruleset="selfish-space",status="200",type="Breathe"} 2.0' in text


def test_every_metric_and_bound_variable_is_documented_in_operations_md():
    from events.commands import metrics
    from service.http import limits

    text = (Path(__file__).resolve().parents[2] / "docs" / "operations.md").read_text()
    names = [getattr(metrics, name)._name for name in metrics.NAMES]
    assert len(names) >= 8
    for name in names:
        assert f"`{name}`" in text or f"`{name}_total`" in text, name
    for variable in ("STRANDED_MAX_BODY_BYTES", "STRANDED_RATE_LIMITS", "STRANDED_RATE_LIMIT_CREATE",
                     "STRANDED_RATE_LIMIT_COMMANDS", "STRANDED_RATE_LIMIT_READS", "STRANDED_MAX_ACTIVE_GAMES", "PROMETHEUS_MULTIPROC_DIR",
                     "STRANDED_REQUEST_LOG"):
        assert variable in text, variable
    assert set(limits.settings({})) >= {"MAX_CONTENT_LENGTH", "RATE_LIMITS", "MAX_ACTIVE_GAMES"}


def test_an_append_that_loses_a_race_counts_as_a_conflict_and_the_command_still_lands(client, app, monkeypatch):
    from events.log.store import ConcurrencyError

    game = create_game(client, RULESET, [{"name": "Ann"}], seed="race")
    game_id, token = game["id"], game["tokens"][0]["token"]
    repo = app.extensions["stranded"].repo
    save, lost = repo.save, []

    def save_losing_once(game_, *args, **kwargs):
        if not lost:
            lost.append(game_.version)
            raise ConcurrencyError(game_id, game_.version, game_.version + 1)
        return save(game_, *args, **kwargs)

    monkeypatch.setattr(repo, "save", save_losing_once)
    before = value(samples(client), "stranded_append_conflicts_total")
    resp = post_command(client, game_id, token, legal_commands(client, game_id, token)[0])
    assert resp.status_code == 200 and lost
    assert value(samples(client), "stranded_append_conflicts_total") - before == 1
