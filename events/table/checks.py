"""Checks a request passes before the rules see it: command shape, options, seats.

Each raises :class:`MalformedCommand` (HTTP 400) with a stable code and a
sentence a player understands; nothing is written when one fails.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Any

from events.games.contract import Ruleset, RuleViolation
from events.games.schema import check
from events.table.meta import MIN_SEED_LENGTH, SERVER_OPTIONS, GameMeta


#: What a game id may look like: the ids the server makes are 16 hex digits (the API answers 404
#: for any other id; ``stranded import`` refuses a record whose id is not one).
GAME_ID = re.compile(r"^[A-Za-z0-9_.:-]{1,128}$")
#: The longest display name, in characters.
MAX_NAME_LENGTH = 60
#: Unicode categories a name may not hold: control and format characters (the bidi overrides
#: U+202A-U+202E and isolates U+2066-U+2069, zero-width ones) and line or paragraph separators,
#: which could make a name look like another or hide text around it.
FORBIDDEN_NAME_CATEGORIES = {"Cc", "Cf", "Zl", "Zp"}


def name_problem(name: Any) -> str | None:
    """Why ``name`` cannot be a display name (a sentence), or None when it can: a string of 1 to
    :data:`MAX_NAME_LENGTH` characters with no control, format (bidi override, zero-width) or
    line-separator character. The API's request schemas and ``stranded import`` both use it."""
    if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME_LENGTH:
        return f"A name is 1 to {MAX_NAME_LENGTH} characters."
    for char in name:
        if unicodedata.category(char) in FORBIDDEN_NAME_CATEGORIES:
            return f"Names may not hold control or formatting characters (U+{ord(char):04X})."
    return None


class MalformedCommand(RuleViolation):
    """A command or request the server cannot read (400): unknown type, wrong arguments."""

    def __init__(self, code: str, message: str):
        super().__init__(code, message, status=400)


def check_command(ruleset: Ruleset, command: Any) -> dict:
    """Check a command against its spec in ``ruleset.commands``; return it.

    Raises MalformedCommand: not an object, no/unknown ``type``
    (``malformed_command``/``unknown_command``), an unknown or missing
    argument, or a value outside the argument's schema: its type, enum or
    range (``bad_arguments``).
    """
    if not isinstance(command, dict) or not isinstance(command.get("type"), str):
        raise MalformedCommand("malformed_command", "A command is a JSON object with a string 'type'.")
    spec = ruleset.commands.get(command["type"])
    if spec is None:
        raise MalformedCommand("unknown_command",
                               f"'{command['type']}' is not a command of {ruleset.name}.")
    arguments = spec["arguments"]
    for name, value in command.items():
        if name == "type":
            continue
        schema = arguments.get(name)
        if schema is None:
            raise MalformedCommand("bad_arguments", f"{command['type']} takes no argument '{name}'.")
        why = check(value, schema)
        if why is not None:
            raise MalformedCommand("bad_arguments", f"'{name}' of {command['type']} {why}.")
    for name in spec["required"]:
        if name not in command:
            raise MalformedCommand("bad_arguments", f"{command['type']} needs '{name}'.")
    return command


def option_schema(spec: dict) -> dict:
    """The JSON Schema of one option spec (``{"type", "default", "nullable", bounds...}``):
    its type (plus ``null`` when the option is nullable, or its default is null and
    ``nullable`` is not said), its ``minimum``/``maximum``/``maxLength``/``enum``, and
    for an object option its ``fields`` (each a schema, ``"required": true`` for the
    ones it must have; no other field)."""
    kinds = spec.get("type", [])
    kinds = [kinds] if isinstance(kinds, str) else list(kinds)
    if spec.get("nullable", spec.get("default", 0) is None) and "null" not in kinds:
        kinds.append("null")
    out = {key: spec[key] for key in ("minimum", "maximum", "maxLength", "enum") if key in spec}
    if "fields" in spec:                       # an object option: its fields, none other
        out["properties"] = {name: {k: v for k, v in field.items() if k != "required"}
                             for name, field in spec["fields"].items()}
        out["required"] = [name for name, field in spec["fields"].items() if field.get("required")]
        out["additionalProperties"] = False
    if kinds:
        out["type"] = kinds
    if "enum" in out and "null" in kinds and None not in out["enum"]:
        out["enum"] = [*out["enum"], None]
    return out


def check_options(ruleset: Ruleset, options: Any) -> dict:
    """Validate game options (server options plus the ruleset's own) against their bounds.

    Every option has a type and, where it is a number or a string, bounds
    (``SERVER_OPTIONS``, ``ruleset.options``). Raises MalformedCommand
    ``bad_options`` for a non-object, an unknown option, or a value of the
    wrong type or outside its bounds -- before anything is written. The
    inside of a stacked deal (``stack``) is the ruleset's ``setup`` to check.
    """
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise MalformedCommand("bad_options", "Options must be a JSON object.")
    for name, value in options.items():
        spec = SERVER_OPTIONS.get(name) or ruleset.options.get(name)
        if spec is None:
            raise MalformedCommand("bad_options", f"'{name}' is not an option of {ruleset.name}.")
        why = check(value, option_schema(spec))
        if why is not None:
            raise MalformedCommand("bad_options", f"Option '{name}' {why}.")
    check_seed(options)
    policy = options.get("takeover_policy")
    if policy is not None and policy not in ruleset.bots:
        raise MalformedCommand("bad_options", f"Option 'takeover_policy' must be one of {', '.join(sorted(ruleset.bots))}.")
    return dict(options)


def check_seed(options: dict) -> None:
    """A chosen ``seed`` option is not empty and, unless the game is stacked (``stack``), has at
    least :data:`events.table.meta.MIN_SEED_LENGTH` characters (a whole number: digits). Raises
    MalformedCommand ``bad_options`` otherwise (docs/audit.md, 'Chosen seeds')."""
    if "seed" not in options:
        return
    text = str(options["seed"])
    if not text:
        raise MalformedCommand("bad_options", "Option 'seed' must not be empty: leave it out for a secret seed.")
    if len(text) < MIN_SEED_LENGTH and "stack" not in options:
        raise MalformedCommand("bad_options", f"Option 'seed' must be at least {MIN_SEED_LENGTH} characters long "
                                              "(a shorter seed could be guessed, and the deal with it), unless "
                                              "the game is stacked.")


def check_seats(ruleset: Ruleset, seats: list[dict]) -> None:
    """Seat count within the ruleset's limits and known bot policies (400 otherwise)."""
    if not ruleset.min_seats <= len(seats) <= ruleset.max_seats:
        raise MalformedCommand("bad_seats", f"{ruleset.name} seats {ruleset.min_seats} to {ruleset.max_seats} players.")
    for seat in seats:
        check_client_seed(seat.get("client_seed"))
        bot = seat.get("bot")
        if bot is not None and bot not in ruleset.bots:
            raise MalformedCommand("unknown_bot", f"There is no bot policy '{bot}' (try {', '.join(ruleset.bots)}).")
        if bot is not None and seat.get("open"):
            raise MalformedCommand("bad_seats", "A bot seat cannot be open.")


#: The longest client seed a seat may give (characters).
MAX_CLIENT_SEED = 64


def check_client_seed(client_seed: Any) -> None:
    """A client seed is absent (None) or 1 to 64 printable ASCII characters (400 ``bad_client_seed``)."""
    if client_seed is None:
        return
    if not isinstance(client_seed, str) or not 1 <= len(client_seed) <= MAX_CLIENT_SEED \
            or not all(" " <= ch <= "~" for ch in client_seed):
        raise MalformedCommand("bad_client_seed",
                               f"A client seed is 1 to {MAX_CLIENT_SEED} printable ASCII characters.")


def check_running(meta: GameMeta) -> None:
    """Refuse a command to a game that is not running: RuleViolation ``game_not_started`` (409) while
    it waits for players, ``game_over`` (409) once it is finished, ``game_cancelled`` (409) once its creator
    cancelled it."""
    if meta.status == "waiting":
        raise RuleViolation("game_not_started", "The game is waiting for players to join.", status=409)
    if meta.status == "finished":
        raise RuleViolation("game_over", "The game is over.", status=409)
    if meta.status == "cancelled":
        raise RuleViolation("game_cancelled", "The game was cancelled by its creator before it started.", status=409)
