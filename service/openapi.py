"""The OpenAPI document: generated from the schemas, checked in as ``openapi.yaml``.

Each ruleset's commands are added as components (``selfish-space.PlayAction``
-> ``SelfishSpacePlayAction``) so a front end sees every command body a game
accepts. ``stranded openapi`` rewrites the checked-in file; a test fails when
the two differ.
"""
from __future__ import annotations

from events.games import RULESETS

JSON_TYPES = {"integer": {"type": "integer"}, "string": {"type": "string"}, "boolean": {"type": "boolean"},
              "number": {"type": "number"}}


def _json_type(kind: str) -> dict:
    kind = kind.rstrip("?")
    if kind.startswith("array[") and kind.endswith("]"):
        return {"type": "array", "items": _json_type(kind[6:-1])}
    return dict(JSON_TYPES[kind])


def add_command_schemas(spec) -> None:
    """Register ``Command`` and one schema per (ruleset, command type) in an apispec ``APISpec``."""
    from service.schemas import CommandSchema

    spec.components.schema("Command", schema=CommandSchema)
    for ruleset in RULESETS.values():
        prefix = "".join(part.capitalize() for part in ruleset.id.split("-"))
        for command, args in sorted(ruleset.commands.items()):
            properties = {"type": {"type": "string", "enum": [command]},
                          "expected_version": {"type": "integer"}}
            properties.update({name: _json_type(kind) for name, kind in sorted(args.items())})
            required = ["type"] + sorted(n for n, k in args.items() if not k.endswith("?"))
            spec.components.schema(f"{prefix}{command}", {
                "type": "object", "properties": properties, "required": required,
                "additionalProperties": False,
                "description": f"{ruleset.name}: the {command} command."})


def spec_yaml(app) -> str:
    """The app's OpenAPI document as YAML text."""
    return app.extensions["stranded_api"].spec.to_yaml()
