"""Spec fuzz: schemathesis sends requests generated from the app's own OpenAPI document to every
operation (path parameters, queries, bodies: valid and not) and no answer may be a 5xx.

Bounded for CI: a few examples per operation, no shrinking past a deadline.
"""
from __future__ import annotations

import fakeredis
import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, settings

from service.http.app import create_app
from tests.helpers import create_game

#: Requests per operation (and per generation mode).
MAX_EXAMPLES = 25


def _fuzzed_app():
    """An app on FakeRedis with one running game (``app.config["FUZZ_GAME"]``: its id and seat 0's token)."""
    app = create_app(fakeredis.FakeRedis(server=fakeredis.FakeServer()))
    game = create_game(app.test_client(), "selfish-space", [{"name": "Ann"}, {"name": "Bob"}], seed="fuzz")
    app.config["FUZZ_GAME"] = (game["id"], game["tokens"][0]["token"])
    return app


# The schema is loaded when the module is collected, not from a fixture: schemathesis's lazy
# fixture path (``schemathesis.pytest.from_fixture``) writes pytest's private ``Node._nodeid``,
# which pytest 9.2 no longer has (AttributeError).
APP = _fuzzed_app()
schema = schemathesis.openapi.from_wsgi("/openapi.json", APP)


@pytest.fixture(scope="module")
def fuzzed_app():
    """The app the schema was loaded from (module-wide: the game it holds is the one to play on)."""
    return APP


@schema.parametrize()
@settings(max_examples=MAX_EXAMPLES, deadline=None, phases=[Phase.explicit, Phase.generate],
          suppress_health_check=list(HealthCheck))
def test_no_operation_answers_a_5xx_to_any_generated_request(case, fuzzed_app):
    game_id, token = fuzzed_app.config["FUZZ_GAME"]
    generated = (case.path_parameters or {}).get("game_id")
    if isinstance(generated, str) and len(generated) % 2 == 0:    # half the cases play on the real game
        case.path_parameters["game_id"] = game_id
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}
    if case.path.endswith("/stream"):
        case.query = {**(case.query or {}), "timeout_s": 0}     # a stream ends at once instead of waiting
    response = case.call()
    assert response.status_code < 500, (case.method, case.formatted_path, case.query, case.body,
                                        response.text[:300])
