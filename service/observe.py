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
    """Time every request of ``app`` and log and count it when its response is ready."""
    app.before_request(_start)
    app.after_request(_finish)


#: Where a request keeps its start time and its command record (its WSGI environ: one lookup, no ``g``).
STARTED, COMMAND = "stranded.started", "stranded.command"


def _start() -> None:
    request.environ[STARTED] = time.perf_counter()


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


def _finish(response):
    req = request._get_current_object()          # one context lookup for the whole hook
    environ = req.environ
    started = environ.get(STARTED)
    seconds = time.perf_counter() - started if started is not None else 0.0
    rule = req.url_rule.rule if req.url_rule is not None else "<unmatched>"
    status = response.status_code
    method = req.method
    game_id = (req.view_args or {}).get("game_id")
    if log.isEnabledFor(logging.INFO):
        line = {"method": method, "path": rule, "status": status, "duration_ms": round(seconds * 1000, 2)}
        if game_id is not None:
            line["game_id"] = game_id
        log.info(orjson.dumps(line).decode())
    _child("HTTP_REQUESTS", method if method in METHODS else "OTHER", rule, str(status)).inc()
    if method == "POST" and req.endpoint == COMMANDS_ENDPOINT:
        _count_command(environ.get(COMMAND) or {}, status, seconds)
    return response


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
    ``STRANDED_REQUEST_LOG=off`` keeps them quiet."""
    if environ.get("STRANDED_REQUEST_LOG", "on").lower() == "off" or log.handlers:
        return
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(logging.Formatter("%(message)s"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    log.propagate = False
