"""Checks a request passes before the rules see it: command shape, options, seats.

Each raises :class:`MalformedCommand` (HTTP 400) with a stable code and a
sentence a player understands; nothing is written when one fails.
"""
from __future__ import annotations

from typing import Any

from events.games.contract import Ruleset, RuleViolation
from events.meta import SERVER_OPTIONS


class MalformedCommand(RuleViolation):
    """A command or request the server cannot read (400): unknown type, wrong arguments."""

    def __init__(self, code: str, message: str):
        super().__init__(code, message, status=400)


def check_command(ruleset: Ruleset, command: Any) -> dict:
    """Check a command's shape against ``ruleset.commands``; return it.

    Raises MalformedCommand: not an object, no/unknown ``type``, an unknown
    argument, a missing required argument or one of the wrong JSON type.
    """
    if not isinstance(command, dict) or not isinstance(command.get("type"), str):
        raise MalformedCommand("malformed_command", "A command is a JSON object with a string 'type'.")
    spec = ruleset.commands.get(command["type"])
    if spec is None:
        raise MalformedCommand("unknown_command",
                               f"'{command['type']}' is not a command of {ruleset.name}.")
    for name, value in command.items():
        if name == "type":
            continue
        kind = spec.get(name)
        if kind is None:
            raise MalformedCommand("bad_arguments", f"{command['type']} takes no argument '{name}'.")
        if not _fits(kind.rstrip("?"), value):
            raise MalformedCommand("bad_arguments", f"'{name}' of {command['type']} must be {kind.rstrip('?')}.")
    for name, kind in spec.items():
        if not kind.endswith("?") and name not in command:
            raise MalformedCommand("bad_arguments", f"{command['type']} needs '{name}'.")
    return command


def _fits(kind: str, value: Any) -> bool:
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "string":
        return isinstance(value, str)
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if kind.startswith("array[") and kind.endswith("]"):
        return isinstance(value, list) and all(_fits(kind[6:-1], v) for v in value)
    return False


def check_options(ruleset: Ruleset, options: Any) -> dict:
    """Validate game options (server options plus the ruleset's own).

    Raises MalformedCommand ``bad_options`` for a non-object, an unknown option
    or a timeout that is not a positive number.
    """
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise MalformedCommand("bad_options", "Options must be a JSON object.")
    for name, value in options.items():
        if name not in SERVER_OPTIONS and name not in ruleset.options:
            raise MalformedCommand("bad_options", f"'{name}' is not an option of {ruleset.name}.")
        if name.endswith("_timeout_s") and value is not None and (not _fits("number", value) or value <= 0):
            raise MalformedCommand("bad_options", f"'{name}' must be a positive number of seconds.")
        if name == "seed" and not isinstance(value, (str, int)):
            raise MalformedCommand("bad_options", "'seed' must be a string.")
    return dict(options)


def check_seats(ruleset: Ruleset, seats: list[dict]) -> None:
    """Seat count within the ruleset's limits and known bot policies (400 otherwise)."""
    if not ruleset.min_seats <= len(seats) <= ruleset.max_seats:
        raise MalformedCommand("bad_seats", f"{ruleset.name} seats {ruleset.min_seats} to {ruleset.max_seats} players.")
    for seat in seats:
        bot = seat.get("bot")
        if bot is not None and bot not in ruleset.bots:
            raise MalformedCommand("unknown_bot", f"There is no bot policy '{bot}' (try {', '.join(ruleset.bots)}).")
        if bot is not None and seat.get("open"):
            raise MalformedCommand("bad_seats", "A bot seat cannot be open.")
