"""The front-end contract: catalogue, readable legal commands, visible waiting, one outcome shape,
replay inside a command, and the spec's promises (security, 3.1), through the Flask test client."""
from __future__ import annotations

import gzip
import json
from datetime import datetime
from pathlib import Path

import pytest
import redis
import yaml

from events.games import RULESETS
from events.table.meta import DEFAULT_REACTION_TIMEOUT_S
from events.table.system import SYSTEM_EVENTS
from service.http.app import create_app
from tests.helpers import STACK, auth, create_game, legal_entries, post_command
from tests.service.spec_client import checker_for

ROOT = Path(__file__).resolve().parents[2]
LEGACY = ROOT / "tests" / "fixtures" / "legacy"


def two_humans(client, **options):
    game = create_game(client, "selfish-space", [{"name": "Ann"}, {"name": "Bob"}], seed="fixed", stack=STACK,
                       **options)
    return game["id"], {t["seat"]: t["token"] for t in game["tokens"]}


def tractor_beam(client, game_id, tokens):
    """Seat 0 plays its Tractor Beam on seat 1, who holds a Shield: a reaction window opens for seat 1."""
    resp = post_command(client, game_id, tokens[0], {"type": "PlayAction", "card": "tractor_beam", "target": 1})
    assert resp.status_code == 200, resp.get_json()
    return resp.get_json()


def seconds_between(start: str, end: str) -> float:
    parse = lambda ts: datetime.fromisoformat(ts.replace("Z", "+00:00"))  # noqa: E731
    return (parse(end) - parse(start)).total_seconds()


# -- GET /v1/rulesets/{id} ----------------------------------------------------------------

@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_ruleset_detail_serves_the_catalogue_with_options_bots_commands_and_events(client, ruleset_id):
    ruleset = RULESETS[ruleset_id]
    body = client.get(f"/v1/rulesets/{ruleset_id}").get_json()
    assert body["id"] == ruleset_id and body["catalogue"] == ruleset.catalogue
    assert (body["min_seats"], body["max_seats"]) == (ruleset.min_seats, ruleset.max_seats)
    assert body["rules"] == f"/rules/{ruleset_id}" and ruleset.version in body["versions"]
    assert body["options"]["reaction_timeout_s"]["maximum"] == 604800
    assert set(body["commands"]) == set(ruleset.commands) and set(body["bots"]) == set(ruleset.bots)
    assert SYSTEM_EVENTS | set(ruleset.events) == set(body["events"])
    assert all(spec["description"] for spec in body["events"].values())


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_every_served_event_type_has_a_sentence_whose_placeholders_its_data_requires(client, ruleset_id):
    # given the event types a ruleset's detail serves, the server's own included
    from events.games.schema import SENTENCE_KINDS, sentence_fields
    from service.http.system_events import SYSTEM_EVENT_SPECS

    served = client.get(f"/v1/rulesets/{ruleset_id}").get_json()["events"]
    declared = {**SYSTEM_EVENT_SPECS, **RULESETS[ruleset_id].events}
    for event_type, spec in served.items():
        # then each has a sentence, and each placeholder names a field every event of the type carries
        assert spec.get("sentence"), f"{event_type} is served with no sentence"
        data = declared[event_type]["data"]
        for form in data.get("oneOf", data.get("anyOf", [data])):
            for name, kind in sentence_fields(spec["sentence"]):
                assert kind in SENTENCE_KINDS and name in form.get("required", []), (event_type, name)


def test_unknown_ruleset_detail_is_404(client):
    resp = client.get("/v1/rulesets/chess")
    assert resp.status_code == 404 and resp.get_json()["error"]["code"] == "ruleset_not_found"


# -- legal commands ------------------------------------------------------------------------

def test_legal_commands_carry_a_postable_body_a_label_a_cost_and_an_effect(client):
    game_id, tokens = two_humans(client)
    entries = legal_entries(client, game_id, tokens[0])
    assert {"type": "Breathe"} in [e["command"] for e in entries]
    assert all(isinstance(e["label"], str) and e["label"] for e in entries)
    assert all(e["cost"] is None or isinstance(e["cost"], dict) for e in entries)
    resp = post_command(client, game_id, tokens[0], entries[0]["command"])
    assert resp.status_code == 200, resp.get_json()


# -- waiting made visible -------------------------------------------------------------------

def test_summary_and_views_name_the_reaction_window_and_its_default_deadline(client):
    # given a game without any timeout option, and a Tractor Beam on seat 1
    game_id, tokens = two_humans(client)
    played = tractor_beam(client, game_id, tokens)
    # when anyone reads the summary and the views
    summary = client.get(f"/v1/games/{game_id}").get_json()
    views = [client.get(f"/v1/games/{game_id}/view", headers=h).get_json() for h in ({}, auth(tokens[0]))]
    # then they all say seat 1 decides a reaction until 30 s after the window opened
    (waiting,) = summary["to_act"]
    assert (waiting["seat"], waiting["kind"]) == (1, "reaction") and waiting["label"].endswith(".")
    assert seconds_between(played["events"][-1]["ts"], waiting["deadline_at"]) == DEFAULT_REACTION_TIMEOUT_S
    assert all(view["to_act"] == summary["to_act"] for view in views)


def test_a_turn_has_a_day_by_default_its_turn_timeout_when_set_and_none_only_when_set_to_null(client):
    default, _ = two_humans(client)
    timed, _ = two_humans(client, turn_timeout_s=90)
    untimed, _ = two_humans(client, turn_timeout_s=None)
    summary = client.get(f"/v1/games/{default}").get_json()
    assert seconds_between(summary["updated"], summary["to_act"][0]["deadline_at"]) == 86400
    summary = client.get(f"/v1/games/{timed}").get_json()
    assert seconds_between(summary["updated"], summary["to_act"][0]["deadline_at"]) == 90
    assert client.get(f"/v1/games/{untimed}").get_json()["to_act"][0]["deadline_at"] is None


def test_a_409_while_another_seat_decides_names_that_seat_and_its_decision(client, store):
    game_id, tokens = two_humans(client)
    tractor_beam(client, game_id, tokens)
    before = store.version(game_id)
    resp = post_command(client, game_id, tokens[0], {"type": "Breathe"})
    assert resp.status_code == 409
    error = resp.get_json()["error"]
    assert error["code"] == "not_your_turn" and error["message"].startswith("Waiting for seat 1 (Bob): ")
    assert [d["seat"] for d in error["to_act"]] == [1]
    assert store.version(game_id) == before


def test_option_sets_the_reaction_deadline(client):
    game_id, tokens = two_humans(client, reaction_timeout_s=5)
    played = tractor_beam(client, game_id, tokens)
    deadline = client.get(f"/v1/games/{game_id}").get_json()["to_act"][0]["deadline_at"]
    assert seconds_between(played["events"][-1]["ts"], deadline) == 5


# -- replay inside a command -------------------------------------------------------------------

def test_view_at_a_version_inside_a_batch_names_the_command_in_progress(client):
    # given seat 0's Tractor Beam, whose batch holds two events
    game_id, tokens = two_humans(client)
    played = tractor_beam(client, game_id, tokens)
    first, last = played["events"][0]["version"], played["events"][-1]["version"]
    # when its sender, a spectator and the other seat replay the version between them
    mine = client.get(f"/v1/games/{game_id}/view?at={first}", headers=auth(tokens[0])).get_json()
    spectator = client.get(f"/v1/games/{game_id}/view?at={first}").get_json()
    # then the view says which command is in progress; only its sender sees its type
    assert mine["in_command"]["from_version"] == first and mine["in_command"]["seat"] == 0
    assert mine["in_command"]["type"] == "PlayAction" and spectator["in_command"]["type"] is None
    assert mine["to_act"] == [] and mine["version"] == first
    boundary = client.get(f"/v1/games/{game_id}/view?at={last}").get_json()
    assert boundary["in_command"] is None and boundary["to_act"][0]["seat"] == 1


# -- one outcome shape ----------------------------------------------------------------------

def load_legacy(store, ruleset_id: str) -> str:
    """Write a game stored by older code (tests/fixtures/legacy) into ``store``; return its id."""
    record = json.loads(gzip.open(LEGACY / f"{ruleset_id}.json.gz").read())
    game_id = record["game_id"]
    store.redis.hset(store.key(game_id, "meta"), mapping=record["meta"])
    for entry_id, fields in record["entries"]:
        store.redis.xadd(store.key(game_id, "events"), fields, id=entry_id)
    return game_id


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_an_old_finished_game_shows_its_result_in_the_one_outcome_shape_without_rewriting_it(
        fake_redis, ruleset_id):
    app = create_app(fake_redis)
    store = app.extensions["stranded"].store
    game_id = load_legacy(store, ruleset_id)
    stored = store.get_meta(game_id)["result"]
    summary = app.test_client().get(f"/v1/games/{game_id}").get_json()
    assert summary["status"] == "finished"
    assert set(summary["result"]) == {"winners", "result", "reason", "scores", "turns", "replaced", "resigned"}
    checker_for(app).check_component("GameSummary", summary)
    assert store.get_meta(game_id)["result"] == stored


# -- the spec ---------------------------------------------------------------------------------

def spec():
    return yaml.safe_load((ROOT / "openapi.yaml").read_text())


def test_spec_is_openapi_3_1_with_a_view_schema_per_ruleset_chosen_by_ruleset():
    document = spec()
    assert document["openapi"] == "3.1.0"
    chooser = document["components"]["schemas"]["ViewResponse"]
    assert chooser["discriminator"]["propertyName"] == "ruleset"
    assert set(chooser["discriminator"]["mapping"]) == set(RULESETS)
    for name in ("EventPage", "CommandResult", "LegalCommands"):
        assert set(document["components"]["schemas"][name]["discriminator"]["mapping"]) == set(RULESETS)


@pytest.mark.parametrize("path", ["/v1/games/{game_id}", "/v1/games/{game_id}/view", "/v1/games/{game_id}/events",
                                  "/v1/games/{game_id}/stream"])
def test_spectator_readable_routes_make_the_token_optional_in_the_spec(path):
    # given the spec, when a route a spectator reads states no security of its own,
    # then it has the document's: no token, or a seat's
    assert "security" not in spec()["paths"][path]["get"]
    assert spec()["security"] == [{}, {"seatToken": []}]


@pytest.mark.parametrize("path,method", [("/v1/games/{game_id}/legal-commands", "get"),
                                         ("/v1/games/{game_id}/commands", "post")])
def test_seat_only_routes_require_the_token_in_the_spec(path, method):
    assert spec()["paths"][path][method]["security"] == [{"seatToken": []}]


def test_every_response_property_of_the_shared_components_is_described():
    from events.games.schema import validate_schema_shape
    from service.http.responses import SHARED

    problems = [p for name, schema in SHARED.items() for p in validate_schema_shape(schema, name)]
    assert not problems, problems


def test_spec_generation_needs_no_redis_connection():
    assert create_app(redis.Redis(port=1)).extensions["stranded_api"].spec.to_dict()["openapi"] == "3.1.0"


def test_the_spec_publishes_every_event_the_server_writes_itself():
    from service.http.system_events import SYSTEM_EVENT_SPECS

    assert set(SYSTEM_EVENT_SPECS) == set(SYSTEM_EVENTS)
