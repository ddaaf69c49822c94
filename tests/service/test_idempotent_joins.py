"""An Idempotency-Key on the calls that answer a token shown once (a join, a rematch) and on a
resignation: a retry with the same key and body makes one change and answers the same seat (the
token is not shown again: only its SHA-256 is kept); the same key with another body is a 409
``idempotency_key_reused`` that changes nothing. Every response is held to the OpenAPI spec."""
from __future__ import annotations

import pytest

from tests.helpers import auth
from tests.service.tables_helpers import finish, spec_checked, summary, table


@pytest.fixture
def api(client):
    """The test client, every JSON response it gets held to the OpenAPI spec."""
    return spec_checked(client)


def keyed(key: str, token: str | None = None) -> dict:
    """Headers with an Idempotency-Key (and a seat token)."""
    return {"Idempotency-Key": key, **(auth(token) if token else {})}


def refused_reused(resp) -> None:
    """``resp`` is the 409 of a key used with another body, with a sentence."""
    body = resp.get_json()
    assert resp.status_code == 409 and body["code"] == "idempotency_key_reused", body
    assert body["detail"].endswith(".")


# -- join ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("path", ["/join", "/seats/1/join"])
def test_a_join_retried_with_its_key_takes_one_seat_and_answers_it_without_the_token(api, path):
    # given Ann's table with two open seats, and Bob joining with an Idempotency-Key
    game_id, _ = table(api, seats=[{"name": "Ann"}, {"open": True}, {"open": True}])
    first = api.post(f"/v1/games/{game_id}{path}", json={"name": "Bob"}, headers=keyed("bob-join-1"))
    assert first.status_code == 200 and first.get_json()["duplicate"] is False and first.get_json()["token"]
    version = summary(api, game_id)["version"]
    # when the same join comes again with its key (its answer was lost)
    again = api.post(f"/v1/games/{game_id}{path}", json={"name": "Bob"}, headers=keyed("bob-join-1"))
    # then it answers the same seat, no token, marked duplicate; no second seat is taken
    assert again.status_code == 200
    assert again.get_json() == {"seat": first.get_json()["seat"], "token": None, "duplicate": True}
    now = summary(api, game_id)
    assert now["version"] == version and [s["open"] for s in now["seats"]] == [False, False, True]
    # and the first answer's token holds the seat
    assert api.get(f"/v1/games/{game_id}/view", headers=auth(first.get_json()["token"])).get_json()["seat"] == 1


def test_a_join_key_sent_with_another_body_is_409_idempotency_key_reused_and_changes_nothing(api):
    # given Bob joined Ann's table with a key
    game_id, _ = table(api, seats=[{"name": "Ann"}, {"open": True}, {"open": True}])
    assert api.post(f"/v1/games/{game_id}/join", json={"name": "Bob"}, headers=keyed("join-k")).status_code == 200
    version = summary(api, game_id)["version"]
    # when the same key comes with another name, and for a named seat instead of the first open one
    other_name = api.post(f"/v1/games/{game_id}/join", json={"name": "Eve"}, headers=keyed("join-k"))
    other_path = api.post(f"/v1/games/{game_id}/seats/2/join", json={"name": "Bob"}, headers=keyed("join-k"))
    # then both are refused, and nothing is written
    refused_reused(other_name)
    refused_reused(other_path)
    assert summary(api, game_id)["version"] == version


def test_a_refused_join_forgets_its_key_so_a_corrected_retry_may_use_it(api):
    # given a table whose only open seat is kept for an invited player
    resp = api.post("/v1/games", json={"ruleset": "selfish-space", "options": {"seed": "idempotent-joins"},
                                       "seats": [{"name": "Ann"}, {"open": True, "invite": True}]})
    game_id, code = resp.get_json()["id"], resp.get_json()["invites"][0]["code"]
    # when Bob joins it without the code with a key, then with the code and the same key
    refused = api.post(f"/v1/games/{game_id}/seats/1/join", json={"name": "Bob"}, headers=keyed("bob-1"))
    assert refused.status_code == 409 and refused.get_json()["code"] == "seat_reserved"
    ok = api.post(f"/v1/games/{game_id}/seats/1/join", json={"name": "Bob", "invite": code}, headers=keyed("bob-1"))
    # then the corrected join is not mistaken for a retry: it takes the seat
    assert ok.status_code == 200 and ok.get_json()["duplicate"] is False and ok.get_json()["token"]


def test_a_join_key_is_never_kept_with_the_token(api, redis_conn):
    # given Bob joined with a key
    game_id, _ = table(api, seats=[{"name": "Ann"}, {"open": True}])
    token = api.post(f"/v1/games/{game_id}/join", json={"name": "Bob"}, headers=keyed("k")).get_json()["token"]
    # then no key of the store holds the token's text
    for key in redis_conn.scan_iter(match="*idempotency*"):
        assert token.encode() not in redis_conn.get(key)


# -- rematch ---------------------------------------------------------------------------------------

def finished_table(api, redis_conn) -> tuple[str, dict[int, str]]:
    """A finished two-seat game (every seat left, the bots played it out) and its tokens."""
    game_id, tokens = table(api, ("Ann", "Bob"))
    finish(api, redis_conn, game_id, tokens)
    return game_id, tokens


def test_a_rematch_retried_with_its_key_takes_one_seat_and_answers_it_without_the_token(api, redis_conn):
    # given a finished game, and Ann asking for the rematch with a key
    game_id, tokens = finished_table(api, redis_conn)
    first = api.post(f"/v1/games/{game_id}/rematch", json={"name": "Ann"}, headers=keyed("ann-again", tokens[0]))
    assert first.status_code == 200 and first.get_json()["duplicate"] is False, first.get_json()
    rematch_id = first.get_json()["game_id"]
    version = summary(api, rematch_id)["version"]
    # when the same call comes again with its key
    again = api.post(f"/v1/games/{game_id}/rematch", json={"name": "Ann"}, headers=keyed("ann-again", tokens[0]))
    # then it answers the same rematch and seat, no token, marked duplicate; nothing more is written
    assert again.status_code == 200
    assert again.get_json() == {**first.get_json(), "token": None, "duplicate": True}
    assert summary(api, rematch_id)["version"] == version
    # while without the key it is a 409 seat_taken, as before
    plain = api.post(f"/v1/games/{game_id}/rematch", json={"name": "Ann"}, headers=auth(tokens[0]))
    assert plain.status_code == 409 and plain.get_json()["code"] == "seat_taken"


def test_a_rematch_key_sent_with_another_body_is_409_idempotency_key_reused_and_changes_nothing(api, redis_conn):
    # given Ann asked for the rematch with a key
    game_id, tokens = finished_table(api, redis_conn)
    first = api.post(f"/v1/games/{game_id}/rematch", json={"name": "Ann"}, headers=keyed("again-k", tokens[0]))
    rematch_id = first.get_json()["game_id"]
    version = summary(api, rematch_id)["version"]
    # when the same key comes with another name, then it is refused and nothing is written
    refused_reused(api.post(f"/v1/games/{game_id}/rematch", json={"name": "Annie"},
                            headers=keyed("again-k", tokens[0])))
    assert summary(api, rematch_id)["version"] == version
    # and Bob's call with the same key is his own: it takes his seat
    bob = api.post(f"/v1/games/{game_id}/rematch", json={"name": "Ann"}, headers=keyed("again-k", tokens[1]))
    assert bob.status_code == 200 and bob.get_json()["duplicate"] is False and bob.get_json()["token"]


# -- resign ------------------------------------------------------------------------------------------

def test_a_resignation_retried_with_its_key_makes_one_change(api):
    # given a running three-seat game and Cy resigning with a key
    game_id, tokens = table(api, ("Ann", "Bob", "Cy"))
    first = api.post(f"/v1/games/{game_id}/seats/2/resign", headers=keyed("cy-resigns", tokens[2]))
    assert first.status_code == 200, first.get_json()
    version = summary(api, game_id)["version"]
    # when the same resignation comes again with its key, twice
    answers = [api.post(f"/v1/games/{game_id}/seats/2/resign", headers=keyed("cy-resigns", tokens[2]))
               for _ in range(2)]
    # then each answers the first, marked duplicate, and one resignation is in the log
    assert all(a.status_code == 200 and a.get_json()["duplicate"] is True for a in answers)
    assert summary(api, game_id)["version"] == version
    log = api.get(f"/v1/games/{game_id}/events").get_json()["events"]
    assert [e["type"] for e in log].count("SeatResigned") == 1
