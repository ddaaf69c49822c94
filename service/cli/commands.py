"""The ``stranded`` command line: serve, worker, rebuild, verify, export, import, archive, simulate, openapi.

Without ``REDIS_URL`` the commands use the embedded Redis server of one data
folder (``events.log.embedded``): the per-user folder (``platformdirs``: on Linux
``~/.local/share/stranded``), or ``--data-dir`` / ``STRANDED_DATA_DIR``, so
``serve``, ``verify`` and ``rebuild`` see the same games from any directory.
``serve`` runs ``service.cli.serving`` (gunicorn, the embedded Redis, the worker
beside them); one ``serve`` per folder. The worker runs as its own process
(``python -m workers``): the service never imports the workers.

The command line starts at once: this module imports only click; each command imports what it needs when it runs, so
``stranded --help``, ``--version`` and every ``<command> --help`` load no
application code (``tests/test_cli_startup.py`` bounds the modules they load).
The record commands live in ``service.cli.games``, ``simulate`` in
``service.cli.simulate``.
"""
from __future__ import annotations

import os
import sys

import click


from service.cli.common import data_dir_option, default_data_dir, version  # noqa: F401


def _print_version(ctx, param, value):
    if value and not ctx.resilient_parsing:
        click.echo(f"stranded, version {version()}")
        ctx.exit()


class _Commands(click.Group):
    """The ``stranded`` group: a malformed ``STRANDED_*`` variable stops any command before it starts,
    with one sentence naming the variable (``events.settings``), not a traceback."""

    def invoke(self, ctx):
        from events.settings import SettingError, read   # standard library only: startup stays light

        try:
            read()
            return super().invoke(ctx)
        except SettingError as exc:
            raise click.ClickException(str(exc)) from None


@click.group(cls=_Commands)
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_print_version,
              help="Show the version and exit.")
def main():
    """Stranded: an event-sourced server for turn-based survival tabletop games."""


def _check_host(ctx, param, value):
    """``--host``: a name or address this machine can listen on."""
    import socket

    try:
        socket.getaddrinfo(value, None, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError):
        raise click.BadParameter(f"{value!r} is not an address or host name this machine can listen on.") from None
    return value


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, callback=_check_host,
              help="Address to listen on (0.0.0.0: every interface).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="TCP port.")
@click.option("--workers", "http_workers", default=1, show_default=True, type=click.IntRange(1, 256),
              help="gunicorn worker processes.")
@click.option("--connections", default=4096, show_default=True, type=click.IntRange(1, 1_000_000),
              help="Open connections (requests and streams) each worker process carries.")
@click.option("--no-worker", is_flag=True, help="Do not start the bot/deadline worker process.")
@data_dir_option
def serve(host, port, http_workers, connections, no_worker, data_dir):
    """Run the API (gunicorn, gevent workers) and, unless --no-worker, a worker process
    (restarted whenever it exits, with a line on standard error).

    With no REDIS_URL an embedded Redis server is started first in the data folder; a folder
    another `stranded serve` uses is refused, naming its PID. SIGTERM or Ctrl-C stops the API,
    then the worker (its job finished), then the embedded Redis, and says so on a last line.
    Each request is logged as one JSON line on standard output (no tokens; STRANDED_REQUEST_LOG=off
    silences it). With several --workers and no PROMETHEUS_MULTIPROC_DIR, a fresh
    folder is made for it so /metrics adds up every process. An idle event stream costs a greenlet
    and no thread, so one process carries thousands of watchers.
    """
    _check_queue()
    from service.cli import serving

    problem = serving.cannot_listen(host, port)
    if problem:
        raise click.BadParameter(problem, param_hint="'--host' / '--port'")
    serving.run(host, port, http_workers, connections, not no_worker, data_dir)


def _check_queue() -> None:
    """Refuse to start (a usage error naming the fix) in cluster mode without a queue Redis."""
    from events.log.connection import QueueNotConfigured, cluster_mode, queue_url

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

    from service.http.app import create_app
    from service.http.openapi import spec_yaml

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
@data_dir_option
def worker(burst, metrics_port, data_dir):
    """Run a worker (bots, deadlines, reconciler) against REDIS_URL, else against the embedded
    Redis a `stranded serve` runs in the data folder."""
    env = dict(os.environ)
    if not env.get("REDIS_URL"):
        from events.log.embedded import in_use

        running = in_use(data_dir)
        if running is None:
            raise click.UsageError(f"Set REDIS_URL, or start `stranded serve` on {data_dir} first "
                                   "(it starts its own worker with the embedded Redis).")
        env["REDIS_URL"] = f"unix://{running['socket']}"
    _check_queue()
    module = ["workers"] if metrics_port is None else ["workers.metered", "--metrics-port", str(metrics_port)]
    args = [sys.executable, "-m", *module] + (["--burst"] if burst else [])
    # The worker keeps its counters in memory: the API's multiprocess folder is not its own.
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    # The worker replaces this process (no parent left behind: a signal or kill -9 reaches it).
    sys.stdout.flush()
    os.execve(sys.executable, args, env)


def _register() -> None:
    """Add the commands defined in the other CLI modules to :func:`main`."""
    from service.cli import games as cli_games, simulate as cli_simulate

    for command in (cli_games.rebuild, cli_games.verify, cli_games.export, cli_games.archive,
                    cli_games.import_, cli_simulate.simulate):
        main.add_command(command)


_register()

if __name__ == "__main__":
    main()
