"""The ``/v1`` endpoints: each view parses, calls one service function, serialises.

Responses are documented by the components of ``service.http.openapi`` (the
per-ruleset ones chosen by ``ruleset``); the views return JSON as built by
``service.http.handlers``, and a test validates real responses against the spec.
"""
from __future__ import annotations

from flask import Response, current_app, jsonify, request

from events.table.meta import OVER
from projections.views import require_game
from service.http import handlers
from service.http import schemas as s
from service.http.auth import bearer, caller_seat
from service.http.http_cache import CACHE_HEADERS, NOT_MODIFIED, conditional
from service.http.errors import (ApiError, Blueprint, Endpoint, check_game_id, error_doc, idempotency_header,
                            idempotency_key, parse_command, parse_seat, parse_version, request_body)
from service.http.limits import check_capacity
from service.http.observe import command_seen
from service.http.streams import StreamHub, event_frames

blp = Blueprint("games", __name__, url_prefix="/v1", description="Rulesets, games, commands and the event log.")

SEAT = [{"seatToken": []}]
#: Routes a spectator reads without a token, and a seat with its token: they leave ``security`` to the
#: document's (``service.http.app``: ``[{}, {"seatToken": []}]``), so a generated client lets either call them
#: (openapi-python-client types an operation with its own ``security`` as needing a token, ``{}`` or not).
SEAT_OR_SPECTATOR = None
#: Routes that take no token.
PUBLIC: list = []
#: The ``Location`` header of a created game, as the spec documents it.
LOCATION = {"description": "The game's URL: /v1/games/{game_id}.", "schema": {"type": "string"}}
#: The ``Idempotency-Key`` header of a join: a retry answers the same seat, without its token.
JOIN_IDEMPOTENCY_KEY = idempotency_header("Make a retried join safe (use a fresh random key, e.g. a UUID: the key is "
                                          "scoped to the game, not to a caller). The same key and body within a day "
                                          "take no second seat: they answer the seat the first join took, with token "
                                          "null and duplicate true (the token is shown once, in the first answer; "
                                          "only its SHA-256 is kept). The same key with another body is a 409 "
                                          "idempotency_key_reused, while the first join runs a 409 "
                                          "idempotency_key_in_use; a join that failed forgets its key. 1 to 200 "
                                          "characters (a 400 bad_idempotency_key otherwise).")
ERROR_TEXT = {400: "Malformed request (see error.code).", 401: "No token, or not 'Bearer <token>'.",
              403: "A token that is not a seat of this game.", 404: "No such game (or ruleset).",
              409: "Not now: another seat decides, the game is not running, a stale expected_version, or an "
                   "Idempotency-Key used for another create or join (or still running).",
              413: "The body is larger than the server accepts (STRANDED_MAX_BODY_BYTES).",
              422: "A well-formed command the rules forbid now.",
              429: "Too many requests from this address (rate_limited), or streams without a token "
                   "(too_many_streams); see Retry-After.",
              503: "The game store does not answer (store_unavailable), or the server holds as many games as it "
                   "may (too_many_games); see Retry-After."}


@blp.url_value_preprocessor
def _game_ids(endpoint, values):
    """A path id that cannot name a game is a 404, whatever its characters."""
    if values and "game_id" in values:
        check_game_id(values["game_id"])


def svc() -> handlers.Services:
    """The app's store and dispatcher."""
    return current_app.extensions["stranded"]


def responds(status: int, component: str, description: str, *errors: int, cacheable: bool = False,
             headers: dict | None = None, **doc):
    """Document a view's response (a component of ``service.http.openapi``), its error responses and
    any other ``doc`` (security, parameters, request body): one ``blp.doc``, so one wrapper a call.
    ``cacheable``: the answer has an ETag and Cache-Control, and If-None-Match may make it a 304
    (``service.http.http_cache``); ``headers``: the answer's headers; ``responses``: other answers."""
    def json_content(name):
        return {"application/json": {"schema": {"$ref": f"#/components/schemas/{name}"}}}
    responses = {} if status is None else {str(status): {"description": description,
                                                         "content": json_content(component)}}
    if headers:
        responses[str(status)]["headers"] = headers
    responses.update(doc.pop("responses", {}))
    if cacheable:
        responses[str(status)]["headers"] = CACHE_HEADERS
        responses["304"] = NOT_MODIFIED      # service.http.openapi.drop_unused adds If-None-Match beside a 304
    for code in errors:
        responses[str(code)] = error_doc(code, ERROR_TEXT[code])
    security = doc.pop("security", PUBLIC)
    if security is not SEAT_OR_SPECTATOR:
        doc["security"] = security
    return blp.doc(responses=responses, **doc)


@blp.route("/rulesets")
class Rulesets(Endpoint):
    """``/v1/rulesets``."""

    @responds(200, "RulesetList", "The games this server hosts.", operationId="listRulesets", cacheable=True)
    def get(self):
        """The games this server hosts, in short: id, name, seats, options, commands, bots."""
        return conditional(jsonify({"rulesets": handlers.rulesets()}))


@blp.route("/rulesets/<ruleset_id>")
class RulesetDetail(Endpoint):
    """``/v1/rulesets/{id}``."""

    @responds(200, "RulesetDetail", "The ruleset in full, with its catalogue.", 404, operationId="getRuleset",
              cacheable=True)
    def get(self, ruleset_id):
        """One game in full: its catalogue (cards, decks, dice, board, decisions, results), options with
        defaults and bounds, bots, command and event types with their descriptions, rules versions."""
        return conditional(jsonify(handlers.ruleset_detail(ruleset_id)))


@blp.route("/games")
class Games(Endpoint):
    """``/v1/games``: list and create."""

    @blp.arguments(s.GameListQuerySchema, location="query")
    @responds(200, "GameList", "Public summaries, newest first.", 400, 503, operationId="listGames")
    def get(self, query):
        """List games, newest first, filtered by status and ruleset."""
        return jsonify(handlers.list_games(svc(), **query))

    @blp.arguments(s.CreateGameSchema)
    @responds(201, "CreatedGame", "The game, with a token per human seat (shown once).", 400, 409, 413, 429, 503,
              requestBody={"content": {"application/json": {"schema": {
                  "$ref": "#/components/schemas/CreateGameRequest"}}}},
              headers={"Location": LOCATION}, responses={"200": {
                  "description": "A retry with the Idempotency-Key of an earlier create: the game it made, with "
                                 "no tokens (only the first answer shows them).",
                  "headers": {"Location": LOCATION},
                  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/CreatedGame"}}}}},
              parameters=[idempotency_header("Make a retried create safe: the same key and body within a day answer "
                                             "200 with the game the first made (no tokens: only the first answer "
                                             "shows them), another body 409 idempotency_key_reused.")],
              operationId="createGame")
    def post(self, body):
        """Create a game; the response holds each human seat's token (shown once). A bad ruleset, seat or
        option (outside its bounds) is a 400 and writes nothing."""
        key = idempotency_key(request.headers.get("Idempotency-Key"))
        check_capacity(svc().dispatcher.games)
        created, replayed = handlers.create_game_once(svc(), body, key, request.remote_addr)
        return jsonify(created), 200 if replayed else 201, {"Location": f"/v1/games/{created['id']}"}


@blp.route("/games/<game_id>/seats/<int:seat>/join")
class Join(Endpoint):
    """Taking an open seat."""

    @blp.arguments(s.JoinSchema)
    @responds(200, "JoinedSeat", "The seat's token (shown once; null in the answer to a retry with the same "
                                 "Idempotency-Key).", 400, 404, 409, 413, 503, operationId="joinSeat",
              parameters=[JOIN_IDEMPOTENCY_KEY])
    def post(self, body, game_id, seat):
        """Take an open seat; returns its token. The last seat taken starts the game. A seat kept for an
        invited player (its summary says reserved) needs its invite code: 409 seat_reserved otherwise."""
        return jsonify(handlers.join_once(svc(), game_id, seat, body,
                                          idempotency_key(request.headers.get("Idempotency-Key"))))


@blp.route("/games/<game_id>/join")
class JoinFirstOpen(Endpoint):
    """Taking whichever open seat is free."""

    @blp.arguments(s.JoinSchema)
    @responds(200, "JoinedSeat", "The seat taken and its token (shown once; null in the answer to a retry "
                                 "with the same Idempotency-Key).", 400, 404, 409, 413, 503,
              operationId="joinFirstOpenSeat", parameters=[JOIN_IDEMPOTENCY_KEY])
    def post(self, body, game_id):
        """Take the first open seat you may: the one your invite code keeps, else the first open seat kept
        for nobody; returns which seat and its token. The last seat taken starts the game. 409 no_open_seat
        when every seat is taken or kept for someone else, game_started once the game runs."""
        return jsonify(handlers.join_once(svc(), game_id, None, body,
                                          idempotency_key(request.headers.get("Idempotency-Key"))))


@blp.route("/games/<game_id>")
class GameSummary(Endpoint):
    """A game's public summary."""

    @responds(200, "GameSummary", "The public summary.", 404, 503,
              security=SEAT_OR_SPECTATOR, operationId="getGame", cacheable=True)
    def get(self, game_id):
        """Public summary: status, version, seats, who must act and until when, result."""
        return conditional(jsonify(handlers.game_summary(svc(), game_id)))


@blp.route("/games/<game_id>/view")
class View(Endpoint):
    """A seat's view."""

    @responds(200, "ViewResponse", "The caller's view (the spectator's without a token).", 400, 401, 403, 404, 429,
              503, security=SEAT_OR_SPECTATOR, parameters=[{
                  "in": "query", "name": "at", "required": False, "schema": {"type": "integer", "minimum": 1},
                  "description": "A past version, 1 to the game's version (any of them, also one inside a command's "
                                 "batch)."}, {
                  "in": "query", "name": "seat", "required": False, "schema": {"type": "integer", "minimum": 0},
                  "description": "Once the game is finished, any seat's view (its hand included), with or "
                                 "without a token: the whole log is open then. While it waits or runs, 403 "
                                 "seat_view_hidden."}], cacheable=True, operationId="getView")
    def get(self, game_id):
        """The caller's view (spectator without a token) and who must act; `?at=N` for any past version.

        A past version is folded from the nearest checkpoint the server keeps (one every 512 versions),
        so it costs the same early or late in a long game; reads with `at` are rate-limited per address
        (STRANDED_RATE_LIMIT_READS, 429 with Retry-After). A version far into a game written before
        checkpoints existed answers 503 replay_preparing with Retry-After while a worker writes them.

        A hot path: ``?at`` is read by :func:`service.http.errors.parse_version` (the
        documented parameter: a whole number from 1), not by a schema per request."""
        body, final = handlers.final_view(svc(), game_id, parse_version(request.args.get("at")),
                                          parse_seat(request.args.get("seat")))
        return conditional(jsonify(body), immutable=final)


@blp.route("/games/<game_id>/legal-commands")
class LegalCommands(Endpoint):
    """A seat's legal commands."""

    @responds(200, "LegalCommands", "What the caller's seat may send now.", 401, 403, 404, 503,
              security=SEAT, operationId="getLegalCommands")
    def get(self, game_id):
        """Every command the caller's seat may send now: a complete body to POST, with a label, its cost
        and what is known of its effect."""
        return jsonify(handlers.legal_commands(svc(), game_id))


@blp.route("/games/<game_id>/commands")
class Commands(Endpoint):
    """Sending commands."""

    @responds(200, "CommandResult", "Accepted: the new version and the caller's events.",
              400, 401, 403, 404, 409, 413, 422, 429, 503,
              security=SEAT, requestBody={"required": True, "content": {"application/json": {
                  "schema": {"$ref": "#/components/schemas/Command"}}}},
              parameters=[idempotency_header("A retry with the same key returns the first result and appends nothing "
                                             "(1 to 200 characters; a 400 bad_idempotency_key otherwise).")],
              operationId="sendCommand")
    def post(self, game_id):
        """Send a command (`type` plus its arguments; optional `expected_version`).

        The body must be one of the ruleset's command components (`<Ruleset><Command>`); the legal
        commands list complete bodies. Returns the new version and the command's events as the
        caller may see them. A rejected command changes nothing.
        """
        # The hot path: parse_command reads the body without marshmallow; the ruleset checks the
        # arguments; the result is already JSON-able.
        seen = command_seen()
        body = parse_command(request_body())
        seen["type"] = body["type"]
        key = idempotency_key(request.headers.get("Idempotency-Key"))
        return jsonify(handlers.send_command(svc(), game_id, body, bearer(), key, seen=seen))


@blp.route("/games/<game_id>/events")
class Events(Endpoint):
    """The event log."""

    @blp.arguments(s.EventsQuerySchema, location="query")
    @responds(200, "EventPage", "A page of the log, redacted for the caller.", 400, 401, 403, 404, 503,
              security=SEAT_OR_SPECTATOR, operationId="getEvents", cacheable=True)
    def get(self, query, game_id):
        """The log redacted for the caller, paged with `after` and `limit`."""
        page = handlers.event_page(svc(), game_id, query["after"], query["limit"])
        return conditional(jsonify(page), immutable=page["complete"])


#: How the spec documents the frames of ``GET .../stream``.
STREAM_FRAMES = (
    "text/event-stream: first 'retry: 1000', then one frame per event: 'id:' its version, 'event:' its type (the "
    "ruleset's event types and the server's: GET /v1/rulesets/{id} lists them under 'events'), 'data:' the event "
    "as one line of JSON, exactly an element of EventPage.events (a <Ruleset>Event). Frames are named events so "
    "that a client listens to the types it shows (EventSource.addEventListener(type, ...)); a plain onmessage "
    "handler receives none. A ': keep-alive' comment comes when the stream is idle (15 s). The stream ends after "
    "its lifetime (reconnect: an EventSource sends Last-Event-ID by itself) or after the game's last event "
    "(SeedRevealed); a reconnect after that is a 204.")
#: The ``Last-Event-ID`` header as the spec documents it.
LAST_EVENT_ID = {"in": "header", "name": "Last-Event-ID", "required": False,
                 "schema": {"type": "string", "pattern": "^[0-9]{1,13}$"},
                 "description": "The version of the last event received: the stream resumes after it. It wins over "
                                "'after' (an EventSource whose URL says ?after=0 resumes where it was, not from the "
                                "start); a value that is no whole number is ignored."}


def stream_start(after: int | None, last_event_id: str, version: int) -> int:
    """Where a stream starts: after ``Last-Event-ID`` when it is a whole number, else after ``after``,
    else after the game's ``version`` now. Raises ApiError 400 ``bad_version`` past ``version``."""
    if last_event_id.isdigit() and len(last_event_id) <= 13:
        after = int(last_event_id)
    after = version if after is None else after
    if after > version:
        raise ApiError(400, "bad_version", f"'after' (or Last-Event-ID) must be at most {version}.")
    return after


@blp.route("/games/<game_id>/stream")
class Stream(Endpoint):
    """The live event stream (SSE)."""

    @blp.arguments(s.StreamQuerySchema, location="query")
    @blp.doc(parameters=[LAST_EVENT_ID], responses={
        "200": {"description": STREAM_FRAMES, "content": {"text/event-stream": {"schema": {
            "type": "string", "description": "Server-Sent Events frames (see the response's description).",
            "examples": ["retry: 1000\n\nid: 7\nevent: CardDrawn\ndata: {\"game_id\": \"3f2a9c0d1e4b5a6c\", "
                         "\"version\": 7, \"type\": \"CardDrawn\", ...}\n\n: keep-alive\n\n"]}}}},
        "204": {"description": "No Content: the game is over and the caller has every event (its Last-Event-ID or "
                               "'after' is the game's version), so nothing more can come. An EventSource stops "
                               "reconnecting on a 204."}})
    @responds(None, "", "", 400, 401, 403, 404, 429, 503, operationId="streamEvents", security=SEAT_OR_SPECTATOR)
    def get(self, query, game_id):
        """Server-Sent Events: the caller's redacted events as they happen (`Last-Event-ID` resumes)."""
        hub: StreamHub = current_app.extensions["stranded_streams"]
        game = require_game(svc().repo, game_id)
        seat = handlers.ticket_seat(svc(), game_id, query["ticket"]) if query["ticket"] is not None \
            else caller_seat(game.meta, required=False)
        after = stream_start(query["after"], request.headers.get("Last-Event-ID", ""), game.version)
        if game.meta.status in OVER and after >= game.version:
            return Response(status=204)
        release = hub.admit_anonymous(request.remote_addr or "?") if seat is None else None
        lifetime = min(hub.settings.max_s, query["timeout_s"] if query["timeout_s"] is not None else hub.settings.max_s)
        frames = event_frames(hub, game, seat, after, lifetime, request.environ)
        response = Response(frames, mimetype="text/event-stream",
                            headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
        if release is not None:
            response.call_on_close(release)
        return response


@blp.route("/games/<game_id>/stream-ticket")
class StreamTicket(Endpoint):
    """A ticket that opens a seat's stream from a native EventSource."""

    @responds(201, "StreamTicket", "The ticket (shown once) and how long it opens the stream.", 401, 403, 404, 503,
              security=SEAT, operationId="createStreamTicket")
    def post(self, game_id):
        """With your seat token: a ticket for GET .../stream?ticket=... (60 s), so a browser's EventSource opens
        your seat's stream without the token in its URL."""
        return jsonify(handlers.stream_ticket(svc(), game_id)), 201

