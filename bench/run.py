"""Stranded benchmark: self-play, fold speed, HTTP command throughput, view latency.

    python bench/run.py            # full run (about 2-3 minutes)
    python bench/run.py --quick    # smoke run (under ~30 s)
    python bench/run.py --profile  # also cProfile the command path in-process

Figures (see bench/README.md): timings are only compared *within one run*
(ratios); the machine is shared, so absolute numbers move from run to run.
Nothing here asserts: each figure is printed with its target and PASS/FAIL.

Redis: ``REDIS_URL`` if set, else ``redis://127.0.0.1:6379/13``. Every key
written starts with ``bench:<pid>:`` and is deleted at the end.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.commands import bench_http  # noqa: E402
from bench.common import (  # noqa: E402
    BENCH_DIR,
    FOLD_TARGET,
    HTTP_RATIO_TARGET,
    PREFIX,
    REDIS_URL,
    RULESET_ID,
    VIEW_RATIO_TARGET,
    log,
    verdict,
)
from bench.inprocess import bench_fold, bench_self_play  # noqa: E402
from bench.profiling import profile_commands  # noqa: E402
from bench.servers import free_port, start_server, stop_server, wait_until_up  # noqa: E402
from bench.views import bench_view, bench_view_in_process, view_games  # noqa: E402
from events.connection import connect  # noqa: E402
from events.store import EventStore  # noqa: E402


def cleanup(redis) -> int:
    """Delete every key under the run's prefix; return how many."""
    n = 0
    batch = []
    for key in redis.scan_iter(match=f"{PREFIX}:*", count=1000):
        batch.append(key)
        if len(batch) >= 500:
            n += redis.delete(*batch)
            batch = []
    if batch:
        n += redis.delete(*batch)
    return n


def main() -> int:
    """Parse the arguments, run the four figures (and --profile), print the summary."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="short smoke run (< ~30 s)")
    ap.add_argument("--profile", action="store_true", help="also cProfile the command path in process")
    ap.add_argument("--workers", type=int, default=1, help="gunicorn workers per server (default 1)")
    ap.add_argument("--threads", type=int, default=4, help="gunicorn threads per worker (default 4)")
    ap.add_argument("--clients", type=int, default=8, help="client threads (keep-alive connections; default 8)")
    args = ap.parse_args()
    quick = args.quick

    games = 100 if quick else 1000
    fold_games = min(200, games)
    fold_repeats = 2 if quick else 5
    rounds = 2 if quick else 5
    seconds = 1.5 if quick else 5.0
    pool = 4 if quick else 12
    long_target = 300 if quick else 1000
    view_requests = 60 if quick else 300

    log(f"Stranded benchmark ({'quick' if quick else 'full'}), Redis {REDIS_URL}, key prefix {PREFIX}:")
    t_all = time.perf_counter()

    log(f"\n[1] self-play: {games} games, 4 random bots, {RULESET_ID}, in process")
    gps, epg, records = bench_self_play(games)
    log(f"  {gps:,.1f} games/s, {epg:.0f} events/game")

    log(f"\n[2] fold: {fold_games} recorded games folded from scratch with evolve, {fold_repeats} passes")
    fold_rate, fold_total, _ = bench_fold(records[:fold_games], fold_repeats)
    log(f"  {fold_total:,} events per pass, median {fold_rate:,.0f} events/s")

    redis = connect(REDIS_URL)
    redis.ping()
    store = EventStore(redis, PREFIX)
    logdir = BENCH_DIR / ".logs"
    logdir.mkdir(exist_ok=True)
    s_proc = b_proc = None
    http_res = view_res = None
    try:
        s_port, b_port = free_port(), free_port()
        s_log, b_log = logdir / "stranded.log", logdir / "bare.log"
        s_proc = start_server("stranded_app", s_port, args.workers, args.threads, s_log)
        b_proc = start_server("bare_app", b_port, args.workers, args.threads, b_log)
        wait_until_up(s_proc, s_port, "/v1/rulesets", s_log)
        wait_until_up(b_proc, b_port, "/", b_log)

        log(f"\n[3] HTTP commands: gunicorn gthread {args.workers} worker x {args.threads} threads each, "
            f"{args.clients} keep-alive client threads, {rounds} interleaved rounds of {seconds:g} s")
        http_res = bench_http(s_port, b_port, args.clients, rounds, seconds, pool, s_proc.pid, b_proc.pid, redis)
        log(f"  median: stranded {http_res['stranded']:,.0f}/s, bare {http_res['bare']:,.0f}/s, "
            f"ratio {http_res['ratio']:.2f}; server CPU/command stranded {http_res['stranded_cpu_us']:,.0f} us, "
            f"bare {http_res['bare_cpu_us']:,.0f} us (bare/stranded "
            f"{http_res['bare_cpu_us'] / http_res['stranded_cpu_us']:.2f}); redis CPU/command stranded "
            f"{http_res['stranded_redis_us']:,.0f} us, bare {http_res['bare_redis_us']:,.0f} us")

        log(f"\n[4] view latency: GET /v1/games/{{id}}/view (seat 0 token) via the gunicorn server, "
            f"one keep-alive connection, {view_requests} interleaved requests each")
        games = view_games(s_port, store, long_target)
        view_res = bench_view(s_port, games, view_requests)
        log(f"  gunicorn: v{view_res['short_version']}: {view_res['short_ms']:.2f} ms, "
            f"v{view_res['long_version']} ({view_res['long_status']}): {view_res['long_ms']:.2f} ms, "
            f"ratio {view_res['ratio']:.2f} (median of adjacent-pair ratios {view_res['pair_ratio']:.2f})")
        cross = bench_view_in_process(redis, games, view_requests)
        log(f"  cross-check, Flask test client in process (no target): v{cross['short_version']} "
            f"{cross['short_ms']:.2f} ms, v{cross['long_version']} {cross['long_ms']:.2f} ms, "
            f"ratio {cross['ratio']:.2f} (pairs {cross['pair_ratio']:.2f})")
    finally:
        stop_server(s_proc)
        stop_server(b_proc)

    if args.profile:
        try:
            profile_commands(redis, 300 if quick else 2000)
        finally:
            pass
    removed = cleanup(redis)

    log(f"\nsummary ({'quick' if quick else 'full'} run, {time.perf_counter() - t_all:.0f} s; "
        f"removed {removed} bench keys)")
    log(f"selfish-space self-play (4 random bots): {gps:,.1f} games/s, {epg:.0f} events/game "
        f"(no target; informational) INFO")
    log(f"fold: {fold_rate:,.0f} events/s (target >= {FOLD_TARGET:,}) {verdict(fold_rate >= FOLD_TARGET)}")
    log(f"HTTP commands: stranded {http_res['stranded']:,.0f}/s, bare XADD {http_res['bare']:,.0f}/s, "
        f"ratio {http_res['ratio']:.2f} (target >= {HTTP_RATIO_TARGET}) "
        f"{verdict(http_res['ratio'] >= HTTP_RATIO_TARGET)}")
    log(f"view latency: v{view_res['short_version']} {view_res['short_ms']:.2f} ms, "
        f"v{view_res['long_version']} {view_res['long_ms']:.2f} ms, ratio {view_res['ratio']:.2f} "
        f"(target <= {VIEW_RATIO_TARGET}) {verdict(view_res['ratio'] <= VIEW_RATIO_TARGET)} [gunicorn]")
    if http_res["ratio"] < HTTP_RATIO_TARGET and not args.profile:
        log("(HTTP ratio below target: run with --profile to see where the command path spends its time)")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    finally:
        try:
            cleanup(connect(REDIS_URL))
        except Exception:  # noqa: BLE001 - best effort on the way out
            pass
