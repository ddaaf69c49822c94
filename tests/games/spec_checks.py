"""What every ruleset publishes, checked against what it does.

A front end reads only the spec, the catalogue and the views. These checks
hold each game to that: its published schemas are well formed (every field
typed and described, objects closed), its catalogue fits the shared
catalogue schema, and every view, event, legal command, pending decision and
outcome met in random playouts fits what it publishes -- at every prefix of
the log, including versions that fall inside a command's batch (the replay
slider shows those too).

Each game's ``test_spec.py`` calls :func:`check_published` and
:func:`check_playouts` with its own game count.
"""
from __future__ import annotations

import random

from jsonschema import Draft202012Validator

from events.table.checks import check_command
from events.games import schema as S
from events.games.contract import Ruleset
from events.table.randomness import rng_for

SPECTATOR = None


def _validator(schema: dict) -> Draft202012Validator:
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def _assert_valid(validator: Draft202012Validator, value, what: str) -> None:
    error = next(iter(validator.iter_errors(value)), None)
    if error is not None:
        path = "/".join(str(p) for p in error.absolute_path)
        raise AssertionError(f"{what} does not fit its schema at '{path}': {error.message}")


def _no_todo(value, path="$"):
    if isinstance(value, dict):
        for key, sub in value.items():
            _no_todo(sub, f"{path}.{key}")
    elif isinstance(value, list):
        for i, sub in enumerate(value):
            _no_todo(sub, f"{path}[{i}]")
    elif isinstance(value, str):
        assert "TODO" not in value, f"{path} still says TODO"


def check_published(ruleset: Ruleset) -> None:
    """The ruleset's published schemas and catalogue are complete and well formed."""
    published = {"view": ruleset.view_schema, "board": ruleset.board_schema,
                 "events": {t: e["data"] for t, e in ruleset.events.items()},
                 "commands": {t: c["arguments"] for t, c in ruleset.commands.items()}}
    _no_todo({**published, "catalogue": ruleset.catalogue,
              "descriptions": {t: e["description"] for t, e in ruleset.events.items()},
              "command_descriptions": {t: c["description"] for t, c in ruleset.commands.items()},
              "options": ruleset.options})
    problems = S.validate_schema_shape(ruleset.view_schema, "view")
    problems += S.validate_schema_shape(ruleset.board_schema, "board")
    for event_type, spec in ruleset.events.items():
        assert spec["description"], f"event {event_type} has no description"
        problems += S.validate_schema_shape(spec["data"], f"event {event_type}")
        if "sentence" in spec:
            fields = spec["data"].get("properties", {})
            for name, _ in S.sentence_fields(spec["sentence"]):
                assert name in fields, f"event {event_type}'s sentence names no field {name!r}"
    for command_type, spec in ruleset.commands.items():
        assert spec["description"], f"command {command_type} has no description"
        for name, arg in spec["arguments"].items():
            problems += S.validate_schema_shape(arg, f"{command_type}.{name}")
            assert "enum" in arg or "minimum" in arg or arg["type"] == "boolean" or (
                arg["type"] == "array" and ("enum" in arg["items"] or "minimum" in arg["items"])), \
                f"{command_type}.{name} has neither an enum nor a range"
    for name, option in ruleset.options.items():
        assert option.get("description"), f"option {name} has no description"
    assert not problems, "\n".join(problems)
    _validator(ruleset.view_schema)
    _assert_valid(_validator(S.catalogue(ruleset.board_schema)), ruleset.catalogue, "the catalogue")
    assert ruleset.version in ruleset.versions, "versions lists the current version"
    codes = {d["code"] for d in ruleset.catalogue["decisions"]}
    assert codes, "the catalogue lists the decisions"
    assert {r["code"] for r in ruleset.catalogue["results"]}, "the catalogue lists the results"


class _Checker:
    """The validators of one ruleset, built once."""

    def __init__(self, ruleset: Ruleset):
        self.ruleset = ruleset
        self.view = _validator(ruleset.view_schema)
        self.events = {t: _validator(e["data"]) for t, e in ruleset.events.items()}
        results = [r["code"] for r in ruleset.catalogue["results"]]
        self.outcome = _validator(S.outcome(ruleset.max_seats, results))
        self.decisions = {d["code"]: d["kind"] for d in ruleset.catalogue["decisions"]}
        resources = {r["id"] for r in ruleset.catalogue["resources"]}
        self.describe = _validator(S.obj("A described command.", {
            "label": S.string("label"),
            "cost": S.nullable(S.map_of(S.integer("amount", 0), "cost",
                                        keys={"type": "string", "enum": sorted(resources) or ["-"]})),
            "effect": S.nullable(S.map_of({"type": ["integer", "string", "boolean"]}, "effect")),
        }))

    def event(self, event: dict, seats: int) -> None:
        assert event["type"] in self.events, f"event type {event['type']} is not published"
        for seat in [*range(seats), SPECTATOR]:
            shown = self.ruleset.redact(event, seat)
            _assert_valid(self.events[event["type"]], shown["data"],
                          f"{event['type']} as seat {seat} sees it")
        _assert_valid(self.events[event["type"]], event["data"], f"{event['type']} unredacted")

    def views(self, state, seats: int, what: str) -> None:
        for seat in [*range(seats), SPECTATOR]:
            _assert_valid(self.view, self.ruleset.view(state, seat), f"the view of seat {seat} {what}")

    def decisions_and_commands(self, state, seats: int) -> None:
        ruleset = self.ruleset
        for decision in ruleset.pending(state):
            assert self.decisions.get(decision.code) == decision.kind, \
                f"decision {decision.code}/{decision.kind} is not in the catalogue"
            assert decision.label and decision.label.endswith("."), f"decision {decision.code} has no label"
            check_command(ruleset, decision.default)
        for seat in range(seats):
            for command in ruleset.legal_commands(state, seat):
                check_command(ruleset, command)
                described = ruleset.describe(state, seat, command)
                _assert_valid(self.describe, described, f"describe({command})")
                assert described["label"], f"{command} has no label"

    def outcome_of(self, state) -> None:
        _assert_valid(self.outcome, self.ruleset.outcome(state), "the outcome")


def check_playouts(ruleset: Ruleset, games: int, *, seats: list[int] | None = None,
                   policies: tuple[str, ...] = ("random",), prefix_views_every: int = 1,
                   commands_every: int = 1, seed: str = "spec", resign_every: int = 0) -> set[str]:
    """Play ``games`` seeded games and hold everything they show to the published schemas.

    For each game (table sizes cycle through ``seats``, default every size
    the ruleset allows; bots cycle through ``policies``): every event fits its
    type's schema, raw and as every seat and a spectator see it; the view of
    every seat and the spectator fits the view schema after every
    ``prefix_views_every``-th event (1: every prefix of the log, including
    versions inside a command's batch); every ``commands_every``-th step,
    every pending decision is in the catalogue with a label and a legal
    default, and every legal command of every seat passes the command checks
    and is described; the outcome fits the shared outcome schema.

    With ``resign_every`` (a ruleset with a ``resign`` rule), every
    ``resign_every``-th game has seats resign along the way (at steps 3, 30
    and 300, a seat drawn from the game's seed): the events and views that
    follow are held to the schemas the same way, and a seat that resigned is
    never pending again nor among the winners.

    Returns the set of event types met, so a test can require them all.
    """
    checker = _Checker(ruleset)
    seats = seats or list(range(ruleset.min_seats, ruleset.max_seats + 1))
    met: set[str] = set()
    for game in range(games):
        n = seats[game % len(seats)]
        game_seed = f"{seed}-{game}"
        bots = [ruleset.bots[policies[(game + i) % len(policies)]] for i in range(n)]
        events = ruleset.setup({}, n, rng_for(game_seed, 0))
        state, prefix = None, 0
        step = 0

        def fold(batch):
            nonlocal state, prefix
            for event in batch:
                met.add(event["type"])
                checker.event(event, n)
                state = ruleset.evolve(state, event)
                prefix += 1
                if prefix % prefix_views_every == 0:
                    checker.views(state, n, f"after event {prefix} of game {game_seed}")

        fold(events)
        resigning = bool(resign_every) and game % resign_every == 0
        out: set[int] = set()
        while True:
            if resigning and step in (3, 30, 300) and ruleset.pending(state):
                quitter = random.Random(f"{game_seed}-resign-{step}").randrange(n)
                if quitter not in out:
                    out.add(quitter)
                    fold(ruleset.resign(state, quitter, rng_for(game_seed, prefix)))
            pending = ruleset.pending(state)
            assert not out & {d.seat for d in pending}, f"a seat that resigned is asked again in {game_seed}"
            if not pending:
                break
            if step % commands_every == 0:
                checker.decisions_and_commands(state, n)
            seat = pending[0].seat
            legal = ruleset.legal_commands(state, seat)
            rng = random.Random(f"{game_seed}-{step}")
            command = bots[seat](ruleset.view(state, seat), legal, rng)
            fold(ruleset.decide(state, seat, command, rng_for(game_seed, prefix)))
            step += 1
            assert step < 50_000, f"game {game_seed} did not end"
        checker.views(state, n, f"at the end of game {game_seed}")
        checker.outcome_of(state)
        assert not out & set(ruleset.outcome(state)["winners"]), f"a seat that resigned won {game_seed}"
    return met
