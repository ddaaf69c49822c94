"""``stranded simulate``: play bot games in process and report win rates and lengths with 95 % intervals.

Text by default, ``--json`` for tools, ``--plot FILE`` for a figure
(``service.cli.simulation_report``, ``service.cli.plots``). Every argument is checked
before a game is played: a bad one is a usage error (exit 2) in one sentence.
"""
from __future__ import annotations

import json
from pathlib import Path

import click

#: Most games one run plays.
MAX_GAMES = 10_000_000
#: Bounds of ``--think-ms``: those of the game option (``events.games.search.THINK_MS_OPTION``).
THINK_MS_MIN, THINK_MS_MAX = 20, 5000
#: A run shows its progress bar once it has lasted this long (seconds).
PROGRESS_DELAY_S = 1.0


def _plot_path(ctx, param, value):
    """``--plot``: a .png or .svg file in a folder that exists."""
    if value is None:
        return None
    from service.cli.plots import FORMATS

    path = Path(value)
    if path.suffix.lower() not in FORMATS:
        raise click.BadParameter(f"{value!r} does not end in .png or .svg.")
    if not path.parent.resolve().is_dir():
        raise click.BadParameter(f"the folder {str(path.parent)!r} does not exist.")
    if path.is_dir():
        raise click.BadParameter(f"{value!r} is a folder, not a file.")
    return path


@click.command()
@click.argument("ruleset_id")
@click.option("--games", default=100, show_default=True, type=click.IntRange(1, MAX_GAMES),
              help="How many games to play.")
@click.option("--seats", default=None, help="Bot policy per seat, comma-separated  [default: random at each seat of the"
              " smallest table of two or more the game allows, e.g. random,random; one-seat games: random].")
@click.option("--seed", default="sim", show_default=True, help="Seed prefix; game i uses '<seed>-<i>'.")
@click.option("--rotate", is_flag=True, help="Rotate the seating each game so every policy sits in every seat.")
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(1, 64),
              help="Processes to share the games among (the results do not depend on it).")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON (every figure with its 95 % CI).")
@click.option("--plot", "plot_file", default=None, callback=_plot_path, metavar="FILE",
              help="Also draw win rates and game lengths into FILE (.png or .svg; needs matplotlib: "
                   "pip install 'stranded[plot]').")
@click.option("--ladder", is_flag=True, help="Play every bot of the ruleset (or of --bots) against every other at a "
              "two-seat table, GAMES games per pair on the same seeds (one-seat games: each bot on the same "
              "seeds), and report win rates with 95 % intervals and Elo ratings.")
@click.option("--bots", default=None, help="With --ladder: the bots to rank, comma-separated  [default: every bot "
              "of the ruleset].")
@click.option("--think-ms", "think_ms", default=None, type=click.IntRange(THINK_MS_MIN, THINK_MS_MAX),
              help=f"The game option think_ms: milliseconds the expert bot thinks per searched decision "
                   f"({THINK_MS_MIN} to {THINK_MS_MAX})  [default: the option's default, 200].")
def simulate(ruleset_id, games, seats, seed, rotate, jobs, as_json, plot_file, ladder, bots, think_ms):
    """Play GAMES bot games in process (no Redis) and report the win rate per seat and policy,
    the no-winner rate, each result's share, the mean score and the game length, each with its
    95 % confidence interval (Wilson for rates, Student's t for means). With --ladder, rank the
    bots instead: every pair's win rates and the bots' Elo ratings.

    A progress bar shows on standard error when a run lasts more than a second on a terminal."""
    from events.games import RULESETS

    if ruleset_id not in RULESETS:
        raise click.BadParameter(f"no ruleset {ruleset_id!r}; try {', '.join(RULESETS)}.", param_hint="RULESET_ID")
    ruleset = RULESETS[ruleset_id]
    if not seed:
        raise click.BadParameter("the seed prefix cannot be empty.", param_hint="--seed")
    options = {} if think_ms is None else {"think_ms": think_ms}
    if ladder:
        _ladder(ruleset, games, seats, seed, jobs, as_json, plot_file, bots, options)
        return
    if bots is not None:
        raise click.BadParameter("--bots goes with --ladder (use --seats for one table).", param_hint="--bots")
    policies = _policies(ruleset, seats)
    if plot_file is not None:
        _need_matplotlib()
    played = _play(ruleset, policies, games, seed, rotate, jobs, options)
    from service.cli.simulation_report import report, text

    figures = report(ruleset, policies, played, seed, rotate)
    click.echo(json.dumps(figures, indent=2) if as_json else text(figures))
    if plot_file is not None:
        from service.cli.plots import plot

        plot(figures, [game.turns for game in played], plot_file)
        click.echo(f"wrote {plot_file}", err=True)


def _policies(ruleset, seats: str | None) -> list[str]:
    """The policy of each seat from ``--seats`` (default: random at the smallest table of two or
    more the game allows); raises a usage error for a wrong count or an unknown policy."""
    if seats is None:
        return ["random"] * min(max(2, ruleset.min_seats), ruleset.max_seats)
    policies = [p.strip() for p in seats.split(",")]
    if not ruleset.min_seats <= len(policies) <= ruleset.max_seats:
        raise click.BadParameter(f"{ruleset.name} seats {ruleset.min_seats} to {ruleset.max_seats} players, "
                                 f"not {len(policies)}.", param_hint="--seats")
    unknown = [p for p in policies if p not in ruleset.bots]
    if unknown:
        raise click.BadParameter(f"no policy {unknown[0]!r}; try {', '.join(ruleset.bots)}.", param_hint="--seats")
    return policies


def _need_matplotlib() -> None:
    """Refuse ``--plot`` before playing when matplotlib is not installed."""
    import importlib.util

    if importlib.util.find_spec("matplotlib") is None:
        raise click.BadParameter("drawing needs matplotlib: pip install 'stranded[plot]'.", param_hint="--plot")


def _ladder(ruleset, games: int, seats, seed: str, jobs: int, as_json: bool, plot_file, bots, options: dict) -> None:
    """``--ladder``: check its arguments, play the ladder behind a progress bar, print it."""
    if seats is not None or plot_file is not None:
        raise click.BadParameter("--ladder plays its own tables and draws nothing (leave out --seats and --plot).",
                                 param_hint="--ladder")
    names = list(ruleset.bots) if bots is None else [b.strip() for b in bots.split(",")]
    unknown = [b for b in names if b not in ruleset.bots]
    if unknown:
        raise click.BadParameter(f"no bot {unknown[0]!r}; try {', '.join(ruleset.bots)}.", param_hint="--bots")
    if len(set(names)) < 2 or len(set(names)) != len(names):
        raise click.BadParameter("a ladder needs two or more different bots.", param_hint="--bots")
    from tqdm import tqdm

    from events.commands.simulation import ladder_games
    from service.cli.simulation_report import ladder_report, ladder_text

    tables = len(names) if ruleset.max_seats == 1 else len(names) * (len(names) - 1) // 2
    with tqdm(total=games * tables, unit="game", disable=None, delay=PROGRESS_DELAY_S, leave=False) as bar:
        played = ladder_games(ruleset, names, games, seed, options, jobs, progress=lambda _game: bar.update())
    figures = ladder_report(ruleset, names, played, seed, options)
    click.echo(json.dumps(figures, indent=2) if as_json else ladder_text(figures))


def _play(ruleset, policies: list[str], games: int, seed: str, rotate: bool, jobs: int,
          options: dict | None = None) -> list:
    """Play the games (``events.commands.simulation.simulate``) behind a progress bar; their summaries in order."""
    from tqdm import tqdm

    from events.commands.simulation import simulate as run

    played = []
    with tqdm(total=games, unit="game", disable=None, delay=PROGRESS_DELAY_S, leave=False) as bar:
        def progress(game):
            played.append(game)
            bar.update()
        run(ruleset, policies, games, seed, progress=progress, rotate=rotate, jobs=jobs, options=options)
    return played
