"""Marshmallow schemas of the REST API's requests: bodies and query strings.

webargs validates every request with these (a 400 otherwise) and the OpenAPI
spec describes them from here; the responses' schemas are JSON Schema, in
``service.http.responses`` and ``service.http.openapi``.
"""
from __future__ import annotations

from marshmallow import INCLUDE, Schema, ValidationError, fields, validate

from events.table.checks import FORBIDDEN_NAME_CATEGORIES, MAX_NAME_LENGTH, name_problem  # noqa: F401 (re-exported)
from events.table.meta import STATUSES


def _doc(text: str) -> dict:
    return {"description": text}


#: The largest version a query may name (``after``): far beyond any game, within every store's integers.
MAX_VERSION = 10 ** 12


def check_name(name: str | None) -> None:
    """Refuse a display name holding a control, format (bidi override, zero-width) or line-separator
    character; raises marshmallow ``ValidationError`` (the request's 400 ``malformed``)."""
    if name is None or len(name) == 0:          # the length is the field's Length validator's to judge
        return
    why = name_problem(name[:MAX_NAME_LENGTH])
    if why is not None:
        raise ValidationError(why)


def name_field(required: bool, text: str, min_length: int = 1) -> fields.String:
    """A display name: ``min_length`` to :data:`MAX_NAME_LENGTH` characters, none of them a
    control or formatting character (:func:`check_name`)."""
    extra = dict(required=True) if required else dict(load_default=None, allow_none=True)
    return fields.String(validate=[validate.Length(min=min_length, max=MAX_NAME_LENGTH), check_name], **extra,
                         metadata=_doc(text))


#: A client seed as the spec describes it (``events.table.checks.check_client_seed`` checks it: 400 ``bad_client_seed``).
CLIENT_SEED_DOC = {
    "description": "Your own entropy for the game's randomness: 1 to 64 printable ASCII characters, written in the "
                   "log (public) before the first shuffle. The game seed is SHA-256(server seed 0x1F client seed "
                   "of seat 0 0x1F ... 0x1F client seed of the last seat) as 64 hex digits (a seat without one "
                   "adds an empty string; with no client seed at all, the server seed alone); the server commits "
                   "to its seed (GameCreated's seed_commitment) before it sees yours, and `stranded verify` recomputes "
                   "every draw from both. A 400 bad_client_seed otherwise. Default: none.",
    "minLength": 1, "maxLength": 64, "pattern": "^[ -~]+$"}


def client_seed_field() -> fields.String:
    """The optional ``client_seed`` of a seat (see :data:`CLIENT_SEED_DOC`)."""
    return fields.String(load_default=None, allow_none=True, metadata=dict(CLIENT_SEED_DOC))


class SeatRequestSchema(Schema):
    """A seat when creating a game: a human (gets a token), a bot, or open."""

    name = name_field(False, "Display name (at most 60 characters, no control or formatting characters); default "
                             "(also for an empty name) 'Seat <n>' or 'Bot <n>'.", min_length=0)
    bot = fields.String(load_default=None, allow_none=True,
                        metadata=_doc("Bot policy of the ruleset (GET /v1/rulesets lists them), or null for a human."))
    open = fields.Boolean(load_default=False, metadata=_doc("Leave the seat for someone to join."))
    invite = fields.Boolean(load_default=False, metadata=_doc(
        "With open: keep the seat for one invited player. The response's invites give the seat's invite code "
        "(shown once): whoever joins with it takes the seat; nobody else can. A 400 bad_seats on a seat that "
        "is not open."))
    auto_pass = fields.Boolean(load_default=False,
                               metadata=_doc("Answer every reaction window of this seat with a pass at once."))
    client_seed = client_seed_field()


class CreateGameSchema(Schema):
    """``POST /v1/games``."""

    ruleset = fields.String(required=True, metadata=_doc("The ruleset id."))
    seats = fields.List(fields.Nested(SeatRequestSchema), required=True, validate=validate.Length(min=1, max=12),
                        metadata=_doc("Every seat, in seat order (the ruleset's min_seats to max_seats)."))
    options = fields.Dict(keys=fields.String(), load_default=dict, metadata=_doc(
        "seed, turn_timeout_s, reaction_timeout_s and the ruleset's own (GET /v1/rulesets/{id} gives each one's "
        "type, default and bounds); a value outside them is a 400 and creates nothing."))


class JoinSchema(Schema):
    """``POST /v1/games/{id}/seats/{seat}/join`` and ``POST /v1/games/{id}/join``."""

    name = name_field(True, "Your display name (1 to 60 characters, no control or formatting characters).")
    auto_pass = fields.Boolean(load_default=False,
                               metadata=_doc("Answer every reaction window of this seat with a pass at once."))
    client_seed = client_seed_field()
    invite = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=100),
                           metadata=_doc("The invite code of a seat kept for you (from the creator's invites, "
                                         "usually inside a link). Without it, a kept seat answers 409 "
                                         "seat_reserved."))


class RematchSchema(Schema):
    """``POST /v1/games/{id}/rematch``: everything optional."""

    name = name_field(False, "Your display name in the new game (1 to 60 characters, no control or formatting "
                             "characters); default: the one you had.")
    client_seed = client_seed_field()


class GameListQuerySchema(Schema):
    """Filters and paging of the game list."""

    status = fields.String(validate=validate.OneOf(STATUSES), metadata=_doc("Only games in this status."))
    ruleset = fields.String(metadata=_doc("Only games of this ruleset."))
    limit = fields.Integer(load_default=50, validate=validate.Range(min=1, max=100),
                           metadata=_doc("Games per page (1 to 100)."))
    cursor = fields.String(load_default=None, validate=validate.Length(max=100), metadata=_doc(
        "The 'next_cursor' of the previous page; leave out for the first page."))


class CommandSchema(Schema):
    """A command: ``type`` plus the arguments the ruleset lists for it (``<Ruleset><Command>``
    components give each type's exact body)."""

    class Meta:
        """Arguments beyond ``type`` pass through; the ruleset checks them."""

        unknown = INCLUDE

    type = fields.String(required=True, metadata=_doc("The command type."))
    expected_version = fields.Integer(metadata=_doc("Refuse with 409 unless the game is still at this version."))


class EventsQuerySchema(Schema):
    """Paging of the log: versions after ``after``, at most ``limit``."""

    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=MAX_VERSION),
                           metadata=_doc("Only events after this version (0 to 10^12)."))
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=1000),
                           metadata=_doc("At most this many events (1 to 1000)."))


class StreamQuerySchema(Schema):
    """Where the event stream starts and how long it stays open."""

    after = fields.Integer(load_default=None, validate=validate.Range(min=0, max=MAX_VERSION), metadata=_doc(
        "Start after this version (0 to 10^12), unless a Last-Event-ID header says where (it wins); neither: "
        "after the game's version now."))
    ticket = fields.String(load_default=None, validate=validate.Length(min=1, max=100), metadata=_doc(
        "A stream ticket (POST .../stream-ticket with your seat token): opens your seat's stream from a "
        "native EventSource, which cannot send an Authorization header; it lasts 60 s, a reconnect after "
        "that needs a new one. A 403 invalid_ticket when unknown, expired or of another game."))
    timeout_s = fields.Float(load_default=None, validate=validate.Range(min=0, max=3600), metadata=_doc(
        "Close the stream after this many seconds (the server's maximum lifetime, 300 s by default, "
        "applies in any case); reconnect with Last-Event-ID to go on."))
