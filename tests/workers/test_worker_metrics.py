"""The worker's metrics: jobs counted by kind and status, the reconciler's repairs, served on
``--metrics-port`` (prometheus-client's HTTP server)."""
from __future__ import annotations

import urllib.request

import pytest
from click.testing import CliRunner
from prometheus_client.parser import text_string_to_metric_families
from rq import Queue

from events.commands.dispatch import QUEUE_NAME
from events.commands.handling import execute
from events.log.repository import GameRepository
from events.log.store import EventStore
from service.cli import commands as cli
from tests.helpers import free_port
from tests.workers.games import BOT, HUMAN, start_game
from workers.metered import MeteredSimpleWorker, serve_metrics
from workers.reconciler import reconcile


@pytest.fixture(scope="module")
def metrics_url():
    server = serve_metrics(0, "127.0.0.1")
    yield f"http://127.0.0.1:{server.server_address[1]}/metrics"
    server.shutdown()


def scrape(url: str) -> dict:
    """``{(name, sorted labels): value}`` of the worker's metrics endpoint."""
    with urllib.request.urlopen(url, timeout=10) as resp:
        text = resp.read().decode()
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def new_game(store, seats, **options):
    return start_game(store, seats, "metrics", **options)


def test_given_an_all_bot_game_when_the_worker_plays_it_then_its_bot_jobs_count_as_finished(store, metrics_url):
    key = ("stranded_jobs_total", (("job", "bots"), ("status", "finished")))
    before = scrape(metrics_url).get(key, 0.0)
    new_game(store, [BOT, BOT])
    MeteredSimpleWorker([Queue(QUEUE_NAME, connection=store.redis)], connection=store.redis).work(
        burst=True, logging_level="WARNING")
    assert scrape(metrics_url).get(key, 0.0) - before >= 1


def test_a_job_that_fails_counts_as_failed(store, metrics_url):
    key = ("stranded_jobs_total", (("job", "other"), ("status", "failed")))
    before = scrape(metrics_url).get(key, 0.0)
    Queue(QUEUE_NAME, connection=store.redis).enqueue("builtins.divmod", 1, 0)
    MeteredSimpleWorker([Queue(QUEUE_NAME, connection=store.redis)], connection=store.redis).work(
        burst=True, logging_level="WARNING")
    assert scrape(metrics_url).get(key, 0.0) - before == 1


def test_each_job_the_reconciler_enqueues_again_counts_as_a_repair(store, metrics_url):
    key = ("stranded_reconciler_repairs_total", ())
    game_id = new_game(store, [HUMAN, BOT])
    execute(GameRepository(store), game_id, 0, {"type": "Breathe"})      # the bot must act; no job was enqueued
    before = scrape(metrics_url).get(key, 0.0)
    enqueued = reconcile(store.redis, grace_s=0)
    assert len(enqueued) == 1 and scrape(metrics_url).get(key, 0.0) - before == 1


def test_a_game_the_reconciler_cannot_fold_is_skipped_logged_and_counted(store, metrics_url, caplog):
    # given a game whose log holds an entry that is not an event
    key = ("stranded_reconciler_skips_total", (("reason", "damaged"),))
    game_id = new_game(store, [HUMAN, BOT])
    store.redis.xadd(store.key(game_id, "events"), {"e": "CardDrawn {not json", "b": "1"}, id="99999-0")
    before = scrape(metrics_url).get(key, 0.0)
    # when the reconciler passes
    reconcile(store.redis, grace_s=0)
    # then it skipped that game with a log line naming it, and counted the skip
    assert scrape(metrics_url).get(key, 0.0) - before == 1
    assert any(game_id in record.getMessage() for record in caplog.records)


def test_stranded_worker_metrics_port_becomes_the_metered_worker_without_the_apis_metrics_folder(monkeypatch):
    calls = []
    monkeypatch.setattr(cli.os, "execve", lambda path, args, env: calls.append((args, env)))
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:1/1")
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", "/tmp/nowhere")
    result = CliRunner().invoke(cli.main, ["worker", "--metrics-port", "9109", "--burst"])
    assert result.exit_code == 0, result.output
    args, env = calls[0]
    assert args[1:] == ["-m", "workers.metered", "--metrics-port", "9109", "--burst"]
    assert "PROMETHEUS_MULTIPROC_DIR" not in env


@pytest.mark.redis
def test_given_the_metered_worker_process_when_it_plays_a_bot_game_then_its_metrics_port_counts_the_jobs(tmp_path):
    import os
    import subprocess
    import sys
    import time
    from pathlib import Path

    import redis

    url = os.environ.get("REDIS_URL")
    if not url:
        pytest.skip("the real-Redis tier runs with REDIS_URL")
    client = redis.Redis.from_url(url)
    client.flushdb()
    port = free_port(range(7100, 7150))
    root = str(Path(__file__).resolve().parents[2])
    env = {k: v for k, v in os.environ.items() if k != "PROMETHEUS_MULTIPROC_DIR"}
    worker = subprocess.Popen([sys.executable, "-m", "workers.metered", "--metrics-port", str(port),
                               "--metrics-address", "127.0.0.1", "--url", url],
                              env={**env, "PYTHONPATH": root}, cwd=root, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        new_game(EventStore(client), [BOT, BOT])
        key = ("stranded_jobs_total", (("job", "bots"), ("status", "finished")))
        seen = 0.0
        for _ in range(300):
            try:
                seen = scrape(f"http://127.0.0.1:{port}/metrics").get(key, 0.0)
            except OSError:
                seen = 0.0
            if seen >= 1:
                break
            time.sleep(0.1)
        assert seen >= 1
    finally:
        import signal

        os.killpg(worker.pid, signal.SIGKILL)     # the worker, its scheduler and any work-horse
        worker.wait(20)
