"""The ``/v1`` endpoints: each view parses, calls one service function, serialises."""
from __future__ import annotations

from flask import Response, current_app, jsonify, request, stream_with_context
from flask.views import MethodView

from service import handlers
from service import schemas as s
from service.auth import bearer
from service.errors import Blueprint, parse_command

blp = Blueprint("games", __name__, url_prefix="/v1", description="Rulesets, games, commands and the event log.")

AUTH = [{"seatToken": []}]
ERRORS = (400, 401, 403, 404, 409, 422)


def svc() -> handlers.Services:
    """The app's store and dispatcher."""
    return current_app.extensions["stranded"]


def _errors(*codes):
    """Document the error responses of a view (all share the Error schema)."""
    def wrap(fn):
        for code in codes:
            fn = blp.alt_response(code, schema=s.ErrorSchema, description="See error.code")(fn)
        return fn
    return wrap


@blp.route("/rulesets")
class Rulesets(MethodView):
    """``/v1/rulesets``."""

    @blp.response(200, s.RulesetListSchema)
    def get(self):
        """The games this server hosts: id, name, players, options, commands, bots."""
        return {"rulesets": handlers.rulesets()}


@blp.route("/games")
class Games(MethodView):
    """``/v1/games``: list and create."""

    @blp.arguments(s.GameListQuerySchema, location="query")
    @blp.response(200, s.GameListSchema)
    @_errors(400)
    def get(self, query):
        """List games, newest first, filtered by status and ruleset."""
        return handlers.list_games(svc(), **query)

    @blp.arguments(s.CreateGameSchema)
    @blp.response(201, s.CreatedGameSchema)
    @_errors(400, 422)
    def post(self, body):
        """Create a game; the response holds each human seat's token (shown once)."""
        return handlers.create_game(svc(), body["ruleset"], body["seats"], body["options"])


@blp.route("/games/<game_id>/seats/<int:seat>/join")
class Join(MethodView):
    """Taking an open seat."""

    @blp.arguments(s.JoinSchema)
    @blp.response(200, s.SeatTokenSchema)
    @_errors(400, 404, 409)
    def post(self, body, game_id, seat):
        """Take an open seat; returns its token. The last seat taken starts the game."""
        return handlers.join(svc(), game_id, seat, body["name"], body["auto_pass"])


@blp.route("/games/<game_id>")
class GameSummary(MethodView):
    """A game's public summary."""

    @blp.response(200, s.GameSummarySchema)
    @_errors(404)
    def get(self, game_id):
        """Public summary: status, version, seats, who must act, result."""
        return handlers.game_summary(svc(), game_id)


@blp.route("/games/<game_id>/view")
class View(MethodView):
    """A seat's view."""

    @blp.arguments(s.ViewQuerySchema, location="query")
    @blp.response(200, s.ViewSchema)
    @blp.doc(security=AUTH)
    @_errors(400, 401, 403, 404)
    def get(self, query, game_id):
        """The caller's view (spectator without a token); ``?at=N`` for a past version."""
        return handlers.view(svc(), game_id, query.get("at"))


@blp.route("/games/<game_id>/legal-commands")
class LegalCommands(MethodView):
    """A seat's legal commands."""

    @blp.response(200, s.LegalCommandsSchema)
    @blp.doc(security=AUTH)
    @_errors(401, 403, 404)
    def get(self, game_id):
        """Every command the caller's seat may send now, each a complete body to POST."""
        return handlers.legal_commands(svc(), game_id)


@blp.route("/games/<game_id>/commands")
class Commands(MethodView):
    """Sending commands."""

    @blp.doc(security=AUTH, requestBody={"required": True, "content": {"application/json": {
        "schema": {"$ref": "#/components/schemas/Command"}}}},
        parameters=[{"in": "header", "name": "Idempotency-Key", "required": False, "schema": {"type": "string"},
                     "description": "A retry with the same key returns the first result."}])
    @blp.response(200, s.CommandResultSchema)
    @_errors(*ERRORS)
    def post(self, game_id):
        """Send a command (``type`` plus its arguments; optional ``expected_version``).

        The hot path: the body is read with ``parse_command`` (the shape of
        ``Command``; the ruleset checks the arguments) and the result, already
        JSON-able and shaped as ``CommandResult``, is sent with ``jsonify``.
        """
        body = parse_command(request.get_json(silent=True))
        return jsonify(handlers.send_command(svc(), game_id, body, bearer(), request.headers.get("Idempotency-Key")))


@blp.route("/games/<game_id>/events")
class Events(MethodView):
    """The event log."""

    @blp.arguments(s.EventsQuerySchema, location="query")
    @blp.response(200, s.EventPageSchema)
    @blp.doc(security=AUTH)
    @_errors(400, 401, 403, 404)
    def get(self, query, game_id):
        """The log redacted for the caller, paged with ``after`` and ``limit``."""
        return handlers.event_page(svc(), game_id, query["after"], query["limit"])


@blp.route("/games/<game_id>/stream")
class Stream(MethodView):
    """The live event stream (SSE)."""

    @blp.arguments(s.StreamQuerySchema, location="query")
    @blp.response(200, description="text/event-stream of the caller's redacted events")
    @blp.doc(security=AUTH)
    @_errors(401, 403, 404)
    def get(self, query, game_id):
        """Server-Sent Events: the caller's redacted events as they happen (``Last-Event-ID`` resumes)."""
        after = query["after"]
        if after is None and request.headers.get("Last-Event-ID", "").isdigit():
            after = int(request.headers["Last-Event-ID"])
        chunks = handlers.event_stream(svc(), game_id, after, query["timeout_s"])
        return Response(stream_with_context(chunks), mimetype="text/event-stream",
                        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
