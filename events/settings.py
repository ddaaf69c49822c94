"""Every ``STRANDED_*`` setting of the server, worker and command line: read here, once, typed.

No other module reads a ``STRANDED_*`` variable (a test greps for it): each asks
:func:`read` for a :class:`Settings` and takes the field it needs. A process reads the
environment when it builds its parts (``service.http.app.create_app``, ``workers.main``,
the ``stranded`` commands); a function that takes an ``environ`` (tests pass a dict) reads
that mapping instead. ``docs/operations.md`` lists the variables for operators.

Malformed values raise :class:`SettingError` naming the variable and what it accepts.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Mapping

#: Values that turn a switch on (``STRANDED_REDIS_CLUSTER``); ``off`` turns ``STRANDED_RATE_LIMITS``
#: and ``STRANDED_REQUEST_LOG`` off.
TRUE = ("1", "true", "yes", "on")


class SettingError(ValueError):
    """A ``STRANDED_*`` variable holds a value the server cannot use; the message names it."""


@dataclass(frozen=True)
class Settings:
    """The settings of one process, with the variable each comes from and its default.

    Attributes:
        redis_cluster: the event store is a Redis Cluster (``STRANDED_REDIS_CLUSTER``: ``1``,
            ``true``, ``yes``, ``on``; default off).
        queue_url: the plain Redis of the job queues (``STRANDED_QUEUE_URL``; "" = the store's
            own Redis, ``REDIS_URL``).
        redis_connections: the most connections a server process's request pool opens
            (``STRANDED_REDIS_CONNECTIONS``, default 64, at least 1).
        key_prefix: the prefix of every key the server writes (``STRANDED_KEY_PREFIX``,
            default ``stranded``).
        data_dir: the embedded Redis's data folder (``STRANDED_DATA_DIR``; "" = the per-user
            data folder).
        max_body_bytes: the largest request body accepted (``STRANDED_MAX_BODY_BYTES``, bytes,
            default 262,144).
        rate_limits: per-address rate limits on (``STRANDED_RATE_LIMITS``: ``off`` turns them
            off; default on).
        rate_limit_create: games created (and rematches) per address (``STRANDED_RATE_LIMIT_CREATE``,
            a flask-limiter rate such as ``30/minute``, the default).
        rate_limit_commands: commands per address (``STRANDED_RATE_LIMIT_COMMANDS``, default
            ``600/minute``).
        rate_limit_reads: costly public reads per address (``STRANDED_RATE_LIMIT_READS``, default
            ``120/minute``).
        rate_limit_tarpit_s: seconds a refusal past a rate limit is held
            (``STRANDED_RATE_LIMIT_TARPIT_S``, 0 to 10, default 1; clamped to the range).
        max_active_games: the most games the server holds waiting or active
            (``STRANDED_MAX_ACTIVE_GAMES``; None = no bound).
        stream_heartbeat_s: idle seconds before a stream's keep-alive comment
            (``STRANDED_STREAM_HEARTBEAT_S``, default 15).
        stream_max_s: the longest a stream lives, seconds (``STRANDED_STREAM_MAX_S``, default 300).
        stream_anonymous_per_address: streams without a token one address may hold open per
            server process (``STRANDED_STREAM_ANON_PER_ADDRESS``, default 20).
        request_log: one JSON line per request on standard output (``STRANDED_REQUEST_LOG``:
            ``off`` turns it off; default on).
        cors_origins: the origins allowed to call the API from a browser
            (``STRANDED_CORS_ORIGINS``: ``*``, the default, or a comma-separated list).
        reconcile_every_s: seconds between the worker's reconciler passes
            (``STRANDED_RECONCILE_EVERY``, default 5).
        log_level: the worker's logging level (``STRANDED_LOG``, default ``INFO``).
        pure_python: run every module the install compiled from its source instead
            (``STRANDED_PURE_PYTHON``: any non-blank value; default off; ``events/accelerated.py``).
    """

    redis_cluster: bool = False
    queue_url: str = ""
    redis_connections: int = 64
    key_prefix: str = "stranded"
    data_dir: str = ""
    max_body_bytes: int = 256 * 1024
    rate_limits: bool = True
    rate_limit_create: str = "30/minute"
    rate_limit_commands: str = "600/minute"
    rate_limit_reads: str = "120/minute"
    rate_limit_tarpit_s: float = 1.0
    max_active_games: int | None = None
    stream_heartbeat_s: float = 15.0
    stream_max_s: float = 300.0
    stream_anonymous_per_address: int = 20
    request_log: bool = True
    cors_origins: str | tuple[str, ...] = "*"
    reconcile_every_s: float = 5.0
    log_level: str = "INFO"
    pure_python: bool = False


DEFAULTS = Settings()


def pure_python(environ: Mapping[str, str] | None = None) -> bool:
    """``Settings.pure_python`` alone, read without the rest (``events.accelerated`` asks while
    modules are being imported, where another variable's error must not stop the import)."""
    env = os.environ if environ is None else environ
    return bool((env.get("STRANDED_PURE_PYTHON") or "").strip())


def read(environ: Mapping[str, str] | None = None) -> Settings:
    """The settings in ``environ`` (default ``os.environ``), defaults for what is unset or blank.

    Raises SettingError for a number that is not one (or below its least value)."""
    env = os.environ if environ is None else environ

    def text(name: str, default: str) -> str:
        return (env.get(name) or "").strip() or default

    def number(name: str, kind, default, least=None):
        raw = (env.get(name) or "").strip()
        if not raw:
            return default
        try:
            value = kind(raw)
        except ValueError:
            raise SettingError(f"{name} must be a number, not {raw!r}.") from None
        if least is not None and value < least:
            raise SettingError(f"{name} must be at least {least}, not {raw!r}.")
        return value

    origins = text("STRANDED_CORS_ORIGINS", "*")
    cap = number("STRANDED_MAX_ACTIVE_GAMES", int, None, least=0)
    return Settings(
        redis_cluster=text("STRANDED_REDIS_CLUSTER", "").lower() in TRUE,
        queue_url=text("STRANDED_QUEUE_URL", ""),
        redis_connections=number("STRANDED_REDIS_CONNECTIONS", int, DEFAULTS.redis_connections, least=1),
        key_prefix=text("STRANDED_KEY_PREFIX", DEFAULTS.key_prefix),
        data_dir=text("STRANDED_DATA_DIR", ""),
        max_body_bytes=number("STRANDED_MAX_BODY_BYTES", int, DEFAULTS.max_body_bytes, least=1),
        rate_limits=text("STRANDED_RATE_LIMITS", "on").lower() != "off",
        rate_limit_create=text("STRANDED_RATE_LIMIT_CREATE", DEFAULTS.rate_limit_create),
        rate_limit_commands=text("STRANDED_RATE_LIMIT_COMMANDS", DEFAULTS.rate_limit_commands),
        rate_limit_reads=text("STRANDED_RATE_LIMIT_READS", DEFAULTS.rate_limit_reads),
        rate_limit_tarpit_s=min(10.0, max(0.0, number("STRANDED_RATE_LIMIT_TARPIT_S", float,
                                                      DEFAULTS.rate_limit_tarpit_s))),
        max_active_games=cap,
        stream_heartbeat_s=number("STRANDED_STREAM_HEARTBEAT_S", float, DEFAULTS.stream_heartbeat_s),
        stream_max_s=number("STRANDED_STREAM_MAX_S", float, DEFAULTS.stream_max_s),
        stream_anonymous_per_address=number("STRANDED_STREAM_ANON_PER_ADDRESS", int,
                                            DEFAULTS.stream_anonymous_per_address, least=0),
        request_log=text("STRANDED_REQUEST_LOG", "on").lower() != "off",
        cors_origins="*" if origins == "*" else tuple(o.strip() for o in origins.split(",") if o.strip()),
        reconcile_every_s=number("STRANDED_RECONCILE_EVERY", float, DEFAULTS.reconcile_every_s),
        log_level=text("STRANDED_LOG", DEFAULTS.log_level),
        pure_python=pure_python(env),
    )
