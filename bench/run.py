"""Stranded benchmark: every figure the performance and robustness issues set a target for.

    python bench/run.py            # full run (several minutes)
    python bench/run.py --quick    # the same figures from smaller samples (under about a minute)
    python bench/run.py --json     # also print one JSON object with every figure (last line)
    python bench/run.py --profile  # then cProfile the command path in process
    python bench/run.py --only fairness,feeds --json   # some sections only

Each figure is measured in this run and printed with its target and PASS/FAIL
(INFO when it has none). The machine is shared and noisy: compare ratios
taken within one run, never absolute timings across runs. Nothing here
asserts. Redis: ``REDIS_URL`` if set, else ``redis://127.0.0.1:6379/13``;
every key written starts with ``bench:<pid>:`` and is deleted at the end.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import common as C  # noqa: E402
from bench.commands import bench_http  # noqa: E402
from bench.common import BENCH_DIR, PREFIX, REDIS_URL, cleanup, verdict  # noqa: E402
from bench.reads import bench_list, bench_view_latency, bench_view_ratio, fill_lobby  # noqa: E402
from bench.inprocess import bench_fold, bench_self_play, bench_self_play_all, fold_records  # noqa: E402
from bench.replay import bench_rebuild, bench_verify, bench_verify_all, store_games  # noqa: E402
from bench.servers import free_port, start_bare, start_serve, stop_server, wait_until_up  # noqa: E402
from events.accelerated import COMPILED, compiled  # noqa: E402
from events.log.connection import connect  # noqa: E402
from events.log.store import EventStore  # noqa: E402


def log(msg: str = "") -> None:
    """``bench.common.log`` (looked up each time: ``--json`` moves it to standard error)."""
    C.log(msg)


def memory_per_event(store: EventStore, ids: list[str]) -> tuple[float, float]:
    """Redis memory per event (``MEMORY USAGE``): of the games' streams, and of all their keys."""
    redis = store.redis
    events = sum(store.version(game_id) for game_id in ids)
    streams = sum(redis.memory_usage(store.key(game_id, "events"), samples=0) for game_id in ids)
    every = sum(redis.memory_usage(store.key(game_id, part), samples=0) or 0
                for game_id in ids for part in ("events", "meta", "snapshot"))
    return streams / events, every / events


def section_startup(quick: bool, figures: dict) -> None:
    """How long the command line takes to answer (``bench/startup.py``)."""
    from bench.startup import bench_startup

    log("\n[0] start-up of the stranded command line (wall time, median of runs)")
    res = bench_startup(5 if quick else 20)
    for line, figure in res.items():
        if isinstance(figure, dict):
            log(f"  stranded {line}: {figure['median_s'] * 1000:.0f} ms (slowest {figure['max_s'] * 1000:.0f} ms, "
                f"CPU {figure['cpu_median_s'] * 1000:.0f} ms)")
    figures["cli_help_s"] = res["cli_help_median_s"]
    figures["cli_slowest_help_s"] = res["cli_slowest_median_s"]


def section_in_process(quick: bool, figures: dict) -> None:
    """Self-play of every ruleset, and the fold."""
    log("\n[1] self-play, in process, games per CPU second")
    games = 150 if quick else 1000
    rate, per_game = bench_self_play(games)
    figures["selfplay_games_per_cpu_s"] = rate
    figures["selfplay_events_per_game"] = per_game
    log(f"  selfish-space, 4 random bots: {rate:,.0f} games/CPU s ({per_game:.0f} events/game, {games} games)")
    figures["selfplay"] = bench_self_play_all(quick)
    for ruleset_id, rates in figures["selfplay"].items():
        log(f"  {ruleset_id} ({rates['seats']} seats): random {rates['random']:,.1f}, strong {rates['strong']:,.1f}"
            " games/CPU s")
    fold_rate, total, _ = bench_fold(fold_records(min(200, games)), 2 if quick else 5)
    figures["fold_events_per_s"] = fold_rate
    log(f"  fold from scratch: {fold_rate:,.0f} events/s")


def section_bots(quick: bool, figures: dict) -> None:
    """The expert against strong, expert move times, the engine figures search needs (``bench/bots.py``)."""
    from bench.bots import bench_bots

    log("\n[8] bots: expert against strong, expert move time, engine speed for search")
    bench_bots(quick, figures, log)


def section_replay(redis, quick: bool, figures: dict) -> None:
    """Finished games written to Redis: their memory, rebuild and verify."""
    games = 300 if quick else 1000
    store = EventStore(redis, f"{PREFIX}:replay")
    log(f"\n[2] {games} finished selfish-space games (4 random bots) in Redis")
    started = time.perf_counter()
    ids = store_games(store, "selfish-space", games)
    log(f"  written in {time.perf_counter() - started:.1f} s")
    per_event, all_keys = memory_per_event(store, ids)
    figures["redis_bytes_per_event"], figures["redis_bytes_per_event_all_keys"] = per_event, all_keys
    log(f"  Redis memory: {per_event:.1f} B/event in the streams, {all_keys:.1f} B/event with meta and snapshots")
    figures["rebuild_events_per_s_1_process"] = bench_rebuild(store, REDIS_URL, jobs=1)[0]
    figures["rebuild_events_per_s"] = bench_rebuild(store, REDIS_URL, jobs=2)[0]
    log(f"  rebuild_all: {figures['rebuild_events_per_s_1_process']:,.0f} events/s in 1 process, "
        f"{figures['rebuild_events_per_s']:,.0f} in 2 (stranded rebuild --jobs 2)")
    figures["verify_events_per_s_in_process"] = bench_verify(store, ids[:max(20, games // 10)])[0]
    figures["verify_events_per_s"] = bench_verify_all(store, REDIS_URL, jobs=2, repeats=1 if quick else 3)[0]
    log(f"  verify: {figures['verify_events_per_s_in_process']:,.0f} events/s in process (a tenth of them), "
        f"{figures['verify_events_per_s']:,.0f} for all in 2 processes (stranded verify --all --jobs 2)")


def section_http(redis, args, figures: dict) -> None:
    """The servers: commands and views against the baseline, view latency, the lobby list."""
    quick = args.quick
    logdir = BENCH_DIR / ".logs"
    logdir.mkdir(exist_ok=True)
    procs = {}
    try:
        ports = {name: free_port() for name in ("stranded", "bare", "lobby10", "lobby5000")}
        procs["stranded"] = start_serve(ports["stranded"], f"{PREFIX}:http", logdir / "stranded.log")
        procs["bare"] = start_bare(ports["bare"], logdir / "bare.log")
        wait_until_up(procs["stranded"], ports["stranded"], "/v1/rulesets", logdir / "stranded.log")
        wait_until_up(procs["bare"], ports["bare"], "/v1/games/g/view", logdir / "bare.log")
        pgids = (procs["stranded"].pid, procs["bare"].pid)
        rounds, seconds = (2, 1.5) if quick else (5, 5.0)
        log(f"\n[3] HTTP commands: stranded serve (gevent) vs the bare Flask+XADD app under the same gunicorn "
            f"settings, {args.clients} keep-alive clients, {rounds} interleaved rounds of {seconds:g} s")
        res = bench_http(ports["stranded"], ports["bare"], args.clients, rounds, seconds, 4 if quick else 12,
                         pgids[0], pgids[1], redis)
        figures["http_command_ratio"] = res["ratio"]
        figures["http_commands_per_s"] = {"stranded": res["stranded"], "bare": res["bare"]}
        figures["server_cpu_us_per_command"] = {"stranded": res["stranded_cpu_us"], "bare": res["bare_cpu_us"]}
        log(f"  median: stranded {res['stranded']:,.0f}/s, bare {res['bare']:,.0f}/s, ratio {res['ratio']:.2f}; "
            f"server CPU per command {res['stranded_cpu_us']:,.0f} us against {res['bare_cpu_us']:,.0f} us")
        log(f"\n[4] HTTP views: GET /view against the bare Flask+GET app, {args.clients} clients")
        view = bench_view_ratio(ports["stranded"], ports["bare"], args.clients, rounds, seconds, pgids, redis)
        figures["http_view_ratio"] = view["ratio"]
        log(f"  median: stranded {view['stranded']:,.0f}/s, bare {view['bare']:,.0f}/s, ratio {view['ratio']:.2f}")
        log("\n[5] view latency by log length (Quickplay, 4 seats; one keep-alive connection)")
        lat = bench_view_latency(ports["stranded"], EventStore(redis, f"{PREFIX}:http"), 60 if quick else 300)
        figures["view_latency_ratio_v1000"] = lat["ratios"][1000]
        figures["view_latency_ratio_v10000"] = lat["ratios"][10000]
        log("  " + ", ".join(f"v{v}: {lat['ms'][t]:.2f} ms" for t, v in lat["versions"].items())
            + f"; ratios {lat['ratios'][1000]:.2f} and {lat['ratios'][10000]:.2f}")
        figures["view_render_ms"] = lat["render_ms"]
        log("  a fresh render (the first reader of a version; later ones get it kept), in process: "
            + ", ".join(f"v{lat['versions'][t]}: {ms:.2f} ms" for t, ms in lat["render_ms"].items()))
        log("\n[6] the lobby: GET /v1/games?limit=10 with 10 games and with 5,000")
        fill_lobby(EventStore(redis, f"{PREFIX}:lobby10"), 10)
        fill_lobby(EventStore(redis, f"{PREFIX}:lobby5000"), 5000)
        for name in ("lobby10", "lobby5000"):
            procs[name] = start_serve(ports[name], f"{PREFIX}:{name}", logdir / f"{name}.log")
            wait_until_up(procs[name], ports[name], "/v1/rulesets", logdir / f"{name}.log")
        lobby = bench_list((ports["lobby10"], ports["lobby5000"]), 100 if quick else 400)
        figures["list_ratio_5000_vs_10"] = lobby["ratio"]
        log(f"  {lobby['ms_10']:.2f} ms with 10, {lobby['ms_5000']:.2f} ms with 5,000: ratio {lobby['ratio']:.2f}")
    finally:
        for proc in procs.values():
            stop_server(proc)


def section_sse(quick: bool, figures: dict) -> None:
    """Idle watchers against the command latency (``bench/sse.py``)."""
    from bench.sse import bench_sse_idle

    log("\n[7] 1,000 idle SSE watchers on one stranded serve: median command latency against none")
    res = bench_sse_idle(1000, 60 if quick else 200, 1 if quick else 3)
    figures["sse_idle_1000_command_ratio"] = res["sse_idle_1000_command_ratio"]
    log(f"  {res['command_ms_with']:.2f} ms with watchers, {res['command_ms_without']:.2f} ms without: ratio "
        f"{res['sse_idle_1000_command_ratio']:.2f}")


def section_flood(quick: bool, figures: dict) -> None:
    """Public readers looping the costly reads against a player's commands (``bench/flood.py``)."""
    from bench.flood import bench_flood

    log("\n[9] 4 clients loop GET /verification and 1 GET /view?at=N of a 10,500-event game: a player's "
        "median command latency against none (rate limits as shipped)")
    res = bench_flood(True, 60 if quick else 150, 1 if quick else 3)
    figures["verification_flood_command_ratio"] = res["verification_flood_command_ratio"]
    figures["verification_flood_reads"] = res["reads"]
    log(f"  {res['command_ms_with']:.2f} ms with readers, {res['command_ms_without']:.2f} ms without: ratio "
        f"{res['verification_flood_command_ratio']:.2f}; reads answered {res['reads']}")


def section_fairness(quick: bool, figures: dict) -> None:
    """A person's bot reply and a deadline while one address floods the bot queue (``bench/fairness.py``)."""
    from bench.fairness import bench_fairness

    log("\n[10] one address runs 10 all-bot Quickplay games: another address's bot reply, and 1 s deadlines")
    res = bench_fairness(quick)
    figures.update(res)
    log(f"  bot reply: median {res['bot_reply_flood_s']:.2f} s (slowest {res['bot_reply_flood_max_s']:.2f} s); "
        f"deadline late by at most {res['deadline_lateness_flood_s']:.2f} s (median "
        f"{res['deadline_lateness_flood_median_s']:.2f} s); flood games still running {res['flood_games_still_running']}")


def section_feeds(quick: bool, figures: dict) -> None:
    """Redis connections after 300 watchers of 300 games left (``bench/fairness.py``)."""
    from bench.fairness import bench_feeds

    log("\n[11] 300 streams of 300 games, then every watcher leaves: Redis connections afterwards, minus before")
    res = bench_feeds(quick)
    figures.update(res)
    log(f"  while watched: {res['feed_connections_while_watched']:+d}; {res['feed_wait_s']:.0f} s after they left: "
        f"{res['feed_connections_after_leave']:+d}")


def section_scale(quick: bool, figures: dict) -> None:
    """Workers and API processes side by side (``bench/scale.py``), when it is there."""
    try:
        from bench import scale
    except ImportError:
        return
    log("\n[8] scale-out: all-bot games through RQ with 1, 2, 4 workers; commands with 1, 2 API processes")
    figures.update(scale.bench_scale(quick))


SUMMARY = (
    ("cli_help_s", "<=", C.CLI_START_TARGET_S, "{:.3f} s"),
    ("cli_slowest_help_s", "<=", C.CLI_START_TARGET_S, "{:.3f} s"),
    ("selfplay_games_per_cpu_s", ">=", C.SELFPLAY_TARGET, "{:,.0f} games/CPU s"),
    ("redis_bytes_per_event", "<=", C.BYTES_TARGET, "{:.1f} B/event"),
    ("rebuild_events_per_s", ">=", C.REBUILD_TARGET, "{:,.0f} events/s"),
    ("verify_events_per_s", ">=", C.VERIFY_TARGET, "{:,.0f} events/s"),
    ("verification_flood_command_ratio", "<=", C.FLOOD_RATIO_TARGET, "{:.2f}"),
    ("bot_reply_flood_s", "<=", C.BOT_REPLY_TARGET_S, "{:.2f} s"),
    ("deadline_lateness_flood_s", "<=", C.DEADLINE_LATENESS_TARGET_S, "{:.2f} s"),
    ("feed_connections_after_leave", "<=", C.FEED_CONNECTIONS_TARGET, "{:d}"),
    ("http_command_ratio", ">=", C.HTTP_RATIO_TARGET, "{:.2f}"),
    ("http_view_ratio", ">=", C.HTTP_RATIO_TARGET, "{:.2f}"),
    ("view_latency_ratio_v1000", "<=", C.VIEW_RATIO_TARGET, "{:.2f}"),
    ("view_latency_ratio_v10000", "<=", C.VIEW_RATIO_TARGET, "{:.2f}"),
    ("list_ratio_5000_vs_10", "<=", C.LIST_RATIO_TARGET, "{:.2f}"),
    ("sse_idle_1000_command_ratio", "<=", C.SSE_RATIO_TARGET, "{:.2f}"),
    ("bot_move_p99_ms", "<=", C.BOT_MOVE_P99_TARGET_MS, "{:.0f} ms"),
    ("selfplay_instructions_per_game", "<=", C.SELFPLAY_INSTRUCTIONS_TARGET, "{:,.0f} instructions"),
    ("quickplay_selfplay_games_per_cpu_s", ">=", C.QUICKPLAY_SELFPLAY_TARGET, "{:.1f} games/CPU s"),
    ("rq_worker_ratio_2", None, None, "{:.2f}"),
    ("rq_worker_ratio_4", None, None, "{:.2f}"),
    ("api_process_ratio_2", None, None, "{:.2f}"),
)


def summary(figures: dict, seconds: float, quick: bool) -> None:
    """The figures with their targets."""
    log(f"\nsummary ({'quick' if quick else 'full'} run, {seconds:.0f} s, load average "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())})")
    for key, op, target, fmt in SUMMARY:
        if key not in figures:
            continue
        value = figures[key]
        if op is None:
            log(f"  {key}: {fmt.format(value)} INFO")
            continue
        ok = value >= target if op == ">=" else value <= target
        log(f"  {key}: {fmt.format(value)} (target {op} {target:,}) {verdict(ok)}")


def main() -> int:
    """Parse the arguments, run every section, print the summary (and the JSON object)."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="smaller samples, the same figures (about a minute)")
    ap.add_argument("--json", action="store_true", help="print one JSON object with every figure, last")
    ap.add_argument("--profile", action="store_true", help="also cProfile the command path in process")
    ap.add_argument("--clients", type=int, default=16, help="client threads of the HTTP figures (default 16)")
    ap.add_argument("--skip", default="", help="comma-separated sections to leave out: "
                                               "startup,inprocess,replay,http,sse,scale,flood,fairness,feeds,bots")
    ap.add_argument("--only", default="", help="comma-separated sections to run (the others are left out)")
    args = ap.parse_args()
    skip = set(filter(None, args.skip.split(",")))
    if args.json:
        C.LOG_STREAM = sys.stderr
    redis = connect(REDIS_URL)
    redis.ping()
    figures: dict = {"quick": args.quick}
    # how many modules of events/accelerated.py this install runs compiled (0: all from source)
    figures["compiled_modules"] = compiled_modules = len(compiled())
    started = time.perf_counter()
    log(f"Stranded benchmark ({'quick' if args.quick else 'full'}), Redis {REDIS_URL}, key prefix {PREFIX}; "
        f"{compiled_modules} of {len(COMPILED)} modules compiled (events/accelerated.py)")
    sections = {"startup": lambda: section_startup(args.quick, figures),
                "inprocess": lambda: section_in_process(args.quick, figures),
                "replay": lambda: section_replay(redis, args.quick, figures),
                "http": lambda: section_http(redis, args, figures),
                "sse": lambda: section_sse(args.quick, figures),
                "scale": lambda: section_scale(args.quick, figures),
                "flood": lambda: section_flood(args.quick, figures),
                "fairness": lambda: section_fairness(args.quick, figures),
                "feeds": lambda: section_feeds(args.quick, figures),
                "bots": lambda: section_bots(args.quick, figures)}
    only = set(filter(None, args.only.split(",")))
    if only:
        skip |= set(sections) - only
    figures["section_seconds"] = timings = {}
    try:
        for name, run in sections.items():
            if name not in skip:
                begun = time.perf_counter()
                run()
                timings[name] = time.perf_counter() - begun
        if args.profile:
            from bench.profiling import profile_commands

            profile_commands(redis, 300 if args.quick else 2000)
    finally:
        removed = cleanup(redis)
    figures["load_average"] = os.getloadavg()
    summary(figures, time.perf_counter() - started, args.quick)
    log("  seconds by section: " + ", ".join(f"{name} {seconds:.0f}" for name, seconds in timings.items()))
    log(f"(removed {removed} bench keys)")
    if args.json:
        print(json.dumps(figures, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
