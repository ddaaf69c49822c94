"""What every game's tests share: a stacked-game driver and the playout invariants.

Each game's ``helpers.py`` subclasses :class:`Driver` with its own stacking
shortcuts, and each ``test_playout.py`` calls the checks below with its own
bad commands and its own scrambling of hidden information.
"""
from __future__ import annotations

import json
import random
from typing import Callable, Iterable

import pytest

from events.codec import Envelope, decode, encode
from events.games.contract import RuleViolation, Ruleset


class Driver:
    """A game of ``ruleset`` driven command by command exactly as the service runs it.

    ``state`` is the live state and ``events`` the whole log (setup included);
    the rng handed to ``decide`` is ``Random(seed + len(events))``, so a test's
    story is the same on every run.
    """

    def __init__(self, ruleset: Ruleset, seats: int, options: dict | None = None, seed: int = 0):
        self.ruleset, self.seed = ruleset, seed
        self.events = ruleset.setup(options or {}, seats, random.Random(seed))
        self.state = ruleset.fold(self.events)

    def do(self, seat: int, command: dict | str, **args) -> list[dict]:
        """Send ``command`` (a dict, or a type plus keyword arguments) from ``seat``; fold and return its events.

        Raises whatever ``decide`` raises (a :class:`RuleViolation`), leaving the game unchanged.
        """
        if isinstance(command, str):
            command = {"type": command, **args}
        batch = self.ruleset.decide(self.state, seat, command, random.Random(self.seed + len(self.events)))
        for event in batch:
            self.state = self.ruleset.evolve(self.state, event)
        self.events += batch
        return batch

    def legal(self, seat: int) -> list[dict]:
        """The legal commands of ``seat`` now."""
        return self.ruleset.legal_commands(self.state, seat)

    @property
    def pending(self):
        """The pending decisions now."""
        return self.ruleset.pending(self.state)

    @staticmethod
    def types(batch: list[dict]) -> list[str]:
        """The event types of ``batch``, in order."""
        return [e["type"] for e in batch]


def assert_json_state(state) -> None:
    """The state survives JSON unchanged (string keys, lists, no tuples or sets)."""
    assert json.loads(json.dumps(state)) == state


def check_codec(event: dict, version: int) -> None:
    """The event comes back from the store's codec exactly as it went in."""
    env = Envelope(game_id="g", version=version, type=event["type"], data=event["data"], seat=0)
    assert decode("g", f"{version}-0", encode(env)).event == event


def check_commands(ruleset: Ruleset, state, seats: int, bad: Iterable[dict], *, sample: int | None = None,
                   rng: random.Random | None = None, max_legal: int | None = None,
                   canonical: Callable[[dict], dict] = lambda c: c) -> None:
    """The command invariants at one moment of a game.

    A seat with no pending decision has no legal commands; the first pending
    decision's default is legal; every legal command (or ``sample`` of them,
    picked with ``rng``) is accepted; every command of ``bad`` that is not
    legal (compared through ``canonical``) raises :class:`RuleViolation`;
    the lists stay at most ``max_legal`` long; and nothing mutates ``state``.
    """
    before = ruleset.copy_state(state)
    pending = ruleset.pending(state)
    bad = list(bad)
    if pending:
        assert pending[0].default in ruleset.legal_commands(state, pending[0].seat), "the default is legal"
    for seat in range(seats):
        legal = ruleset.legal_commands(state, seat)
        if not any(d.seat == seat for d in pending):
            assert legal == [], "a seat with nothing to decide has no legal commands"
            continue
        assert legal, "a seat with a decision has a legal command"
        if max_legal is not None:
            assert len(legal) <= max_legal, f"{len(legal)} legal commands"
        tried = legal if sample is None else rng.sample(legal, min(sample, len(legal)))
        for command in tried:
            ruleset.decide(state, seat, command, random.Random(1))     # must not raise
        listed = [canonical(c) for c in legal]
        for command in bad:
            if canonical(command) not in listed:
                with pytest.raises(RuleViolation):
                    ruleset.decide(state, seat, command, random.Random(1))
    assert state == before, "decide mutated the state"
