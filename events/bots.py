"""Running a bot seat: one place for the simulation and the workers.

A bot policy (``Ruleset.bots[name]``) reads the seat's view and the legal
commands and returns one of them; a bot with ``settings`` (the ``expert``'s
``think_ms``) also gets those game options as keyword arguments. The view is built only if the policy reads
it (:class:`LazyView`): ``random`` never does, and a full view is the larger
part of a cheap policy's cost.
"""
from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Callable, Iterator

from events.games.contract import Ruleset


class LazyView(Mapping):
    """A read-only mapping that builds the view (``build(*args)``) on first access and then
    behaves as that dict; a policy that reads nothing costs nothing."""

    __slots__ = ("_build", "_args", "_view")

    def __init__(self, build: Callable[..., dict], *args: Any):
        self._build = build
        self._args = args
        self._view: dict | None = None

    def _data(self) -> dict:
        if self._view is None:
            self._view = self._build(*self._args)
        return self._view

    def __getitem__(self, key: str) -> Any:
        return self._data()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data())

    def __len__(self) -> int:
        return len(self._data())

    def get(self, key: str, default: Any = None) -> Any:
        """``view.get(key, default)``, as on a dict."""
        return self._data().get(key, default)


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
        rng: the policy's generator (``events.randomness.rng_for(seed, version, "bot:<seat>")``).
        options: the game's options; a bot reads those its ``settings`` name (``think_ms``).
    """
    bot = ruleset.bots[policy]
    return bot(LazyView(ruleset.view, state, seat), ruleset.legal_commands(state, seat), rng,
               **settings_of(bot, options))
