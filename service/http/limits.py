"""The server's bounds on what one client may ask: body size, request rates, live games.

Each is set by an environment variable (docs/operations.md lists them) or by
the app's config in tests:

* ``STRANDED_MAX_BODY_BYTES`` (``MAX_CONTENT_LENGTH``, default 256 KiB): a
  larger body is a 413 ``too_large``.
* ``STRANDED_RATE_LIMITS`` (``on``/``off``; config ``RATE_LIMITS``),
  ``STRANDED_RATE_LIMIT_CREATE`` (``30/minute``) and
  ``STRANDED_RATE_LIMIT_COMMANDS`` (``600/minute``): per client address,
  counted by flask-limiter in Redis (``REDIS_URL``, a Redis Cluster too; in memory without it), so
  every API process shares the count. Over the limit: 429 ``rate_limited``
  with ``Retry-After``. A Redis that does not answer lets requests through
  (the store's own 503 follows).
* ``STRANDED_RATE_LIMIT_READS`` (``120/minute``): per client address, the public reads that
  cost more than the rest -- ``GET .../verification``, ``GET .../record`` (a whole log, though
  built once per process: ``service.http.record_cache``) and ``GET .../view?at=N`` (a view with
  ``at``) -- counted together. Over it: 429 ``rate_limited`` with ``Retry-After``.
* ``STRANDED_MAX_ACTIVE_GAMES`` (config ``MAX_ACTIVE_GAMES``; default none):
  while that many games wait or run, creating one is a 503 ``too_many_games``.
"""
from __future__ import annotations

import os

from flask import Flask, current_app, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from limits import parse_many

from events.settings import DEFAULTS, read as settings_of
from service.http.errors import ApiError

DEFAULT_MAX_BODY_BYTES = DEFAULTS.max_body_bytes
DEFAULT_CREATE_LIMIT = DEFAULTS.rate_limit_create
DEFAULT_COMMANDS_LIMIT = DEFAULTS.rate_limit_commands
DEFAULT_READS_LIMIT = DEFAULTS.rate_limit_reads
#: Seconds a client is told to wait when the server holds as many games as it may.
FULL_RETRY_AFTER_S = 60
#: The endpoints limited, and the config key of each one's limit.
#: Seconds an address over a rate limit waits for its 429 (``STRANDED_RATE_LIMIT_TARPIT_S``, 0 to 10):
#: under gevent the wait costs the server no CPU, and a client looping on refusals is slowed to about
#: one a second -- without it, 5 such loops held a player's command p50 at 4.5 times its own
#: (``bench/flood.py``: 8.45 ms against 1.89 ms; with it 2.08 ms against 2.12 ms, ratio 0.98).
DEFAULT_TARPIT_S = DEFAULTS.rate_limit_tarpit_s
LIMITED = {"games.Games": "RATE_LIMIT_CREATE", "games.Commands": "RATE_LIMIT_COMMANDS",
           "tables.Rematch": "RATE_LIMIT_CREATE"}
#: The costly public reads, limited together (GET), and when a request of the endpoint is one of them.
COSTLY_READS = {"tables.Verification": lambda: True, "tables.Record": lambda: True,
                "games.View": lambda: "at" in request.args}


def settings(environ=os.environ) -> dict:
    """The bounds' Flask config from the environment (see the module's docstring)."""
    read = settings_of(environ)
    return {"MAX_CONTENT_LENGTH": read.max_body_bytes,
            "RATE_LIMITS": read.rate_limits,
            "RATE_LIMIT_CREATE": read.rate_limit_create,
            "RATE_LIMIT_COMMANDS": read.rate_limit_commands,
            "RATE_LIMIT_READS": read.rate_limit_reads,
            "RATE_LIMIT_TARPIT_S": read.rate_limit_tarpit_s,
            "MAX_ACTIVE_GAMES": read.max_active_games,
            "RATE_LIMIT_STORAGE": storage_uri(environ.get("REDIS_URL"), read.redis_cluster)}


def storage_uri(redis_url: str | None, cluster: bool = False) -> str:
    """Where flask-limiter counts: the Redis of ``redis_url`` (a ``unix://`` socket of the
    embedded server as ``redis+unix://``; a Redis Cluster as ``redis+cluster://``), or this
    process's memory without one."""
    if not redis_url:
        return "memory://"
    if cluster:
        return "redis+cluster://" + redis_url.split("://", 1)[1]
    if redis_url.startswith("unix://"):
        return "redis+unix://" + redis_url[len("unix://"):]
    return redis_url


def install(app: Flask) -> Limiter | None:
    """Rate-limit game creation, commands and the costly public reads (:data:`COSTLY_READS`) per
    client address when ``RATE_LIMITS`` is on.

    Call after the blueprints are registered: the limits wrap their views (listing games and
    the other reads are not limited)."""
    if not app.config["RATE_LIMITS"]:
        return None
    limiter = Limiter(get_remote_address, app=app, storage_uri=app.config["RATE_LIMIT_STORAGE"],
                      key_prefix="stranded-rate", headers_enabled=True, swallow_errors=True, strategy="moving-window")
    for endpoint, key in LIMITED.items():
        if endpoint in app.view_functions:
            limit = limiter.limit(app.config[key], methods=["POST"],
                                  error_message=f"Too many requests from your address: at most "
                                                f"{parse_many(app.config[key])[0]}. Wait a little (see "
                                                "Retry-After) and try again.")
            app.view_functions[endpoint] = limit(app.view_functions[endpoint])
    for endpoint, costly in COSTLY_READS.items():
        if endpoint in app.view_functions:
            app.view_functions[endpoint] = limiter.shared_limit(
                app.config.get("RATE_LIMIT_READS", DEFAULT_READS_LIMIT), scope="costly-reads",
                exempt_when=lambda costly=costly: not costly(),
                error_message=reads_message(app))(app.view_functions[endpoint])
    app.extensions["stranded_limiter"] = limiter
    return limiter


def reads_message(app: Flask) -> str:
    """The 429 sentence of the costly reads' limit."""
    limit = parse_many(app.config.get("RATE_LIMIT_READS", DEFAULT_READS_LIMIT))[0]
    return (f"Too many costly reads from your address (verifications, records and past versions): at most {limit}. "
            "Wait a little (see Retry-After) and try again.")


def check_capacity(index) -> None:
    """Refuse a new game while the server holds ``MAX_ACTIVE_GAMES`` waiting or running games.

    ``index``: the cross-game index (``events.log.index.GameIndex``). Raises ApiError
    503 ``too_many_games`` with ``Retry-After``."""
    cap = current_app.config.get("MAX_ACTIVE_GAMES")
    if cap is None:
        return
    redis = index.redis
    live = redis.zcard(index.key("waiting")) + redis.zcard(index.key("active"))
    if live >= cap:
        raise ApiError(503, "too_many_games", f"This server holds as many games as it may ({cap}); try again "
                                              "when some have finished.", headers=[("Retry-After",
                                                                                    str(FULL_RETRY_AFTER_S))])
