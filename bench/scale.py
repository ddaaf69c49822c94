"""Figure 8: scaling out on one machine -- RQ workers and API processes side by side.

    python bench/scale.py [--quick] [--json]      # this section alone
    python bench/run.py                           # with every other figure

- ``rq_events_per_s``: events/s of seeded all-bot Selfish: Space games (4 random bots) played
  through the queue by 1, 2 and 4 worker processes (``python -m workers``, no reconciler);
  the same games for each count, so the ratios are ratios of time. ``rq_worker_ratio_2`` and
  ``rq_worker_ratio_4``: each against 1 worker, in the same run.
- ``api_commands_per_s``: ``POST .../commands`` per second through ``stranded serve --no-worker``
  with 1 and with 2 gunicorn worker processes (16 keep-alive client threads, interleaved rounds);
  ``api_process_ratio_2``: 2 processes against 1. ``api_cpu_us_per_command``: the servers' CPU
  (gunicorn master and workers) per command, which a second process should not raise.

On the project's 2-core machine, shared with other work, no ratio can pass 2 and the
client threads and Redis take their share of the cores: read the ratios as how much of the
machine one more process wins, not as a law. Redis: ``REDIS_URL``, else
``redis://127.0.0.1:6379/13`` (``bench.common``); keys under ``bench:<pid>:``, deleted at the end
by ``bench/run.py`` (and by ``main`` here). Nothing asserts.
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import common as C  # noqa: E402
from bench.common import BENCH_DIR, PREFIX, REDIS_URL  # noqa: E402
from bench.servers import Client, free_port, stop_server, wait_until_up, _spawn  # noqa: E402

WORKER_COUNTS = (1, 2, 4)
API_PROCESSES = (1, 2)
SEATS = ["random"] * 4


def log(msg: str = "") -> None:
    """``bench.common.log`` (looked up each time: ``--json`` moves it to standard error)."""
    C.log(msg)


# -- workers --------------------------------------------------------------------------------

def start_workers(n: int, logdir: Path) -> list[subprocess.Popen]:
    """``n`` worker processes on ``REDIS_URL`` (RQ worker with scheduler, no reconciler)."""
    env = dict(os.environ, REDIS_URL=REDIS_URL, PYTHONPATH=str(ROOT))
    env.pop("STRANDED_QUEUE_URL", None)
    env.pop("STRANDED_REDIS_CLUSTER", None)
    return [_spawn([sys.executable, "-m", "workers", "--reconcile-every", "0"], env, logdir / f"worker{i}.log")
            for i in range(n)]


def kill_worker(proc: subprocess.Popen) -> None:
    """Stop a worker process and its children (its own session) at once: the games are over."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait(10)
    proc._bench_log.close()


def wait_workers(redis, procs: list[subprocess.Popen], timeout: float = 60.0) -> None:
    """Wait until the RQ worker of each of ``procs`` has registered on ``redis`` (by pid: a killed
    worker's registration outlives it for a few seconds)."""
    from rq import Worker

    wanted = {p.pid for p in procs}
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if wanted <= {w.pid for w in Worker.all(connection=redis)}:
            return
        time.sleep(0.1)
    raise RuntimeError(f"{len(procs)} workers did not register within {timeout} s")


def play_through_queue(redis, workers: int, games: int, tag: str, logdir: Path) -> tuple[float, int]:
    """Create ``games`` seeded all-bot games (not yet enqueued), start ``workers`` workers, then
    enqueue every first job and wait until all games are finished. Returns ``(events/s, events)``,
    timed from the first enqueue to the last game's end."""
    from events.commands.dispatch import Dispatcher
    from events.commands.handling import create_game
    from events.log.repository import GameRepository
    from events.log.store import EventStore

    store = EventStore(redis, f"{PREFIX}:{tag}")
    repo, dispatcher = GameRepository(store), Dispatcher(redis, store.prefix)
    created = [create_game(repo, C.RULESET_ID, [{"bot": p} for p in SEATS], {"seed": f"scale-{i}", "stack": {}})
               for i in range(games)]
    procs = start_workers(workers, logdir)
    try:
        wait_workers(redis, procs)
        started = time.perf_counter()
        for result in created:
            dispatcher.after_append(result)
        pending = [r.game_id for r in created]
        while pending:
            pipe = redis.pipeline(transaction=False)
            for game_id in pending:
                pipe.hget(store.key(game_id, "meta"), "status")
            pending = [g for g, status in zip(pending, pipe.execute()) if status != b"finished"]
            if pending:
                if all(p.poll() is not None for p in procs):
                    raise RuntimeError(f"every worker exited; see {logdir}/worker0.log")
                time.sleep(0.05)
        elapsed = time.perf_counter() - started
    finally:
        for proc in procs:
            kill_worker(proc)
    events = sum(store.version(r.game_id) for r in created)
    return events / elapsed, events


def bench_workers(redis, quick: bool, logdir: Path) -> dict:
    """Events/s through RQ with 1, 2 and 4 workers (median of ``rounds``), and each count's
    ratio to 1 worker."""
    games, rounds = (16, 1) if quick else (96, 3)
    rates: dict[int, list[float]] = {n: [] for n in WORKER_COUNTS}
    for r in range(rounds):
        for n in WORKER_COUNTS:
            rate, events = play_through_queue(redis, n, games, f"rq{n}-{r}", logdir)
            rates[n].append(rate)
            log(f"  round {r + 1}/{rounds}, {n} worker(s): {games} games, {events:,} events, {rate:,.0f} events/s")
    medians = {n: statistics.median(v) for n, v in rates.items()}
    return {"rq_events_per_s": {str(n): medians[n] for n in WORKER_COUNTS},
            **{f"rq_worker_ratio_{n}": medians[n] / medians[1] for n in WORKER_COUNTS if n > 1}}


# -- API processes --------------------------------------------------------------------------

def start_api(port: int, processes: int, prefix: str, log_path: Path) -> subprocess.Popen:
    """``stranded serve --no-worker --workers <processes>`` on ``port``, keys under ``prefix``."""
    env = dict(os.environ, REDIS_URL=REDIS_URL, STRANDED_KEY_PREFIX=prefix, PYTHONPATH=str(ROOT),
               STRANDED_RATE_LIMITS="off")
    return _spawn([sys.executable, "-m", "service.cli.commands", "serve", "--no-worker", "--port", str(port),
                   "--workers", str(processes)], env, log_path)


def bench_api(redis, quick: bool, clients: int, logdir: Path) -> dict:
    """Commands/s through 1 and 2 gunicorn processes, interleaved rounds; medians and the ratio."""
    from bench.commands import Worker as ClientThread, refill, run_round, stranded_loop

    rounds, seconds, pool = (2, 1.5, 4) if quick else (5, 5.0, 12)
    procs, threads = {}, {}
    try:
        for n in API_PROCESSES:
            port = free_port()
            procs[n] = start_api(port, n, f"{PREFIX}:api{n}", logdir / f"api{n}.log")
            wait_until_up(procs[n], port, "/v1/rulesets", logdir / f"api{n}.log")
            threads[n] = [ClientThread(port, Client(port)) for _ in range(clients)]
            refill(threads[n], pool)
            run_round(threads[n], stranded_loop, min(1.0, seconds / 2), procs[n].pid, redis)   # warm-up
        rates: dict[int, list[float]] = {n: [] for n in API_PROCESSES}
        cpu: dict[int, list[float]] = {n: [] for n in API_PROCESSES}
        target = pool
        for r in range(rounds):
            line = []
            for n in API_PROCESSES:
                for t in threads[n]:
                    if t.current is not None:
                        t.pool.append(t.current)
                        t.current = None
                refill(threads[n], target)
                res = run_round(threads[n], stranded_loop, seconds, procs[n].pid, redis)
                rates[n].append(res["rate"])
                cpu[n].append(res["cpu_us"])
                target = max(target, int(res["max_games"] * 1.5) + 2)
                line.append(f"{n} process(es) {res['rate']:,.0f}/s ({res['cpu_us']:,.0f} us server CPU/command)")
            log(f"  round {r + 1}/{rounds}: " + ", ".join(line))
    finally:
        for proc in procs.values():
            stop_server(proc)
    medians = {n: statistics.median(v) for n, v in rates.items()}
    return {"api_commands_per_s": {str(n): medians[n] for n in API_PROCESSES},
            "api_cpu_us_per_command": {str(n): statistics.median(cpu[n]) for n in API_PROCESSES},
            "api_process_ratio_2": medians[2] / medians[1]}


def bench_scale(quick: bool, clients: int = 16) -> dict:
    """Every figure of this section (see the module's docstring)."""
    from events.log.connection import connect

    redis = connect(REDIS_URL)
    logdir = BENCH_DIR / ".logs"
    logdir.mkdir(exist_ok=True)
    figures = bench_workers(redis, quick, logdir)
    log("  events/s: " + ", ".join(f"{n} worker(s) {v:,.0f}" for n, v in figures["rq_events_per_s"].items())
        + f"; ratios {figures['rq_worker_ratio_2']:.2f} (2) and {figures['rq_worker_ratio_4']:.2f} (4)")
    figures.update(bench_api(redis, quick, clients, logdir))
    log("  commands/s: " + ", ".join(f"{n} process(es) {v:,.0f}" for n, v in figures["api_commands_per_s"].items())
        + f"; ratio {figures['api_process_ratio_2']:.2f}; server CPU per command "
        + ", ".join(f"{v:,.0f} us ({n})" for n, v in figures["api_cpu_us_per_command"].items()))
    return figures


def main() -> int:
    """Run this section alone; print its figures (and one JSON object last with ``--json``)."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="smaller samples, the same figures")
    ap.add_argument("--json", action="store_true", help="print one JSON object with every figure, last")
    ap.add_argument("--clients", type=int, default=16, help="client threads of the command figure (default 16)")
    args = ap.parse_args()
    if args.json:
        C.LOG_STREAM = sys.stderr
    from bench.common import cleanup
    from events.log.connection import connect

    log(f"scale-out ({'quick' if args.quick else 'full'}), Redis {REDIS_URL}, key prefix {PREFIX}, "
        f"{os.cpu_count()} CPUs, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    try:
        figures = bench_scale(args.quick, args.clients)
    finally:
        log(f"(removed {cleanup(connect(REDIS_URL))} bench keys)")
    figures["quick"] = args.quick
    if args.json:
        print(json.dumps(figures, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
