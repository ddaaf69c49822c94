"""What the tests of a table over time share: a spec-checking client, a table, a finished game."""
from __future__ import annotations

import fakeredis

from service.http.app import create_app
from tests.helpers import auth, run_jobs
from tests.service.spec_client import ValidatingClient, checker_for

_CHECKER = []


def checker():
    """One spec checker for the whole run (every app generates the same spec)."""
    if not _CHECKER:
        _CHECKER.append(checker_for(create_app(fakeredis.FakeRedis())))
    return _CHECKER[0]


def spec_checked(client) -> ValidatingClient:
    """``client`` (a Flask test client), every JSON response it gets held to the OpenAPI spec."""
    return ValidatingClient(client, checker())


def table(api, names=("Ann", "Bob"), ruleset="selfish-space", seats=None, **options) -> tuple[str, dict[int, str]]:
    """``POST /v1/games`` with a human seat per name (or ``seats`` as given); returns the id and
    the tokens by seat."""
    seats = seats if seats is not None else [{"name": name} for name in names]
    resp = api.post("/v1/games", json={"ruleset": ruleset, "seats": seats, "options": {"seed": "tables", "stack": {}, **options}})
    assert resp.status_code == 201, resp.get_json()
    body = resp.get_json()
    return body["id"], {t["seat"]: t["token"] for t in body["tokens"]}


def summary(api, game_id: str) -> dict:
    """``GET /v1/games/{id}``; asserts 200."""
    resp = api.get(f"/v1/games/{game_id}")
    assert resp.status_code == 200, resp.get_json()
    return resp.get_json()


def seat_change(api, game_id: str, seat: int, what: str, token: str | None):
    """``POST .../seats/{seat}/{what}`` with ``token`` (None: no Authorization header)."""
    return api.post(f"/v1/games/{game_id}/seats/{seat}/{what}", headers=auth(token) if token else {})


def finish(api, redis, game_id: str, tokens: dict[int, str]) -> dict:
    """Every human seat leaves; the bots that take over play the game to its end. Returns the summary."""
    for seat, token in tokens.items():
        resp = seat_change(api, game_id, seat, "leave", token)
        assert resp.status_code == 200, resp.get_json()
    for _ in range(50):
        run_jobs(redis)
        body = summary(api, game_id)
        if body["status"] == "finished":
            return body
    raise AssertionError("the bots did not finish the game")
