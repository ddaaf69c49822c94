"""Figure 3: HTTP command throughput, Stranded vs a bare XADD endpoint.

The client threads share the machine with the servers, so they parse answers with orjson: the
client's own cost per answer (larger for Stranded's events than for the bare app's id) takes
as little CPU from the server under test as it can."""
from __future__ import annotations

import os
import statistics
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import orjson

from bench.common import BREATHE, log
from bench.servers import BenchGame, Client, create_game_http


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
    """Client thread for Stranded: send ``Breathe`` for the seat to act until ``stop``; count 200s."""
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
            for event in orjson.loads(raw)["events"]:
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
            code = orjson.loads(raw)["error"]["code"]
        except (ValueError, KeyError, TypeError):
            pass
        if status == 409 and code == "not_your_turn":
            g.seat = 1 - g.seat
        else:  # 409 game_over, 422, anything else: move to a fresh game
            w.current = None


def bare_loop(w: Worker, stop: threading.Event, t_end: list) -> None:
    """Client thread for the bare XADD server: send ``Breathe`` until ``stop``; count 200s."""
    client = w.client
    n = 0
    while not stop.is_set():
        n += 1
        status, raw = client.request("POST", f"/v1/games/g{n % 64}/commands", BREATHE, "bench-token")
        done = time.perf_counter()
        if status == 200:
            orjson.loads(raw)
            if not t_end or done <= t_end[0]:
                w.ok += 1
        else:
            w.other += 1


def refill(workers: list[Worker], target: int) -> None:
    """Create games over HTTP (one thread per worker) until each pool holds ``target``."""
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
    """User + system CPU seconds of the Redis server so far (``INFO cpu``)."""
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
            "cpu_us": (cpu1 - cpu0) / max(ok, 1) * 1e6, "redis_us": (rcpu1 - rcpu0) / max(ok, 1) * 1e6,
            "other": sum(w.other for w in workers),
            "games": sum(w.games_used for w in workers),
            "inline_creates": sum(w.inline_creates for w in workers),
            "max_games": max(w.games_used for w in workers)}


def bench_http(stranded_port: int, bare_port: int, client_threads: int, rounds: int, seconds: float,
               initial_pool: int, stranded_pgid: int, bare_pgid: int, redis) -> dict:
    """Figure 3: interleaved rounds of Stranded and bare XADD commands; return medians and ratio."""
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
