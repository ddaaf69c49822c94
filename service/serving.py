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
import sys

import click

from events.connection import start_embedded


def run(host: str, port: int, http_workers: int, connections: int, with_worker: bool, data_dir: str) -> None:
    """Serve the API on ``host:port`` until gunicorn stops (``stranded serve``): ``http_workers``
    gunicorn processes of ``connections`` each; with ``with_worker``, the bot/deadline worker
    under a :class:`service.supervision.Supervisor`; with no ``REDIS_URL``, an embedded Redis
    keeping its data in ``data_dir`` (started first, saved and stopped last)."""
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
    metrics_folder = _metrics_folder(http_workers)
    worker = None
    if with_worker:
        from service.supervision import Supervisor

        # The worker keeps its counters in memory: the API's multiprocess folder is not its own.
        worker_env = {k: v for k, v in os.environ.items() if k != "PROMETHEUS_MULTIPROC_DIR"}
        worker = Supervisor([sys.executable, "-m", "workers"], worker_env).start()

    class Gunicorn(BaseApplication):
        """gunicorn run from Python: gevent workers serving ``create_app()``."""

        def load_config(self):
            for key, value in gunicorn_settings(host, port, http_workers, connections).items():
                self.cfg.set(key, value)

        def load(self):
            from service.app import create_app
            from service.observe import log_to_stdout

            log_to_stdout(os.environ)
            return create_app()

    click.echo(f"Stranded on http://{host}:{port}/v1/rulesets  (docs: http://{host}:{port}/docs)")
    try:
        Gunicorn().run()
    finally:
        if worker is not None:
            worker.stop()
        _stop_embedded(server)
        if metrics_folder is not None:
            shutil.rmtree(metrics_folder, ignore_errors=True)


def gunicorn_settings(host: str, port: int, http_workers: int = 1, connections: int = 4096) -> dict:
    """The gunicorn settings ``stranded serve`` runs with (``bench/run.py`` serves its baseline
    app with the very same ones): gevent workers; the app logs each request itself (``service.observe``),
    so gunicorn's access log is off; a worker process that exits is struck from the metrics; a
    worker tunes its garbage collector once its app is loaded (:func:`tune_gc`)."""
    return {"bind": f"{host}:{port}", "workers": http_workers, "worker_class": "gevent",
            "worker_connections": connections, "accesslog": None, "child_exit": _child_exit,
            "post_worker_init": tune_gc, "timeout": 120, "graceful_timeout": 5}


#: The youngest generation is collected after this many allocations (CPython's default: 700).
GC_YOUNG_THRESHOLD = 20_000


def tune_gc(worker=None) -> None:
    """gunicorn's ``post_worker_init`` hook: the objects the app was built with (routes, the
    spec, the rulesets and their catalogues) are frozen out of the cyclic garbage collector
    (``gc.freeze``: they live as long as the process, so scanning them finds nothing), and the
    youngest generation is collected every :data:`GC_YOUNG_THRESHOLD` allocations instead of
    700. A command frees nearly all it allocates by reference counting, but the cached games'
    states it replaces keep the collector busy, and its full passes walked the whole heap.
    Measured in process (about 7,500 commands through the test client on 300 games,
    2026-11-26): 132-144 young, 12 middle and 2 full collections became 5 young ones, and the
    collector's time went from 31-40 to 10-13 us a command (about 3 % to 1 %)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_YOUNG_THRESHOLD, 20, 20)


def _child_exit(server, worker) -> None:
    """gunicorn's ``child_exit`` hook: the worker's live gauges stop counting (multiprocess metrics)."""
    from events.metrics import process_exited

    process_exited(worker.pid)


def _metrics_folder(http_workers: int) -> str | None:
    """With several HTTP processes, point ``PROMETHEUS_MULTIPROC_DIR`` at a fresh folder unless it is
    set, so ``/metrics`` adds up every process (``events.metrics``); returns the folder it made."""
    if http_workers <= 1 or os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        return None
    import tempfile

    folder = tempfile.mkdtemp(prefix="stranded-metrics-")
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = folder
    return folder


def _stop_embedded(server) -> None:
    """Save and stop the embedded Redis server this process started (other clients may hold it open)."""
    if server is None:
        return
    try:
        server.shutdown(save=True)
    except Exception:  # noqa: BLE001 - the server is going away whatever it answers
        pass


def _raise_open_files_limit() -> None:
    """Let this process open as many files as the system allows (every watcher is a socket)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard if hard != resource.RLIM_INFINITY else 65536, hard))
        except (ValueError, OSError):
            pass
