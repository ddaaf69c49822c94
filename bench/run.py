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
import cProfile
import http.client
import io
import json
import os
import pstats
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from events.connection import connect  # noqa: E402
from events.games import RULESETS  # noqa: E402
from events.handling import execute  # noqa: E402
from events.simulation import play_game  # noqa: E402
from events.snapshots import SYSTEM_EVENTS, load_state  # noqa: E402
from events.store import EventStore  # noqa: E402

RULESET_ID = "selfish-space"
REDIS_URL = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/13"
PREFIX = f"bench:{os.getpid()}"
BREATHE = {"type": "Breathe"}

FOLD_TARGET = 100_000      # events/s, at least
HTTP_RATIO_TARGET = 0.6    # Stranded / bare XADD, at least
VIEW_RATIO_TARGET = 1.2    # v1000 / v10 median latency, at most


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def log(msg: str = "") -> None:
    print(msg, flush=True)


# ---------------------------------------------------------------------------
# 1 + 2: self-play and fold, in process, no Redis
# ---------------------------------------------------------------------------

def bench_self_play(games: int):
    ruleset = RULESETS[RULESET_ID]
    records = []
    start = time.perf_counter()
    for i in range(games):
        records.append(play_game(ruleset, ["random"] * 4, f"bench-{i}"))
    elapsed = time.perf_counter() - start
    events = sum(len(r.events) for r in records)
    return games / elapsed, events / games, records


def fold_events(evolve, events):
    """``events.snapshots.fold`` over plain event dicts (what it does with envelopes)."""
    state = None
    for event in events:
        if event["type"] not in SYSTEM_EVENTS:
            state = evolve(state, event)
    return state


def bench_fold(records, repeats: int):
    ruleset = RULESETS[RULESET_ID]
    evolve = ruleset.evolve
    logs = [r.events for r in records]
    total = sum(len(e) for e in logs)
    # Sanity: a fold from scratch gives the state the game ended in.
    for record in records[:20]:
        assert fold_events(evolve, record.events) == record.state, "fold differs from the live state"
    rates = []
    for _ in range(repeats):
        start = time.perf_counter()
        for events in logs:
            fold_events(evolve, events)
        rates.append(total / (time.perf_counter() - start))
    return statistics.median(rates), total, len(logs)


# ---------------------------------------------------------------------------
# HTTP plumbing: gunicorn subprocesses and a keep-alive client
# ---------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(module: str, port: int, workers: int, threads: int, log_path: Path) -> subprocess.Popen:
    env = dict(os.environ, REDIS_URL=REDIS_URL, BENCH_PREFIX=PREFIX)
    args = [sys.executable, "-m", "gunicorn", "--worker-class", "gthread",
            "--workers", str(workers), "--threads", str(threads),
            "--bind", f"127.0.0.1:{port}", "--pythonpath", str(BENCH_DIR),
            "--timeout", "120", "--log-level", "warning", f"{module}:app"]
    fh = open(log_path, "wb")
    proc = subprocess.Popen(args, cwd=str(ROOT), env=env, stdout=fh, stderr=subprocess.STDOUT,
                            start_new_session=True)
    proc._bench_log = fh  # closed in stop_server
    return proc


def wait_until_up(proc: subprocess.Popen, port: int, path: str, log_path: Path, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server on :{port} exited ({proc.returncode}); see {log_path}:\n"
                               + log_path.read_text(errors="replace")[-2000:])
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", path)
            conn.getresponse().read()
            conn.close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"server on :{port} did not answer within {timeout} s; see {log_path}")


def stop_server(proc: subprocess.Popen | None) -> None:
    if proc is None:
        return
    try:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)  # its own session: gunicorn master and its workers
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(5)
    except ProcessLookupError:
        pass
    finally:
        proc._bench_log.close()


class Client:
    """One keep-alive HTTP/1.1 connection (``http.client``); reconnects once on a dropped socket."""

    def __init__(self, port: int):
        self.port = port
        self.conn: http.client.HTTPConnection | None = None

    def connect(self) -> None:
        self.close()
        self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        self.conn.connect()

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def request(self, method: str, path: str, body=None, token: str | None = None):
        headers = {}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if token:
            headers["Authorization"] = f"Bearer {token}"
        for attempt in (0, 1):
            if self.conn is None:
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
            try:
                self.conn.request(method, path, body=data, headers=headers)
                resp = self.conn.getresponse()
                raw = resp.read()
                if (resp.getheader("Connection") or "").lower() == "close":
                    self.close()
                return resp.status, raw
            except (http.client.HTTPException, OSError):
                self.close()
                if attempt:
                    raise
        raise AssertionError("unreachable")


# ---------------------------------------------------------------------------
# 3: HTTP command throughput, Stranded vs bare XADD
# ---------------------------------------------------------------------------

@dataclass
class BenchGame:
    game_id: str
    tokens: dict
    seat: int


def create_game_http(client: Client, seats: int = 2) -> tuple[BenchGame, dict]:
    body = {"ruleset": RULESET_ID, "seats": [{"name": f"P{i}"} for i in range(seats)], "options": {}}
    status, raw = client.request("POST", "/v1/games", body)
    if status != 201:
        raise RuntimeError(f"create game: {status} {raw[:300]!r}")
    game = json.loads(raw)
    tokens = {t["seat"]: t["token"] for t in game["tokens"]}
    to_act = game["to_act"][0]["seat"] if game["to_act"] else 0
    return BenchGame(game["id"], tokens, to_act), game


@dataclass
class Worker:
    """One client thread's state across rounds."""

    port: int
    client: Client = None
    pool: list = field(default_factory=list)   # Stranded games ready to play
    current: BenchGame | None = None
    ok: int = 0
    other: int = 0          # non-200 answers (not counted)
    games_used: int = 0
    inline_creates: int = 0  # games created inside the timed window (pool ran dry)


def stranded_loop(w: Worker, stop: threading.Event, t_end: list) -> None:
    client = w.client
    while not stop.is_set():
        if w.current is None:
            if w.pool:
                w.current = w.pool.pop()
            else:
                w.current, _ = create_game_http(client)
                w.inline_creates += 1
            w.games_used += 1
        g = w.current
        status, raw = client.request("POST", f"/v1/games/{g.game_id}/commands", BREATHE, g.tokens[g.seat])
        done = time.perf_counter()
        if status == 200:
            if not t_end or done <= t_end[0]:
                w.ok += 1
            nxt, over = None, False
            for event in json.loads(raw)["events"]:
                if event["type"] == "TurnStarted":
                    nxt = event["data"]["seat"]
                elif event["type"] in ("GameEnded", "SeedRevealed"):
                    over = True
            if over:
                w.current = None
            else:
                g.seat = nxt if nxt is not None else 1 - g.seat
            continue
        w.other += 1
        code = ""
        try:
            code = json.loads(raw)["error"]["code"]
        except (ValueError, KeyError, TypeError):
            pass
        if status == 409 and code == "not_your_turn":
            g.seat = 1 - g.seat
        else:  # 409 game_over, 422, anything else: move to a fresh game
            w.current = None


def bare_loop(w: Worker, stop: threading.Event, t_end: list) -> None:
    client = w.client
    n = 0
    while not stop.is_set():
        n += 1
        status, raw = client.request("POST", f"/v1/games/g{n % 64}/commands", BREATHE, "bench-token")
        done = time.perf_counter()
        if status == 200:
            json.loads(raw)
            if not t_end or done <= t_end[0]:
                w.ok += 1
        else:
            w.other += 1


def refill(workers: list[Worker], target: int) -> None:
    def fill(w: Worker):
        while len(w.pool) < target:
            w.pool.append(create_game_http(w.client)[0])

    threads = [threading.Thread(target=fill, args=(w,)) for w in workers]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def group_cpu_seconds(pgid: int) -> float:
    """User + system CPU seconds of every live process in process group ``pgid`` (Linux /proc)."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid:
            total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def redis_cpu_seconds(redis) -> float:
    info = redis.info("cpu")
    return float(info["used_cpu_user"]) + float(info["used_cpu_sys"])


def run_round(workers: list[Worker], loop, seconds: float, server_pgid: int, redis) -> dict:
    """All threads start together, run ``seconds``; count 200s completed inside the window.

    Also returns the server's CPU (gunicorn master + workers) and Redis's CPU per
    counted command over the window: less noisy than the rate on a shared machine.
    """
    for w in workers:
        w.ok = w.other = w.games_used = w.inline_creates = 0
        w.client.connect()
    barrier = threading.Barrier(len(workers) + 1)
    stop = threading.Event()
    t_end: list = []
    errors: list = []

    def body(w: Worker):
        barrier.wait()
        try:
            loop(w, stop, t_end)
        except Exception as exc:  # noqa: BLE001 - reported, not raised from a thread
            errors.append(repr(exc))

    threads = [threading.Thread(target=body, args=(w,), daemon=True) for w in workers]
    for t in threads:
        t.start()
    barrier.wait()
    cpu0, rcpu0 = group_cpu_seconds(server_pgid), redis_cpu_seconds(redis)
    start = time.perf_counter()
    t_end.append(start + seconds)
    time.sleep(seconds)
    cpu1, rcpu1 = group_cpu_seconds(server_pgid), redis_cpu_seconds(redis)
    stop.set()
    for t in threads:
        t.join(60)
    for w in workers:
        w.client.close()
    if errors:
        raise RuntimeError(f"client thread failed: {errors[0]}")
    ok = sum(w.ok for w in workers)
    return {"rate": ok / seconds, "ok": ok,
            "cpu_us": (cpu1 - cpu0) / max(ok, 1) * 1e6, "redis_us": (rcpu1 - rcpu0) / max(ok, 1) * 1e6, "other": sum(w.other for w in workers),
            "games": sum(w.games_used for w in workers),
            "inline_creates": sum(w.inline_creates for w in workers),
            "max_games": max(w.games_used for w in workers)}


def bench_http(stranded_port: int, bare_port: int, client_threads: int, rounds: int, seconds: float,
               initial_pool: int, stranded_pgid: int, bare_pgid: int, redis) -> dict:
    s_workers = [Worker(stranded_port, Client(stranded_port)) for _ in range(client_threads)]
    b_workers = [Worker(bare_port, Client(bare_port)) for _ in range(client_threads)]
    log(f"  creating {initial_pool} two-seat games per client thread over HTTP ...")
    refill(s_workers, initial_pool)
    # Warm-up (not measured): first requests, imports, connection pools.
    run_round(s_workers, stranded_loop, min(1.0, seconds / 2), stranded_pgid, redis)
    run_round(b_workers, bare_loop, min(1.0, seconds / 2), bare_pgid, redis)
    s_rates, b_rates, s_cpu, b_cpu, s_rcpu, b_rcpu = [], [], [], [], [], []
    target = initial_pool
    for r in range(rounds):
        for w in s_workers:  # put the game in play back on top of the pool
            if w.current is not None:
                w.pool.append(w.current)
                w.current = None
        refill(s_workers, target)
        s = run_round(s_workers, stranded_loop, seconds, stranded_pgid, redis)
        b = run_round(b_workers, bare_loop, seconds, bare_pgid, redis)
        s_rates.append(s["rate"])
        b_rates.append(b["rate"])
        s_cpu.append(s["cpu_us"])
        b_cpu.append(b["cpu_us"])
        s_rcpu.append(s["redis_us"])
        b_rcpu.append(b["redis_us"])
        target = max(initial_pool, int(s["max_games"] * 1.5) + 2)
        log(f"  round {r + 1}/{rounds}: stranded {s['rate']:,.0f}/s ({s['ok']} ok, {s['other']} other, "
            f"{s['games']} games, {s['inline_creates']} created in-window) | "
            f"bare {b['rate']:,.0f}/s ({b['ok']} ok, {b['other']} other)")
        log(f"      server CPU per command: stranded {s['cpu_us']:,.0f} us, bare {b['cpu_us']:,.0f} us; "
            f"redis CPU per command: stranded {s['redis_us']:,.0f} us, bare {b['redis_us']:,.0f} us")
    s_med, b_med = statistics.median(s_rates), statistics.median(b_rates)
    return {"stranded": s_med, "bare": b_med, "ratio": s_med / b_med if b_med else 0.0,
            "stranded_cpu_us": statistics.median(s_cpu), "bare_cpu_us": statistics.median(b_cpu),
            "stranded_redis_us": statistics.median(s_rcpu), "bare_redis_us": statistics.median(b_rcpu)}


# ---------------------------------------------------------------------------
# 4: view latency, a game at version ~10 vs one at ~1,000
# ---------------------------------------------------------------------------

PREFERRED = ("Breathe", "BreatheWithActions", "SwapDouble", "Pass")


def calm_command(legal: list[dict]) -> dict:
    """The first legal command that keeps the game going: no Travel, no attack."""
    for kind in PREFERRED:
        for command in legal:
            if command["type"] == kind:
                return command
    for command in legal:
        if command["type"] not in ("Travel", "PlayAction"):
            return command
    return legal[0]


def drive(store: EventStore, game_id: str, target_version: int) -> tuple[int, str]:
    """Play ``game_id`` with calm commands (in process, handling.execute) until ``target_version``."""
    ruleset = RULESETS[RULESET_ID]
    loaded = load_state(store, ruleset, game_id)
    state, version, status = loaded.state, loaded.version, "active"
    while version < target_version and status == "active":
        pending = ruleset.pending(state)
        if not pending:
            break
        seat = pending[0].seat
        result = execute(store, game_id, seat, calm_command(ruleset.legal_commands(state, seat)))
        state, version, status = result.state, result.last_version, result.meta.status
    return version, status


def view_games(port: int, store: EventStore, target_long: int) -> dict:
    """Two 5-seat games created over HTTP, driven in process to version ~10 and ~``target_long``."""
    client = Client(port)
    games = {}
    for label, target in (("short", 10), ("long", target_long)):
        reached = 0
        while reached < target * 0.9:  # chain games if one ends early; keep the longest
            game, _ = create_game_http(client, seats=5)
            version, status = drive(store, game.game_id, target)
            if version > reached:
                reached, games[label] = version, (game, version, status)
            if status == "active" or label == "short":
                break
    client.close()
    return games


def measure_views(get, games: dict, requests: int) -> dict:
    """Median latency of ``get(path, token)`` for each game, requests interleaved.

    ``pair_ratio`` is the median of long/short over adjacent pairs (a cross-check
    that cancels slow drifts of a noisy machine).
    """
    lat = {"short": [], "long": []}
    paths = {k: (f"/v1/games/{g.game_id}/view", g.tokens[0]) for k, (g, _, _) in games.items()}
    for label in ("short", "long"):  # warm-up
        for _ in range(10):
            get(*paths[label])
    for i in range(requests):
        order = ("short", "long") if i % 2 == 0 else ("long", "short")
        for label in order:
            t0 = time.perf_counter()
            get(*paths[label])
            lat[label].append(time.perf_counter() - t0)
    s_med, l_med = statistics.median(lat["short"]), statistics.median(lat["long"])
    pairs = statistics.median(b / a for a, b in zip(lat["short"], lat["long"]))
    return {"short_version": games["short"][1], "long_version": games["long"][1],
            "long_status": games["long"][2], "short_ms": s_med * 1000, "long_ms": l_med * 1000,
            "ratio": l_med / s_med, "pair_ratio": pairs}


def bench_view(port: int, games: dict, requests: int) -> dict:
    """View latency through the gunicorn server, one keep-alive connection."""
    client = Client(port)

    def get(path, token):
        status, raw = client.request("GET", path, token=token)
        if status != 200:
            raise RuntimeError(f"view: {status} {raw[:200]!r}")

    try:
        return measure_views(get, games, requests)
    finally:
        client.close()


def bench_view_in_process(redis, games: dict, requests: int) -> dict:
    """The same measurement through the Flask test client (no HTTP, no gunicorn): a cross-check."""
    from service.app import create_app

    client = create_app(redis, prefix=PREFIX).test_client()

    def get(path, token):
        resp = client.get(path, headers={"Authorization": f"Bearer {token}"})
        if resp.status_code != 200:
            raise RuntimeError(f"view: {resp.status_code} {resp.get_data()[:200]!r}")

    return measure_views(get, games, requests)


# ---------------------------------------------------------------------------
# --profile: the command path in process (Flask test client, one thread)
# ---------------------------------------------------------------------------

def profile_commands(redis, commands: int, top: int = 25) -> cProfile.Profile:
    from service.app import create_app

    app = create_app(redis, prefix=PREFIX)
    client = app.test_client()

    def new_game():
        resp = client.post("/v1/games", json={"ruleset": RULESET_ID, "seats": [{"name": "A"}, {"name": "B"}],
                                               "options": {}})
        body = resp.get_json()
        return body["id"], {t["seat"]: t["token"] for t in body["tokens"]}, body["to_act"][0]["seat"]

    games = [new_game() for _ in range(commands // 30 + 5)]

    def loop():
        done = 0
        game_id, tokens, seat = games.pop()
        while done < commands:
            resp = client.post(f"/v1/games/{game_id}/commands", json=BREATHE,
                               headers={"Authorization": f"Bearer {tokens[seat]}"})
            body = resp.get_json()
            if resp.status_code == 200:
                done += 1
                types = [e["type"] for e in body["events"]]
                nxt = [e["data"]["seat"] for e in body["events"] if e["type"] == "TurnStarted"]
                if "GameEnded" in types or "SeedRevealed" in types:
                    game_id, tokens, seat = games.pop() if games else new_game()
                else:
                    seat = nxt[-1] if nxt else 1 - seat
            elif body["error"]["code"] == "not_your_turn":
                seat = 1 - seat
            else:
                game_id, tokens, seat = games.pop() if games else new_game()

    prof = cProfile.Profile()
    start = time.perf_counter()
    prof.enable()
    loop()
    prof.disable()
    elapsed = time.perf_counter() - start
    log(f"\nprofile: {commands} commands through the Flask test client in {elapsed:.2f} s "
        f"({commands / elapsed:,.0f}/s under cProfile)")
    for key in ("tottime", "cumulative"):
        out = io.StringIO()
        pstats.Stats(prof, stream=out).strip_dirs().sort_stats(key).print_stats(top)
        text = out.getvalue()
        log(f"--- top {top} by {key} ---")
        log(text[text.find("   ncalls"):].rstrip())
    return prof


# ---------------------------------------------------------------------------

def cleanup(redis) -> int:
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
