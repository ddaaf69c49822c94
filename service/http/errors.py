"""Every error the API returns has one shape: RFC 9457 problem details (``application/problem+json``:
``type``, ``title``, ``status``, ``detail``) with our stable ``code``, and ``{"error": {"code",
"message"}}`` as before.

Domain errors map to statuses here: an unknown game 404, a rule violation its
own status (422, or 409 for "not now"), a stale ``expected_version`` 409, a
malformed request 400 (flask-smorest's validation errors included). A 405
keeps its ``Allow`` header. Redis not answering (or read-only during a
fail-over) is a 503 ``store_unavailable``
with ``Retry-After`` (never a 500): redis-py reconnects by itself on the next
request once Redis is back. Request bodies are parsed here too: JSON nested
deeper than :data:`MAX_JSON_DEPTH` is a 400 before anything reads it.
"""
from __future__ import annotations

import logging
import time

import orjson
from flask import current_app, jsonify, request
from flask.views import MethodView
from flask_smorest import Api
from flask_smorest import Blueprint as _Blueprint
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ReadOnlyError
from redis.exceptions import TimeoutError as RedisTimeoutError
from webargs import core
from webargs.flaskparser import FlaskParser, is_json_request
from werkzeug.exceptions import HTTPException, InternalServerError

from events.log.codec import CodecError
from events.table.checks import GAME_ID  # noqa: F401 (re-exported: the CLI and the routes check ids with it)
from events.games.contract import RuleViolation
from events.log.repository import DamagedLog
from events.log.store import ConcurrencyError, GameNotFound

DEFAULT_CODES = {400: "malformed", 401: "missing_token", 403: "invalid_token", 404: "not_found",
                 405: "method_not_allowed", 409: "conflict", 413: "too_large", 422: "rule_violation",
                 429: "rate_limited", 500: "internal_error", 503: "unavailable"}
#: The deepest nesting of arrays and objects a request body may have (a stacked
#: deal needs 3; commands 2). Deeper bodies are a 400 ``too_deep``.
MAX_JSON_DEPTH = 16
#: Seconds a client is told to wait (``Retry-After``) when Redis does not answer.
STORE_RETRY_AFTER_S = 5
log = logging.getLogger("stranded.service")


class ApiError(Exception):
    """An error raised by the service layer: HTTP ``status``, stable ``code``, a sentence,
    and optional extra fields of the error body (``to_act`` of a 409 while others decide);
    ``headers=[(name, value)]`` are response headers (a 503's ``Retry-After``), not body fields."""

    def __init__(self, status: int, code: str, message: str, **extra):
        super().__init__(message)
        self.status, self.code, self.message, self.extra = status, code, message, extra


def check_game_id(game_id: str) -> str:
    """``game_id`` if it can name a game; raises GameNotFound (404) for anything else."""
    if not GAME_ID.match(game_id):
        raise GameNotFound(game_id)
    return game_id


def json_depth(value, limit: int = MAX_JSON_DEPTH) -> int:
    """How deeply ``value`` nests arrays and objects (a scalar: 0), counting at most ``limit + 1``."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    return deepest
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return deepest


def load_body(data: bytes):
    """Parse a request body as JSON (orjson); raises ApiError 400 ``malformed`` for text that
    is not JSON and ``too_deep`` for nesting past :data:`MAX_JSON_DEPTH`."""
    try:
        value = orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        if "depth" in str(exc) or "recursion" in str(exc):
            raise _too_deep() from exc
        raise ApiError(400, "malformed", "The body is not valid JSON.") from exc
    if (data.count(b"[") + data.count(b"{") > MAX_JSON_DEPTH       # fewer brackets cannot nest deeper
            and isinstance(value, (dict, list)) and json_depth(value) > MAX_JSON_DEPTH):
        raise _too_deep()
    return value


def _too_deep() -> ApiError:
    return ApiError(400, "too_deep", f"The body nests arrays and objects more than {MAX_JSON_DEPTH} deep.")


def request_body() -> bytes:
    """The current request's body, read with the length its ``Content-Length`` declares.

    werkzeug's ``get_data`` reads a body in 64 KiB steps until its stream runs dry, and that
    stream is capped at the server's limit (``MAX_CONTENT_LENGTH``), not at the body's length:
    a 20-byte command took two reads of the server's socket stream and a buffer. With the
    length known, one read of that many bytes is enough. werkzeug still enforces the limit (a
    longer declared body is a 413 ``too_large``); a body without a length (chunked) and a
    short read go the ``get_data`` way."""
    length = request.content_length
    if not length:
        return request.get_data(cache=False)
    data = request.stream.read(length)
    return data if len(data) == length else data + request.stream.read()


class _Parser(FlaskParser):
    DEFAULT_VALIDATION_STATUS = 400

    def _raw_load_json(self, req):
        """The JSON body through :func:`load_body` (orjson, depth-bounded), not ``json.loads``."""
        if not is_json_request(req):
            return core.missing
        return load_body(req.get_data(cache=True))


class Blueprint(_Blueprint):
    """flask-smorest Blueprint whose request validation fails with 400, not 422."""

    ARGUMENTS_PARSER = _Parser()


class Endpoint(MethodView):
    """The base of the API's views: a ``MethodView`` made once, not once per request
    (``init_every_request``: the views keep no state between requests)."""

    init_every_request = False


def parse_command(data: bytes) -> dict:
    """Read a command body: a JSON object with a string ``type``, without marshmallow's cost.

    Raises ApiError 400 ``malformed_command`` for anything else (text that is
    not JSON, JSON that is not an object, no string ``type``), ``too_deep``
    past :data:`MAX_JSON_DEPTH`, and ``bad_arguments`` when
    ``expected_version`` is not a whole number. The arguments are checked
    against the ruleset by ``events.commands.handling``.
    """
    try:
        body = load_body(data)
    except ApiError as exc:
        if exc.code != "malformed":
            raise
        body = None
    if not isinstance(body, dict) or not isinstance(body.get("type"), str):
        raise ApiError(400, "malformed_command", "The body must be a command: a JSON object with a string 'type'.")
    version = body.get("expected_version")
    if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
        raise ApiError(400, "bad_arguments", "expected_version must be a whole number.")
    return body


def parse_version(text: str | None) -> int | None:
    """The ``?at`` query parameter: None when absent, else a whole number from 1.

    Raises ApiError 400 ``malformed`` (``at: ...``) for anything else."""
    if text is None:
        return None
    if not text.isdigit() or len(text) > 15 or int(text) < 1:
        raise ApiError(400, "malformed", "at: Must be a whole number from 1.")
    return int(text)


def parse_seat(text: str | None) -> int | None:
    """The ``?seat`` query parameter of a view: None when absent, else a whole number from 0.

    Raises ApiError 400 ``malformed`` (``seat: ...``) for anything else."""
    if text is None:
        return None
    if not text.isdigit() or len(text) > 4:
        raise ApiError(400, "malformed", "seat: Must be a seat number, a whole number from 0.")
    return int(text)


#: The longest ``Idempotency-Key`` a command may carry.
MAX_IDEMPOTENCY_KEY = 200
#: The ``Retry-After`` header as the spec documents it on 429 and 503 answers.
RETRY_AFTER_HEADER = {"Retry-After": {"description": "Seconds to wait before trying again.",
                                      "schema": {"type": "integer", "minimum": 1}}}


#: The media type of every error (RFC 9457).
PROBLEM_JSON = "application/problem+json"
#: The ``type`` of an error is this followed by its code: a URI that names the problem for good.
PROBLEM_TYPE = "urn:stranded:problem:"


def error_doc(code: int, description: str) -> dict:
    """The spec's entry of an error response: the Problem schema (RFC 9457), and ``Retry-After`` on a
    429 or a 503."""
    entry = {"description": description,
             "content": {PROBLEM_JSON: {"schema": {"$ref": "#/components/schemas/Problem"}}}}
    if code in (429, 503):
        entry["headers"] = RETRY_AFTER_HEADER
    return entry


def idempotency_header(description: str) -> dict:
    """The OpenAPI parameter of an operation's optional ``Idempotency-Key`` header (1 to
    :data:`MAX_IDEMPOTENCY_KEY` characters), with what a retry with it answers there (``description``)."""
    return {"in": "header", "name": "Idempotency-Key", "required": False,
            "schema": {"type": "string", "minLength": 1, "maxLength": MAX_IDEMPOTENCY_KEY},
            "description": description}


def idempotency_key(value: str | None) -> str | None:
    """The ``Idempotency-Key`` header: None when absent; raises ApiError 400 ``bad_idempotency_key``
    when it is empty or longer than :data:`MAX_IDEMPOTENCY_KEY` characters."""
    if value is not None and not 1 <= len(value) <= MAX_IDEMPOTENCY_KEY:
        raise ApiError(400, "bad_idempotency_key",
                       f"An Idempotency-Key is 1 to {MAX_IDEMPOTENCY_KEY} characters long.")
    return value


def problem(status: int, code: str, message: str, **extra) -> dict:
    """The body of an error: RFC 9457 problem details (``type``, ``title``, ``status``, ``detail``) with
    our stable ``code`` and any ``extra`` members, plus ``error: {code, message, ...}`` as every
    error carried before (kept for the clients written against it)."""
    return {"type": PROBLEM_TYPE + code, "title": code.replace("_", " ").capitalize(), "status": status,
            "detail": message, "code": code, **extra, "error": {"code": code, "message": message, **extra}}


def error_response(status: int, code: str, message: str, headers=None, **extra):
    """The Flask response for an error: :func:`problem` as ``application/problem+json``."""
    response = jsonify(problem(status, code, message, **extra))
    response.mimetype = PROBLEM_JSON
    response.status_code = status
    for name, value in headers or ():
        response.headers[name] = value
    return response


class StrandedApi(Api):
    """flask-smorest ``Api`` that renders HTTP errors in Stranded's error shape."""

    ERROR_SCHEMA = {"$ref": "#/components/schemas/Problem"}

    def handle_http_exception(self, error: HTTPException):
        """Render any HTTP error (404 route, 405, webargs 400...) as ``{"error": {"code", "message"}}``,
        keeping its headers (a 405's ``Allow``)."""
        data = getattr(error, "data", None) or {}
        message = data.get("message") or error.description or error.name
        errors = data.get("errors") or data.get("messages")
        if errors:
            message = _first_message(errors)
        if error.code == 413:
            limit = current_app.config.get("MAX_CONTENT_LENGTH")
            message = f"The request body is larger than this server accepts ({limit} bytes)."
        headers = [(k, v) for k, v in error.get_headers() if k.lower() != "content-type"]
        if error.code == 429:
            tarpit()
        return error_response(error.code or 500, data.get("error_code") or DEFAULT_CODES.get(error.code, "error"),
                              message, headers)


#: How the tarpit waits (``time.sleep``: cooperative under the served gevent worker); tests replace it.
pause = time.sleep


def tarpit() -> None:
    """Hold a rate-limited request's 429 for ``RATE_LIMIT_TARPIT_S`` seconds (``service.http.limits``): an
    address over its limit that loops on refusals is slowed to about one a second, so it cannot
    take the server's CPU from the players (docs/operations.md, "Rate limits")."""
    seconds = current_app.config.get("RATE_LIMIT_TARPIT_S", 0.0)
    if seconds > 0:
        pause(seconds)


def _first_message(errors) -> str:
    """Flatten webargs' nested ``{"json": {"field": ["msg"]}}`` into one sentence."""
    path = []
    while isinstance(errors, dict) and errors:
        key, errors = next(iter(errors.items()))
        if key not in ("json", "query", "headers", "_schema"):
            path.append(str(key))
    msg = errors[0] if isinstance(errors, list) and errors else str(errors)
    return f"{'.'.join(path)}: {msg}" if path else str(msg)


def register(app) -> None:
    """Register the domain-error handlers on ``app``."""
    app.register_error_handler(ApiError, lambda e: error_response(e.status, e.code, e.message, **e.extra))
    app.register_error_handler(RuleViolation, lambda e: error_response(e.status, e.code, e.message))
    app.register_error_handler(GameNotFound, lambda e: error_response(404, "game_not_found", "There is no such game."))
    app.register_error_handler(DamagedLog, lambda e: damaged_response())
    app.register_error_handler(CodecError, undecodable)
    app.register_error_handler(ConcurrencyError, lambda e: error_response(
        409, "stale_version", f"The game has moved on to version {e.actual}; reload and try again."))
    for unavailable in (RedisConnectionError, RedisTimeoutError, ReadOnlyError):   # ReadOnly: a fail-over
        app.register_error_handler(unavailable, store_unavailable)
    app.register_error_handler(500, last_resort)


def damaged_response():
    """The 409 ``log_damaged`` answer for a game whose keys the server cannot serve."""
    return error_response(409, "log_damaged", "This game's log is damaged; nothing can be played or shown until "
                                              "it is repaired (`stranded verify` says what is wrong).")


def undecodable(exc: CodecError):
    """A stored entry of the requested game that is not an event (``events.log.codec``): the game's
    log is damaged, 409 ``log_damaged`` (the server never writes such an entry)."""
    log.warning("a game's log holds an entry that is not an event: %s", exc)
    return damaged_response()


def last_resort(error: InternalServerError):
    """An error no handler expected, in a request: when the request names a game whose keys are
    damaged (``events.log.damage.diagnose``: keys of the wrong type, a malformed meta, a log that
    does not fold) the answer is that game's 409 ``log_damaged`` -- the damage stays in that
    game -- else the 500 it is, logged with its traceback."""
    original = getattr(error, "original_exception", None) or error
    game_id = (request.view_args or {}).get("game_id") if request else None
    if game_id and GAME_ID.match(game_id) and not isinstance(original, HTTPException):
        from events.log.damage import diagnose

        try:
            why = diagnose(current_app.extensions["stranded"].store, game_id)
        except Exception:  # noqa: BLE001 -- Redis away, say: the 500 below stands
            why = None
        if why is not None:
            log.warning("game %s is damaged (%s); its request met %r", game_id, why, original)
            return damaged_response()
    return error_response(500, "internal_error", InternalServerError.description)


def store_unavailable(exc: Exception):
    """The 503 for a request that needed Redis while it did not answer: ``store_unavailable``, a
    sentence and ``Retry-After``. Nothing was written (an append is one atomic script), and no
    broken connection is kept: redis-py drops it and connects again on the next request."""
    log.warning("Redis did not answer: %s", type(exc).__name__)
    return error_response(503, "store_unavailable", "The game store is not answering right now; nothing was "
                          f"changed. Try again in {STORE_RETRY_AFTER_S} seconds.",
                          [("Retry-After", str(STORE_RETRY_AFTER_S))])
