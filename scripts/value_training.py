"""What the value-table training scripts share: chunking games over processes,
merging ``{cell: [wins, visits]}`` counts, and the click command that runs the
rounds and writes the table.

A script supplies ``collect_round(round_, games, table, workers) -> counts``
(round 0 plays its base policy, later rounds ``strong`` on the previous
round's table) and gets its whole command line from :func:`training_command`.
"""
from __future__ import annotations

import json
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Callable, Iterator

import click

Counts = dict[str, list[int]]


def chunks(games: int, workers: int) -> Iterator[tuple[int, int]]:
    """``(first, count)`` slices of ``range(games)``, about 8 per worker process."""
    size = max(1, games // (workers * 8))
    for first in range(0, games, size):
        yield first, min(size, games - first)


def merge(into: Counts, counts: Counts) -> Counts:
    """Add ``counts`` (``{cell: [wins, visits]}``) into ``into``; returns ``into``."""
    for key, (wins, visits) in counts.items():
        cell = into.setdefault(key, [0, 0])
        cell[0] += wins
        cell[1] += visits
    return into


def collect(play: Callable[[tuple], Counts], jobs: list[tuple], workers: int) -> Counts:
    """Run ``play(job)`` for every job on ``workers`` processes and merge what they count."""
    merged: Counts = {}
    with Pool(workers) as pool:
        for counts in pool.imap_unordered(play, jobs):
            merge(merged, counts)
    return merged


def training_command(doc: str, collect_round: Callable[[int, int, Counts | None, int], Counts],
                     table_file: Path, rounds: int) -> click.Command:
    """The click command of a training script: ``--games`` per round, ``--rounds``
    improvement rounds after round 0, ``--workers`` processes, ``--out`` (default
    ``table_file``); it prints each round's size and time and writes the last table."""

    @click.command(help=doc)
    @click.option("--games", default=100_000, show_default=True, help="Games per round.")
    @click.option("--rounds", "n_rounds", default=rounds, show_default=True,
                  help="Improvement rounds after round 0.")
    @click.option("--workers", default=2, show_default=True, help="Processes playing games.")
    @click.option("--out", type=click.Path(path_type=Path), default=table_file, show_default=True)
    def main(games: int, n_rounds: int, workers: int, out: Path) -> None:
        table = None
        for round_ in range(n_rounds + 1):
            start = time.perf_counter()
            table = collect_round(round_, games, table, workers)
            click.echo(f"round {round_}: {len(table)} cells from {games} games "
                       f"in {time.perf_counter() - start:.0f} s")
        out.write_text(json.dumps(dict(sorted(table.items())), separators=(",", ":")))
        click.echo(f"wrote {out}")

    return main
