"""Shared settings of the benchmark: paths, Redis URL, key prefix, targets, output helpers."""
from __future__ import annotations

import os
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent

RULESET_ID = "selfish-space"
REDIS_URL = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/13"
PREFIX = f"bench:{os.getpid()}"
BREATHE = {"type": "Breathe"}

FOLD_TARGET = 100_000      # events/s, at least
HTTP_RATIO_TARGET = 0.6    # Stranded / bare XADD, at least
VIEW_RATIO_TARGET = 1.2    # v1000 / v10 median latency, at most


def verdict(ok: bool) -> str:
    """PASS or FAIL, for a figure checked against its target."""
    return "PASS" if ok else "FAIL"


def log(msg: str = "") -> None:
    """Print ``msg`` and flush stdout at once."""
    print(msg, flush=True)
