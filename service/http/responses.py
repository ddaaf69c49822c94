"""JSON Schemas of the API's responses that every ruleset shares.

They are built with the same builders the games use (``events.games.schema``),
so every field is typed and described and every object closed; the
per-ruleset schemas (views, events, legal commands, catalogues) are put
together from them in ``service.http.openapi``. ``REF`` names a component.
"""
from __future__ import annotations

from events.log.codec import CAUSES
from events.games import RULESETS
from events.games import schema as S
from events.table.meta import STATUSES

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


_TO_ACT_OF_ERROR = S.optional(S.array(ref("ToAct"), "With a 409 'not_your_turn': the decisions the game waits "
                                                    "for instead."))
ERROR = S.obj("An error as RFC 9457 problem details (application/problem+json), with a stable code.", {
    "type": S.string("The problem's URI: 'urn:stranded:problem:' and its code."),
    "title": S.string("The code in words, the same for every problem of this type."),
    "status": S.integer("The HTTP status code.", 400, 599),
    "detail": S.string("One sentence a player understands, about this occurrence."),
    "code": S.string("Stable machine-readable code (the README lists them)."),
    "to_act": _TO_ACT_OF_ERROR,
    "error": S.obj("The code and the sentence again, as every error carried them before problem details.", {
        "code": S.string("Stable machine-readable code (the README lists them)."),
        "message": S.string("One sentence a player understands."),
        "to_act": _TO_ACT_OF_ERROR,
    }),
})

TO_ACT = S.obj("A decision the game waits for: who, on what, and until when.", {
    "seat": S.seat("The seat that must act.", MAX_SEATS),
    "kind": S.string("'turn' (a whole turn), 'reaction' (a window to answer another seat's card) or 'choice' "
                     "(a pick inside a turn).", enum=KINDS),
    "code": S.string("What is decided, as a code the ruleset's catalogue lists under 'decisions'."),
    "label": S.string("The decision in one public sentence."),
    "deadline_at": S.nullable(dict(S.string("When the seat's default is sent for it (UTC, ISO 8601): the time "
                                            "the decision began plus the seat's timeout, or when the seat's clock "
                                            "runs out if that is sooner (turns and choices in a game with a "
                                            "clock); null when there is no deadline (a bot seat, or a turn in a "
                                            "game without turn_timeout_s or clock). It is the server's time: "
                                            "count down against the server's clock (the Date header of any "
                                            "answer), not the device's, which may run fast or slow."),
                                   format="date-time")),
})

#: A chain head as served: 32 bytes in unpadded base64url (``events.log.chain``).
HEAD = dict(S.string("A chain head: the SHA-256 of the log up to a version (events.log.chain), as 43 characters of "
                     "unpadded base64url."), minLength=43, maxLength=43, pattern="^[A-Za-z0-9_-]{43}$")

RECEIPT = S.obj("A receipt: the chain head at a version. Keep it; `stranded verify --file record.json --receipt "
                "VERSION:HEAD` shows whether the game's log still gives it (a log rewritten after it does not).", {
    "version": S.integer("The version the head is at.", 1),
    "head": HEAD,
})


def nullable_ref(name: str, description: str) -> dict:
    """The component ``name`` or null, described."""
    return {"anyOf": [ref(name), {"type": "null"}], "description": description}


SEAT_STATE = S.obj("A seat, and who plays it now.", {
    "seat": S.seat("The seat number.", MAX_SEATS),
    "name": S.nullable(S.string("Its display name.")),
    "bot": S.nullable(S.string("The bot policy playing it now (a bot seat, or one a bot took over), or null for a "
                               "human.")),
    "open": S.boolean("True while it waits for someone to join."),
    "reserved": S.boolean("True while an open seat is kept for one player (an invite, or the player of a "
                          "rematch's earlier game): only that player can join it."),
    "replaced_by": S.nullable(S.string("The bot policy playing it in its player's place (the player left, missed "
                                       "too many deadlines in a row, or resigned in a game without a resign "
                                       "rule), or null.")),
    "resigned": S.boolean("True once its player resigned (the game's own rule, docs/rules 'Resigning')."),
    "left": S.boolean("True when its player left (a bot plays on) and has not taken the seat back."),
})

CLOCK = S.obj("One seat's time bank (Fischer: initial_s, plus increment_s after each of its own commands).", {
    "remaining_s": S.number("Seconds left when the clock last started or stopped.", 0),
    "running_since": S.nullable(dict(S.string("Since when it runs (UTC, ISO 8601): the seat must act on a turn or "
                                              "a choice; time left now is remaining_s minus the seconds since "
                                              "on the server's clock (the Date header of any answer, not the "
                                              "device's). Null while stopped."), format="date-time")),
})

CLOCKS = S.nullable(S.map_of(ref("Clock"), "Each human seat's clock (keys are seat numbers as strings).",
                             keys={"type": "string", "pattern": "^[0-9]+$"}))
CLOCKS["description"] = ("The seats' clocks (option clock): per human seat, keys are seat numbers as strings; "
                         "null when the game has no clock.")

SUMMARY_PROPERTIES = {
    "id": S.string("The game's id."),
    "ruleset": S.string("The ruleset id (GET /v1/rulesets/{id} describes it).", enum=sorted(RULESETS)),
    "status": S.string("'waiting' for open seats, 'active' while played, 'finished' at the end, 'cancelled' when "
                       "its creator closed it before the start (POST /v1/games/{id}/cancel).", enum=STATUSES),
    "version": S.integer("How many events the game's log holds.", 1),
    "head": nullable_ref("Receipt", "The chain head at 'version': a receipt (null for a log written before the "
                                    "chain, or a damaged one)."),
    "created": S.string("When the game was created (UTC, ISO 8601)."),
    "updated": S.nullable(S.string("When the game's last event was written (UTC, ISO 8601).")),
    "seats": S.array(ref("SeatState"), "Every seat, in seat order, and who plays it now."),
    "clocks": CLOCKS,
    "to_act": S.array(ref("ToAct"), "Who the game waits for now (empty while waiting for players and once over)."),
    "result": S.nullable(ref("Result")),
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
    "rematch": S.nullable(S.string("The game this finished table plays next (POST .../rematch), or null.")),
    "rematch_of": S.nullable(S.string("The finished game this one is the rematch of, or null.")),
}
SUMMARY = S.obj("The public summary of a game: no secrets.", SUMMARY_PROPERTIES)
SUMMARY["properties"]["result"]["description"] = "How the game ended; null until it is over."

CREATED = S.obj("A created game: its summary plus a token per human seat, shown once.", {
    **SUMMARY_PROPERTIES,
    "tokens": S.array(ref("SeatToken"), "A bearer token for each human seat, shown only here."),
    "invites": S.array(ref("SeatInvite"), "An invite code for each open seat created with invite: true, shown "
                                          "only here: give it to the one player the seat is kept for."),
})

STREAM_TICKET = S.obj("A ticket that opens one seat's event stream of one game.", {
    "ticket": S.string("Put it in the stream's URL: GET /v1/games/{id}/stream?ticket=...; shown once."),
    "seat": S.seat("The seat whose stream it opens.", MAX_SEATS),
    "expires_in_s": S.integer("Seconds it opens the stream for, from now (a reconnect after that needs a new "
                              "ticket).", 1, 3600),
})

SEAT_INVITE = S.obj("An open seat kept for one invited player.", {
    "seat": S.seat("The seat kept.", MAX_SEATS),
    "code": S.string("The invite code: the player joins with it (POST .../join with invite); shown once."),
})

SEAT_TOKEN = S.obj("A seat's bearer token.", {
    "seat": S.seat("The seat.", MAX_SEATS),
    "token": S.string("Send it as 'Authorization: Bearer <token>'; shown once."),
})

JOINED_SEAT = S.obj("The seat a join took, and its bearer token (shown once).", {
    "seat": S.seat("The seat taken.", MAX_SEATS),
    "token": S.nullable(S.string("Send it as 'Authorization: Bearer <token>'; shown once: null in the answer to a "
                                 "retry with the same Idempotency-Key (only the first answer holds it).")),
    "duplicate": S.boolean("True when this answers a retry with the Idempotency-Key of an earlier join: no seat "
                           "was taken now, and the token is not shown again."),
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


def envelope(data: dict, event_type: dict, description: str, command: dict | None = None) -> dict:
    """An event of the log as served: the envelope with ``type`` and ``data`` given; ``command``: the
    schema of the command as posted (default: any object)."""
    return S.obj(description, {
        "game_id": S.string("The game's id."),
        "version": S.integer("Position in the game's log, from 1, without gaps.", 1),
        "type": event_type,
        "schema": S.integer("Schema version of 'data' (older events are upcast when read).", 1),
        "data": data,
        "seat": S.nullable(S.seat("The seat whose command caused the event (null: the server, e.g. setup).",
                                  MAX_SEATS)),
        "command_id": S.nullable(S.string("The id of the command whose batch holds the event.")),
        "command": S.optional({**(command or {"type": "object", "additionalProperties": True}), "description": (
            "On the first event of a batch, to the seat that sent it (to everyone once the game is over): the "
            "command as posted (without expected_version), or the server's own (CreateGame, JoinSeat, "
            "TakeOverSeat, ReclaimSeat, ResignSeat).")}),
        "cause": S.nullable(S.string(
            "Who sent the command of the batch: 'seat' (a player), 'bot' (a bot seat's policy), 'deadline' (the "
            "seat's default, sent when its deadline passed) or 'system' (the server: creation, joins); null in "
            "logs written before it was recorded.", enum=CAUSES)),
        "ts": S.string("When the event was written (UTC, ISO 8601)."),
        "head": S.nullable(S.string("The chain head after this event: keep (version, head) as a receipt. Always "
                                    "set in GET .../events and the stream; in a command's result, on its last "
                                    "event (the result's head); null in logs written before the chain.")),
    })


_SEAT_ARG = S.seat("The seat it changes.", MAX_SEATS)
#: The commands the server writes itself (``events.commands.handling``, ``events.commands.seating``), as logged.
SYSTEM_COMMANDS = {
    "CreateGame": S.obj("The game was created (POST /v1/games or a rematch).", {
        "type": S.const("CreateGame", "The type."),
        "ruleset": S.optional(S.string("Logs written before proofs 2 only: the ruleset id.")),
        "seats": S.optional(S.array(S.map_of({"description": "A value."}, "A seat as created."),
                                    "Logs written before proofs 2 only: the seats as created.")),
        "options": S.optional(S.map_of({"description": "A value."}, "Logs written before proofs 2 only: the "
                                                                     "options as created."))}),
    "JoinSeat": S.obj("Someone took an open seat (POST .../join).", {
        "type": S.const("JoinSeat", "The type."), "seat": _SEAT_ARG}),
    "VacateSeat": S.obj("A player left a game that had not started; the seat is open again "
                        "(POST .../leave before the start).", {
        "type": S.const("VacateSeat", "The type."), "seat": _SEAT_ARG}),
    "TakeOverSeat": S.obj("A bot took a seat over.", {
        "type": S.const("TakeOverSeat", "The type."), "seat": _SEAT_ARG,
        "reason": S.string("Why: its player left, or missed too many deadlines in a row.",
                           enum=["left", "missed_deadlines"])}),
    "ReclaimSeat": S.obj("A player took its seat back from a bot (POST .../reclaim).", {
        "type": S.const("ReclaimSeat", "The type."), "seat": _SEAT_ARG}),
    "ResignSeat": S.obj("A player resigned (POST .../resign).", {
        "type": S.const("ResignSeat", "The type."), "seat": _SEAT_ARG}),
    "CancelGame": S.obj("The creator cancelled the game before the start (POST .../cancel).", {
        "type": S.const("CancelGame", "The type."), "seat": S.seat("The creator's seat that cancelled it.",
                                                                  MAX_SEATS)}),
}


REMATCH_SEAT = S.obj("Your seat in the rematch, and its token (shown once).", {
    "game_id": S.string("The rematch's id; it starts when every player of the finished game has called rematch."),
    "seat": S.seat("Your seat in it: one place on from your old one (old seat 1 sits at 0, ..., old seat 0 last).",
                   MAX_SEATS),
    "token": S.nullable(S.string("Your new seat's token: send it as 'Authorization: Bearer <token>'; shown once: "
                                 "null in the answer to a retry with the same Idempotency-Key.")),
    "duplicate": S.boolean("True when this answers a retry with the Idempotency-Key of an earlier rematch call: "
                           "nothing new was taken, and the token is not shown again."),
})

_RECORD_SEAT = S.obj("A seat as the server's meta hash holds it (no token, only its hash).", {
    "name": S.nullable(S.string("Its display name.")),
    "bot": S.nullable(S.string("The bot policy playing it at the end, or null.")),
    "open": S.boolean("True while it waited for someone to join."),
    "client_seed": S.nullable(S.string("The entropy the seat added to the game's seed, or null.")),
    "token_sha256": S.nullable(S.string("SHA-256 (hex) of the seat's token, or null.")),
    "replaced": S.boolean("True when a bot played it in its player's place at the end (it left, went silent or "
                          "resigned in a game without a resign rule)."),
    "left": S.boolean("True when its player left and did not take the seat back."),
    "resigned": S.boolean("True once its player resigned."),
})

GAME_RECORD = S.obj(
    "A game's portable record (format stranded-record/1): everything `stranded verify --file` needs to check the "
    "game with no server: the stream exactly as stored, the server's caches, the revealed seed. "
    "`stranded import` loads it into another server.", {
        "format": S.const("stranded-record/1", "The record format."),
        "game_id": S.string("The game's id (the chain's genesis is bound to it)."),
        "entries": S.array(S.tuple_of([
            dict(S.string("The stream entry id, '<version>-0'."), pattern="^[0-9]+-0$"),
            S.map_of(S.string("A field's value as stored."),
                     "The entry's fields as stored: 'e' (the event type and its data as canonical JSON) and 'b' "
                     "(the batch header on a batch's first event, else its position; the chain head after the "
                     "last event of each batch); the fields of stream layout 1 in older logs.")],
            "One stream entry: its id and fields."), "The game's stream, in version order."),
        "meta": {"description": "What the server's meta hash says (a cache of the log: verify checks it), or "
                                "{\"unreadable\": true}.",
                 "anyOf": [S.obj("The meta hash's public fields.", {
                     "ruleset": S.string("The ruleset id."),
                     "rules_version": S.string("The rules version ('' in games created before it was kept)."),
                     "status": S.string("The game's status.", enum=list(STATUSES)),
                     "result": {"type": ["object", "null"], "additionalProperties": True,
                                "description": "The stored result (the outcome shape; older games an older shape)."},
                     "created": S.string("When the game was created (UTC, ISO 8601)."),
                     "seats": S.array(_RECORD_SEAT, "Every seat, in seat order."),
                     "imported": S.boolean("True when this server imported the game from a record."),
                 }), S.obj("A meta hash the server could not read.", {"unreadable": S.const(True, "Unreadable.")})]},
        "snapshot": S.nullable(S.string("The server's latest snapshot, as JSON text (a cache of the log: verify "
                                        "checks it).")),
        "seed": {"type": ["string", "integer", "null"], "description": "The revealed server seed (copied from "
                                                                        "SeedRevealed), or null."},
        "seed_commitment": S.nullable(S.string("The commitment to the seed (copied from GameCreated's "
                                               "seed_commitment; 64 hex digits), or null.")),
    })


VERIFICATION = S.obj("The audit of a game's log as this server holds it (what `stranded verify GAME_ID` checks).", {
    "ok": S.nullable(S.boolean("True when nothing departs from the rules and the chain (a running game may be "
                               "ok); null while the first verdict is being computed (status 'pending').")),
    "status": S.string("'verified' (a finished game re-runs exactly from its revealed seed), 'tampered' (something "
                       "departs: see 'message' and 'problems'), 'consistent_so_far' (a running game: the chain "
                       "and every recorded command check out; the random draws can be checked once its seed is "
                       "revealed) or 'pending' (no verdict is kept yet: it is being computed; ask again).",
                       enum=["verified", "tampered", "consistent_so_far", "pending"]),
    "code": S.nullable(S.integer("The exit code `stranded verify` gives: 0 verified, 1 tampered, 3 consistent so "
                                 "far; null while pending.", 0, 3)),
    "message": S.string("The verdict in one sentence a player understands."),
    "version": S.integer("How many events the audited log holds (while pending: the game's version now).", 0),
    "current": S.boolean("True when the verdict covers the game's latest version; false when it covers an earlier "
                         "one (a newer verdict is being computed: ask again to get it) or while pending."),
    "head": nullable_ref("Receipt", "The chain head the audit computed at the log's last version: compare it "
                                    "with a receipt you kept (null for a log written before the chain)."),
    "problems": S.array(S.string("One departure, with the version where it is found."),
                        "Every departure found, in order; listed only once the game is over (while it runs a "
                        "departure may quote events hidden from some seats), so empty before."),
})


def result() -> dict:
    """The summary's result: the shared outcome plus the seats that did not play to the end themselves."""
    schema = outcome()
    properties = {**schema["properties"],
                  "replaced": S.array(S.seat("A seat.", MAX_SEATS), "Seats a bot was playing in their player's "
                                                                    "place when the game ended."),
                  "resigned": S.array(S.seat("A seat.", MAX_SEATS), "Seats whose player resigned.")}
    return S.obj("How the game ended, with the seats a bot replaced or whose player resigned marked.", properties)


SHARED = {
    "Problem": ERROR, "ToAct": TO_ACT, "Outcome": outcome(), "GameSummary": SUMMARY, "CreatedGame": CREATED,
    "SeatToken": SEAT_TOKEN, "JoinedSeat": JOINED_SEAT, "SeatInvite": SEAT_INVITE, "StreamTicket": STREAM_TICKET, "GameList": GAME_LIST, "Option": OPTION, "CommandSpec": COMMAND_SPEC,
    "RulesetSummary": RULESET_SHORT, "RulesetList": RULESET_LIST, "InCommand": IN_COMMAND,
    "Receipt": RECEIPT, "SeatState": SEAT_STATE, "Clock": CLOCK, "Result": result(),
    **{f"SystemCommand{name}": schema for name, schema in SYSTEM_COMMANDS.items()},
    "RematchSeat": REMATCH_SEAT, "GameRecord": GAME_RECORD, "Verification": VERIFICATION,
}
