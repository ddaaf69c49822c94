"""How ``stranded serve`` runs: gunicorn with gevent workers, the embedded Redis, the worker
process beside them, and the settings every served worker starts with.

``bench/bare_serve.py`` serves the benchmark's baseline with the very same
:func:`gunicorn_settings`, so the two differ only in the app.
"""
from __future__ import annotations

import gc
import os
import resource
import shutil
import signal
import sys

import click


def run(host: str, port: int, http_workers: int, connections: int, with_worker: bool, data_dir: str) -> None:
    """Serve the API on ``host:port`` until SIGTERM or Ctrl-C (``stranded serve``): ``http_workers``
    gunicorn processes of ``connections`` each; with ``with_worker``, the bot/deadline worker
    under a :class:`service.cli.supervision.Supervisor`; with no ``REDIS_URL``, the embedded Redis
    of ``data_dir``, which this process must own (``events.log.embedded``: a folder another live
    process owns is refused, naming it). Stops in order: the API (gunicorn lets requests
    finish), then the worker (its job finished), then the embedded Redis; the last line says so."""
    import warnings

    from gevent.monkey import MonkeyPatchWarning
    from gunicorn.app.base import BaseApplication

    # The gevent worker patches after the fork; the one module it reports unpatched is redis.asyncio,
    # which Stranded does not use.
    warnings.filterwarnings("ignore", category=MonkeyPatchWarning)
    _raise_open_files_limit()
    embedded = None
    if not os.environ.get("REDIS_URL"):
        from events.log.embedded import FolderInUse, open_embedded

        try:
            embedded = open_embedded(data_dir, command="stranded serve", exclusive=True)
        except FolderInUse as exc:
            raise click.ClickException(f"{exc}: stop it first, or give this server another --data-dir.") from None
        os.environ["REDIS_URL"] = embedded.url
    metrics_folder = _metrics_folder(http_workers)
    worker = None
    if with_worker:
        from service.cli.supervision import Supervisor

        # The worker keeps its counters in memory: the API's multiprocess folder is not its own.
        worker_env = {k: v for k, v in os.environ.items() if k != "PROMETHEUS_MULTIPROC_DIR"}
        worker = Supervisor([sys.executable, "-m", "workers"], worker_env).start()

    class Gunicorn(BaseApplication):
        """gunicorn run from Python: gevent workers serving ``create_app()``."""

        def load_config(self):
            for key, value in gunicorn_settings(host, port, http_workers, connections).items():
                if key in self.cfg.settings:        # control_socket_disable: gunicorn 24 and later
                    self.cfg.set(key, value)

        def load(self):
            from service.http.app import create_app
            from service.http.observe import log_to_stdout

            # In a worker process: the terminal's Ctrl-C reaches the whole process group, but
            # only the master decides; it stops this worker as gracefully as on SIGTERM.
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            log_to_stdout(os.environ)
            return create_app()

        def run(self):
            try:
                _graceful_arbiter()(self).run()
            except RuntimeError as exc:       # what gunicorn reports before it exits, in a sentence
                raise click.ClickException(str(exc)) from None

    click.echo(startup_lines(host, port, data_dir, embedded, worker))
    master = os.getpid()
    try:
        Gunicorn().run()
    finally:
        # gunicorn's worker processes are forks of this one: their exit unwinds through here too
        if os.getpid() == master:
            click.echo(_stop(worker, embedded, metrics_folder))


def _graceful_arbiter():
    """gunicorn's arbiter, with Ctrl-C (SIGINT) stopping the workers as gracefully as SIGTERM does
    (gunicorn's own SIGINT is a quick shutdown, which kills requests and streams mid-way)."""
    from gunicorn.arbiter import Arbiter

    class GracefulArbiter(Arbiter):
        def handle_int(self):
            self.handle_term()

    return GracefulArbiter


def startup_lines(host: str, port: int, data_dir: str, embedded, worker) -> str:
    """What ``stranded serve`` says when it starts: the web client's address, the API, its docs
    and spec, the Redis in use (the embedded one and its data folder, or ``REDIS_URL`` without
    its password), the worker, and how to stop it."""
    from service.cli.common import version

    shown = "localhost" if host in ("0.0.0.0", "::", "") else (f"[{host}]" if ":" in host else host)
    base = f"http://{shown}:{port}"
    if embedded is not None:
        store = f"embedded Redis (pid {embedded.pid}, {embedded.url}); data folder {embedded.folder}"
    else:
        store = f"{_without_password(os.environ['REDIS_URL'])} (REDIS_URL; no data folder is used)"
    lines = [f"Stranded {version()}: the web client is at {base}/",
             f"  API: {base}/v1/rulesets   docs: {base}/docs   spec: {base}/openapi.json",
             f"  Redis: {store}",
             f"  worker: pid {worker.proc.pid} (bots, deadlines, reconciler)" if worker is not None
             else "  worker: none (--no-worker): bots and deadlines wait for a `stranded worker`",
             f"  Stop with Ctrl-C or SIGTERM (kill {os.getpid()})."]
    if host in ("0.0.0.0", "::"):
        lines[0] += f" (listening on every interface, port {port})"
    return "\n".join(lines)


def _without_password(url: str) -> str:
    """``url`` with any password replaced by ``***``."""
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


def _stop(worker, embedded, metrics_folder: str | None) -> str:
    """After the API has stopped: stop the worker, then the embedded Redis this process owns;
    returns the last line ``stranded serve`` prints, saying how it went."""
    stopped, notes = ["the API"], []
    if worker is not None:
        if worker.stop():
            stopped.append("the worker")
        else:
            notes.append("the worker did not finish its job in time and was killed (the reconciler hands "
                         "the job back)")
    if embedded is not None:
        if embedded.release(wait_s=2.0):
            stopped.append("the embedded Redis")
        else:
            notes.append("the embedded Redis keeps running for the other processes connected to it "
                         "(the last of them stops it)")
    if metrics_folder is not None:
        shutil.rmtree(metrics_folder, ignore_errors=True)
    if not notes:
        return f"stranded: stopped cleanly: {', then '.join(stopped)}."
    return f"stranded: stopped {', then '.join(stopped)}; " + "; ".join(notes) + "."


def cannot_listen(host: str, port: int) -> str | None:
    """Why ``stranded serve`` could not listen on ``host:port`` (one sentence), or None if it can:
    the address is bound for a moment, as gunicorn will bind it (``SO_REUSEADDR``)."""
    import errno
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError):
        return f"{host!r} is not an address or host name this machine can listen on."
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(address)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                return f"port {port} on {host} is in use (another server is listening there)."
            if exc.errno == errno.EACCES:
                return f"this user may not listen on port {port} (ports below 1024 need privileges)."
            return f"cannot listen on {host}:{port} ({exc.strerror or exc})."
    return None


def gunicorn_settings(host: str, port: int, http_workers: int = 1, connections: int = 4096) -> dict:
    """The gunicorn settings ``stranded serve`` runs with (``bench/run.py`` serves its baseline
    app with the very same ones): gevent workers; the app logs each request itself (``service.http.observe``),
    so gunicorn's access log is off; a worker process that exits is struck from the metrics; a
    worker tunes its garbage collector once its app is loaded (:func:`tune_gc`); gunicorn logs
    warnings and errors only."""
    return {"bind": f"[{host}]:{port}" if ":" in host else f"{host}:{port}", "workers": http_workers,
            "worker_class": "gevent", "worker_connections": connections, "accesslog": None,
            "child_exit": _child_exit, "post_worker_init": tune_gc, "timeout": 120, "graceful_timeout": 5,
            # quiet: warnings and errors only (serve prints its own start and stop lines), and no
            # control socket (gunicorn 24+ makes one per user, which two servers would share)
            "loglevel": "warning", "control_socket_disable": True}


#: The youngest generation is collected after this many allocations (CPython's default: 700).
GC_YOUNG_THRESHOLD = 20_000


def tune_gc(worker=None) -> None:
    """gunicorn's ``post_worker_init`` hook, and the first step of ``stranded verify --all``: the
    objects the process was built with (routes, the spec, the rulesets and their catalogues) are
    frozen out of the cyclic garbage collector (``gc.freeze``: they live as long as the process, so
    scanning them finds nothing), and the youngest generation is collected every
    :data:`GC_YOUNG_THRESHOLD` allocations instead of 700. A command or an audit frees nearly all
    it allocates by reference counting, but the collector still ran every 700 allocations and its
    full passes walked the whole heap. ``worker``: gunicorn's (unused).
    Measured in process (about 7,500 commands through the test client on 300 games,
    2026-11-26): 132-144 young, 12 middle and 2 full collections became 5 young ones, and the
    collector's time went from 31-40 to 10-13 us a command (about 3 % to 1 %). ``verify --all
    --jobs 2`` over 1,000 stored four-seat Space games (2026-11-28, medians of three runs in three
    fresh processes each way): 236-255k events/s before, 256-268k after (about +5 %); ``rebuild
    --jobs 2`` on the same games moved within its noise (577-673k either way), so it is left as is."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_YOUNG_THRESHOLD, 20, 20)


def _child_exit(server, worker) -> None:
    """gunicorn's ``child_exit`` hook: the worker's live gauges stop counting (multiprocess metrics)."""
    from events.commands.metrics import process_exited

    process_exited(worker.pid)


def _metrics_folder(http_workers: int) -> str | None:
    """With several HTTP processes, point ``PROMETHEUS_MULTIPROC_DIR`` at a fresh folder unless it is
    set, so ``/metrics`` adds up every process (``events.commands.metrics``); returns the folder it made."""
    if http_workers <= 1 or os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        return None
    import tempfile

    folder = tempfile.mkdtemp(prefix="stranded-metrics-")
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = folder
    return folder


def _raise_open_files_limit() -> None:
    """Let this process open as many files as the system allows (every watcher is a socket)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard if hard != resource.RLIM_INFINITY else 65536, hard))
        except (ValueError, OSError):
            pass
