"""``stranded simulate --plot FILE``: a figure of a simulation report (matplotlib, the ``plot`` extra).

Two panels: the win rate of each seat (or, with a rotating seating, of each
policy) with its 95 % Wilson interval as an error bar, and the distribution of
the game's length in turns (a histogram, its mean and the mean's 95 % interval
marked). The file's extension picks the format (``.png`` or ``.svg``).
"""
from __future__ import annotations

from pathlib import Path

#: The file formats ``--plot`` writes, by extension.
FORMATS = {".png": "png", ".svg": "svg"}


def plot(figures: dict, turns: list[int], path: str | Path) -> None:
    """Draw ``figures`` (``service.cli.simulation_report.report``) and the length in turns of each game
    (``turns``) into ``path``; raises ``ImportError`` without matplotlib, ``ValueError`` for
    an extension not in :data:`FORMATS`."""
    path = Path(path)
    if path.suffix.lower() not in FORMATS:
        raise ValueError(f"{path.name}: the plot is written as .png or .svg")
    import matplotlib

    matplotlib.use("Agg")   # no display: a file only
    from matplotlib import pyplot as plt

    if figures["rotate"]:
        bars = [(f"{p['policy']}", p) for p in figures["win_rate_by_policy"]]
    else:
        bars = [(f"seat {s['seat']}\n{s['policy']}", s) for s in figures["win_rate_by_seat"]]
    fig, (wins, lengths) = plt.subplots(1, 2, figsize=(11, 4.2), layout="constrained")
    rates = [figure["rate"] for _, figure in bars]
    below = [figure["rate"] - figure["ci95"][0] for _, figure in bars]
    above = [figure["ci95"][1] - figure["rate"] for _, figure in bars]
    wins.bar([label for label, _ in bars], rates, yerr=[below, above], capsize=6, color="#4c72b0")
    wins.set_ylim(0, 1)
    wins.set_ylabel("win rate (95 % CI)")
    wins.set_title(f"{figures['name']}: win rate per {'policy' if figures['rotate'] else 'seat'} "
                   f"({figures['games']} games)")
    no_winner = figures["no_winner"]
    if no_winner["count"]:
        wins.axhline(no_winner["rate"], color="#c44e52", linestyle=":",
                     label=f"no winner {no_winner['rate']:.0%}")
        wins.legend(loc="upper right")
    lengths.hist(turns, bins=min(30, max(5, len(set(turns)))), color="#55a868")
    spread = figures["turns"]
    lengths.axvline(spread["mean"], color="black", label=f"mean {spread['mean']:.1f}")
    if spread["ci95"]:
        lengths.axvspan(*spread["ci95"], color="black", alpha=0.15, label="95 % CI of the mean")
    lengths.set_xlabel("turns")
    lengths.set_ylabel("games")
    lengths.set_title("game length")
    lengths.legend(loc="upper right")
    fig.savefig(path, format=FORMATS[path.suffix.lower()])
    plt.close(fig)
