"""Every error the API returns has one shape: ``{"error": {"code", "message"}}``.

Domain errors map to statuses here: an unknown game 404, a rule violation its
own status (422, or 409 for "not now"), a stale ``expected_version`` 409, a
malformed request 400 (flask-smorest's validation errors included).
"""
from __future__ import annotations

from flask import jsonify
from flask_smorest import Api
from flask_smorest import Blueprint as _Blueprint
from webargs.flaskparser import FlaskParser
from werkzeug.exceptions import HTTPException

from events.games.contract import RuleViolation
from events.repository import DamagedLog
from events.store import ConcurrencyError, GameNotFound

DEFAULT_CODES = {400: "malformed", 401: "missing_token", 403: "invalid_token", 404: "not_found",
                 405: "method_not_allowed", 409: "conflict", 422: "rule_violation", 500: "internal_error"}


class ApiError(Exception):
    """An error raised by the service layer: HTTP ``status``, stable ``code``, a sentence."""

    def __init__(self, status: int, code: str, message: str):
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


class _Parser(FlaskParser):
    DEFAULT_VALIDATION_STATUS = 400


class Blueprint(_Blueprint):
    """flask-smorest Blueprint whose request validation fails with 400, not 422."""

    ARGUMENTS_PARSER = _Parser()


def parse_command(body) -> dict:
    """Check a command body's envelope (the ``Command`` schema) without marshmallow's cost.

    Raises ApiError 400 ``malformed`` when the body is not a JSON object with
    a string ``type``, or ``expected_version`` is not a whole number. The
    arguments are checked against the ruleset by ``events.handling``.
    """
    if not isinstance(body, dict):
        raise ApiError(400, "malformed", "The body must be a JSON object.")
    if not isinstance(body.get("type"), str):
        raise ApiError(400, "malformed", "type: Missing data for required field.")
    version = body.get("expected_version")
    if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
        raise ApiError(400, "malformed", "expected_version: Not a valid integer.")
    return body


def error_response(status: int, code: str, message: str):
    """The Flask response for an error."""
    return jsonify({"error": {"code": code, "message": message}}), status


class StrandedApi(Api):
    """flask-smorest ``Api`` that renders HTTP errors in Stranded's error shape."""

    from service.schemas import ErrorSchema as ERROR_SCHEMA

    def handle_http_exception(self, error: HTTPException):
        """Render any HTTP error (404 route, 405, webargs 400...) as ``{"error": {"code", "message"}}``."""
        data = getattr(error, "data", None) or {}
        message = data.get("message") or error.description or error.name
        errors = data.get("errors") or data.get("messages")
        if errors:
            message = _first_message(errors)
        return error_response(error.code or 500, data.get("error_code") or DEFAULT_CODES.get(error.code, "error"),
                              message)


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
    app.register_error_handler(ApiError, lambda e: error_response(e.status, e.code, e.message))
    app.register_error_handler(RuleViolation, lambda e: error_response(e.status, e.code, e.message))
    app.register_error_handler(GameNotFound, lambda e: error_response(404, "game_not_found", "There is no such game."))
    app.register_error_handler(DamagedLog, lambda e: error_response(
        409, "log_damaged", "This game's log is damaged; nothing can be played or shown until it is repaired "
                            "(`stranded verify` says what is wrong)."))
    app.register_error_handler(ConcurrencyError, lambda e: error_response(
        409, "stale_version", f"The game has moved on to version {e.actual}; reload and try again."))
