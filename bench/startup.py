"""How long the ``stranded`` command line takes to answer ``--help``, ``--version`` and a command's ``--help``.

    python bench/startup.py [--repeats N]

Runs the ``stranded`` script beside this interpreter (as an operator's shell would)
``N`` times per command line and reports the median and the slowest wall time,
and the median CPU time (user + system) of the child. Target: under 0.3 s.
"""
from __future__ import annotations

import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

#: The command lines timed: the group's help and version, and the help of three commands.
LINES = (("--help",), ("--version",), ("serve", "--help"), ("verify", "--help"), ("simulate", "--help"))


def stranded() -> str:
    """The ``stranded`` script of this interpreter's environment."""
    beside = Path(sys.executable).parent / "stranded"
    return str(beside) if beside.exists() else "stranded"


def time_once(args: tuple[str, ...]) -> tuple[float, float]:
    """``(wall s, CPU s)`` of one ``stranded ARGS`` run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    begun = time.perf_counter()
    subprocess.run([stranded(), *args], check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - begun
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def bench_startup(repeats: int = 10) -> dict:
    """Per command line: ``{"<args>": {"median_s", "max_s", "cpu_median_s"}}``, plus ``cli_help_median_s``
    and ``cli_slowest_median_s`` (the slowest line's median)."""
    out: dict = {}
    for args in LINES:
        time_once(args)                       # warm the file cache (and the bytecode cache)
        runs = [time_once(args) for _ in range(repeats)]
        walls, cpus = [w for w, _ in runs], [c for _, c in runs]
        out[" ".join(args)] = {"median_s": statistics.median(walls), "max_s": max(walls),
                               "cpu_median_s": statistics.median(cpus)}
    out["cli_help_median_s"] = out["--help"]["median_s"]
    out["cli_slowest_median_s"] = max(v["median_s"] for k, v in out.items() if isinstance(v, dict))
    return out


if __name__ == "__main__":
    import argparse

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeats", type=int, default=10)
    figures = bench_startup(ap.parse_args().repeats)
    for line, figure in figures.items():
        if isinstance(figure, dict):
            print(f"stranded {line}: median {figure['median_s'] * 1000:.0f} ms, slowest {figure['max_s'] * 1000:.0f} ms, "
                  f"CPU {figure['cpu_median_s'] * 1000:.0f} ms")
