"""What each request leaves behind: one JSON log line and its metrics.

The line holds the method, the route *template*
(``/v1/games/<game_id>/commands``, never the query string), the status, the
time to the response in milliseconds and the game id when the route names
one. Nothing secret can reach it: no header, no query, no body, so no token
and no card. A streamed response (SSE) is logged when its headers go out.
It goes to the logger ``stranded.requests`` (level INFO), or, in ``stranded
serve``, straight to standard output (:func:`log_to_stdout`).

Commands also count in ``stranded_commands_total`` by ruleset, type and
status, and their latency in ``stranded_command_duration_seconds``
(``events.commands.metrics``).
"""
from __future__ import annotations

import logging
import os
import sys
import time

import orjson
from flask import Flask, request

from events import settings
from events.commands import metrics
from events.games import RULESETS

#: The logger of the request lines.
log = logging.getLogger("stranded.requests")
#: Methods counted by name; any other is counted as ``OTHER`` (the label set stays bounded).
METHODS = {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"}
#: Where the request lines go as they are (a file descriptor: ``stranded serve``'s standard
#: output), or None: through :data:`log`.
_line_fd: int | None = None
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
    if _line_fd is not None or log.isEnabledFor(logging.INFO):
        line = {"method": method, "path": rule, "status": status, "duration_ms": round(seconds * 1000, 2)}
        game_id = (req.view_args or {}).get("game_id") if url_rule is not None else None
        if game_id is not None:
            line["game_id"] = game_id
        if _line_fd is not None:
            _write(_line_fd, orjson.dumps(line, option=orjson.OPT_APPEND_NEWLINE))
        else:
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
    ``STRANDED_REQUEST_LOG=off`` keeps them quiet, and a process that configured the logger
    ``stranded.requests`` itself (a handler on it) keeps getting them there.

    Each line is one ``write`` to the process's standard output, not a ``logging`` record (its
    attributes, the handler's lock taken twice, the stream flushed): a served worker executed
    2,023k instructions a command with the record and 1,979k with the write
    (``bench/server_instructions.py``, 2026-11-26). A line is far shorter than a pipe's atomic
    write (``PIPE_BUF``), so the lines of several worker processes never mix."""
    if not settings.read(environ).request_log or log.handlers:
        return
    sys.stdout.flush()                    # what was printed before comes before the first line
    log_lines_to(sys.stdout.fileno())


def log_lines_to(fd: int | None) -> None:
    """Write the request lines to file descriptor ``fd`` as they are (None: through ``log`` again)."""
    global _line_fd
    _line_fd = fd


def _write(fd: int, data: bytes) -> None:
    """All of ``data`` to ``fd`` (one ``write`` unless the kernel takes less). A line that cannot
    be written (standard output closed, a full non-blocking pipe) is dropped, as ``logging``
    drops a record its handler fails on: the request it tells of is answered all the same."""
    try:
        while data:
            data = data[os.write(fd, data):]
    except OSError:
        pass
