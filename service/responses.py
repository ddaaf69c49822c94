"""JSON Schemas of the API's responses that every ruleset shares.

They are built with the same builders the games use (``events.games.schema``),
so every field is typed and described and every object closed; the
per-ruleset schemas (views, events, legal commands, catalogues) are put
together from them in ``service.openapi``. ``REF`` names a component.
"""
from __future__ import annotations

from events.codec import CAUSES
from events.games import RULESETS
from events.games import schema as S
from events.meta import STATUSES

MAX_SEATS = max(r.max_seats for r in RULESETS.values())
KINDS = ("turn", "reaction", "choice")


def ref(name: str) -> dict:
    """A reference to the component ``name``."""
    return {"$ref": f"#/components/schemas/{name}"}


def _result_codes() -> list[str]:
    codes = {r["code"] for ruleset in RULESETS.values() for r in ruleset.catalogue.get("results", [])}
    return sorted(codes)


def outcome() -> dict:
    """The shared outcome of a finished game (``events.games.schema.outcome``), every ruleset's codes."""
    codes = _result_codes()
    schema = S.outcome(MAX_SEATS, codes or ["won"])
    if not codes:
        schema["properties"]["result"] = S.string("How the game ended, as a code (the ruleset's catalogue lists "
                                                  "and describes every code under 'results').")
    return schema


ERROR = S.obj("An error: a stable code and one sentence.", {"error": S.obj("What went wrong.", {
    "code": S.string("Stable machine-readable code (the README lists them)."),
    "message": S.string("One sentence a player understands."),
    "to_act": S.optional(S.array(ref("ToAct"), "With a 409 'not_your_turn': the decisions the game waits "
                                               "for instead.")),
})})

TO_ACT = S.obj("A decision the game waits for: who, on what, and until when.", {
    "seat": S.seat("The seat that must act.", MAX_SEATS),
    "kind": S.string("'turn' (a whole turn), 'reaction' (a window to answer another seat's card) or 'choice' "
                     "(a pick inside a turn).", enum=KINDS),
    "code": S.string("What is decided, as a code the ruleset's catalogue lists under 'decisions'."),
    "label": S.string("The decision in one public sentence."),
    "deadline_at": S.nullable(dict(S.string("When the seat's default is sent for it (UTC, ISO 8601): the time "
                                            "the decision began plus the seat's timeout; null when there is no "
                                            "deadline (a bot seat, or a turn in a game without turn_timeout_s)."),
                                   format="date-time")),
})

SUMMARY_PROPERTIES = {
    "id": S.string("The game's id."),
    "ruleset": S.string("The ruleset id (GET /v1/rulesets/{id} describes it).", enum=sorted(RULESETS)),
    "status": S.string("'waiting' for open seats, 'active' while played, 'finished' at the end.", enum=STATUSES),
    "version": S.integer("How many events the game's log holds.", 1),
    "created": S.string("When the game was created (UTC, ISO 8601)."),
    "updated": S.nullable(S.string("When the game's last event was written (UTC, ISO 8601).")),
    "seats": S.array(S.obj("A seat.", {
        "seat": S.seat("The seat number.", MAX_SEATS),
        "name": S.nullable(S.string("Its display name.")),
        "bot": S.nullable(S.string("The bot policy playing it, or null for a human.")),
        "open": S.boolean("True while it waits for someone to join."),
    }), "Every seat, in seat order."),
    "to_act": S.array(ref("ToAct"), "Who the game waits for now (empty while waiting for players and once over)."),
    "result": S.nullable(ref("Outcome")),
    "options": {"type": "object", "additionalProperties": True,
                "description": "The game's public options as created (never the seed or a stack): option name -> "
                               "value; GET /v1/rulesets/{id} gives each option's type, bounds and meaning."},
    "seeded": S.boolean("True when the creator fixed the seed."),
    "stacked": S.boolean("True when the creator stacked the deal."),
    "damaged": S.optional(S.boolean(
        "Present (and true) only when the game's log cannot be read or folded: nothing can be played or shown "
        "(commands answer 409 log_damaged) until an operator repairs it; the other fields then come from the "
        "server's cache.")),
    "damage": S.optional(S.string("With 'damaged': what is wrong with the log, in one sentence.")),
}
SUMMARY = S.obj("The public summary of a game: no secrets.", SUMMARY_PROPERTIES)
SUMMARY["properties"]["result"]["description"] = "How the game ended; null until it is over."

CREATED = S.obj("A created game: its summary plus a token per human seat, shown once.", {
    **SUMMARY_PROPERTIES,
    "tokens": S.array(ref("SeatToken"), "A bearer token for each human seat, shown only here."),
})

SEAT_TOKEN = S.obj("A seat's bearer token.", {
    "seat": S.seat("The seat.", MAX_SEATS),
    "token": S.string("Send it as 'Authorization: Bearer <token>'; shown once."),
})

GAME_LIST = S.obj("One page of games, newest first.", {
    "games": S.array(ref("GameSummary"), "Their public summaries."),
    "next_cursor": S.nullable(S.string("Pass as 'cursor' to get the next page; null on the last page.")),
})

OPTION = {"type": "object", "additionalProperties": False, "required": ["type", "default", "description"],
          "description": (
    "One game option: its JSON type ('type': a type name or a list of them), 'default', 'description', whether "
    "null is accepted ('nullable') and its bounds ('minimum', 'maximum', 'maxLength', 'enum') where it has them."),
    "properties": {
        "type": {"description": "JSON type name(s).", "anyOf": [{"type": "string"},
                                                                {"type": "array", "items": {"type": "string"}}]},
        "default": {"description": "The value used when the option is left out (null: none)."},
        "description": S.string("What the option does, its unit and its bounds."),
        "nullable": S.boolean("Whether null is accepted."),
        "minimum": S.number("Smallest value accepted."),
        "maximum": S.number("Largest value accepted."),
        "maxLength": S.integer("Longest string accepted.", 0),
        "enum": S.array({}, "Every value accepted."),
        "fields": {"type": "object", "additionalProperties": {"type": "object", "additionalProperties": True,
                                                              "description": "One field's JSON Schema."},
                   "description": "For an object option: its fields (no others are accepted), each with its "
                                  "type, bounds and whether it is 'required'."},
    }}

COMMAND_SPEC = S.obj("A command type: what it does and its arguments.", {
    "description": S.string("What the command does."),
    "arguments": S.map_of({"type": "object", "additionalProperties": True,
                           "description": "The argument's JSON Schema, with its enum or range."},
                          "Argument name -> its JSON Schema."),
    "required": S.array(S.string("An argument name."), "The arguments that must be sent."),
})

RULESET_SHORT = S.obj("A game this server hosts.", {
    "id": S.string("The ruleset id, as URLs and games name it."),
    "name": S.string("The game's printed name."),
    "min_seats": S.integer("Fewest seats a game may have.", 1),
    "max_seats": S.integer("Most seats a game may have.", 1),
    "version": S.string("The rules version new games are created with."),
    "options": S.map_of(ref("Option"), "Option name -> its type, default, bounds and description."),
    "commands": S.map_of(ref("CommandSpec"), "Command type -> its description and arguments."),
    "bots": S.array(S.string("A bot policy name."), "The bot policies a seat may use."),
})

RULESET_LIST = S.obj("The games this server hosts.", {"rulesets": S.array(ref("RulesetSummary"), "Each ruleset.")})

IN_COMMAND = S.nullable(S.obj("The command whose batch of events the version falls inside.", {
    "command_id": S.string("The command's id (every event of its batch carries it)."),
    "seat": S.nullable(S.seat("The seat that sent it (null: the server).", MAX_SEATS)),
    "from_version": S.integer("The version of the first event of its batch.", 1),
    "type": S.nullable(S.string("The command's type, when the caller may see the command (its sender, or "
                                "anyone once the game is over); else null.")),
}))
IN_COMMAND["description"] = ("Set when the version falls inside a command's batch (a replay slider shows those): "
                             "the command in progress; null at a version between commands.")


def envelope(data: dict, event_type: dict, description: str) -> dict:
    """An event of the log as served: the envelope with ``type`` and ``data`` given."""
    return S.obj(description, {
        "game_id": S.string("The game's id."),
        "version": S.integer("Position in the game's log, from 1, without gaps.", 1),
        "type": event_type,
        "schema": S.integer("Schema version of 'data' (older events are upcast when read).", 1),
        "data": data,
        "seat": S.nullable(S.seat("The seat whose command caused the event (null: the server, e.g. setup).",
                                  MAX_SEATS)),
        "command_id": S.nullable(S.string("The id of the command whose batch holds the event.")),
        "command": S.optional({"type": "object", "additionalProperties": True, "description": (
            "On the first event of a batch, to the seat that sent it (to everyone once the game is over): the "
            "command as posted.")}),
        "cause": S.nullable(S.string(
            "Who sent the command of the batch: 'seat' (a player), 'bot' (a bot seat's policy), 'deadline' (the "
            "seat's default, sent when its deadline passed) or 'system' (the server: creation, joins); null in "
            "logs written before it was recorded.", enum=CAUSES)),
        "ts": S.string("When the event was written (UTC, ISO 8601)."),
        "head": S.nullable(S.string("The chain head after this event, on the last event of each batch (keep "
                                    "(version, head) as a receipt); null on the other events.")),
    })


SHARED = {
    "Error": ERROR, "ToAct": TO_ACT, "Outcome": outcome(), "GameSummary": SUMMARY, "CreatedGame": CREATED,
    "SeatToken": SEAT_TOKEN, "GameList": GAME_LIST, "Option": OPTION, "CommandSpec": COMMAND_SPEC,
    "RulesetSummary": RULESET_SHORT, "RulesetList": RULESET_LIST, "InCommand": IN_COMMAND,
}
