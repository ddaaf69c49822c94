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

from events.log.codec import Envelope, decode, encode
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

    def resign(self, seat: int) -> list[dict]:
        """``seat`` resigns by the game's rule (``Ruleset.resign``, the rng as for a command); fold
        and return its events."""
        batch = self.ruleset.resign(self.state, seat, random.Random(self.seed + len(self.events)))
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
                   canonical: Callable[[dict], dict] = lambda c: c,
                   unasked: Callable[[dict], bool] = lambda c: False) -> None:
    """The command invariants at one moment of a game.

    A seat with no pending decision has no legal commands but those ``unasked``
    allows (a card a game lets any seat play out of turn), each accepted; the
    first pending decision's default is legal; every legal command (or
    ``sample`` of them, picked with ``rng``) is accepted; every command of
    ``bad`` that is not legal (compared through ``canonical``) raises
    :class:`RuleViolation`; the lists stay at most ``max_legal`` long; and
    nothing mutates ``state``.
    """
    before = ruleset.copy_state(state)
    pending = ruleset.pending(state)
    bad = list(bad)
    if pending:
        assert pending[0].default in ruleset.legal_commands(state, pending[0].seat), "the default is legal"
    for seat in range(seats):
        legal = ruleset.legal_commands(state, seat)
        if not any(d.seat == seat for d in pending):
            assert all(unasked(c) for c in legal), "a seat with nothing to decide has no legal commands"
            for command in legal:
                ruleset.decide(state, seat, command, random.Random(1))     # must not raise
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


def assert_rejected(ruleset: Ruleset, state, seat, command, code: str, status: int = 422) -> RuleViolation:
    """``decide`` refuses ``command`` from ``seat`` with ``code`` and ``status``, a one-sentence message
    (ending in a full stop), and leaves ``state`` exactly as it was. Returns the violation."""
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(RuleViolation) as info:
        ruleset.decide(state, seat, command, random.Random(0))
    assert info.value.code == code and info.value.status == status
    assert info.value.message.endswith(".")
    assert json.dumps(state, sort_keys=True) == before, "a rejected command changed the state"
    return info.value


def check_views_leak_nothing(ruleset: Ruleset, state, keys: set[str], scramble: Callable) -> dict:
    """For every seat and the spectator (``None``): the view's keys are among ``keys``, its
    ``"hand"`` is that seat's own hand (``None`` for the spectator), and it is unchanged by
    ``scramble(state, seat)``, a copy of the state with everything that seat may not know changed.
    Returns the views, by seat (``None``: the spectator), for a game's own further checks."""
    views = {}
    for seat in [*range(state["seats"]), None]:
        v = ruleset.view(state, seat)
        assert set(v) <= keys
        assert v["hand"] == (None if seat is None else state["hands"][seat])
        assert v == ruleset.view(scramble(state, seat), seat), f"view of seat {seat} leaks hidden cards"
        views[seat] = v
    return views


def assert_rejects_table_sizes(ruleset: Ruleset) -> None:
    """``setup`` raises ``ValueError`` for one seat fewer than ``min_seats`` and one more than
    ``max_seats``."""
    for seats in (ruleset.min_seats - 1, ruleset.max_seats + 1):
        with pytest.raises(ValueError):
            ruleset.setup({}, seats, random.Random(0))


def assert_fold_needs_no_deepcopy(ruleset: Ruleset, events: list[dict], state, monkeypatch) -> None:
    """Folding ``events`` gives ``state`` (the live state they were played into) with
    ``copy.deepcopy`` forbidden: evolve mutates in place and copies by hand."""
    import copy

    def forbidden(*args, **kwargs):
        raise AssertionError("evolve must not deep-copy the state")

    monkeypatch.setattr(copy, "deepcopy", forbidden)
    assert ruleset.fold(events) == state


def play_checked(ruleset: Ruleset, policies: list[str], seed: str, *, check_event: Callable[[dict], None],
                 check_state: Callable[[dict], None], replay_every: int, deep: bool = True,
                 deep_check: Callable[[dict], None] | None = None):
    """Play one game of ``ruleset`` (``events.commands.simulation.play_game``; ``policies`` per seat, ``seed``
    a string), checking after every batch of events: ``check_event(event)`` for each event and
    ``check_state(state)``; if ``deep``, also the codec round trip of each event, the JSON state and
    ``deep_check(state)``; every ``replay_every`` batches, the fold of the log so far equals the live
    state. At the end the fold of the whole log equals the final state and nothing is pending.
    Returns the game's record."""
    from events.commands.simulation import play_game

    log: list[dict] = []
    steps = 0

    def on_step(state, batch):
        nonlocal steps
        for event in batch:
            if deep:
                check_codec(event, len(log) + 1)
            check_event(event)
            log.append(event)
        check_state(state)
        steps += 1
        if steps % replay_every == 0:
            assert ruleset.fold(log) == state
        if deep:
            assert_json_state(state)
            if deep_check is not None:
                deep_check(state)

    record = play_game(ruleset, policies, seed, on_step=on_step)
    assert ruleset.fold(record.events) == record.state
    assert ruleset.pending(record.state) == []
    return record
