"""Public readers against players: ``verification_flood_command_ratio``.

    python bench/flood.py                 # the figure, with the server's rate limits as shipped
    python bench/flood.py --no-limits     # the same with the per-address limits off

One ``stranded serve`` with its worker (gevent workers, the way it ships) on a free loopback
port, against ``REDIS_URL`` (else ``redis://127.0.0.1:6379/13``), every key under
``bench:<pid>:flood`` (deleted at the end). A long Zombies!!! Quickplay game (at least 10,000
events, written to Redis as the service writes them, with its replay checkpoints) is the
target of the readers: 4 clients loop ``GET /v1/games/{id}/verification`` and 1 loops ``GET
/v1/games/{id}/view?at=N`` at random ``N``. The figure is the median latency of a player's
``POST .../commands`` (Breathe in two-seat Selfish: Space Edition, one keep-alive connection,
one request at a time) while they loop, over the same median while they do not; rounds
alternate. Target: <= 2. With the limits on (the default) the readers, all from one address,
are mostly answered 429 once past ``STRANDED_RATE_LIMIT_READS``; ``--no-limits`` shows what the
reads cost when every one is served.

:func:`bench_flood` is what ``bench/run.py`` calls.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.common import BENCH_DIR, FLOOD_RATIO_TARGET, PREFIX, REDIS_URL, log  # noqa: E402
from bench.servers import Client, _spawn, free_port, wait_until_up  # noqa: E402
from bench.servers import stop_server  # noqa: E402
from bench.sse import command_latencies  # noqa: E402

LONG_EVENTS = 10_500


def start_serve_with_worker(port: int, prefix: str, log_path: Path, limits: bool) -> subprocess.Popen:
    """``stranded serve`` with its worker (the audit jobs run there), rate limits as shipped or off --
    but for creating games: the measuring player creates a game whenever one ends, one address."""
    env = dict(os.environ, REDIS_URL=REDIS_URL, STRANDED_KEY_PREFIX=prefix, PYTHONPATH=str(ROOT),
               STRANDED_RATE_LIMITS="on" if limits else "off",
               STRANDED_RATE_LIMIT_CREATE="10000/minute")   # the player's games are not what is measured
    return _spawn([sys.executable, "-m", "service.cli.commands", "serve", "--port", str(port)], env, log_path)


def long_game(prefix: str) -> tuple[str, int]:
    """A Quickplay game of at least :data:`LONG_EVENTS` events written under ``prefix``, with its
    checkpoints; ``(game id, version)``."""
    from bench.reads import LONG_RULESET, played_game, store_prefix
    from events.log.connection import connect
    from events.log.store import EventStore
    from workers.audit_jobs import run_checkpoints

    store = EventStore(connect(REDIS_URL), prefix)
    seed = next(f"long-{i}" for i in range(50) if len(played_game(LONG_RULESET, 4, f"long-{i}")[0].events) > LONG_EVENTS)
    version = store_prefix(store, "flood-long", LONG_RULESET, 4, seed, LONG_EVENTS)
    run_checkpoints(store.redis, "flood-long", prefix)
    return "flood-long", version


def reader(port: int, path_of, stop: threading.Event, counts: dict) -> None:
    """Loop ``GET path_of()`` until ``stop``; count the answers by status."""
    client = Client(port)
    try:
        while not stop.is_set():
            status, _ = client.request("GET", path_of())
            counts[status] = counts.get(status, 0) + 1
    finally:
        client.close()


def bench_flood(limits: bool = True, commands: int = 150, rounds: int = 3) -> dict:
    """Median command latency with the readers looping over that without them (see the module doc).

    Returns ``{"verification_flood_command_ratio", "command_ms_without", "command_ms_with",
    "reads": {status: count}, "long_game_events", "rate_limits"}``."""
    port, prefix = free_port(), f"{PREFIX}:flood"
    logdir = BENCH_DIR / ".logs"
    logdir.mkdir(exist_ok=True)
    game_id, version = long_game(prefix)
    proc = start_serve_with_worker(port, prefix, logdir / "flood.log", limits)
    counts: dict = {}
    try:
        wait_until_up(proc, port, "/v1/rulesets", logdir / "flood.log")
        client = Client(port)
        command_latencies(client, 20)      # warm-up
        rng = random.Random(1)
        paths = [lambda: f"/v1/games/{game_id}/verification"] * 4 + \
            [lambda: f"/v1/games/{game_id}/view?at={rng.randint(1, version)}"]
        without, loaded = [], []
        for _ in range(rounds):
            without += command_latencies(client, commands)
            stop = threading.Event()
            threads = [threading.Thread(target=reader, args=(port, path, stop, counts), daemon=True) for path in paths]
            for thread in threads:
                thread.start()
            time.sleep(1.0)
            loaded += command_latencies(client, commands)
            stop.set()
            for thread in threads:
                thread.join(timeout=30)
            time.sleep(1.0)
        base, flooded = statistics.median(without), statistics.median(loaded)
        return {"verification_flood_command_ratio": flooded / base, "command_ms_without": base,
                "command_ms_with": flooded, "reads": counts, "long_game_events": version, "rate_limits": limits}
    finally:
        stop_server(proc)


def main() -> int:
    """Run :func:`bench_flood` and print the figure with its target."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--no-limits", action="store_true", help="turn the per-address rate limits off")
    ap.add_argument("--commands", type=int, default=150, help="commands per round and kind")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    from bench.common import cleanup
    from events.log.connection import connect

    try:
        result = bench_flood(not args.no_limits, args.commands, args.rounds)
    finally:
        cleanup(connect(REDIS_URL), f"{PREFIX}:flood")
    log(json.dumps(result, indent=2, default=str))
    ok = result["verification_flood_command_ratio"] <= FLOOD_RATIO_TARGET
    log(f"verification_flood_command_ratio: {result['verification_flood_command_ratio']:.2f} "
        f"(target <= {FLOOD_RATIO_TARGET}) {'PASS' if ok else 'FAIL'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
