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
from flask import Flask, g, request

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


def _start() -> None:
    g.stranded_started = time.perf_counter()
    g.stranded_command = {}


def command_seen() -> dict:
    """The request's record of its command, filled by the view and the handler
    (``ruleset``, ``type``) for the command metrics."""
    return g.setdefault("stranded_command", {})


def _finish(response):
    started = g.get("stranded_started")
    seconds = time.perf_counter() - started if started is not None else 0.0
    rule = request.url_rule.rule if request.url_rule is not None else "<unmatched>"
    status = response.status_code
    line = {"method": request.method, "path": rule, "status": status, "duration_ms": round(seconds * 1000, 2)}
    game_id = (request.view_args or {}).get("game_id")
    if game_id is not None:
        line["game_id"] = game_id
    if log.isEnabledFor(logging.INFO):
        log.info(orjson.dumps(line).decode())
    method = request.method if request.method in METHODS else "OTHER"
    metrics.HTTP_REQUESTS.labels(method, rule, str(status)).inc()
    if request.endpoint == COMMANDS_ENDPOINT and request.method == "POST":
        _count_command(g.get("stranded_command") or {}, status, seconds)
    return response


def _count_command(seen: dict, status: int, seconds: float) -> None:
    """Count one command: its type only when the ruleset knows it (the label set stays bounded)."""
    ruleset = RULESETS.get(seen.get("ruleset") or "")
    kind = seen.get("type")
    label = ruleset.id if ruleset is not None else "unknown"
    kind = kind if ruleset is not None and kind in ruleset.commands else "other"
    metrics.COMMANDS.labels(label, kind, str(status)).inc()
    metrics.COMMAND_SECONDS.labels(label).observe(seconds)


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
