"""The OpenAPI document: generated from the schemas, checked in as ``openapi.yaml``.

Each ruleset's commands are added as components (``selfish-space.PlayAction``
-> ``SelfishSpacePlayAction``) so a front end sees every command body a game
accepts. ``stranded openapi`` rewrites the checked-in file; a test fails when
the two differ.
"""
from __future__ import annotations

from events.games import RULESETS

def add_command_schemas(spec) -> None:
    """Register ``Command`` and one schema per (ruleset, command type) in an apispec ``APISpec``."""
    from service.schemas import CommandSchema

    spec.components.schema("Command", schema=CommandSchema)
    for ruleset in RULESETS.values():
        prefix = "".join(part.capitalize() for part in ruleset.id.split("-"))
        for command, cspec in sorted(ruleset.commands.items()):
            properties = {"type": {"type": "string", "enum": [command], "description": "The command type."},
                          "expected_version": {"type": "integer", "minimum": 0, "description": (
                              "Refuse with 409 unless the game is still at this version.")}}
            properties.update(cspec["arguments"])
            spec.components.schema(f"{prefix}{command}", {
                "type": "object", "properties": properties, "required": ["type"] + list(cspec["required"]),
                "additionalProperties": False,
                "description": f"{ruleset.name}: {command}. {cspec['description']}"})


def spec_yaml(app) -> str:
    """The app's OpenAPI document as YAML text."""
    return app.extensions["stranded_api"].spec.to_yaml()
