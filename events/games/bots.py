"""Running a bot seat: one place for the simulation and the workers.

A bot policy (``Ruleset.bots[name]``) reads the seat's view and the legal
commands and returns one of them; a bot with ``settings`` (the ``expert``'s
``think_ms``) also gets those game options as keyword arguments. The view is built only if the policy reads
it (:class:`LazyView`): ``random`` never does, and a full view is the larger
part of a cheap policy's cost.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Mapping

from events.games.contract import Ruleset
from events.games.search import LazyView


def settings_of(bot: Callable, options: Mapping | None) -> dict:
    """The game options ``bot`` reads (its ``settings`` attribute names them, e.g. the expert's
    ``think_ms``), from ``options`` (the game's options; an option left out keeps the bot's default)."""
    names = getattr(bot, "settings", ())
    return {name: options[name] for name in names if options and options.get(name) is not None}


def choose(ruleset: Ruleset, state: Any, seat: int, policy: str, rng: random.Random,
           options: Mapping | None = None) -> dict:
    """The command ``policy`` picks for ``seat`` now, from the seat's view and legal commands.

    The bot is handed exactly what the API serves that seat: ``ruleset.view(state, seat)`` and
    ``ruleset.legal_commands(state, seat)`` -- never the state (``tests/games/
    test_bots_see_only_their_view.py`` proves every bot's choice is the same for two states that
    differ only in what the seat cannot see).

    Args:
        ruleset: the game.
        state: the state now (not modified).
        seat: a seat with a pending decision.
        policy: a name in ``ruleset.bots``.
        rng: the policy's generator (``events.table.randomness.rng_for(seed, version, "bot:<seat>")``).
        options: the game's options; a bot reads those its ``settings`` name (``think_ms``).
    """
    return chooser(ruleset, policy, options)(state, seat, rng)


def chooser(ruleset: Ruleset, policy: str, options: Mapping | None = None) -> Callable[[Any, int, Any], dict]:
    """``choose`` with the ruleset, the policy and the options fixed: a ``pick(state, seat, rng)
    -> command`` that hands the bot the seat's lazy view and legal commands, as ``choose`` does
    (``choose`` is this, built for one call; self-play builds it once per seat and game).
    A bot with a ``direct`` attribute (a ``direct(state, seat, rng) -> command`` that picks what
    the bot picks from the seat's legal commands, the ``random`` bots of the Selfish games and of
    Zombies!!! Quickplay) is called so, the legal list unbuilt
    (``tests/games/test_selfish_fast_paths.py`` and ``tests/games/zombies_quickplay/test_random_fast.py``
    check each against the bot). Raises ``KeyError`` for a policy not in ``ruleset.bots``."""
    bot = ruleset.bots[policy]
    settings = settings_of(bot, options)
    direct = getattr(bot, "direct", None)
    if direct is not None and not settings:
        return direct
    view, legal_commands = ruleset.view, ruleset.legal_commands
    if settings:
        def pick(state, seat, rng):
            return bot(LazyView(view, state, seat), legal_commands(state, seat), rng, **settings)
    else:
        def pick(state, seat, rng):
            return bot(LazyView(view, state, seat), legal_commands(state, seat), rng)
    return pick
