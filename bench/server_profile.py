"""Where a served command's time goes: py-spy of the gunicorn worker under the 16 clients.

    python bench/server_profile.py [--seconds 20] [--servers stranded,bare] [--top 25]

Starts each server as ``bench/run.py`` does (``stranded serve --no-worker``; the bare
Flask+XADD app under the same gunicorn settings), drives it with the same 16 keep-alive
clients (``bench/commands.py``: Stranded plays ``Breathe`` in two-seat Selfish: Space
games), warms it for 3 s, then samples its worker with ``py-spy record`` (250 samples a
second, active threads only, one entry per function) for ``--seconds`` while counting the commands answered. It
prints, per answered command, the Python-visible time of the worker (sampled time ÷
commands, in µs), that time by layer (the package of the innermost Python frame:
gunicorn and gevent, Flask and Werkzeug, redis-py, Stranded's ``service``, ``events``,
``projections``, the standard library) and the functions with the most inclusive time.
Time spent in C under a Python frame counts for that frame; the kernel's share of a
request does not show. Sampling is statistical: a line moves by a few µs between runs.
Needs ``py-spy`` (``pip install py-spy``) and the right to trace the worker (root, or
``kernel.yama.ptrace_scope=0``). Nothing here asserts.
"""
from __future__ import annotations

import argparse
import collections
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
from bench.servers import Client, free_port, start_bare, start_serve, stop_server, wait_until_up  # noqa: E402
from bench.common import PREFIX, REDIS_URL, cleanup  # noqa: E402
from events.log.connection import connect  # noqa: E402

CLIENTS = 16
RATE = 250          # samples per second
LAYERS = (          # (layer, path fragments of a frame's file), the first that matches wins
    ("gunicorn+gevent", ("gunicorn/", "gevent/")),
    ("flask+werkzeug", ("flask/", "flask_smorest/", "werkzeug/", "flask_cors/", "marshmallow/")),
    ("redis-py", ("redis/",)),
    ("stranded events", ("events/",)),
    ("stranded projections", ("projections/",)),
    ("stranded service", ("service/",)),
    ("bare app", ("bare_app.py", "bare_serve.py")),
)


def layer_of(frame: str) -> str:
    """The layer of one py-spy frame, ``"name (path:line)"``; ``"standard library and other"`` if none."""
    for layer, fragments in LAYERS:
        if any(fragment in frame for fragment in fragments):
            return layer
    return "standard library and other"


def sample(server: str, seconds: float) -> tuple[dict[tuple[str, ...], int], int]:
    """Serve ``server`` under the 16 clients; return py-spy's stacks (root first → samples) and the
    commands answered while it sampled."""
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        log_path, raw_path = Path(folder) / "server.log", Path(folder) / "stacks.txt"
        proc = start_serve(port, PREFIX, log_path) if server == "stranded" else start_bare(port, log_path)
        stop = threading.Event()
        workers = [Worker(port, Client(port)) for _ in range(CLIENTS)]
        threads = []
        try:
            wait_until_up(proc, port, "/v1/rulesets" if server == "stranded" else "/v1/games/g/view", log_path)
            worker_pid = subprocess.run(["pgrep", "-P", str(proc.pid)], capture_output=True,
                                        text=True).stdout.split()[0]
            if server == "stranded":
                refill(workers, int(seconds * 2500 / CLIENTS / 30) + 8)   # up to ~2,500 commands/s, 30-40 a game
            for worker in workers:
                worker.client.connect()
            threads = [threading.Thread(target=stranded_loop if server == "stranded" else bare_loop,
                                        args=(worker, stop, [])) for worker in workers]
            for thread in threads:
                thread.start()
            time.sleep(3)                                              # warm: imports, pools, caches
            start = sum(worker.ok for worker in workers)
            subprocess.run(["py-spy", "record", "--pid", worker_pid, "--duration", str(int(seconds)),
                            "--rate", str(RATE), "--function", "--format", "raw", "--output", str(raw_path)],
                           capture_output=True, check=True)
            answered = sum(worker.ok for worker in workers) - start
        finally:
            stop.set()
            for thread in threads:
                thread.join()
            stop_server(proc)
        stacks = {}
        for line in raw_path.read_text().splitlines():
            frames, _, samples = line.rpartition(" ")
            stacks[tuple(frames.split(";"))] = stacks.get(tuple(frames.split(";")), 0) + int(samples)
        return stacks, answered


def report(server: str, stacks: dict[tuple[str, ...], int], answered: int, top: int) -> None:
    """Print µs per command: in all, by layer (self time), and the ``top`` functions by inclusive time."""
    per_sample = 1e6 / RATE / max(answered, 1)                      # µs per command that one sample stands for
    by_layer, inclusive = collections.Counter(), collections.Counter()
    for frames, samples in stacks.items():
        by_layer[layer_of(frames[-1])] += samples
        for frame in set(frames):
            inclusive[frame] += samples
    total = sum(stacks.values())
    print(f"\n{server}: {answered:,} commands answered while sampled; Python-visible time "
          f"{total * per_sample:,.0f} µs per command")
    print("  by layer (self time of the innermost frame):")
    for layer, samples in by_layer.most_common():
        print(f"    {layer:28s} {samples * per_sample:7,.0f} µs  {samples / total:6.1%}")
    print(f"  the {top} functions with the most inclusive time:")
    for frame, samples in inclusive.most_common(top):
        print(f"    {samples * per_sample:7,.0f} µs  {samples / total:6.1%}  {frame}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--servers", default="stranded,bare")
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    try:
        for server in args.servers.split(","):
            stacks, answered = sample(server, args.seconds)
            report(server, stacks, answered, args.top)
    finally:
        cleanup(connect(REDIS_URL))


if __name__ == "__main__":
    main()
