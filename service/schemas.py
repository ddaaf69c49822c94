"""Marshmallow schemas of the REST API: requests, responses and errors.

The OpenAPI spec (``openapi.yaml``) is generated from these; a test fails when
the checked-in file and the generated spec differ.
"""
from __future__ import annotations

from marshmallow import INCLUDE, Schema, fields, validate

from events.meta import STATUSES


class ErrorBodySchema(Schema):
    """The body of an error: a stable code and one sentence."""

    code = fields.String(required=True, metadata={"description": "Stable machine-readable code."})
    message = fields.String(required=True, metadata={"description": "One sentence a player understands."})


class ErrorSchema(Schema):
    """Every error response: ``{"error": {"code", "message"}}``."""

    error = fields.Nested(ErrorBodySchema, required=True)


class OptionSchema(Schema):
    """One game option: JSON type, default and what it does."""

    type = fields.String()
    default = fields.Raw(allow_none=True)
    description = fields.String()


class RulesetSchema(Schema):
    """A game this server hosts."""

    id = fields.String(required=True)
    name = fields.String(required=True)
    min_seats = fields.Integer(required=True)
    max_seats = fields.Integer(required=True)
    version = fields.String(required=True)
    options = fields.Dict(keys=fields.String(), values=fields.Nested(OptionSchema))
    commands = fields.Dict(keys=fields.String(), values=fields.Dict(),
                           metadata={"description": "Command type -> {description, arguments, required}."})
    bots = fields.List(fields.String(), metadata={"description": "Bot policies a seat may use."})


class RulesetListSchema(Schema):
    """``GET /v1/rulesets``."""

    rulesets = fields.List(fields.Nested(RulesetSchema), required=True)


class SeatRequestSchema(Schema):
    """A seat when creating a game: a human (gets a token), a bot, or open."""

    name = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=60))
    bot = fields.String(load_default=None, allow_none=True, metadata={"description": "Bot policy, or null for a human."})
    open = fields.Boolean(load_default=False, metadata={"description": "Leave the seat for someone to join."})
    auto_pass = fields.Boolean(load_default=False, metadata={"description": "Pass every reaction window at once."})


class CreateGameSchema(Schema):
    """``POST /v1/games``."""

    ruleset = fields.String(required=True)
    seats = fields.List(fields.Nested(SeatRequestSchema), required=True, validate=validate.Length(min=1, max=12))
    options = fields.Dict(keys=fields.String(), load_default=dict,
                          metadata={"description": "seed, turn_timeout_s, reaction_timeout_s and the ruleset's own."})


class JoinSchema(Schema):
    """``POST /v1/games/{id}/seats/{seat}/join``."""

    name = fields.String(required=True, validate=validate.Length(min=1, max=60))
    auto_pass = fields.Boolean(load_default=False)


class SeatSchema(Schema):
    """A seat as the public summary shows it."""

    seat = fields.Integer(required=True)
    name = fields.String(allow_none=True)
    bot = fields.String(allow_none=True)
    open = fields.Boolean()


class ToActSchema(Schema):
    """A pending decision: who must act and on what kind of decision."""

    seat = fields.Integer(required=True)
    kind = fields.String(required=True, metadata={"description": "turn, reaction or choice"})


class GameSummarySchema(Schema):
    """The public summary of a game (no secrets)."""

    id = fields.String(required=True)
    ruleset = fields.String(required=True)
    status = fields.String(required=True, validate=validate.OneOf(STATUSES))
    version = fields.Integer(required=True)
    created = fields.String()
    seats = fields.List(fields.Nested(SeatSchema))
    to_act = fields.List(fields.Nested(ToActSchema))
    result = fields.Dict(allow_none=True)
    options = fields.Dict()
    seeded = fields.Boolean()
    stacked = fields.Boolean()
    damaged = fields.Boolean(metadata={"description": (
        "Present and true only when the game's log cannot be read or folded: nothing can be played or shown "
        "(commands answer 409 log_damaged) until an operator repairs it.")})
    damage = fields.String(metadata={"description": "What is wrong with a damaged game's log, in one sentence."})


class SeatTokenSchema(Schema):
    """A seat's bearer token."""

    seat = fields.Integer(required=True)
    token = fields.String(required=True, metadata={"description": "Bearer token of this seat; shown once."})


class CreatedGameSchema(GameSummarySchema):
    """A created game: its summary plus a token per human seat, shown once."""

    tokens = fields.List(fields.Nested(SeatTokenSchema), required=True)


class GameListSchema(Schema):
    """``GET /v1/games``: one page, newest first."""

    games = fields.List(fields.Nested(GameSummarySchema), required=True)
    next_cursor = fields.String(required=True, allow_none=True, metadata={"description": (
        "Pass as 'cursor' to get the next page; null on the last page.")})


class GameListQuerySchema(Schema):
    """Filters and paging of the game list."""

    status = fields.String(validate=validate.OneOf(STATUSES))
    ruleset = fields.String()
    limit = fields.Integer(load_default=50, validate=validate.Range(min=1, max=100),
                           metadata={"description": "Games per page."})
    cursor = fields.String(load_default=None, validate=validate.Length(max=100), metadata={"description": (
        "The 'next_cursor' of the previous page; leave out for the first page.")})


class ViewQuerySchema(Schema):
    """``?at=N``: the view after the first N events."""

    at = fields.Integer(validate=validate.Range(min=1), metadata={"description": "A past version."})


class ViewSchema(Schema):
    """What the caller's seat (or a spectator) may see."""

    game_id = fields.String(required=True)
    version = fields.Integer(required=True)
    seat = fields.Integer(allow_none=True)
    view = fields.Dict(required=True)


class LegalCommandsSchema(Schema):
    """What the caller's seat may send now."""

    game_id = fields.String(required=True)
    version = fields.Integer(required=True)
    seat = fields.Integer(required=True)
    commands = fields.List(fields.Dict(), required=True,
                           metadata={"description": "Complete command bodies: POST any one as it is."})


class CommandSchema(Schema):
    """A command: ``type`` plus the arguments the ruleset lists for it."""

    class Meta:
        """Arguments beyond ``type`` pass through; the ruleset checks them."""

        unknown = INCLUDE

    type = fields.String(required=True)
    expected_version = fields.Integer(metadata={"description": "Reject with 409 if the game has moved past this version."})


class EventSchema(Schema):
    """One event of the log, redacted for the caller."""

    game_id = fields.String(required=True)
    version = fields.Integer(required=True)
    type = fields.String(required=True)
    schema = fields.Integer(required=True)
    data = fields.Dict(required=True)
    seat = fields.Integer(allow_none=True)
    command_id = fields.String(allow_none=True)
    command = fields.Dict(metadata={"description": "On the first event of a batch, to the seat that sent it."})
    ts = fields.String()
    cause = fields.String(allow_none=True, validate=validate.OneOf(["seat", "bot", "deadline", "system"]),
                          metadata={"description": "Why the batch was written: a seat's own command, a bot's, "
                                                   "a deadline's default, or the server's (create, join)."})
    head = fields.String(allow_none=True, metadata={"description": (
        "The chain head after this event, on the last event of each batch (64 hex digits); else null.")})


class CommandResultSchema(Schema):
    """The result of a command: the new version and the caller's events."""

    game_id = fields.String(required=True)
    version = fields.Integer(required=True)
    duplicate = fields.Boolean(metadata={"description": "True when an Idempotency-Key replayed an earlier result."})
    events = fields.List(fields.Nested(EventSchema), required=True)
    head = fields.String(allow_none=True, metadata={"description": (
        "The chain head after this batch (64 hex digits): keep (version, head) as a receipt.")})


class EventsQuerySchema(Schema):
    """Paging of the log: versions after ``after``, at most ``limit``."""

    after = fields.Integer(load_default=0, validate=validate.Range(min=0))
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=1000))


class EventPageSchema(Schema):
    """A page of the log."""

    game_id = fields.String(required=True)
    version = fields.Integer(required=True)
    complete = fields.Boolean(required=True, metadata={"description": "True once the game is finished: nothing is redacted."})
    events = fields.List(fields.Nested(EventSchema), required=True)


class StreamQuerySchema(Schema):
    """Where the event stream starts and how long it stays open."""

    after = fields.Integer(load_default=None, validate=validate.Range(min=0),
                           metadata={"description": "Start after this version (else Last-Event-ID, else now)."})
    timeout_s = fields.Float(load_default=300, validate=validate.Range(min=0, max=3600))
