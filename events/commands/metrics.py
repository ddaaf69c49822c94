"""The Prometheus metrics every Stranded process keeps (names listed in docs/operations.md).

The API counts commands, their latency, idempotent replays, append conflicts
and live streams; the worker counts the jobs it ran and the reconciler's
repairs. They live here, in the lowest layer both import, and are exposed by
``service.http.ops`` (``GET /metrics``) and by ``stranded worker --metrics-port``.

With ``PROMETHEUS_MULTIPROC_DIR`` set before a metric is first used,
prometheus-client keeps the values in files there, so several gunicorn
processes add up (:func:`registry` collects them); without it each process
keeps its own in memory.
"""
from __future__ import annotations

import os
import threading

from prometheus_client import REGISTRY, CollectorRegistry, Counter, Gauge, Histogram, disable_created_metrics, values

disable_created_metrics()   # no `*_created` series beside each counter: Prometheus does not need them

#: Buckets of the command latency (seconds): a command takes milliseconds; seconds means trouble.
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)

#: The metrics, by attribute name; built on first use (:func:`__getattr__`).
NAMES = ("COMMANDS", "COMMAND_SECONDS", "APPEND_CONFLICTS", "IDEMPOTENT_REPLAYS", "SSE_CLIENTS", "HTTP_REQUESTS",
         "JOBS", "RECONCILER_REPAIRS", "RECONCILER_SKIPS", "REDIS_CONNECTIONS", "STREAM_GAMES")
_built: dict = {}
_lock = threading.Lock()


def _build() -> dict:
    """Create every metric (registered in prometheus-client's default registry), keeping their
    values in ``PROMETHEUS_MULTIPROC_DIR`` when it is set now (prometheus-client chose where
    values live when it was imported, maybe before the variable was set)."""
    if multiprocess_dir() is not None:
        values.ValueClass = values.get_value_class()
    return dict(
        COMMANDS=Counter("stranded_commands", "Commands sent over the API, by ruleset, command type ('other' for a "
                         "type the ruleset does not know) and HTTP status of the answer.",
                         ["ruleset", "type", "status"]),
        COMMAND_SECONDS=Histogram("stranded_command_duration_seconds", "Time to answer POST .../commands, in "
                                  "seconds, by ruleset.", ["ruleset"], buckets=LATENCY_BUCKETS),
        APPEND_CONFLICTS=Counter("stranded_append_conflicts", "Appends refused because the game's stream had moved "
                                 "on (a lost race; the command is decided again, or a 409 with expected_version)."),
        IDEMPOTENT_REPLAYS=Counter("stranded_idempotent_replays", "Commands answered with their first result "
                                   "because their Idempotency-Key was seen before (nothing appended)."),
        SSE_CLIENTS=Gauge("stranded_sse_clients", "Event streams (GET .../stream) open now.",
                          multiprocess_mode="livesum"),
        HTTP_REQUESTS=Counter("stranded_http_requests", "HTTP requests answered, by method, route template and "
                              "status.", ["method", "route", "status"]),
        JOBS=Counter("stranded_jobs", "Worker jobs run, by job ('bots', 'deadline', 'other') and final status "
                     "('finished', 'failed', ...).", ["job", "status"]),
        RECONCILER_REPAIRS=Counter("stranded_reconciler_repairs", "Jobs the reconciler enqueued again for games "
                                   "whose bot or deadline job had gone missing."),
        REDIS_CONNECTIONS=Gauge("stranded_redis_connections", "Redis connections this API process holds open, "
                                "by pool ('requests': the requests' pool; 'feeds': the event streams' reader, 0 "
                                "when no game is watched; 'whole_reads': the pool whose replies come decoded, "
                                "for reads of a whole game); set when /metrics is read.", ["pool"],
                                multiprocess_mode="livesum"),
        STREAM_GAMES=Gauge("stranded_stream_games", "Games whose events this API process's stream reader reads now "
                           "(watched by at least one stream); set when /metrics is read.",
                           multiprocess_mode="livesum"),
        RECONCILER_SKIPS=Counter("stranded_reconciler_skips", "Games a reconciler pass left alone because they "
                                 "failed, by reason ('damaged': the log cannot be folded; 'error': anything "
                                 "else, logged with the game's id).", ["reason"]),
    )


def __getattr__(name: str):
    """``events.commands.metrics.COMMANDS`` and the others of :data:`NAMES`, created on first use: a
    process that forks its workers (gunicorn) may import this module before it sets
    ``PROMETHEUS_MULTIPROC_DIR``, and each metric keeps its values where they were when it was
    created."""
    if name not in NAMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if not _built:
        with _lock:
            if not _built:
                _built.update(_build())
    return _built[name]

def multiprocess_dir() -> str | None:
    """``PROMETHEUS_MULTIPROC_DIR`` (or its lower-case spelling), when set."""
    return os.environ.get("PROMETHEUS_MULTIPROC_DIR") or os.environ.get("prometheus_multiproc_dir") or None


def registry():
    """The registry to expose: every process's values collected from the multiprocess folder
    when ``PROMETHEUS_MULTIPROC_DIR`` is set, else this process's default registry."""
    if multiprocess_dir() is None:
        return REGISTRY
    from prometheus_client import multiprocess

    collected = CollectorRegistry()
    multiprocess.MultiProcessCollector(collected)
    return collected


def process_exited(pid: int) -> None:
    """Tell the multiprocess folder that process ``pid`` is gone (its live gauges stop counting);
    gunicorn's ``child_exit`` hook calls it. Does nothing without ``PROMETHEUS_MULTIPROC_DIR``."""
    if multiprocess_dir() is not None:
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(pid)
