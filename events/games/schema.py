"""JSON Schema (draft 2020-12, as OpenAPI 3.1 uses it) for what a game shows the world.

A game describes its view, the ``data`` of each of its events, its command
arguments and the game-specific part of its catalogue with these small
builders, so the service can publish them in ``/openapi.json`` and the tests
can validate every view and event a random playout produces. Standard
library only, like every game.

Every builder takes a ``description`` first: a front end reads the spec, not
our source, so every field says what it means, its unit and its allowed
values. Objects are closed (``additionalProperties: false``) and every
property is required unless listed in ``optional``, so a field the schema
does not describe fails validation.

The module also holds the shapes every ruleset shares: :data:`OUTCOME`
(the result of a finished game) and :func:`catalogue` (``GET
/v1/rulesets/{id}``), and :func:`check` -- the small validator the command
path uses for command arguments (type, enum, range, array items).
"""
from __future__ import annotations

from typing import Any

from events.games.sentences import SENTENCE_KINDS, counted, event, render_sentence, sentence_fields  # noqa: F401

Schema = dict[str, Any]

#: Marker key set by :func:`optional`; :func:`command` and :func:`obj` strip it.
_OPTIONAL = "x-optional"


# -- scalars ------------------------------------------------------------------

def integer(description: str, minimum: int | None = None, maximum: int | None = None) -> Schema:
    """A whole number, optionally bounded (both bounds inclusive)."""
    out: Schema = {"type": "integer", "description": description}
    if minimum is not None:
        out["minimum"] = minimum
    if maximum is not None:
        out["maximum"] = maximum
    return out


def number(description: str, minimum: float | None = None, maximum: float | None = None) -> Schema:
    """A JSON number (integer or fraction), optionally bounded (inclusive)."""
    out: Schema = {"type": "number", "description": description}
    if minimum is not None:
        out["minimum"] = minimum
    if maximum is not None:
        out["maximum"] = maximum
    return out


def string(description: str, enum=None, max_length: int | None = None) -> Schema:
    """A string; ``enum`` lists every allowed value (kept in the given order)."""
    out: Schema = {"type": "string", "description": description}
    if enum is not None:
        out["enum"] = list(enum)
    if max_length is not None:
        out["maxLength"] = max_length
    return out


def boolean(description: str) -> Schema:
    """``true`` or ``false``."""
    return {"type": "boolean", "description": description}


def const(value: Any, description: str) -> Schema:
    """Exactly ``value``."""
    return {"const": value, "description": description}


def seat(description: str, max_seats: int) -> Schema:
    """A seat index, ``0 .. max_seats - 1``."""
    return integer(description, 0, max_seats - 1)


# -- containers ---------------------------------------------------------------

def array(items: Schema, description: str, min_items: int | None = None, max_items: int | None = None) -> Schema:
    """A list whose every element is ``items``."""
    out: Schema = {"type": "array", "items": items, "description": description}
    if min_items is not None:
        out["minItems"] = min_items
    if max_items is not None:
        out["maxItems"] = max_items
    return out


def tuple_of(items: list[Schema], description: str) -> Schema:
    """A fixed-length list: element ``i`` is ``items[i]`` (e.g. ``[x, y]``); ``maxItems``
    rules out any further element."""
    return {"type": "array", "prefixItems": list(items),
            "minItems": len(items), "maxItems": len(items), "description": description}


def obj(description: str, properties: dict[str, Schema], optional=()) -> Schema:
    """A closed object: every property required except those in ``optional``
    (or wrapped in :func:`optional`); no other property allowed."""
    props, required = {}, []
    optional = set(optional)
    for name, schema in properties.items():
        if schema.get(_OPTIONAL):
            schema = {k: v for k, v in schema.items() if k != _OPTIONAL}
            optional.add(name)
        props[name] = schema
        if name not in optional:
            required.append(name)
    return {"type": "object", "description": description, "properties": props,
            "required": required, "additionalProperties": False}


def map_of(values: Schema, description: str, keys: Schema | None = None) -> Schema:
    """An object used as a map: any keys (``keys``: a string schema they match), values ``values``."""
    out: Schema = {"type": "object", "additionalProperties": values, "description": description}
    if keys is not None:
        out["propertyNames"] = keys
    return out


def nullable(schema: Schema) -> Schema:
    """``schema`` or ``null`` (the description says what ``null`` means)."""
    if "type" in schema and isinstance(schema["type"], str) and schema["type"] != "object":
        return {**schema, "type": [schema["type"], "null"]}
    description = schema.get("description", "")
    return {"anyOf": [schema, {"type": "null"}], "description": description}


def one_of(options: list[Schema], description: str) -> Schema:
    """Exactly one of ``options`` (they must not overlap)."""
    return {"oneOf": list(options), "description": description}


def any_of(options: list[Schema], description: str) -> Schema:
    """At least one of ``options``."""
    return {"anyOf": list(options), "description": description}


def optional(schema: Schema) -> Schema:
    """Mark a property of :func:`obj` or an argument of :func:`command` as optional."""
    return {**schema, _OPTIONAL: True}


# -- commands -----------------------------------------------------------------

def command(description: str, **arguments: Schema) -> dict:
    """One command type's spec: what it does and its arguments.

    Returns ``{"description", "arguments": {name: schema}, "required": [names]}``;
    an argument wrapped in :func:`optional` may be left out. The service turns
    this into the command's OpenAPI component and checks every posted body
    against it (:func:`check`) before the rules see it.
    """
    args, required = {}, []
    for name, schema in arguments.items():
        if schema.get(_OPTIONAL):
            schema = {k: v for k, v in schema.items() if k != _OPTIONAL}
        else:
            required.append(name)
        args[name] = schema
    return {"description": description, "arguments": args, "required": required}


_TYPES = {
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "array": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict),
    "null": lambda v: v is None,
}
_NAMES = {"integer": "a whole number", "number": "a number", "string": "a string", "boolean": "true or false",
          "array": "a list", "object": "an object", "null": "null"}


def check(value: Any, schema: Schema) -> str | None:
    """Why ``value`` does not fit ``schema``, as the end of a sentence, or ``None`` if it fits.

    Understands the subset command arguments and options use: ``type`` (one
    or a list), ``enum``, ``const``, ``minimum``/``maximum``, ``maxLength``,
    ``items``, ``minItems``/``maxItems``, and for objects ``properties``,
    ``required`` and ``additionalProperties: false``. The command path calls it on every argument,
    so it is kept small and fast; the tests validate views and events with a
    full JSON Schema validator.
    """
    kinds = schema.get("type")
    if kinds is not None:
        kinds = [kinds] if isinstance(kinds, str) else kinds
        if not any(_TYPES[k](value) for k in kinds):
            return "must be " + " or ".join(_NAMES[k] for k in kinds)
    if "enum" in schema and value not in schema["enum"]:
        shown = ", ".join(repr(v) if isinstance(v, str) else str(v) for v in schema["enum"][:12])
        more = ", ..." if len(schema["enum"]) > 12 else ""
        return f"must be one of {shown}{more}"
    if "const" in schema and value != schema["const"]:
        return f"must be {schema['const']!r}"
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            return f"must be at least {schema['minimum']}"
        if "maximum" in schema and value > schema["maximum"]:
            return f"must be at most {schema['maximum']}"
    if isinstance(value, str) and "maxLength" in schema and len(value) > schema["maxLength"]:
        return f"must be at most {schema['maxLength']} characters"
    if isinstance(value, dict) and "properties" in schema:
        for name in schema.get("required", []):
            if name not in value:
                return f"needs '{name}'"
        for name, item in value.items():
            sub = schema["properties"].get(name)
            if sub is None:
                if schema.get("additionalProperties") is False:
                    return f"takes no '{name}'"
                continue
            why = check(item, sub)
            if why is not None:
                return f"has '{name}' that {why}"
    if isinstance(value, list):
        if "minItems" in schema and len(value) < schema["minItems"]:
            return f"must hold at least {schema['minItems']} items"
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            return f"must hold at most {schema['maxItems']} items"
        items = schema.get("items")
        if isinstance(items, dict):
            for item in value:
                why = check(item, items)
                if why is not None:
                    return "must hold items that " + why.replace("must ", "", 1) if why.startswith("must be") \
                        else why
    return None


# -- shapes every ruleset shares ----------------------------------------------

def outcome(max_seats: int, results: list[str]) -> Schema:
    """The result of a finished game, the same shape for every ruleset.

    ``results`` lists the ruleset's result codes (the catalogue describes each).
    """
    return obj("How the game ended.", {
        "winners": array(seat("A winning seat.", max_seats),
                         "Every seat that won, ascending; empty when nobody won.", max_items=max_seats),
        "result": string("How the game ended, as a code (the ruleset's catalogue lists and describes "
                         "every code under 'results').", enum=results),
        "reason": string("The ending in one sentence a player understands."),
        "scores": nullable(map_of(number("The seat's final score (the unit is the ruleset's: see its "
                                         "catalogue 'scoring')."),
                                  "Final score by seat (keys are seat numbers as strings), or null when "
                                  "the game keeps no score.",
                                  keys={"type": "string", "pattern": "^[0-9]+$"})),
        "turns": integer("Turns played in the game (the ruleset's catalogue says what counts as a turn).", 0),
    })


def catalogue(board: Schema) -> Schema:
    """The schema of a ruleset's catalogue (``GET /v1/rulesets/{id}``); ``board``
    is the schema of its game-specific ``board`` part."""
    text = string("The card's rules text, in Stranded's words.")
    card = obj("One kind of card.", {
        "id": string("The card's id, as commands, views and events name it."),
        "name": string("The name printed on the card."),
        "kind": string("What sort of card it is (the ruleset's own kinds, e.g. 'action', 'space', "
                       "'supplies', 'event', 'item')."),
        "deck": string("The id of the deck it is shuffled into (see 'decks')."),
        "count": integer("How many copies the deck holds (0: not in the deck the rules use).", 0),
        "text": text,
    })
    return obj("A ruleset's content as data: everything a front end needs to draw and explain the game.", {
        "summary": string("The game in one paragraph."),
        "rules": string("Path of the rules reference in the repository (docs/rules/<ruleset>.md)."),
        "turn": string("What counts as one turn in 'turns' of the outcome and the views."),
        "first_player": string("How the first player is chosen."),
        "decks": array(obj("A deck or pile.", {
            "id": string("The deck's id."),
            "name": string("Its name in the rules."),
            "description": string("What it holds and how it is used."),
        }), "The decks of the game."),
        "cards": array(card, "Every kind of card, with its count."),
        "dice": array(obj("A die.", {
            "id": string("The die's id."),
            "name": string("Its name."),
            "faces": array(integer("A face's value."), "The value of each face, in order."),
        }), "The dice of the game (empty when none)."),
        "resources": array(obj("Something a seat has and spends.", {
            "id": string("Its id, as 'cost' maps of legal commands name it."),
            "name": string("Its name in the rules."),
            "description": string("What it is for."),
        }), "The resources legal commands may cost."),
        "decisions": array(obj("A kind of decision a seat may be asked for.", {
            "code": string("The decision's code, as 'to_act' entries name it."),
            "kind": string("How long it may take: 'turn' (the turn timeout), 'reaction' (the short "
                           "reaction timeout) or 'choice' (a pick inside a turn: the turn timeout).",
                           enum=["turn", "reaction", "choice"]),
            "description": string("What is decided."),
        }), "Every decision the game asks for."),
        "results": array(obj("A way the game can end.", {
            "code": string("The 'result' code of the outcome."),
            "description": string("What it means, and who wins."),
        }), "Every result code."),
        "scoring": string("What the outcome's 'scores' count, or that the game keeps no score."),
        "board": board,
    })


def validate_schema_shape(schema: Any, path: str = "$") -> list[str]:
    """Where ``schema`` falls short of the project's rules for a published schema:
    every property described, every object closed or a declared map. Used by
    the tests of every ruleset; returns a list of ``"<path>: <why>"``."""
    problems: list[str] = []
    if not isinstance(schema, dict):
        return problems
    if "$ref" not in schema and "const" not in schema and path != "$" and not schema.get("description") \
            and not path.endswith(("/items", "]")):
        problems.append(f"{path}: no description")
    if schema.get("type") == "object" or (isinstance(schema.get("type"), list) and "object" in schema["type"]):
        if "properties" in schema and schema.get("additionalProperties") is not False:
            problems.append(f"{path}: an object with properties must set additionalProperties false")
        if "properties" not in schema and "additionalProperties" not in schema:
            problems.append(f"{path}: an object needs properties or additionalProperties")
    for name, sub in schema.get("properties", {}).items():
        problems += validate_schema_shape(sub, f"{path}.{name}")
    for key in ("items", "additionalProperties"):
        if isinstance(schema.get(key), dict):
            problems += validate_schema_shape(schema[key], f"{path}/{key}")
    for key in ("oneOf", "anyOf", "prefixItems"):
        for i, sub in enumerate(schema.get(key, [])):
            problems += validate_schema_shape(sub, f"{path}/{key}[{i}]")
    return problems
