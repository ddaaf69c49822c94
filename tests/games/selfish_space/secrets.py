"""Non-interference for both Selfish editions: two games equal but for one seat's hidden cards, with
the same commands from every seat, must look the same to every other seat and to a spectator
until the rules reveal something (docs/rules, 'What each seat and a spectator can see')."""
from __future__ import annotations

from ..invariants import Driver


def observed(ruleset, state, batch: list[dict], readers: list) -> dict:
    """Everything ``readers`` (seats, ``None`` for a spectator) can observe after ``batch``: their
    views, legal commands and redacted events, the pending decisions as everyone sees them (seat,
    kind, code, label) and the outcome."""
    return {
        "by_reader": {reader: {"view": ruleset.view(state, reader),
                               "legal": ruleset.legal_commands(state, reader) if reader is not None else [],
                               "events": [ruleset.redact(event, reader) for event in batch]}
                      for reader in readers},
        "pending": [(d.seat, d.kind, d.code, d.label) for d in ruleset.pending(state)],
        "outcome": ruleset.outcome(state),
    }


def assert_same_to_others(ruleset, seats: int, secret_seat: int, options_a: dict, options_b: dict,
                          script: list[tuple[int, dict]]) -> tuple[Driver, Driver]:
    """Play ``script`` (``(seat, command)`` pairs) in a game set up with ``options_a`` and one with
    ``options_b`` (differing only in what ``secret_seat`` may know) and assert that after setup and
    after every command every other seat and a spectator observe exactly the same. Returns both
    games for further checks."""
    readers = [s for s in range(seats) if s != secret_seat] + [None]
    a, b = Driver(ruleset, seats, options_a), Driver(ruleset, seats, options_b)
    assert a.state != b.state, "the two games differ in something hidden"
    assert observed(ruleset, a.state, a.events, readers) == observed(ruleset, b.state, b.events, readers), \
        "the setup shows a hidden difference"
    for step, (seat, command) in enumerate(script):
        batch_a, batch_b = a.do(seat, dict(command)), b.do(seat, dict(command))
        assert observed(ruleset, a.state, batch_a, readers) == observed(ruleset, b.state, batch_b, readers), \
            f"step {step} ({command['type']} from seat {seat}) shows a hidden difference"
    return a, b
