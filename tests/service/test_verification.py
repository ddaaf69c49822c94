"""GET /v1/games/{id}/verification: anyone's audit of a game as the server holds it -- verified once
over, consistent so far while it runs, tampered (with where) when the log was changed, every answer
held to the OpenAPI spec."""
from __future__ import annotations

import pytest

from events.store import EventStore
from tests.helpers import STACK, post_command
from tests.service.tables_helpers import finish, spec_checked, summary, table


@pytest.fixture
def api(client):
    """The test client, every JSON response it gets held to the OpenAPI spec."""
    return spec_checked(client)


def verification(api, game_id: str) -> dict:
    resp = api.get(f"/v1/games/{game_id}/verification")
    assert resp.status_code == 200, resp.get_json()
    return resp.get_json()


def test_a_finished_game_verifies_down_to_the_head_its_summary_shows(api, redis_conn):
    # given a game played to its end
    game_id, tokens = table(api, stack=STACK)
    finish(api, redis_conn, game_id, tokens)
    # when anyone asks for its verification
    body = verification(api, game_id)
    # then it is verified, with the head the summary serves as a receipt
    last = summary(api, game_id)["head"]
    assert body["ok"] is True and body["status"] == "verified" and body["code"] == 0
    assert body["version"] == last["version"] and body["head"] == last
    assert body["problems"] == [] and body["message"].startswith("Verified")


def test_a_running_game_is_consistent_so_far_without_its_seed(api):
    # given a game under way (Ann played a card)
    game_id, tokens = table(api, stack=STACK)
    assert post_command(api, game_id, tokens[0], {"type": "PlayAction", "card": "tractor_beam",
                                                   "target": 1}).status_code == 200
    # when its verification is asked for
    body = verification(api, game_id)
    # then it checks out so far, exit code 3, and says the draws wait for the end
    assert body["ok"] is True and body["status"] == "consistent_so_far" and body["code"] == 3
    assert body["version"] == summary(api, game_id)["version"] and "once the game is over" in body["message"]


def _rewrite_event(redis, game_id: str, version: int, old: str, new: str) -> None:
    """Rewrite the stream with ``old`` replaced by ``new`` in the event at ``version`` (a forger's edit)."""
    store = EventStore(redis)
    key = store.key(game_id, "events")
    entries = redis.xrange(key)
    redis.delete(key)
    for entry_id, fields in entries:
        if entry_id.decode().split("-")[0] == str(version):
            fields = {k: v.replace(old.encode(), new.encode()) if k == b"e" else v for k, v in fields.items()}
        redis.xadd(key, fields, id=entry_id)


def test_a_log_changed_after_the_end_is_tampered_and_says_where(api, redis_conn):
    # given a finished game whose stored log was changed: a seat's draw given to the other seat
    game_id, tokens = table(api, stack=STACK)
    finish(api, redis_conn, game_id, tokens)
    events = api.get(f"/v1/games/{game_id}/events?after=0&limit=1000").get_json()["events"]
    drawn = next(e for e in events if e["type"] == "CardDrawn" and e["data"]["seat"] == 0)
    _rewrite_event(redis_conn, game_id, drawn["version"], '"seat":0', '"seat":1')
    # when its verification is asked for
    body = verification(api, game_id)
    # then it is tampered, exit code 1, and the problems name versions
    assert body["ok"] is False and body["status"] == "tampered" and body["code"] == 1
    assert body["problems"] and "version" in body["problems"][0]
    assert body["message"].startswith("The log does not verify")


def test_the_verification_of_no_such_game_is_404(api):
    resp = api.get("/v1/games/nosuchgame/verification")
    assert resp.status_code == 404 and resp.get_json()["error"]["code"]
