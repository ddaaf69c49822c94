"""Every ruleset, fuzzed with what a client may send past the service's own checks:
well-typed commands (the right types, any values, any seat), which ``decide`` either
accepts or refuses with ``RuleViolation`` (a 4xx), never another exception (a 500),
without changing the state it was given; and malformed ``options.stack`` objects, which
``setup`` refuses with ``ValueError`` (400 ``bad_options``), never another exception."""
from __future__ import annotations

import random

import pytest

from events.games import RULESETS
from events.games.contract import RuleViolation

#: Games per ruleset: Quickplay games are long (hundreds of commands), the others short.
GAMES = {"zombies-quickplay": 10}
VALUES = {
    "integer": [-1, 0, 1, 2, 3, 5, 7, 10, 99, -100, 10 ** 9],
    "string": ["", "x", "top", "bottom", "forward", "back", "double", "singles", "carried", "found",
               "combined", "greater", "lesser", "bullets", "fear", "chainsaw", "supplies", "oxygen",
               "laser_blast", "body_armor", "3D", "helipad"],
    "boolean": [True, False],
    "number": [0.5, -1.0, 3.0],
}


def well_typed(rng: random.Random, ruleset, ctype: str) -> dict:
    """A command of type ``ctype`` whose arguments have the declared types and random values."""
    command = {"type": ctype}
    spec = ruleset.commands[ctype]
    for arg, schema in spec["arguments"].items():
        if arg not in spec["required"] and rng.random() < 0.3:
            continue
        if schema["type"] == "array":
            values = schema["items"].get("enum") or VALUES[schema["items"]["type"]]
            command[arg] = [rng.choice(values) for _ in range(rng.randrange(4))]
        else:
            command[arg] = rng.choice(schema.get("enum") or VALUES[schema["type"]])
    return command


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_a_well_typed_command_is_accepted_or_refused_by_the_rules_never_a_crash(ruleset_id):
    ruleset = RULESETS[ruleset_id]
    refused = 0
    for game in range(GAMES.get(ruleset_id, 100)):
        rng = random.Random(f"{ruleset_id}-{game}")
        seats = rng.randint(ruleset.min_seats, ruleset.max_seats)
        state = ruleset.fold(ruleset.setup({}, seats, random.Random(game)))
        for step in range(3000):
            pending = ruleset.pending(state)
            if not pending:
                break
            before = ruleset.copy_state(state)
            for _ in range(2):
                command = well_typed(rng, ruleset, rng.choice(sorted(ruleset.commands)))
                try:
                    ruleset.decide(state, rng.randrange(seats), command, random.Random(1))
                except RuleViolation:
                    refused += 1
            assert state == before, "decide changed the state it was given"
            seat = pending[0].seat
            legal = ruleset.legal_commands(state, seat)
            command = ruleset.bots["random"](ruleset.view(state, seat), legal, rng)
            for event in ruleset.decide(state, seat, command, random.Random(step)):
                state = ruleset.evolve(state, event)
    assert refused > 0, "the fuzzing reached the rules' checks"


MALFORMED = [None, 1, "x", [], {}, [1], ["x"], [[1]], [["bat"]], [["supplies"]], {"a": 1}, [None], -1, True,
             [[]], [["2H"]] * 3, list(range(20))]
STACK_KEYS = ["hands", "deck", "tiles", "dice", "game_deck", "wasteland_deck", "space_deck", "tracks", "flips",
              "weapons", "game_discard", "unknown"]


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_a_malformed_stack_is_refused_with_a_value_error_never_a_crash(ruleset_id):
    ruleset = RULESETS[ruleset_id]
    refused = 0
    for key in STACK_KEYS:
        for value in MALFORMED:
            for seats in {ruleset.min_seats, ruleset.max_seats}:
                try:
                    ruleset.setup({"stack": {key: value}}, seats, random.Random(0))
                except ValueError:
                    refused += 1
    assert refused > len(STACK_KEYS), "most malformed stacks are refused"
