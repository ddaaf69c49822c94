"""The ``stranded`` commands on the games of a server: rebuild, verify, export, archive, import.

Each one reads ``REDIS_URL``, else the embedded Redis of ``--data-dir``
(``service.cli.common.redis_for``), and imports the application only when it runs.
"""
from __future__ import annotations

import os
import re
import sys

import click

from service.cli import common as cli


def _bar(total: int):
    """A progress bar on standard error (tqdm), shown only on a terminal."""
    from tqdm import tqdm

    return tqdm(total=total, unit="game", disable=None)


@click.command()
@cli.data_dir_option
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(1, 64),
              help="Processes to share the games among.")
def rebuild(data_dir, jobs):
    """Rebuild every game's snapshot from its events alone; repair status and result
    from the log; list games whose caches disagreed and games whose log is damaged."""
    from projections.rebuild import game_ids, rebuild_all

    store, url = cli.store_and_url(data_dir)
    bar = _bar(len(game_ids(store)))
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


#: An unchecked item that names one version: ``"version 12: its events depend on the secret seed"``.
_ONE_VERSION = re.compile(r"^version (\d+): (.+)$")


def unchecked_lines(unchecked: list[str]) -> list[str]:
    """What a verdict could not check, for the terminal: everything that waits for the secret seed
    (every random draw, the events of each command that drew one) in one line saying why, and
    each other item on a line of its own."""
    waiting = [what for what in unchecked if "secret" in what and "seed" in what]
    lines = [f"not checked: {what}" for what in unchecked if what not in waiting]
    if waiting:
        versions = sorted(int(m.group(1)) for m in map(_ONE_VERSION.match, waiting) if m)
        parts = [what.split(":")[0] for what in waiting if not _ONE_VERSION.match(what)]
        if len(versions) == 1:
            parts.append(f"the events of version {versions[0]}")
        elif versions:
            parts.append(f"the events of {len(versions)} commands (versions {versions[0]} to {versions[-1]})")
        lines.append(f"not checked yet: {' and '.join(parts)}, because they depend on the server seed, "
                     "which stays secret until the game ends")
    return lines


@click.command()
@click.argument("game_id", required=False)
@click.option("--file", "record_file", type=click.File("rb"), help="Verify this record (no server, no Redis).")
@click.option("--receipt", "receipts", multiple=True, callback=_receipt, metavar="VERSION:HEAD",
              help="A head you were given at VERSION (repeatable): the log must still give it.")
@click.option("--all", "every_game", is_flag=True, help="Verify every game on this server instead of one.")
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(1, 64),
              help="With --all: processes to share the games among.")
@cli.data_dir_option
def verify(game_id, record_file, receipts, every_game, jobs, data_dir):
    """Check a game: its chain, every event against the rules and the revealed seed, its caches.

    Exit codes: 0 verified, 1 tampered, 2 no such game or unreadable record,
    3 consistent so far but not finished (one line says what waits for the seed).
    With --all: a line for each game that fails, one summary line, and exit 1 if any game
    is tampered, else 0 (games still running are counted, not failed).
    """
    from events.log.store import DamagedLog, EventStore, GameNotFound
    from projections.audit import verify as verify_game
    from projections.audit import verify_record
    from projections.records import RecordError, read_record_file
    from service.http.errors import GAME_ID

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
            verify_game(EventStore(cli.redis_for(data_dir)), game_id, receipts)
    except GameNotFound:
        click.echo(f"{game_id}: no such game")
        sys.exit(2)
    except DamagedLog as exc:
        click.echo(f"{game_id}: FAIL damaged: {exc.why}")
        sys.exit(1)
    except RecordError as exc:
        click.echo(f"{record_file.name}: unreadable record: {exc}")
        sys.exit(2)
    head = f"; head at version {verdict.head[0]}: {verdict.head[1]}" if verdict.head else ""
    click.echo(f"{verdict.game_id}: {verdict.events} events, {verdict.batches} commands{head}")
    for problem in verdict.problems:
        click.echo(f"  FAIL {problem}")
    for line in unchecked_lines(verdict.unchecked):
        click.echo(f"  {line}")
    if verdict.code == 0:
        click.echo("  OK: the chain holds, every event is what the rules give with the revealed seed, "
                   "and the caches agree with the log" + (f"; {len(receipts)} receipt(s) match" if receipts else ""))
    elif verdict.code == 3:
        click.echo("  NOT FINISHED: consistent so far; the rest is checked once the seed is revealed")
    sys.exit(verdict.code)


def _verify_every_game(data_dir: str, jobs: int) -> None:
    """``stranded verify --all``: every game, a progress bar on standard error, the failures, a summary."""
    from projections.audit_all import verify_all
    from projections.rebuild import game_ids
    from service.cli.serving import tune_gc

    store, url = cli.store_and_url(data_dir)
    tune_gc()      # a long run that frees what it allocates: see tune_gc (the --jobs processes inherit it)
    bar = _bar(len(game_ids(store)))
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


@click.command()
@click.argument("game_id")
@click.option("--output", "-o", type=click.File("w"), default="-", show_default=True, help="Where to write.")
@cli.data_dir_option
def export(game_id, output, data_dir):
    """Write a game's portable record (JSON): verifiable anywhere with `stranded verify --file`."""
    import json

    from events.log.store import DamagedLog, EventStore, GameNotFound
    from projections.records import record_of

    try:
        record = record_of(EventStore(cli.redis_for(data_dir)), game_id)
    except GameNotFound:
        click.echo(f"{game_id}: no such game", err=True)
        sys.exit(2)
    except DamagedLog as exc:
        click.echo(f"{game_id}: damaged, no record written: {exc.why}", err=True)
        sys.exit(1)
    json.dump(record, output, separators=(",", ":"))
    output.write("\n")


def _duration(ctx, param, value):
    """Parse a duration option (``12h``, ``7d``...) into seconds."""
    from projections.archive import parse_duration

    try:
        return parse_duration(str(value))
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None


@click.command()
@click.option("--older-than", "older_than_s", required=True, callback=_duration, metavar="DURATION",
              help="Archive finished games whose last event is older than this: 90s, 15m, 12h, 7d, 2w.")
@click.option("--to", "folder", default=None, show_default="<data dir>/archive",
              help="Folder for the records (<game id>.json).")
@click.option("--ttl", "ttl_s", default="1d", show_default=True, callback=_duration, metavar="DURATION",
              help="How long Redis keeps an archived game's keys.")
@cli.data_dir_option
def archive(older_than_s, folder, ttl_s, data_dir):
    """Export finished games older than --older-than to records, then give their keys a TTL and
    take them out of the lobby. Safe to run again: archived games are skipped."""
    from events.log.store import EventStore
    from projections.archive import archive as run

    folder = folder or os.path.join(data_dir, "archive")
    report = run(EventStore(cli.redis_for(data_dir)), older_than_s, folder, int(ttl_s))
    for game_id, path in report.archived:
        click.echo(f"archived {game_id} -> {path}")
    for game_id, why in sorted(report.failed.items()):
        click.echo(f"not archived {game_id}: {why}")
    click.echo(f"{len(report.archived)} game(s) archived to {folder} (keys expire in {int(ttl_s)} s); "
               f"{len(report.already)} already archived")
    if report.failed:
        sys.exit(1)


@click.command(name="import")
@click.argument("record_file", type=click.File("rb"))
@cli.data_dir_option
def import_(record_file, data_dir):
    """Load a finished game's record into this server (marked as imported) to replay it here."""
    from events.log.store import EventStore
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
        game_id = import_record(EventStore(cli.redis_for(data_dir)), record)
    except RecordError as exc:
        click.echo(f"{record_file.name}: cannot be imported: {exc}")
        sys.exit(2)
    click.echo(f"imported {game_id}")
