"""What each request leaves behind: one JSON log line and its metrics.

The line (logger ``stranded.requests``, level INFO) holds the method, the
route *template* (``/v1/games/<game_id>/commands``, never the query string),
the status, the time to the response in milliseconds and the game id when the
route names one. Nothing secret can reach it: no header, no query, no body, so
no token and no card. A streamed response (SSE) is logged when its headers
go out.

Commands also count in ``stranded_commands_total`` by ruleset, type and
status, and their latency in ``stranded_command_duration_seconds``
(``events.metrics``).
"""
from __future__ import annotations

import logging
import sys
import time

import orjson
from flask import Flask, request

from events import metrics
from events.games import RULESETS

#: The logger of the request lines.
log = logging.getLogger("stranded.requests")
#: Methods counted by name; any other is counted as ``OTHER`` (the label set stays bounded).
METHODS = {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"}
#: The endpoint of ``POST /v1/games/<game_id>/commands``.
COMMANDS_ENDPOINT = "games.Commands"


def install(app: Flask) -> None:
    """Time every request of ``app`` and log and count it when its response starts: a WSGI
    middleware around ``app.wsgi_app`` (as Flask's docs add middleware), one function
    call a request instead of a before- and an after-request hook."""
    app.wsgi_app = RequestRecorder(app.wsgi_app)


#: Where a request keeps its command record (its WSGI environ: one lookup, no ``g``).
COMMAND = "stranded.command"


class RequestRecorder:
    """WSGI middleware: logs and counts each request (:func:`record`) as its response starts.

    It does so inside the app's ``start_response``, while the request Flask made is still
    in the environ (Werkzeug keeps it as ``werkzeug.request``; Flask clears it when the
    request ends): the route template and the path's game id come from it. A request
    whose exception escapes the app (only in testing: Flask answers 500 otherwise) is
    neither logged nor counted.
    """

    def __init__(self, wsgi_app):
        self.wsgi_app = wsgi_app

    def __call__(self, environ, start_response):
        started = time.perf_counter()

        def start(status, headers, exc_info=None):
            record(environ, int(status[:3]), time.perf_counter() - started)
            return start_response(status, headers, exc_info)

        return self.wsgi_app(environ, start)


def command_seen() -> dict:
    """The request's record of its command, filled by the view and the handler
    (``ruleset``, ``type``) for the command metrics."""
    return request.environ.setdefault(COMMAND, {})


#: The labelled children of the request and command metrics, by their labels: ``labels()``
#: checks and converts its arguments on every call, the dict lookup does not (the label
#: sets are bounded, so is this cache).
_children: dict = {}


def _child(metric_name: str, *labels: str):
    key = (metric_name, *labels)
    child = _children.get(key)
    if child is None:
        child = _children[key] = getattr(metrics, metric_name).labels(*labels)
    return child


def record(environ: dict, status: int, seconds: float) -> None:
    """Log and count one answered request (``environ``: its WSGI environ; ``status``: the HTTP
    status; ``seconds``: from the request reaching the app to its response starting)."""
    req = environ.get("werkzeug.request")
    url_rule = req.url_rule if req is not None else None
    rule = url_rule.rule if url_rule is not None else "<unmatched>"
    method = environ.get("REQUEST_METHOD", "")
    if log.isEnabledFor(logging.INFO):
        line = {"method": method, "path": rule, "status": status, "duration_ms": round(seconds * 1000, 2)}
        game_id = (req.view_args or {}).get("game_id") if url_rule is not None else None
        if game_id is not None:
            line["game_id"] = game_id
        log.info(orjson.dumps(line).decode())
    _child("HTTP_REQUESTS", method if method in METHODS else "OTHER", rule, str(status)).inc()
    if method == "POST" and url_rule is not None and url_rule.endpoint == COMMANDS_ENDPOINT:
        _count_command(environ.get(COMMAND) or {}, status, seconds)


def _count_command(seen: dict, status: int, seconds: float) -> None:
    """Count one command: its type only when the ruleset knows it (the label set stays bounded)."""
    ruleset = RULESETS.get(seen.get("ruleset") or "")
    kind = seen.get("type")
    label = ruleset.id if ruleset is not None else "unknown"
    kind = kind if ruleset is not None and kind in ruleset.commands else "other"
    _child("COMMANDS", label, kind, str(status)).inc()
    _child("COMMAND_SECONDS", label).observe(seconds)


def log_to_stdout(environ) -> None:
    """Print the request lines on standard output (``stranded serve``), one JSON object a line;
    ``STRANDED_REQUEST_LOG=off`` keeps them quiet.

    The server's log records then carry no caller, thread or process (``logging._srcfile``,
    ``logThreads``, ``logProcesses`` and ``logMultiprocessing``, the Logging HOWTO's
    "Optimization" switches): no line the server writes shows them, and finding them is
    about a third of what a record costs (10.8 against 7.4 us a line, in process)."""
    if environ.get("STRANDED_REQUEST_LOG", "on").lower() == "off" or log.handlers:
        return
    logging._srcfile = None
    logging.logThreads = logging.logProcesses = logging.logMultiprocessing = False
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(MessageOnly())
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    log.propagate = False


class MessageOnly(logging.Formatter):
    """A formatter that writes the record's message as it is: a request line is complete JSON."""

    def format(self, record: logging.LogRecord) -> str:
        return record.getMessage()
