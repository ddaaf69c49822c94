"""The events the server itself writes into every game's log, and their published schemas.

``events.commands.handling`` and ``events.commands.seating`` append them (``events.table.system``
upcasts old ones): ``GameCreated`` opens every log, ``SeatJoined`` records an
open seat taken, ``SeatTakenOver``/``SeatReclaimed``/``SeatResigned`` record
who plays a seat from then on, ``GameCancelled`` records the creator closing a
waiting game, ``SeedRevealed`` closes a finished (or cancelled) game by
publishing its secret seed and stacked options (after it the log is complete
for everyone). Their ``data`` is the same for every ruleset; the spec lists
them beside each ruleset's own events.
"""
from __future__ import annotations

from events.games import schema as S

MAX_SEATS = 12

_CLIENT_SEED = S.nullable(S.string("The entropy the seat added to the game's seed (printable ASCII, 1 to 64 "
                                    "characters), or null.", max_length=64))
_TOKEN_SHA = S.nullable(S.string("SHA-256 (hex) of the seat's bearer token: the log commits to who holds the "
                                 "seat; null for a bot or an open seat."))
_SEAT = S.obj("A seat as the game was created with it.", {
    "name": S.nullable(S.string("The seat's display name.", max_length=60)),
    "bot": S.nullable(S.string("The bot policy playing the seat, or null for a human seat.")),
    "open": S.boolean("True while the seat waits for someone to join."),
    "client_seed": _CLIENT_SEED,
    "token_sha256": _TOKEN_SHA,
})

_OPTIONS = {"type": "object", "additionalProperties": True,
            "description": "The game's public options as created (turn_timeout_s, reaction_timeout_s and the "
                           "ruleset's own; GET /v1/rulesets/{id} describes each). Never the seed or a stack."}

SYSTEM_EVENT_SPECS = {
    "GameCreated": S.event(
        "The game was created: its ruleset, seats and public options, and a hiding commitment to its secret "
        "seed (opened by SeedRevealed when the game ends, so anyone can check no draw was rigged; docs/audit.md).",
        S.obj("What the game was created with.", {
            "ruleset": S.string("The ruleset id."),
            "rules_version": S.optional(S.string("The rules version the game is played under (absent in logs "
                                                 "written before it was recorded).")),
            "seats": S.array(_SEAT, "Every seat, in seat order.", min_items=1, max_items=MAX_SEATS),
            "options": _OPTIONS,
            "seed_commitment": S.string("The commitment to the secret server seed, 64 hex digits: with proofs 2, "
                                        "HMAC-SHA256 keyed by the game's audit key over 'stranded-seed/2', a zero "
                                        "byte and the seed (the key is secret until SeedRevealed publishes it, so "
                                        "no guess of the seed can be tested against it); with proofs 1 (games "
                                        "created before), the seed's bare SHA-256."),
            "proofs": S.integer("The proofs scheme (docs/audit.md): 2, the keyed seed commitment and the keyed "
                                "hash chain of every game created now; 1, a game created before them.", 1, 2),
            "seeded": S.boolean("True when the creator fixed the seed (tests, tutorials, bug reports)."),
            "stacked": S.boolean("True when the creator stacked the deal (tests, tutorials, bug reports)."),
            "rematch_of": S.nullable(S.string("The finished game this one is the rematch of, or null.")),
        }), sentence="The game was created."),
    "SeatJoined": S.event(
        "Someone took an open seat; when the last open seat is taken the game starts.",
        S.obj("The seat taken.", {
            "seat": S.seat("The seat taken.", MAX_SEATS),
            "name": S.string("The name the joining player gave.", max_length=60),
            "client_seed": _CLIENT_SEED,
            "token_sha256": _TOKEN_SHA,
        }), sentence="{seat:seat} took a seat."),
    "SeatVacated": S.event(
        "A seat's player left a game that had not started: the seat is open again, for anyone to join, and the "
        "leaver's token no longer works.",
        S.obj("The seat opened again.", {
            "seat": S.seat("The seat.", MAX_SEATS),
            "name": S.string("The open seat's name from now on: 'Seat <n>'.", max_length=60),
        }), sentence="{seat:seat} left before the start; the seat is open again."),
    "SeatTakenOver": S.event(
        "A bot plays this seat from now on: its player left, or missed as many deadlines in a row as the game "
        "allows (option takeover_after).",
        S.obj("Who plays the seat now, and why.", {
            "seat": S.seat("The seat.", MAX_SEATS),
            "policy": S.string("The bot policy that plays it (the game's takeover_policy option, else 'strong')."),
            "reason": S.string("'left' (its player left) or 'missed_deadlines'.", enum=["left", "missed_deadlines"]),
        }), sentence="A bot plays for {seat:seat} from now on ({reason:value})."),
    "SeatReclaimed": S.event(
        "The seat's player took the seat back from the bot that played it.",
        S.obj("The seat taken back.", {"seat": S.seat("The seat.", MAX_SEATS)}),
        sentence="{seat:seat} took the seat back from the bot."),
    "SeatResigned": S.event(
        "The seat resigned: it is out by the game's rule and can no longer win (docs/rules, 'Resigning'), or, "
        "in a game with no such rule, a bot plays it on.",
        S.obj("The seat that resigned.", {
            "seat": S.seat("The seat.", MAX_SEATS),
            "by_rule": S.boolean("True when the game's own rule took the seat out; false when a bot plays it on."),
        }), sentence="{seat:seat} resigned."),
    "GameCancelled": S.event(
        "The game's creator cancelled it before the start: it was never dealt, SeedRevealed follows in the same "
        "batch, its status is 'cancelled' and nothing can follow.",
        S.obj("Who cancelled the game.", {
            "seat": S.seat("The creator's seat (one the create filled) that sent the cancel.", MAX_SEATS),
        }), sentence="{seat:seat} cancelled the game before the start."),
    "SeedRevealed": S.event(
        "The game is over (finished, or cancelled before the start): its secret seed and secret options are published. From here on the log is complete "
        "for everyone and `stranded verify` can re-run the game.",
        S.obj("The secrets the game kept until its end.", {
            "seed": S.any_of([S.string("The seed as a string."), S.integer("The seed as a whole number.")],
                             "The game's server seed: it opens GameCreated's seed_commitment."),
            "audit_key": S.nullable(S.string("The game's audit key, 64 hex digits (proofs 2): it keys the seed "
                                             "commitment and the hash chain, secret until now; null in a game of "
                                             "proofs 1.")),
            "options": S.obj("The secret options the game was created with.", {
                "seed": S.optional(S.any_of([S.string("A string seed."), S.integer("A whole-number seed.")],
                                            "The seed option, when the creator fixed it.")),
                "stack": S.optional({"type": ["object", "null"], "additionalProperties": True,
                                     "description": "The stacked deal, as given (the ruleset's 'stack' option)."}),
            }),
        }), sentence="The secret seed was revealed: anyone can now verify the game."),
}
