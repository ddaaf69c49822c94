"""The OpenAPI 3.1 document: generated, checked in as ``openapi.yaml``.

Request bodies and queries come from the marshmallow schemas
(``service.http.schemas``); responses are JSON Schema 2020-12 (as OpenAPI 3.1
uses it) built from what each ruleset publishes (``events.games.contract``):

* per ruleset (``selfish-space`` -> prefix ``SelfishSpace``): ``<P>View`` (the
  game's ``view_schema``), ``<P>ViewResponse``; ``<P>Event<Type>`` for each of
  its event types and the server's own (``service.http.system_events``), joined in
  ``<P>Event`` by ``type``; ``<P>EventPage``, ``<P>CommandResult``; a
  component per command (``<P><Command>``, with its enums and ranges) joined
  in ``<P>Command`` by ``type``; ``<P>LegalCommands``; ``<P>Catalogue`` and
  ``<P>Ruleset`` (``GET /v1/rulesets/{id}``);
* ``ViewResponse``, ``EventPage``, ``CommandResult``, ``LegalCommands`` and
  ``RulesetDetail``: one of the per-ruleset components, chosen by the
  ``ruleset`` (or ``id``) field (an OpenAPI ``discriminator``);
* the shared shapes of ``service.http.responses`` (summary, outcome, errors...).

A ruleset that declares no event types yet gets a catch-all event component
so its log still validates; one that declares them gets exactly those.
``stranded openapi`` rewrites the checked-in file; a test fails when the two
differ.
"""
from __future__ import annotations

from events.table.checks import option_schema
from events.games import RULESETS
from events.games import schema as S
from events.games.contract import Ruleset
from events.table.meta import SERVER_OPTIONS
from service.http.responses import MAX_SEATS, SHARED, SYSTEM_COMMANDS, envelope, ref
from service.http.errors import PROBLEM_JSON
from service.http.http_cache import IF_NONE_MATCH
from service.http.spec_shape import any_value_maps, shape
from service.http.system_events import SYSTEM_EVENT_SPECS

#: Names of the components chosen by ruleset, and the per-ruleset suffix each is built from.
BY_RULESET = {"ViewResponse": "ViewResponse", "EventPage": "EventPage", "CommandResult": "CommandResult",
              "LegalCommands": "LegalCommands", "RulesetDetail": "Ruleset"}


def prefix(ruleset_id: str) -> str:
    """The component prefix of a ruleset: ``selfish-space`` -> ``SelfishSpace``."""
    return "".join(part.capitalize() for part in ruleset_id.split("-"))


def _one_of(names: dict[str, str], prop: str, description: str) -> dict:
    """One of the components ``names`` (value -> component name), chosen by the property ``prop``."""
    return {"oneOf": [ref(name) for name in names.values()], "description": description,
            "discriminator": {"propertyName": prop,
                              "mapping": {value: f"#/components/schemas/{name}" for value, name in names.items()}}}


def command_components(ruleset: Ruleset) -> dict[str, dict]:
    """``<P><Command>`` for each command type (a complete postable body) and ``<P>Command``."""
    p, out = prefix(ruleset.id), {}
    for command, spec in sorted(ruleset.commands.items()):
        properties = {"type": S.const(command, "The command type."),
                      "expected_version": S.integer("Refuse with 409 unless the game is still at this version.", 0)}
        properties.update(spec["arguments"])
        out[f"{p}{command}"] = {
            "type": "object", "properties": properties, "required": ["type"] + list(spec["required"]),
            "additionalProperties": False, "description": f"{ruleset.name}: {command}. {spec['description']}"}
    out[f"{p}Command"] = _one_of({c: f"{p}{c}" for c in sorted(ruleset.commands)}, "type",
                                 f"A command of {ruleset.name}, chosen by its type.")
    logged = {c: f"{p}{c}" for c in ruleset.commands}
    logged.update({c: f"SystemCommand{c}" for c in SYSTEM_COMMANDS if c not in logged})
    out[f"{p}LoggedCommand"] = _one_of(dict(sorted(logged.items())), "type",
                                       f"A command in a {ruleset.name} game's log: a player's or a bot's (as "
                                       "posted) or the server's own, chosen by its type.")
    return out


def option_property(spec: dict) -> dict:
    """The schema of one option in a create request: its type and bounds (``events.table.checks.option_schema``),
    its default and description; a nullable object option is ``anyOf`` the object and null."""
    schema = option_schema(spec)
    kinds = [kind for kind in schema.pop("type", []) if kind != "null"]
    nullable = "null" in option_schema(spec).get("type", [])
    if "object" in kinds:
        schema = {"type": "object", "additionalProperties": True, **schema}
    elif len(kinds) > 1:                         # one schema per type, each with its own bounds
        bounds = {"string": ("maxLength", "minLength", "pattern", "enum"), "integer": ("minimum", "maximum", "enum"),
                  "number": ("minimum", "maximum", "enum")}
        members = [{"type": kind, **{k: schema[k] for k in bounds.get(kind, ()) if k in schema}} for kind in kinds]
        schema = {"anyOf": members + ([{"type": "null"}] if nullable else [])}
    elif kinds:
        schema["type"] = kinds[0] if not nullable else kinds + ["null"]
    schema["description"] = spec.get("description", "")
    if "object" in kinds and nullable:
        schema = {"anyOf": [schema, {"type": "null"}], "description": schema["description"]}
    if spec.get("default") is not None:
        schema["default"] = spec["default"]
    return schema


def create_components(ruleset: Ruleset) -> dict[str, dict]:
    """``<P>Options`` (the server's options and the ruleset's own) and ``<P>CreateGame`` (a create body)."""
    p = prefix(ruleset.id)
    options = {name: option_property(spec) for name, spec in {**SERVER_OPTIONS, **ruleset.options}.items()}
    return {
        f"{p}Options": {**S.obj(f"The options of a {ruleset.name} game, all optional; a value outside its bounds is "
                                "a 400 bad_options and creates nothing.", options, optional=options)},
        f"{p}CreateGame": S.obj(f"Create a {ruleset.name} game.", {
            "ruleset": S.const(ruleset.id, "The ruleset id: it chooses this schema."),
            "seats": S.array(ref("SeatRequest"), f"Every seat, in seat order ({ruleset.min_seats} to "
                                                 f"{ruleset.max_seats}).", ruleset.min_seats, ruleset.max_seats),
            "options": S.optional(ref(f"{p}Options")),
        }),
    }


def event_components(ruleset: Ruleset) -> dict[str, dict]:
    """``<P>Event<Type>`` for each event type (the system events too) and ``<P>Event``."""
    p, out, names = prefix(ruleset.id), {}, {}
    declared = {**SYSTEM_EVENT_SPECS, **ruleset.events}
    for event_type, spec in sorted(declared.items()):
        names[event_type] = f"{p}Event{event_type}"
        out[names[event_type]] = envelope(spec["data"] or {"type": "object", "description": "The event's data."},
                                          S.const(event_type, "The event type."),
                                          f"{ruleset.name}: {event_type}. {spec['description']}",
                                          ref(f"{p}LoggedCommand"))
    if not ruleset.events:
        names["(undeclared)"] = f"{p}EventUndeclared"
        out[names["(undeclared)"]] = envelope(
            {"type": "object", "additionalProperties": True, "description": "The event's data."},
            {"type": "string", "not": {"enum": sorted(SYSTEM_EVENT_SPECS)}, "description": "The event type."},
            f"{ruleset.name}: an event of a type the ruleset does not describe yet.", ref(f"{p}LoggedCommand"))
        out[f"{p}Event"] = {"oneOf": [ref(name) for name in names.values()],
                            "description": f"An event of a {ruleset.name} game, chosen by its type."}
    else:
        out[f"{p}Event"] = _one_of(names, "type", f"An event of a {ruleset.name} game, chosen by its type.")
    return out


def _view_schema(ruleset: Ruleset) -> dict:
    if ruleset.view_schema:
        return ruleset.view_schema
    return {"type": "object", "additionalProperties": True,
            "description": f"What a seat (or a spectator) sees of a {ruleset.name} game."}


def _catalogue_schema(ruleset: Ruleset) -> dict:
    if ruleset.catalogue:
        board = ruleset.board_schema or {"type": "object", "additionalProperties": True,
                                         "description": "The game-specific board."}
        return S.catalogue(board)
    return {"type": "object", "additionalProperties": True,
            "description": f"The content of {ruleset.name} as data."}


def ruleset_components(ruleset: Ruleset) -> dict[str, dict]:
    """Every component of one ruleset (see the module docstring)."""
    p, rid = prefix(ruleset.id), ruleset.id
    game_id = S.string("The game's id.")
    ruleset_field = S.const(rid, "The ruleset id: it chooses this schema.")
    version = S.integer("How many events the game's log holds (or the past version asked for).", 1)
    out = {f"{p}View": _view_schema(ruleset), f"{p}Catalogue": _catalogue_schema(ruleset)}
    out.update(command_components(ruleset))
    out.update(create_components(ruleset))
    out.update(event_components(ruleset))
    out[f"{p}ViewResponse"] = S.obj(f"What the caller may see of a {ruleset.name} game.", {
        "game_id": game_id, "ruleset": ruleset_field, "version": version,
        "seat": S.nullable(S.seat("The caller's seat; null for a spectator (no token).", ruleset.max_seats)),
        "head": {"anyOf": [ref("Receipt"), {"type": "null"}],
                 "description": "The chain head at this version, inside a command's batch too: a receipt (null "
                                "in logs written before the chain)."},
        "seats": S.array(ref("SeatState"), "Every seat at this version, and who played it then."),
        "clocks": {**SHARED["GameSummary"]["properties"]["clocks"],
                   "description": "The seats' clocks at this version (null when the game has no clock)."},
        "to_act": S.array(ref("ToAct"), "Who the game waits for at this version, on what, and until when "
                                         "(empty inside a command's batch, before the start and after the end)."),
        "in_command": ref("InCommand"),
        "view": ref(f"{p}View"),
    })
    out[f"{p}EventPage"] = S.obj(f"A page of a {ruleset.name} game's log, redacted for the caller.", {
        "game_id": game_id, "ruleset": ruleset_field, "version": S.integer("The game's version now.", 1),
        "complete": S.boolean("True once the game is finished: nothing is redacted any more."),
        "events": S.array(ref(f"{p}Event"), "The events, in version order."),
    })
    out[f"{p}CommandResult"] = S.obj(f"A {ruleset.name} command accepted: the new version and its events.", {
        "game_id": game_id, "ruleset": ruleset_field, "version": S.integer("The game's version after it.", 1),
        "duplicate": S.boolean("True when an Idempotency-Key replayed an earlier result (nothing appended)."),
        "events": S.array(ref(f"{p}Event"), "The command's events, redacted for the caller."),
        "head": S.nullable(S.string("The chain head after this batch: keep (version, head) as a receipt.")),
    })
    out[f"{p}LegalCommand"] = S.obj("A command the seat may send now, as a person reads it.", {
        "command": ref(f"{p}Command"),
        "label": S.string("The command in words ('Travel, paying two Single Oxygen')."),
        "cost": S.nullable(S.map_of(S.integer("How many.", 0), "What it costs, in the catalogue's resources "
                                                               "(null when free).")),
        "effect": S.nullable(S.map_of({"type": ["integer", "string", "boolean"], "description": "A value."},
                                      "What is known of its result (null when nothing is).")),
    })
    out[f"{p}LegalCommands"] = S.obj(f"What the caller's seat of a {ruleset.name} game may send now.", {
        "game_id": game_id, "ruleset": ruleset_field, "version": S.integer("The game's version.", 1),
        "seat": S.seat("The caller's seat.", ruleset.max_seats),
        "commands": S.array(ref(f"{p}LegalCommand"), "Each legal command: POST its 'command' as it is."),
    })
    out[f"{p}Ruleset"] = S.obj(f"{ruleset.name}: everything a front end needs besides the views.", {
        "id": ruleset_field, "name": S.string("The game's printed name."),
        "min_seats": S.integer("Fewest seats.", 1), "max_seats": S.integer("Most seats.", 1),
        "version": S.string("The rules version new games are created with."),
        "versions": S.array(S.string("A rules version."), "Every rules version whose games this server replays."),
        "rules": S.string("The URL of the rules reference as a web page on this server ('/rules/<ruleset>', "
                          "rendered from docs/rules/<ruleset>.md in the repository).") | {"format": "uri-reference"},
        "options": S.map_of(ref("Option"), "Option name -> its type, default, bounds and description."),
        "bots": S.array(S.string("A bot policy."), "The bot policies a seat may use."),
        "commands": S.map_of(ref("CommandSpec"), "Command type -> its description and arguments."),
        "events": S.map_of(S.obj("An event type.", {
            "description": S.string("What it records."),
            "sentence": S.optional(S.string(
                "The event in words, for a log a person reads: a template whose {field:kind} placeholders name a "
                "field of the event's data and how to show it: 'seat' (the seat's player's name), 'card' (the "
                "card's name in the catalogue) or 'value' (as it is). Leave out a placeholder whose field is null "
                "or absent (hidden from the reader). Absent: show the description.")),
        }),
                           "Event type -> what it records (the server's own events included)."),
        "results": S.array({"type": "object", "additionalProperties": True,
                            "description": "A result code and what it means."},
                           "How a game can end (the catalogue's 'results')."),
        "catalogue": ref(f"{p}Catalogue"),
    })
    return out


def components() -> dict[str, dict]:
    """Every response component of the API, by name."""
    out = dict(SHARED)
    for ruleset in RULESETS.values():
        out.update(ruleset_components(ruleset))
    out["CreateGameRequest"] = _one_of({rid: f"{prefix(rid)}CreateGame" for rid in sorted(RULESETS)}, "ruleset",
                                       "A create body, chosen by 'ruleset' (its options typed per ruleset).")
    for name, suffix in BY_RULESET.items():
        prop = "id" if name == "RulesetDetail" else "ruleset"
        out[name] = _one_of({rid: f"{prefix(rid)}{suffix}" for rid in sorted(RULESETS)}, prop,
                            f"One of the per-ruleset schemas, chosen by '{prop}'.")
    return out


def add_components(spec) -> None:
    """Register :func:`components` (and the generic ``Command``) in an apispec ``APISpec``."""
    from service.http.ops import COMPONENTS
    from service.http.schemas import CommandSchema, SeatRequestSchema

    spec.components.schema("Command", schema=CommandSchema)
    spec.components.schema("SeatRequest", schema=SeatRequestSchema)   # a seat of <P>CreateGame
    for name, schema in shape({**components(), **COMPONENTS}).items():
        spec.components.schema(name, schema)


def drop_unused(spec) -> None:
    """Remove from an apispec ``APISpec`` every schema component no operation reaches (flask-smorest's
    ``PaginationMetadata``, unused shapes): a generator makes a model of each, and typescript-fetch
    warns about an unused one. Every map of any value says so as ``additionalProperties: {}``
    (:func:`service.http.spec_shape.any_value_maps`), and an operation that may answer 304 takes
    ``If-None-Match`` (added here: flask-smorest's documented parameters would replace the query's).
    flask-smorest's ``DEFAULT_ERROR`` response is documented as what every error is:
    ``application/problem+json`` (``service.http.errors.problem``)."""
    import json
    import re

    schemas = spec.components.schemas
    reached, todo = set(), [json.dumps(spec.to_dict()["paths"]), json.dumps(spec.components.responses)]
    while todo:
        for name in re.findall(r"#/components/schemas/([A-Za-z0-9_.-]+)", todo.pop()):
            if name not in reached and name in schemas:
                reached.add(name)
                todo.append(json.dumps(schemas[name]))
    for name in set(schemas) - reached:
        del schemas[name]
    any_value_maps(schemas)
    default = spec.components.responses.get("DEFAULT_ERROR")
    if default and "application/json" in default.get("content", {}):
        default["content"] = {PROBLEM_JSON: default["content"]["application/json"]}
        default["description"] = "Any other error: problem details (RFC 9457) with the stable 'code'."
    for operations in spec._paths.values():        # apispec keeps no public handle on its paths
        for operation in operations.values():
            if isinstance(operation, dict) and "304" in operation.get("responses", {}):
                operation["parameters"] = [*operation.get("parameters", []), IF_NONE_MATCH]


def spec_yaml(app) -> str:
    """The app's OpenAPI document as YAML text."""
    return app.extensions["stranded_api"].spec.to_yaml()


def spec_dict(app) -> dict:
    """The app's OpenAPI document as a dict."""
    return app.extensions["stranded_api"].spec.to_dict()


__all__ = ["MAX_SEATS", "add_components", "components", "drop_unused", "prefix", "spec_dict", "spec_yaml"]
