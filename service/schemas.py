"""Marshmallow schemas of the REST API: requests, responses and errors.

The OpenAPI spec (``openapi.yaml``) is generated from these; a test fails when
the checked-in file and the generated spec differ.
"""
from __future__ import annotations

from marshmallow import INCLUDE, Schema, fields, validate

STATUSES = ("waiting", "active", "finished")


class ErrorBodySchema(Schema):
    code = fields.String(required=True, metadata={"description": "Stable machine-readable code."})
    message = fields.String(required=True, metadata={"description": "One sentence a player understands."})


class ErrorSchema(Schema):
    error = fields.Nested(ErrorBodySchema, required=True)


class OptionSchema(Schema):
    type = fields.String()
    default = fields.Raw(allow_none=True)
    description = fields.String()


class RulesetSchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    min_seats = fields.Integer(required=True)
    max_seats = fields.Integer(required=True)
    version = fields.String(required=True)
    options = fields.Dict(keys=fields.String(), values=fields.Nested(OptionSchema))
    commands = fields.Dict(keys=fields.String(), values=fields.Dict(keys=fields.String(), values=fields.String()),
                           metadata={"description": "Command type -> argument -> type ('?' = optional)."})
    bots = fields.List(fields.String(), metadata={"description": "Bot policies a seat may use."})


class RulesetListSchema(Schema):
    rulesets = fields.List(fields.Nested(RulesetSchema), required=True)


class SeatRequestSchema(Schema):
    name = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=60))
    bot = fields.String(load_default=None, allow_none=True, metadata={"description": "Bot policy, or null for a human."})
    open = fields.Boolean(load_default=False, metadata={"description": "Leave the seat for someone to join."})
    auto_pass = fields.Boolean(load_default=False, metadata={"description": "Pass every reaction window at once."})


class CreateGameSchema(Schema):
    ruleset = fields.String(required=True)
    seats = fields.List(fields.Nested(SeatRequestSchema), required=True, validate=validate.Length(min=1, max=12))
    options = fields.Dict(keys=fields.String(), load_default=dict,
                          metadata={"description": "seed, turn_timeout_s, reaction_timeout_s and the ruleset's own."})


class JoinSchema(Schema):
    name = fields.String(required=True, validate=validate.Length(min=1, max=60))
    auto_pass = fields.Boolean(load_default=False)


class SeatSchema(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(allow_none=True)
    bot = fields.String(allow_none=True)
    open = fields.Boolean()


class ToActSchema(Schema):
    seat = fields.Integer(required=True)
    kind = fields.String(required=True, metadata={"description": "turn, reaction or choice"})


class GameSummarySchema(Schema):
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


class SeatTokenSchema(Schema):
    seat = fields.Integer(required=True)
    token = fields.String(required=True, metadata={"description": "Bearer token of this seat; shown once."})


class CreatedGameSchema(GameSummarySchema):
    tokens = fields.List(fields.Nested(SeatTokenSchema), required=True)


class GameListSchema(Schema):
    games = fields.List(fields.Nested(GameSummarySchema), required=True)


class GameListQuerySchema(Schema):
    status = fields.String(validate=validate.OneOf(STATUSES))
    ruleset = fields.String()
    limit = fields.Integer(load_default=50, validate=validate.Range(min=1, max=500))
    offset = fields.Integer(load_default=0, validate=validate.Range(min=0))


class ViewQuerySchema(Schema):
    at = fields.Integer(validate=validate.Range(min=1), metadata={"description": "A past version."})


class ViewSchema(Schema):
    game_id = fields.String(required=True)
    version = fields.Integer(required=True)
    seat = fields.Integer(allow_none=True)
    view = fields.Dict(required=True)


class LegalCommandsSchema(Schema):
    game_id = fields.String(required=True)
    version = fields.Integer(required=True)
    seat = fields.Integer(required=True)
    commands = fields.List(fields.Dict(), required=True,
                           metadata={"description": "Complete command bodies: POST any one as it is."})


class CommandSchema(Schema):
    """A command: ``type`` plus the arguments the ruleset lists for it."""

    class Meta:
        unknown = INCLUDE

    type = fields.String(required=True)
    expected_version = fields.Integer(metadata={"description": "Reject with 409 if the game has moved past this version."})


class EventSchema(Schema):
    game_id = fields.String(required=True)
    version = fields.Integer(required=True)
    type = fields.String(required=True)
    schema = fields.Integer(required=True)
    data = fields.Dict(required=True)
    seat = fields.Integer(allow_none=True)
    command_id = fields.String(allow_none=True)
    command = fields.Dict(metadata={"description": "On the first event of a batch, to the seat that sent it."})
    ts = fields.String()


class CommandResultSchema(Schema):
    game_id = fields.String(required=True)
    version = fields.Integer(required=True)
    duplicate = fields.Boolean(metadata={"description": "True when an Idempotency-Key replayed an earlier result."})
    events = fields.List(fields.Nested(EventSchema), required=True)


class EventsQuerySchema(Schema):
    after = fields.Integer(load_default=0, validate=validate.Range(min=0))
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=1000))


class EventPageSchema(Schema):
    game_id = fields.String(required=True)
    version = fields.Integer(required=True)
    complete = fields.Boolean(required=True, metadata={"description": "True once the game is finished: nothing is redacted."})
    events = fields.List(fields.Nested(EventSchema), required=True)


class StreamQuerySchema(Schema):
    after = fields.Integer(load_default=None, validate=validate.Range(min=0),
                           metadata={"description": "Start after this version (else Last-Event-ID, else now)."})
    timeout_s = fields.Float(load_default=300, validate=validate.Range(min=0, max=3600))
