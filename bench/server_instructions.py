"""Instructions per request of a served worker under load: the HTTP ratio without the noise.

    python bench/server_instructions.py [--requests 3000] [--servers stranded,bare]

Starts each server as ``bench/run.py`` does (``stranded serve --no-worker``; the bare
Flask+XADD app under the same gunicorn settings), but under valgrind's callgrind
(``--trace-children``, counting off), drives it with the same 16 keep-alive clients
(``bench/commands.py``: Stranded plays ``Breathe`` in two-seat Selfish: Space
games), and counts the user-space instructions its gunicorn worker executes while
``--requests`` commands are answered (``callgrind_control -i on`` ... ``off``). The
worker runs some fifty times slower under valgrind, so it is the bottleneck as in
the real benchmark and every client always has a request waiting: the count is what
a command costs the served process -- gunicorn, gevent, Flask, the app, redis-py --
whatever else the machine is doing. A count can move by about 1 % between runs (the
requests in flight at either end, a full collection falling inside the window or
not); the kernel's share of a request (a few per cent) is not counted. Needs
Debian's ``valgrind``. Nothing here asserts.

The throughput ratio of ``bench/run.py`` (``http_command_ratio``) ran about 0.04
under the ratio of these counts (bare ÷ Stranded) on 2026-11-26: a Stranded
instruction takes a little longer (a larger working set: the cached games).
"""
from __future__ import annotations

import argparse
import glob
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.commands import Worker, bare_loop, refill, stranded_loop  # noqa: E402
from bench.common import BENCH_DIR, PREFIX, REDIS_URL  # noqa: E402
from bench.servers import Client, _spawn, free_port, stop_server, wait_until_up  # noqa: E402

CLIENTS = 16


def command_line(server: str, port: int, out: str) -> tuple[list[str], dict]:
    """The valgrind command and environment that serve ``server`` (``stranded`` or ``bare``) on ``port``."""
    valgrind = ["valgrind", "--tool=callgrind", "--instr-atstart=no", "--trace-children=yes",
                f"--callgrind-out-file={out}"]
    if server == "stranded":
        env = dict(os.environ, REDIS_URL=REDIS_URL, STRANDED_KEY_PREFIX=PREFIX, PYTHONPATH=str(ROOT),
                   STRANDED_RATE_LIMITS="off")
        return valgrind + [sys.executable, "-m", "service.cli.commands", "serve", "--no-worker", "--port", str(port)], env
    env = dict(os.environ, REDIS_URL=REDIS_URL, BENCH_PREFIX=PREFIX, PYTHONPATH=str(ROOT))
    return valgrind + [sys.executable, str(BENCH_DIR / "bare_serve.py"), str(port)], env


def count(server: str, requests: int) -> float:
    """Instructions per answered command of ``server``'s worker (thousands of requests: see the module)."""
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        args, env = command_line(server, port, f"{folder}/callgrind.%p")
        log_path = Path(folder) / "server.log"
        proc = _spawn(args, env, log_path)
        try:
            wait_until_up(proc, port, "/v1/rulesets" if server == "stranded" else "/v1/games/g/view", log_path,
                          timeout=600)
            worker_pid = subprocess.run(["pgrep", "-P", str(proc.pid)], capture_output=True,
                                        text=True).stdout.split()[0]
            workers = [Worker(port, Client(port)) for _ in range(CLIENTS)]
            if server == "stranded":
                refill(workers, requests // CLIENTS // 25 + 4)      # a game lasts 30 to 40 commands
            stop, in_window = threading.Event(), []
            threads = [threading.Thread(target=stranded_loop if server == "stranded" else bare_loop,
                                        args=(w, stop, in_window)) for w in workers]
            for thread in threads:
                thread.start()
            time.sleep(3)                                            # warm: imports, pools, caches
            subprocess.run(["callgrind_control", "-z", worker_pid], capture_output=True, check=True)
            subprocess.run(["callgrind_control", "-i", "on", worker_pid], capture_output=True, check=True)
            start = sum(w.ok for w in workers)
            while sum(w.ok for w in workers) - start < requests:
                time.sleep(0.2)
            subprocess.run(["callgrind_control", "-i", "off", worker_pid], capture_output=True, check=True)
            answered = sum(w.ok for w in workers) - start
            stop.set()
            for thread in threads:
                thread.join()
        finally:
            stop_server(proc)
        time.sleep(1)
        totals = [int(line.split()[1]) for path in glob.glob(f"{folder}/callgrind.{worker_pid}*")
                  for line in open(path) if line.startswith(("summary:", "totals:"))]
        if not totals:
            raise RuntimeError(f"no callgrind output for the worker {worker_pid}; see {log_path}")
        return max(totals) / answered


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--servers", default="stranded,bare")
    args = parser.parse_args()
    counts = {server: count(server, args.requests) for server in args.servers.split(",")}
    for server, per_request in counts.items():
        print(f"{server:9s} {per_request / 1000:>9,.1f}k instructions per command in the served worker")
    if len(counts) == 2 and counts.get("stranded"):
        print(f"bare / stranded: {counts['bare'] / counts['stranded']:.3f}")


if __name__ == "__main__":
    main()
