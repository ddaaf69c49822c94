"""Shared settings of the benchmark: paths, Redis URL, key prefix, targets, output helpers."""
from __future__ import annotations

import os
import sys
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent

RULESET_ID = "selfish-space"
REDIS_URL = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/13"
PREFIX = f"bench:{os.getpid()}"
BREATHE = {"type": "Breathe"}

FOLD_TARGET = 100_000      # events/s, at least
HTTP_RATIO_TARGET = 0.8    # Stranded / bare XADD (commands) and / bare GET (views), at least
VIEW_RATIO_TARGET = 1.05   # view latency at v1000 and v10000 / at v10, at most
BYTES_TARGET = 150         # Redis memory per event of the Selfish: Space benchmark games, at most
REBUILD_TARGET = 500_000   # events/s of rebuild_all over finished games read from Redis, at least
SELFPLAY_TARGET = 1000     # Selfish: Space games per CPU second, 4 random bots, at least
LIST_RATIO_TARGET = 1.1    # GET /v1/games with 5,000 games / with 10, at most
SSE_RATIO_TARGET = 2.0     # median command latency with 1,000 idle watchers / with none, at most
FLOOD_RATIO_TARGET = 2.0   # median command latency while 5 clients loop the costly reads / without, at most
VERIFY_TARGET = 250_000    # events/s of verify over finished games read from Redis, at least
BOT_MOVE_P99_TARGET_MS = 250   # expert decision wall time, 99th percentile, at think_ms 200, at most
SELFPLAY_INSTRUCTIONS_TARGET = 3_200_000   # instructions per 4-seat Selfish: Space random game, at most
QUICKPLAY_SELFPLAY_TARGET = 10   # Zombies!!! Quickplay games per CPU second, 2 random bots, at least
BOT_REPLY_TARGET_S = 2.0   # a person's bot reply while one address runs 10 all-bot Quickplay games, at most
DEADLINE_LATENESS_TARGET_S = 2.0   # a 1 s deadline's lateness during that flood, at most
FEED_CONNECTIONS_TARGET = 10   # Redis connections 30 s after 300 watchers of 300 games left, minus before, at most
CLI_START_TARGET_S = 0.3    # seconds for `stranded --help`, `--version` and a command's `--help`, at most


def cleanup(redis, prefix: str = PREFIX) -> int:
    """Delete every key under ``prefix`` (the run's, by default) in batches of 500; return how many."""
    n, batch = 0, []
    for key in redis.scan_iter(match=f"{prefix}:*", count=1000):
        batch.append(key)
        if len(batch) >= 500:
            n += redis.delete(*batch)
            batch = []
    if batch:
        n += redis.delete(*batch)
    return n


def verdict(ok: bool) -> str:
    """PASS or FAIL, for a figure checked against its target."""
    return "PASS" if ok else "FAIL"


#: Where ``log`` writes: standard output, or standard error when ``--json`` keeps stdout for the JSON.
LOG_STREAM = sys.stdout


def log(msg: str = "") -> None:
    """Print ``msg`` (to :data:`LOG_STREAM`) and flush at once."""
    print(msg, file=LOG_STREAM, flush=True)
