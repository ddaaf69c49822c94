"""Rules levels and the first player, as both editions record them in setup.

A Selfish game records its rules level in ``GameStarted`` (``"rules": 2``);
logs written before levels existed have none and are level 1. ``decide``
keeps the old behaviour wherever a level-1 game's rules differ, so an old
log re-runs exactly as it was played (docs/rules/selfish-space.md and
docs/rules/selfish-zombie.md, 'Rules versions').
"""
from __future__ import annotations

#: The level of logs recorded before ``GameStarted`` carried one.
FIRST_LEVEL = 1


def rules_level(options, ruleset_id: str, current: int) -> int:
    """The rules level a game is set up with, from ``options["rules_version"]``.

    ``"<ruleset_id>/<n>"`` gives level ``n``; no version (tests, simulations) gives
    ``current``. Raises ``ValueError`` for another ruleset's version or a level this code
    does not know (``1 .. current``).
    """
    version = (options or {}).get("rules_version")
    if version is None:
        return current
    prefix = f"{ruleset_id}/"
    if not isinstance(version, str) or not version.startswith(prefix) or not version[len(prefix):].isdigit():
        raise ValueError(f"'{version}' is not a rules version of {ruleset_id}.")
    level = int(version[len(prefix):])
    if not FIRST_LEVEL <= level <= current:
        raise ValueError(f"This server does not know the rules version '{version}'.")
    return level


def level_of(state) -> int:
    """The rules level of a folded game (``FIRST_LEVEL`` for logs that recorded none)."""
    return state.get("rules", FIRST_LEVEL) if state else FIRST_LEVEL


def first_seat(options, seats: int, rng, stacked: bool) -> int:
    """The seat that takes the first turn: ``options["first_seat"]`` if given; else seat 0 in a
    ``stacked`` deal; else drawn with ``rng``.

    Both editions leave the choice of the first player to the table (the Space sheet suggests
    the oldest player, which a server cannot know), so it is drawn at random. A stacked deal
    tells a fixed story (a test, a tutorial, a bug report), so it starts with seat 0 unless the
    option names another seat. Raises ``ValueError`` if the option is not a seat number
    ``0 .. seats - 1`` (docs/rules, 'Setup and first player').
    """
    chosen = (options or {}).get("first_seat")
    if chosen is None:
        return 0 if stacked else rng.randrange(seats)
    if isinstance(chosen, bool) or not isinstance(chosen, int) or not 0 <= chosen < seats:
        raise ValueError(f"'first_seat' must be a seat number from 0 to {seats - 1}.")
    return chosen


#: The ``first_seat`` option as ``Ruleset.options`` lists it.
FIRST_SEAT_OPTION = {
    "type": "integer", "default": None, "minimum": 0, "maximum": 4,
    "description": ("The seat that takes the first turn (0 .. seats-1). Left out, it is seat 0 in a "
                    "stacked deal and otherwise drawn at random with the game's seed; GameStarted "
                    "records it."),
}
