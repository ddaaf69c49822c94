"""Every response of real games fits the generated OpenAPI spec.

For each ruleset, a game whose every seat is played over REST by the
ruleset's ``random`` bot (each seat a human seat with a token, so the views
and legal commands of each seat are served): every summary, legal-command
list, command result, the view of each seat and of a spectator at versions
all along the log (inside commands' batches too), every page of the log for
each of them, the stream's frames, the catalogue and the lists are
validated with a JSON Schema validator against the spec the app generates.
"""
from __future__ import annotations

import json
import random

import pytest

from events.games import RULESETS
from service.http.app import create_app
from service.http.openapi import prefix
from service.http.system_events import SYSTEM_EVENT_SPECS
from tests.helpers import auth
from tests.service.spec_client import ValidatingClient, checker_for

IDS = sorted(RULESETS)
#: Commands played per game at most (long games stop there: every response so far was checked).
MAX_COMMANDS = 400
#: Every seat's and the spectator's view is fetched every this many commands.
VIEW_EVERY = 25
#: How many versions along the log each seat and the spectator view afterwards.
REPLAY_POINTS = 30


def seats_for(ruleset) -> int:
    return min(max(2, ruleset.min_seats), ruleset.max_seats)


def play(client, ruleset, game_id, tokens, rng):
    """Play the game with the random bot at every seat over REST; return the commands sent."""
    policy = ruleset.bots["random"]
    for step in range(MAX_COMMANDS):
        summary = client.get(f"/v1/games/{game_id}").get_json()
        if summary["status"] == "finished":
            return step
        seat = summary["to_act"][0]["seat"]
        if step % VIEW_EVERY == 0:
            for other in [None, *tokens]:
                client.get(f"/v1/games/{game_id}/view", headers=auth(tokens[other]) if other is not None else {})
        entries = client.get(f"/v1/games/{game_id}/legal-commands", headers=auth(tokens[seat])).get_json()["commands"]
        view = client.get(f"/v1/games/{game_id}/view", headers=auth(tokens[seat])).get_json()["view"]
        command = policy(view, [entry["command"] for entry in entries], rng)
        resp = client.post(f"/v1/games/{game_id}/commands", json=command, headers=auth(tokens[seat]))
        assert resp.status_code == 200, (command, resp.get_json())
    return MAX_COMMANDS


def read_log(client, game_id, headers) -> list[dict]:
    events, after = [], 0
    while True:
        page = client.get(f"/v1/games/{game_id}/events?after={after}&limit=300", headers=headers).get_json()
        if not page["events"]:
            return events
        events += page["events"]
        after = page["events"][-1]["version"]


@pytest.mark.parametrize("ruleset_id", IDS)
def test_every_response_of_a_game_played_over_rest_fits_the_spec(fake_redis, ruleset_id):
    # given a game of the ruleset, every seat a human seat played by the random bot over REST
    app = create_app(fake_redis)
    checker = checker_for(app)
    client = ValidatingClient(app.test_client(), checker)
    ruleset = RULESETS[ruleset_id]
    created = client.post("/v1/games", json={"ruleset": ruleset_id, "seats": [
        {"name": f"P{i}"} for i in range(seats_for(ruleset))], "options": {"seed": f"spec-{ruleset_id}", "stack": {}}})
    assert created.status_code == 201, created.get_json()
    game_id = created.get_json()["id"]
    tokens = {t["seat"]: t["token"] for t in created.get_json()["tokens"]}

    # when it is played, replayed at versions all along its log and read back by everyone
    played = play(client, ruleset, game_id, tokens, random.Random(ruleset_id))
    version = client.get(f"/v1/games/{game_id}").get_json()["version"]
    points = sorted({1, version, *random.Random(version).sample(range(1, version + 1), min(version, REPLAY_POINTS))})
    readers = [{}] + [auth(token) for token in tokens.values()]
    for headers in readers:
        for at in points:
            resp = client.get(f"/v1/games/{game_id}/view?at={at}", headers=headers)
            assert resp.status_code == 200, (at, resp.get_json())
    logs = [read_log(client, game_id, headers) for headers in readers]
    client.get(f"/v1/rulesets/{ruleset_id}")
    client.get("/v1/rulesets")
    client.get(f"/v1/games?ruleset={ruleset_id}")
    stream = app.test_client().get(f"/v1/games/{game_id}/stream?after=0&timeout_s=1", headers=readers[1])
    text = stream.get_data(as_text=True)
    stream.close()
    frames = [json.loads(line[len("data: "):]) for line in text.splitlines() if line.startswith("data: ")]
    for body in frames:
        checker.check_component(f"{prefix(ruleset_id)}Event", body, f"stream frame {body['version']}")

    # then every response fit the spec, and the log met event types the ruleset declares
    assert played > 0 and logs[0] and len(frames) == min(version, len(logs[1]))
    met = {event["type"] for log in logs for event in log}
    if ruleset.events:
        assert met <= set(ruleset.events) | set(SYSTEM_EVENT_SPECS), met - set(ruleset.events)
    assert checker.checked["GET /v1/games/{game_id}/view 200"] >= len(readers) * len(points)
    assert checker.checked["GET /v1/games/{game_id}/legal-commands 200"] == played
    assert checker.checked["POST /v1/games/{game_id}/commands 200"] == played
    assert checker.checked["GET /v1/rulesets/{ruleset_id} 200"] == 1
