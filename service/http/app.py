"""The Flask application factory."""
from __future__ import annotations

import copy
import os
from importlib import resources

import orjson
from flask import Blueprint, Flask, request, send_from_directory
from flask.json.provider import DefaultJSONProvider
from flask_cors import CORS

from events import settings
from events.log.connection import cluster_mode, connect_queue, separate_queue
from events.commands.dispatch import Dispatcher
from events.log.store import EventStore
from service.http import errors, limits, observe, ops, tables
from service.http.examples import add_examples
from service.http.handlers import Services
from service.http.openapi import add_components, drop_unused
from service.http.streams import StreamHub, StreamSettings

#: Where /docs loads Swagger UI from: this server (no CDN), so the docs work offline.
DOCS_ASSETS = "/docs/assets/"

API_CONFIG = {
    "API_TITLE": "Stranded",
    "API_VERSION": "v1",
    "OPENAPI_VERSION": "3.1.0",
    "OPENAPI_URL_PREFIX": "/",
    "OPENAPI_JSON_PATH": "openapi.json",
    "OPENAPI_SWAGGER_UI_PATH": "/docs",
    "OPENAPI_SWAGGER_UI_URL": DOCS_ASSETS,
    "API_SPEC_OPTIONS": {
        "info": {"description": (
            "An event-sourced server for turn-based survival tabletop games. A front end needs this spec, "
            "GET /v1/rulesets/{id} (each game's catalogue) and the views. Game schemas are JSON Schema "
            "2020-12; the per-ruleset responses are chosen by their 'ruleset' field. The rules of each game: "
            "/rules/{ruleset} on this server (the `rules` URL of each ruleset), from docs/rules/{ruleset}.md.")},
        "servers": [{"url": "http://127.0.0.1:8000", "description": "`stranded serve` on this machine (its default "
                                                                    "address); any server hosting this API."}],
        # A spectator reads without a token, a seat with its own; operations that need one (or none) say so.
        "security": [{}, {"seatToken": []}],
        "components": {"securitySchemes": {"seatToken": {
            "type": "http", "scheme": "bearer",
            "description": "A seat's token, from creating the game or joining a seat."}}},
    },
}
#: Headers a browser on another origin may send and read.
CORS_ALLOW_HEADERS = ["Authorization", "Content-Type", "Idempotency-Key", "Last-Event-ID", "If-None-Match",
                      "traceparent", "tracestate", "X-Request-ID"]
CORS_EXPOSE_HEADERS = ["Allow", "Retry-After", "ETag", "Location", "Content-Disposition", "X-RateLimit-Limit",
                       "X-RateLimit-Remaining", "X-RateLimit-Reset", "X-Request-ID",
                       "Date"]   # the server's clock, which deadlines are counted on
#: The statuses whose answers may say when to try again (``Retry-After``); no other answer carries it.
RETRY_STATUSES = frozenset({429, 503})
CORS_EXPOSE_HEADERS_TEXT = ", ".join(CORS_EXPOSE_HEADERS)
#: The most connections the event streams' reader holds (it blocks on one; the bound is a guard).
FEED_CONNECTIONS = 2
#: How often a Redis command that lost its connection is tried again before the request fails.
REDIS_RETRIES = 3


class OrjsonProvider(DefaultJSONProvider):
    """Flask's JSON through orjson: the same JSON, several times faster."""

    def dumps(self, obj, **kwargs) -> str:
        """Serialise ``obj`` (keys sorted, as Flask's default does)."""
        return orjson.dumps(obj, default=self.default, option=orjson.OPT_SORT_KEYS).decode()

    def response(self, *args, **kwargs):
        """``jsonify``: the JSON bytes straight into the response (no text round trip), one line."""
        obj = self._prepare_response_obj(args, kwargs)
        body = orjson.dumps(obj, default=self.default, option=orjson.OPT_SORT_KEYS | orjson.OPT_APPEND_NEWLINE)
        return self._app.response_class(body, mimetype=self.mimetype)

    def loads(self, s, **kwargs):
        """Parse JSON text or bytes; raises ``ValueError`` on malformed input."""
        return orjson.loads(s)


class StrandedFlask(Flask):
    """Flask, with its answer to "is this function ``async``?" remembered per function.

    Flask asks ``inspect.iscoroutinefunction`` of the view, its method and every hook on
    every request (:meth:`ensure_sync`, which Flask's docs invite an app to override); the
    answer never changes for a function, so it is looked up once. A function created per
    request (``after_this_request``) is answered without being remembered once
    :data:`SYNC_CACHE_SIZE` functions are, so the memo stays bounded."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._synced: dict = {}

    def ensure_sync(self, func):
        """``func`` itself for a plain function (or method), else Flask's synchronous wrapper."""
        synced = self._synced.get(func)
        if synced is None:
            synced = super().ensure_sync(func)
            if len(self._synced) < SYNC_CACHE_SIZE:
                self._synced[func] = synced
        return synced


#: How many functions :meth:`StrandedFlask.ensure_sync` remembers (routes, methods and hooks: tens).
SYNC_CACHE_SIZE = 512


def swagger_ui_dir() -> str:
    """The folder of the Swagger UI build that ships in the ``flask-swagger-ui`` package."""
    return str(resources.files("flask_swagger_ui") / "dist")


def cors_origins(environ=os.environ) -> str | list[str]:
    """``STRANDED_CORS_ORIGINS``: ``*`` (the default) or a comma-separated list of origins."""
    origins = settings.read(environ).cors_origins
    return "*" if origins == "*" else list(origins)


def redis_clients(url: str | None = None):
    """The two clients of a server process for ``url`` (default ``REDIS_URL``): ``(requests, feeds)``.

    A command that loses its connection is retried :data:`REDIS_RETRIES` times within
    about a second, then fails (``service.http.errors``: a 503). Requests share a pool of at
    most ``STRANDED_REDIS_CONNECTIONS`` (64) connections and wait for a free one
    (thousands of greenlets must not open thousands of connections); the event streams'
    one reader (``service.http.streams``) reads every watched game through a pool of its own of
    at most :data:`FEED_CONNECTIONS` connections, closed when no game is watched.
    With ``STRANDED_REDIS_CLUSTER=1`` both are ``RedisCluster`` clients and the bounds
    hold per node (``events.log.connection.connect``).
    """
    import redis as redis_py
    from redis.backoff import ExponentialWithJitterBackoff
    from redis.retry import Retry

    from events.log.connection import connect

    # redis-py's own default retries for several seconds while the client waits.
    retry = Retry(ExponentialWithJitterBackoff(base=0.05, cap=0.5), REDIS_RETRIES)
    pool = {"queue_class": waiting_queue()} if not cluster_mode() else {}
    requests = connect(url, connection_pool_class=redis_py.BlockingConnectionPool, retry=retry,
                       max_connections=settings.read().redis_connections, timeout=30, **pool)
    feeds = connect(url, max_connections=FEED_CONNECTIONS, retry=retry)
    return requests, feeds


def waiting_queue():
    """The queue the request pool keeps its free connections in: gevent's ``LifoQueue`` in a
    gevent worker (``stranded serve``), else the standard library's. redis-py binds the
    standard one when it is imported, which ``stranded serve`` does before gevent patches
    the worker; that one then takes and gives back every connection through Python-level
    locks (about 5 us a command against 0.2 us)."""
    from gevent import monkey

    if monkey.is_module_patched("threading"):
        from gevent.queue import LifoQueue
    else:
        from queue import LifoQueue
    return LifoQueue


def create_app(redis=None, prefix: str | None = None, config: dict | None = None, queue_redis=None) -> Flask:
    """Build the API.

    Args:
        redis: a redis-py client (it also serves the streams' blocking reads);
            default: :func:`redis_clients` of ``REDIS_URL``.
        queue_redis: the client of the job queues; default ``redis``, or with no
            ``redis`` given and a queue of its own (``STRANDED_QUEUE_URL``, required
            on a cluster), a client of that URL (``events.log.connection``).
        prefix: key prefix of every key the server writes (default
            ``STRANDED_KEY_PREFIX`` or ``stranded``).
        config: extra Flask config; ``STREAMS`` (a ``StreamSettings``)
            replaces the stream limits from the environment.
    """
    app = StrandedFlask("stranded")
    app.json = OrjsonProvider(app)
    app.config.update(copy.deepcopy(API_CONFIG))   # apispec merges what it renders into these options
    app.config.update(limits.settings())
    app.config.update(config or {})
    app.after_request(retry_after_only_when_refused)   # first registered: runs after every other hook
    feeds = redis
    if redis is None:
        redis, feeds = redis_clients()
        if queue_redis is None and separate_queue():
            queue_redis = connect_queue()   # on a cluster without STRANDED_QUEUE_URL: QueueNotConfigured
    prefix = prefix or settings.read().key_prefix
    store = EventStore(redis, prefix)
    app.extensions["stranded"] = Services(store, Dispatcher(redis, prefix, queue_redis=queue_redis))
    app.extensions["stranded_streams"] = StreamHub(store, app.config.get("STREAMS") or StreamSettings.from_env(),
                                                   feeds)
    origins = cors_origins()
    CORS(app, origins=origins, send_wildcard=origins == "*", allow_headers=CORS_ALLOW_HEADERS,
         expose_headers=CORS_EXPOSE_HEADERS, supports_credentials=False, max_age=600)
    if origins == "*":      # flask-cors's hook (the one it just registered) answers the preflights
        hooks = app.after_request_funcs[None]
        hooks.append(wildcard_cors(hooks.pop()))
    from service.http.routes import blp

    observe.install(app)
    api = errors.StrandedApi(app)
    add_components(api.spec)
    api.register_blueprint(blp)
    api.register_blueprint(tables.blp)          # seats over time, rematch, record
    api.register_blueprint(ops.blp)
    drop_unused(api.spec)
    add_examples(api.spec)          # recorded from a real game: service/http/examples.py
    errors.register(app)
    limits.install(app)
    app.register_blueprint(_docs_assets())
    app.extensions["stranded_api"] = api
    from service.http.client import blp as web_client  # the web client's static files at / and /web/
    app.register_blueprint(web_client)
    return app


def retry_after_only_when_refused(response):
    """Drop ``Retry-After`` from an answer that is not a 429 or a 503 (the rate limiter adds it to
    every answer of a limited route; RFC 9110 gives it a meaning only on refusals and redirects)."""
    if response.status_code not in RETRY_STATUSES and "Retry-After" in response.headers:
        del response.headers["Retry-After"]
    return response


#: The CORS response header naming the allowed origin, as flask-cors writes it.
ALLOW_ORIGIN = "Access-Control-Allow-Origin"


def wildcard_cors(preflight):
    """The app's one CORS hook when any origin is allowed: a preflight (``OPTIONS``) goes to
    ``preflight``, flask-cors's own hook; any other response gets the headers flask-cors would
    give it (``Access-Control-Allow-Origin: *`` and the exposed headers), once -- a response an
    error handler built has them already (flask-cors wraps the error handlers too), and a
    browser refuses a response that names its allowed origin twice. One hook instead of
    flask-cors's after every request: the common request skips flask-cors's per-request work.
    The header is looked for by walking the few headers, not with ``in``: Werkzeug's
    ``Headers.__contains__`` builds and catches a ``BadRequestKeyError`` for every header a
    response lacks, which cost more than the rest of the hook."""
    def cors_headers(response):
        if request.method == "OPTIONS":
            return preflight(response)
        headers = response.headers
        if not any(name == ALLOW_ORIGIN for name, _value in headers):
            headers.add(ALLOW_ORIGIN, "*")
            headers.add("Access-Control-Expose-Headers", CORS_EXPOSE_HEADERS_TEXT)
        return response

    return cors_headers


def _docs_assets() -> Blueprint:
    """``/docs/assets/<file>``: Swagger UI's files, served by this server."""
    assets = Blueprint("docs_assets", __name__)
    folder = swagger_ui_dir()

    @assets.route(f"{DOCS_ASSETS}<path:filename>")
    def asset(filename):
        """One Swagger UI file (CSS, JavaScript)."""
        return send_from_directory(folder, filename, max_age=86400)

    return assets
