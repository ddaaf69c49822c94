"""Idle watchers against command latency: ``sse_idle_1000_command_ratio``.

    python bench/sse.py              # 1,000 watchers, prints the figure
    python bench/sse.py --watchers 200 --commands 100

One ``stranded serve --no-worker`` (gevent workers, the way it ships) on a
free loopback port, against ``REDIS_URL`` (else ``redis://127.0.0.1:6379/13``)
with every key under ``bench:<pid>:sse`` (deleted at the end). The figure is
the median latency of ``POST /v1/games/{id}/commands`` (``Breathe`` in
two-seat Selfish: Space Edition games, one keep-alive connection, one
request at a time) with ``watchers`` idle ``GET /v1/games/{id}/stream``
connections open (seat tokens, spread over 50 games no one plays), divided
by the same median with none open. Rounds alternate without, with, without,
with...; the medians are taken over all rounds of each kind. Target: <= 2.

:func:`bench_sse_idle` is what ``bench/run.py`` calls.
"""
from __future__ import annotations

import argparse
import json
import select
import socket
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.common import BENCH_DIR, BREATHE, PREFIX, REDIS_URL, SSE_RATIO_TARGET, log  # noqa: E402
from bench.servers import Client, create_game_http, free_port, start_serve, wait_until_up  # noqa: E402
from bench.servers import stop_server as stop_serve  # noqa: E402

IDLE_GAMES = 50


def open_watchers(port: int, targets: list[tuple[str, str]], count: int, timeout_s: float = 60.0) -> list:
    """Open ``count`` idle streams (``targets``: (game id, token), used in turn); return their sockets
    once each has its response headers."""
    socks, pending = [], {}
    for i in range(count):
        game_id, token = targets[i % len(targets)]
        sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        sock.sendall((f"GET /v1/games/{game_id}/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                      f"Authorization: Bearer {token}\r\nAccept: text/event-stream\r\n\r\n").encode())
        socks.append(sock)
        pending[sock] = b""
    deadline = time.monotonic() + timeout_s
    while pending and time.monotonic() < deadline:
        readable, _, _ = select.select(list(pending), [], [], 1.0)
        for sock in readable:
            pending[sock] += sock.recv(65536)
            if b"\r\n\r\n" in pending[sock]:
                head = pending.pop(sock).split(b"\r\n", 1)[0]
                if b" 200 " not in head:
                    raise RuntimeError(f"a watcher got {head!r}")
    if pending:
        raise RuntimeError(f"{len(pending)} watchers got no answer within {timeout_s} s")
    return socks


def command_latencies(client: Client, commands: int) -> list[float]:
    """Send ``commands`` Breathe commands one at a time (new games as they end); latencies in ms."""
    out, game = [], None
    while len(out) < commands:
        if game is None:
            game, _ = create_game_http(client)
        started = time.perf_counter()
        status, raw = client.request("POST", f"/v1/games/{game.game_id}/commands", BREATHE, game.tokens[game.seat])
        elapsed = (time.perf_counter() - started) * 1000
        if status != 200:
            game = None
            continue
        out.append(elapsed)
        events = json.loads(raw)["events"]
        if any(e["type"] in ("GameEnded", "SeedRevealed") for e in events):
            game = None
            continue
        turns = [e["data"]["seat"] for e in events if e["type"] == "TurnStarted"]
        game.seat = turns[-1] if turns else 1 - game.seat
    return out


def bench_sse_idle(watchers: int = 1000, commands: int = 200, rounds: int = 3) -> dict:
    """Median command latency with ``watchers`` idle streams over that with none.

    Returns ``{"sse_idle_1000_command_ratio", "command_ms_without", "command_ms_with", "watchers",
    "commands"}`` (the ratio's key keeps its name whatever ``watchers`` is).
    """
    port, prefix = free_port(), f"{PREFIX}:sse"
    logdir = BENCH_DIR / ".logs"
    logdir.mkdir(exist_ok=True)
    proc = start_serve(port, prefix, logdir / "sse.log")
    socks: list = []
    try:
        wait_until_up(proc, port, "/v1/rulesets", logdir / "sse.log")
        client = Client(port)
        targets = _pairs(client, IDLE_GAMES)
        command_latencies(client, 20)      # warm-up
        without, with_watchers = [], []
        for _ in range(rounds):
            without += command_latencies(client, commands)
            socks = open_watchers(port, targets, watchers)
            time.sleep(1.0)
            with_watchers += command_latencies(client, commands)
            for sock in socks:
                sock.close()
            socks = []
            time.sleep(1.0)
        base, loaded = statistics.median(without), statistics.median(with_watchers)
        return {"sse_idle_1000_command_ratio": loaded / base, "command_ms_without": base,
                "command_ms_with": loaded, "watchers": watchers, "commands": len(with_watchers)}
    finally:
        for sock in socks:
            sock.close()
        stop_serve(proc)


def _pairs(client: Client, games: int) -> list[tuple[str, str]]:
    """``games`` fresh two-seat games no one will play: (game id, token) for each seat."""
    out = []
    for _ in range(games):
        game, _ = create_game_http(client)
        out += [(game.game_id, token) for token in game.tokens.values()]
    return out


def main() -> int:
    """Run :func:`bench_sse_idle` and print the figure with its target."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--watchers", type=int, default=1000)
    ap.add_argument("--commands", type=int, default=200, help="commands per round and kind")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    from bench.common import cleanup
    from events.log.connection import connect

    try:
        res = bench_sse_idle(args.watchers, args.commands, args.rounds)
    finally:
        cleanup(connect(REDIS_URL))
    ok = res["sse_idle_1000_command_ratio"] <= SSE_RATIO_TARGET
    log(f"idle SSE watchers: {res['watchers']} open, median command {res['command_ms_with']:.2f} ms against "
        f"{res['command_ms_without']:.2f} ms with none, ratio {res['sse_idle_1000_command_ratio']:.2f} "
        f"(target <= {SSE_RATIO_TARGET}) {'PASS' if ok else 'FAIL'}")
    print(json.dumps(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
