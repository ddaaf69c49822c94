"""The ``/v1`` endpoints of a table over time: cancel, leave, resign, reclaim, rematch, record, verification.

Each view parses, calls one function of ``service.http.table_handlers`` and
serialises; the responses are components of ``service.http.openapi`` (a seat
change answers as a command does: ``CommandResult``).
"""
from __future__ import annotations

from flask import current_app, jsonify, request

from service.http import table_handlers as handlers
from service.http.errors import Blueprint, Endpoint, check_game_id, error_doc, idempotency_header, idempotency_key
from service.http.http_cache import CACHE_HEADERS, NOT_MODIFIED, conditional
from service.http.handlers import Services
from service.http.schemas import RematchSchema

blp = Blueprint("tables", __name__, url_prefix="/v1",
                description="Seats over time (cancel, leave, resign, take back), playing again, and portable "
                            "records.")

SEAT = [{"seatToken": []}]
ERROR_TEXT = {400: "A malformed request, or no such seat (see error.code).",
              401: "No token, or not 'Bearer <token>'.",
              403: "A token that is no seat of this game ('invalid_token'), another seat's ('not_your_seat'), or, "
                   "to cancel, not the creator's ('not_the_creator').",
              404: "No such game.",
              409: "Not now: the game is not running or not over, or the seat cannot change so (see error.code).",
              413: "The body is larger than the server accepts (STRANDED_MAX_BODY_BYTES).",
              429: "Too many requests from this address (rate_limited); see Retry-After.",
              503: "The game store does not answer (store_unavailable); see Retry-After."}


@blp.url_value_preprocessor
def _game_ids(endpoint, values):
    """A path id that cannot name a game is a 404, whatever its characters."""
    if values and "game_id" in values:
        check_game_id(values["game_id"])


def svc() -> Services:
    """The app's store and dispatcher."""
    return current_app.extensions["stranded"]


def responds(status: int, component: str, description: str, *errors: int, headers: dict | None = None,
             accepted: str | None = None, operation_id: str, security: list | None = None,
             not_modified: bool = False, parameters: list | None = None):
    """Document a view's response (a component of ``service.http.openapi``), its error responses and its
    ``operationId``; ``accepted``: the description of a 202 answer with the same component; ``security``:
    the seat's token, or none (the default); ``not_modified``: If-None-Match may make it a 304;
    ``parameters``: headers or query parameters it reads."""
    def json_content(name):
        return {"application/json": {"schema": {"$ref": f"#/components/schemas/{name}"}}}
    ok = {"description": description, "content": json_content(component)}
    if headers:
        ok["headers"] = headers
    responses = {str(status): ok}
    if accepted:
        responses["202"] = {"description": accepted, "content": json_content(component)}
    if not_modified:
        responses["304"] = NOT_MODIFIED      # service.http.openapi.drop_unused adds If-None-Match beside a 304
    for code in errors:
        responses[str(code)] = error_doc(code, ERROR_TEXT[code])
    extra = {"parameters": parameters} if parameters else {}
    return blp.doc(responses=responses, operationId=operation_id, security=security or [], **extra)


#: The ``Idempotency-Key`` header of a seat change (cancel, leave, resign, reclaim).
IDEMPOTENCY_KEY = idempotency_header("A retry with the same key (from the same seat) answers the first result "
                                     "again, marked duplicate, and writes nothing (1 to 200 characters; a 400 "
                                     "bad_idempotency_key otherwise).")


#: The ``Idempotency-Key`` header of a rematch: a retry answers the same seat, without its new token.
REMATCH_IDEMPOTENCY_KEY = idempotency_header(
    "Make a retried rematch safe (scoped to the game and your token). The same key and body within "
    "a day answer the rematch and seat the first call took, with token null and duplicate true "
    "(the new token is shown once, in the first answer; only its SHA-256 is kept), instead of a "
    "409 seat_taken. The same key with another body is a 409 idempotency_key_reused, while the "
    "first call runs a 409 idempotency_key_in_use; a call that failed forgets its key. 1 to 200 "
    "characters (a 400 bad_idempotency_key otherwise).")


SEAT_CHANGE_ERRORS = (400, 401, 403, 404, 409, 503)


@blp.route("/games/<game_id>/cancel")
class Cancel(Endpoint):
    """The creator cancelling a game before the start."""

    @responds(200, "CommandResult", "Cancelled: the new version, its events (GameCancelled, then SeedRevealed) "
                                    "and head; the game's status is now 'cancelled'.", 400, 401, 403, 404, 409, 503,
              operation_id="cancelGame", security=SEAT, parameters=[IDEMPOTENCY_KEY])
    def post(self, game_id):
        """Cancel a game that has not started, with the creator's token (the token of a seat the create
        gave, still holding it): the game ends without being dealt (GameCancelled, then SeedRevealed with
        the seed and the audit key, so its log verifies like any ended game's). It leaves the lobby's
        list of waiting games, its status is 'cancelled', its event stream ends, and nobody can join or
        play it; its record can be downloaded. A POST rather than a DELETE: the game is not removed, its
        log stays, ended. 403 not_the_creator (a token of a seat someone joined), 409 game_started (it
        runs: leave or resign instead), game_over, game_cancelled (already; a retry with the same
        Idempotency-Key answers the first cancel again instead)."""
        return jsonify(handlers.cancel(svc(), game_id, idempotency_key(request.headers.get("Idempotency-Key"))))


@blp.route("/games/<game_id>/seats/<int:seat>/leave")
class Leave(Endpoint):
    """A player leaving its seat."""

    @responds(200, "CommandResult", "The seat is open again (before the start) or a bot's now: the new "
                                    "version, its events and head.", *SEAT_CHANGE_ERRORS,
              operation_id="leaveSeat", security=SEAT, parameters=[IDEMPOTENCY_KEY])
    def post(self, game_id, seat):
        """Leave the game, with the seat's own token. Before the start the seat is open again for anyone to
        join and the token stops working (SeatVacated). Once the game runs a bot (option takeover_policy,
        else the ruleset's 'strong') plays the seat from now on, so the others can finish (SeatTakenOver,
        reason 'left'); the token stays valid: POST .../reclaim takes the seat back while the game runs
        (option allow_reclaim). 409 game_not_running (over), game_started (it started as you left: leave
        again), seat_is_a_bot."""
        return jsonify(handlers.leave(svc(), game_id, seat, idempotency_key(request.headers.get("Idempotency-Key"))))


@blp.route("/games/<game_id>/seats/<int:seat>/resign")
class Resign(Endpoint):
    """A player resigning."""

    @responds(200, "CommandResult", "Resigned: the new version, its events (the game's own rule) and head.",
              *SEAT_CHANGE_ERRORS, operation_id="resignSeat",
              security=SEAT, parameters=[IDEMPOTENCY_KEY])
    def post(self, game_id, seat):
        """Resign, with the seat's own token: the seat is out by the game's rule (docs/rules/<ruleset>.md,
        'Resigning') and can no longer win; in a game without such a rule a bot plays it on. The others
        play on; the result marks the seat as resigned. 409 game_not_running, already_resigned."""
        return jsonify(handlers.resign(svc(), game_id, seat, idempotency_key(request.headers.get("Idempotency-Key"))))


@blp.route("/games/<game_id>/seats/<int:seat>/reclaim")
class Reclaim(Endpoint):
    """A player taking its seat back from a bot."""

    @responds(200, "CommandResult", "The seat is the player's again: the new version, its event and head.",
              *SEAT_CHANGE_ERRORS, operation_id="reclaimSeat",
              security=SEAT, parameters=[IDEMPOTENCY_KEY])
    def post(self, game_id, seat):
        """Take back, with the seat's own token, a seat a bot took over (the player left, or missed
        takeover_after deadlines in a row) while the game runs (SeatReclaimed). 409 game_not_running,
        not_taken_over (no bot took it over, or its player resigned), reclaim_not_allowed (option
        allow_reclaim false)."""
        return jsonify(handlers.reclaim(svc(), game_id, seat, idempotency_key(request.headers.get("Idempotency-Key"))))


@blp.route("/games/<game_id>/rematch")
class Rematch(Endpoint):
    """Playing again."""

    @blp.arguments(RematchSchema, required=False)
    @responds(200, "RematchSeat", "Your seat in the rematch and its new token (shown once; null in the answer to "
                                  "a retry with the same Idempotency-Key).", 400, 401, 403, 404,
              409, 413, 429, 503, operation_id="rematchGame",
              security=SEAT, parameters=[REMATCH_IDEMPOTENCY_KEY])
    def post(self, body, game_id):
        """Play again, with your token of the finished game: the first call creates the rematch (same
        ruleset, seats and options, a fresh secret seed, everyone one seat on so another seat starts; the
        finished game's summary names it under 'rematch'); every player's call takes its kept seat with a
        new token; the rematch starts when the last player has called. The body is optional: a 'name'
        and a 'client_seed' for the new game. 409 game_not_over, game_cancelled (a cancelled game has no
        rematch), seat_taken (you already did)."""
        return jsonify(handlers.rematch(svc(), game_id, body.get("name"), body.get("client_seed"),
                                        idempotency_key(request.headers.get("Idempotency-Key"))))


@blp.route("/games/<game_id>/record")
class Record(Endpoint):
    """A finished game's portable record."""

    @responds(200, "GameRecord", "The record, as a download (stranded-<id>.json).", 404, 409, 429, 503, headers={
        "Content-Disposition": {"description": "attachment; filename=\"stranded-<game id>.json\"",
                                "schema": {"type": "string"}}, **CACHE_HEADERS}, not_modified=True, operation_id="getRecord")
    def get(self, game_id):
        """A finished game's portable record: the stream exactly as stored (every event, batch header and
        chain head), the server's caches and the revealed seed. Anyone may download it; `stranded verify
        --file record.json` checks it on any machine, with no server and no Redis (`--receipt
        VERSION:HEAD` against the heads you kept); `stranded import record.json` loads it into another
        server. 409 game_not_over while the game waits or runs. Rate-limited per address with the other
        costly reads (STRANDED_RATE_LIMIT_READS); a conditional request (If-None-Match) answers 304."""
        body, etag = handlers.record(svc(), game_id)
        response = current_app.response_class(body, mimetype="application/json")
        response.set_etag(etag)
        response.headers["Content-Disposition"] = f'attachment; filename="stranded-{game_id}.json"'
        return conditional(response, immutable=True)   # only a finished game has one


@blp.route("/games/<game_id>/verification")
class Verification(Endpoint):
    """Anyone's audit of a game."""

    @responds(200, "Verification", "The verdict kept for the game: ok, its status and exit code, one sentence, "
                                   "the head computed, and whether it covers the game's latest version (current).",
              404, 429, 503, accepted="No verdict is kept for the game yet: status 'pending'; it is being computed "
                                      "now, ask again in a moment.", operation_id="getVerification")
    def get(self, game_id):
        """Audit the game's log as this server holds it, as `stranded verify GAME_ID` does: the chain of
        heads, the envelopes, the rules re-run over every recorded command (once the game is over, from
        its revealed seed, so every shuffle and roll is checked; while it runs, the checks that need no
        seed) and the server's caches. A worker computes the verdict once per version of the game (a
        running game at most every 30 s) and the server keeps it; this answers from what is kept, never
        re-running the game itself, so it costs the same for a game of 10 events or 15,000. Anyone may
        ask; nothing is changed. While the game runs the problems found are counted, not listed (they may
        quote hidden events). Rate-limited per address (STRANDED_RATE_LIMIT_READS)."""
        body, status = handlers.verification(svc(), game_id)
        return jsonify(body), status
