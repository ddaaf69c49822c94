"""Shape the spec's components so that client generators read them whole.

The games describe their views, events and commands as plain JSON Schema
(``events.games.schema``); a generator (openapi-python-client, openapi-generator,
@hey-api/openapi-ts) wants a little more of it than a validator does:

* every object with properties inside another (a property, an item, a map's value) is a named
  component ``<Parent><Field>`` (``Item`` for an array's items, ``Value`` for a map's values):
  typescript-fetch warns of each one it must name itself, and each generator names it differently;
* an object that may be null (``type: [object, null]``) is ``anyOf`` the object and null;
* every member of a ``oneOf``/``anyOf`` that is an object is a named component
  (an inline member is given a made-up name, differently by each generator, or
  dropped: openapi-python-client#1428), so :func:`shape` moves each one into
  ``<Parent><Field><Member>`` -- the member named after the ``const`` it is chosen
  by (``started: true`` -> ``Started``, ``false`` -> ``NotStarted``; ``kind: "dice"``
  -> ``Dice``), or ``Option<n>``, or nothing for the one object of a nullable;
* every ``const`` has a ``type`` beside it (a generator types the field from it); ``const: null``
  (a field a ruleset always leaves null, where another ruleset's same event has a seat) is
  written ``type: [integer, null], not: {type: integer}`` -- only null validates, and a
  generator types it ``number | null``; typescript-fetch types ``type: null`` as a model named
  Null that it never writes, and ``anyOf: [{type: null}]`` as code that does not compile;
* every union whose members are all objects told apart by one string ``const``
  field gets a ``discriminator`` naming that field (so a client switches on the
  field instead of trying each member in turn);
* every string that is a time ("UTC, ISO 8601" in its description) says
  ``format: date-time``.

The result validates exactly the same JSON as its input: only names move.
"""
from __future__ import annotations

import json
import re
from typing import Any

Schema = dict[str, Any]
_REF = "#/components/schemas/"
#: The JSON types of Python values, for a ``const``'s ``type``.
_JSON_TYPES = ((bool, "boolean"), (int, "integer"), (float, "number"), (str, "string"), (type(None), "null"),
               (list, "array"), (dict, "object"))
#: How a description says that a string is a moment in time.
_TIME = re.compile(r"UTC, ISO 8601")


def pascal(text: str) -> str:
    """``"zombie_moves"`` -> ``"ZombieMoves"``, ``"hack-suit"`` -> ``"HackSuit"``, ``"x"`` -> ``"X"``."""
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[^A-Za-z0-9]+", str(text)) if part)


def json_type(value: Any) -> str:
    """The JSON Schema type of a constant."""
    for python_type, name in _JSON_TYPES:
        if isinstance(value, python_type):
            return name
    raise TypeError(f"no JSON type for {value!r}")


def _is_object(schema: Schema) -> bool:
    kind = schema.get("type")
    return "$ref" not in schema and (kind == "object" or "properties" in schema
                                      or (isinstance(kind, list) and "object" in kind))


def _chosen_by(schema: Schema) -> tuple[str, Any] | None:
    """The first property of ``schema`` that holds a ``const``: ``(name, value)``."""
    for name, prop in (schema.get("properties") or {}).items():
        if isinstance(prop, dict) and "const" in prop:
            return name, prop["const"]
    return None


def _member_suffix(member: Schema, index: int, objects: int) -> str:
    if objects == 1:
        return ""
    chosen = _chosen_by(member)
    if chosen is None:
        return f"Option{index + 1}"
    name, value = chosen
    if value is True:
        return pascal(name)
    if value is False:
        return "Not" + pascal(name)
    return pascal(value) or f"Option{index + 1}"


def _split_nullable(schema: Any) -> Any:
    """An object that may be null (``type: [object, null]``) as ``anyOf`` the object and null, so the
    object can be named; anything else as it is."""
    kinds = schema.get("type") if isinstance(schema, dict) else None
    if not (isinstance(kinds, list) and "object" in kinds and "null" in kinds and schema.get("properties")):
        return schema
    rest = [kind for kind in kinds if kind != "null"]
    member = {**schema, "type": rest[0] if len(rest) == 1 else rest}
    return {"anyOf": [member, {"type": "null"}], "description": schema.get("description", "")}


class _Shaper:
    """One pass over a components dict (see the module docstring)."""

    def __init__(self, components: dict[str, Schema]):
        self.out: dict[str, Schema] = {}
        self.pending = list(components.items())
        self.taken = set(components)

    def run(self) -> dict[str, Schema]:
        while self.pending:
            name, schema = self.pending.pop(0)
            self.out[name] = self.node(schema, name)
        for schema in self.out.values():
            self.discriminate_all(schema)
        return self.out

    def name_for(self, wanted: str, schema: Schema) -> str:
        """``wanted`` if free (or holding the same schema), else ``wanted2``, ``wanted3``..."""
        candidate, n = wanted, 1
        while candidate in self.taken:
            held = dict(self.pending).get(candidate, self.out.get(candidate))
            if held is not None and json.dumps(held, sort_keys=True) == json.dumps(schema, sort_keys=True):
                return candidate
            n += 1
            candidate = f"{wanted}{n}"
        self.taken.add(candidate)
        self.pending.append((candidate, schema))
        return candidate

    def node(self, schema: Any, path: str) -> Any:
        """``schema`` shaped; ``path`` is the component name its hoisted members start with."""
        if isinstance(schema, list):
            return [self.node(item, path) for item in schema]
        if not isinstance(schema, dict):
            return schema
        out = dict(_split_nullable(schema))
        if "const" in out and out["const"] is None:      # always null: see the module docstring
            del out["const"]
            out.update(type=["integer", "null"], **{"not": {"type": "integer"}})
        elif "const" in out and "type" not in out:
            out["type"] = json_type(out["const"])
        kinds = out.get("type")
        if ((kinds == "string" or (isinstance(kinds, list) and "string" in kinds)) and "format" not in out
                and _TIME.search(out.get("description", ""))):
            out["format"] = "date-time"
        if isinstance(out.get("properties"), dict):
            out["properties"] = {key: self.part(value, path + pascal(key))
                                 for key, value in out["properties"].items()}
        if isinstance(out.get("items"), dict):
            out["items"] = self.part(out["items"], path + "Item")
        if isinstance(out.get("prefixItems"), list):
            out["prefixItems"] = [self.part(item, f"{path}Item{i}") for i, item in enumerate(out["prefixItems"])]
        if isinstance(out.get("additionalProperties"), dict):
            out["additionalProperties"] = self.part(out["additionalProperties"], path + "Value")
        for key in ("oneOf", "anyOf"):
            if isinstance(out.get(key), list):
                out[key] = self.union(out[key], path)
        if isinstance(out.get("allOf"), list):
            out["allOf"] = [self.node(item, path) for item in out["allOf"]]
        return out

    def part(self, schema: Any, path: str) -> Any:
        """A property, item or map value: an object with properties becomes the component ``path``."""
        schema = _split_nullable(schema)
        if isinstance(schema, dict) and _is_object(schema) and schema.get("properties"):
            return {"$ref": _REF + self.name_for(path, schema)}
        return self.node(schema, path)

    def union(self, members: list, path: str) -> list:
        objects = sum(1 for m in members if isinstance(m, dict) and _is_object(m))
        shaped = []
        for index, member in enumerate(members):
            if isinstance(member, dict) and _is_object(member):
                suffix = _member_suffix(member, index, objects)
                if not suffix and path in self.taken:      # a nullable component: its object is <Name>Object
                    suffix = "Object"
                name = self.name_for(path + suffix, member)
                shaped.append({"$ref": _REF + name})
            else:
                shaped.append(self.node(member, path))
        return shaped

    def target(self, ref: str) -> Schema | None:
        return self.out.get(ref[len(_REF):]) if ref.startswith(_REF) else None

    def discriminate_all(self, schema: Any) -> None:
        if isinstance(schema, list):
            for item in schema:
                self.discriminate_all(item)
            return
        if not isinstance(schema, dict):
            return
        if isinstance(schema.get("oneOf"), list) and "discriminator" not in schema:
            found = self.discriminator(schema["oneOf"])
            if found:
                schema["discriminator"] = found
        for value in schema.values():
            if isinstance(value, (dict, list)):
                self.discriminate_all(value)

    def discriminator(self, members: list) -> dict | None:
        """``{"propertyName", "mapping"}`` when every member is a component told apart by one
        required string ``const`` field; else None."""
        field, mapping = None, {}
        for member in members:
            target = self.target(member.get("$ref", "")) if isinstance(member, dict) else None
            chosen = _chosen_by(target) if target else None
            if chosen is None or not isinstance(chosen[1], str) or chosen[0] not in target.get("required", ()):
                return None
            if field not in (None, chosen[0]) or chosen[1] in mapping:
                return None
            field = chosen[0]
            mapping[chosen[1]] = member["$ref"]
        return {"propertyName": field, "mapping": mapping} if field else None


def any_value_maps(schema: Any) -> Any:
    """``schema`` with every ``additionalProperties: true`` written ``additionalProperties: {}`` (the
    same: any value), which typescript-fetch reads without a warning; changed in place, and returned."""
    if isinstance(schema, list):
        for item in schema:
            any_value_maps(item)
    elif isinstance(schema, dict):
        if schema.get("additionalProperties") is True:
            schema["additionalProperties"] = {}
        for value in schema.values():
            if isinstance(value, (dict, list)):
                any_value_maps(value)
    return schema


def shape(components: dict[str, Schema]) -> dict[str, Schema]:
    """The components with every object member of a union named, every ``const`` typed, every
    union told apart by a string ``const`` discriminated and every time ``format: date-time``;
    new components follow the ones given. ``components`` is not changed."""
    return _Shaper(components).run()


__all__ = ["any_value_maps", "json_type", "pascal", "shape"]
