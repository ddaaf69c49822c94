"""Running a bot seat: one place for the simulation and the workers.

A bot policy (``Ruleset.bots[name]``) reads the seat's view and the legal
commands and returns one of them. The view is built only if the policy reads
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


def choose(ruleset: Ruleset, state: Any, seat: int, policy: str, rng: random.Random) -> dict:
    """The command ``policy`` picks for ``seat`` now, from the seat's view and legal commands.

    Args:
        ruleset: the game.
        state: the state now (not modified).
        seat: a seat with a pending decision.
        policy: a name in ``ruleset.bots``.
        rng: the policy's generator (``events.randomness.rng_for(seed, version, "bot:<seat>")``).
    """
    return ruleset.bots[policy](LazyView(ruleset.view, state, seat), ruleset.legal_commands(state, seat), rng)
