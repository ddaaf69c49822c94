"""HTTP as a front end's middleware expects it: problem details, conditional GETs, immutable answers,
Location, idempotent creates, Retry-After only on refusals, CORS for tracing headers (issue 27)."""
from __future__ import annotations

import os

import pytest

from service.http import limits
from service.http.app import create_app
from tests.helpers import auth, create_game, legal_commands, post_command

TWO = [{"name": "Ann"}, {"name": "Bob"}]
CREATE = {"ruleset": "selfish-space", "seats": TWO}


def finished_game(client) -> tuple[str, str]:
    """A One Against the Dead game its player conceded: (game id, token)."""
    game = create_game(client, "one-against-the-dead", [{"name": "Ann"}], seed="http")
    game_id, token = game["id"], game["tokens"][0]["token"]
    for _ in range(200):
        commands = legal_commands(client, game_id, token)
        if not commands:
            break
        command = next((c for c in commands if c["type"] == "Concede"), commands[0])
        assert post_command(client, game_id, token, command).status_code == 200
    assert client.get(f"/v1/games/{game_id}").get_json()["status"] == "finished"
    return game_id, token


def game_count(client) -> int:
    return len(client.get("/v1/games?limit=100").get_json()["games"])


# -- problem details -------------------------------------------------------------------------------

def test_an_error_is_problem_json_with_type_title_status_detail_and_the_stable_code(client):
    # given no game "nosuchgame", when it is asked for
    resp = client.get("/v1/games/nosuchgame0000000")
    # then the answer is RFC 9457 problem details, with the code and the old error object kept
    body = resp.get_json()
    assert resp.status_code == 404 and resp.mimetype == "application/problem+json"
    assert body["type"] == "urn:stranded:problem:game_not_found" and body["title"] == "Game not found"
    assert body["status"] == 404 and body["code"] == "game_not_found" and body["detail"]
    assert body["error"] == {"code": "game_not_found", "message": body["detail"]}


# -- conditional GETs --------------------------------------------------------------------------------

@pytest.mark.parametrize("path", ["/v1/games/{id}", "/v1/games/{id}/view", "/v1/games/{id}/events",
                                  "/v1/rulesets", "/v1/rulesets/selfish-space"])
def test_a_read_sent_again_with_its_etag_is_a_304_without_a_body(client, path):
    # given a game and a read of it with its ETag
    game = create_game(client, "selfish-space", TWO, seed="etag")
    first = client.get(path.format(id=game["id"]))
    etag = first.headers["ETag"]
    assert first.status_code == 200 and etag.startswith('"') and first.headers["Cache-Control"] == "no-cache"
    # when it is read again with If-None-Match, then it is a 304 with no body and the same ETag
    again = client.get(path.format(id=game["id"]), headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b"" and again.headers["ETag"] == etag


def test_a_summary_read_with_an_old_etag_after_a_command_is_a_200_with_a_new_etag(client):
    # given a game's summary and its ETag
    game = create_game(client, "selfish-space", TWO, seed="etag-moves")
    game_id = game["id"]
    etag = client.get(f"/v1/games/{game_id}").headers["ETag"]
    # when the seat to act sends a command
    seat = client.get(f"/v1/games/{game_id}").get_json()["to_act"][0]["seat"]
    token = game["tokens"][seat]["token"]
    assert post_command(client, game_id, token, legal_commands(client, game_id, token)[0]).status_code == 200
    # then the old ETag gets the new summary
    resp = client.get(f"/v1/games/{game_id}", headers={"If-None-Match": etag})
    assert resp.status_code == 200 and resp.headers["ETag"] != etag


def test_a_seats_view_and_the_spectators_have_different_etags(client):
    game = create_game(client, "selfish-space", TWO, seed="etag-seat")
    spectator = client.get(f"/v1/games/{game['id']}/view")
    seat = client.get(f"/v1/games/{game['id']}/view", headers=auth(game["tokens"][0]["token"]))
    assert spectator.headers["ETag"] != seat.headers["ETag"] and "Authorization" in seat.headers["Vary"]


# -- immutable answers ------------------------------------------------------------------------------

def test_what_a_finished_game_can_no_longer_change_is_immutable(client):
    # given a finished game
    game_id, _ = finished_game(client)
    # then its record, its complete log and its views at a version are immutable
    for path in (f"/v1/games/{game_id}/record", f"/v1/games/{game_id}/events", f"/v1/games/{game_id}/view?at=1"):
        resp = client.get(path)
        assert resp.status_code == 200 and "immutable" in resp.headers["Cache-Control"], path
    # and its summary and current view are still revalidated
    assert client.get(f"/v1/games/{game_id}").headers["Cache-Control"] == "no-cache"
    assert client.get(f"/v1/games/{game_id}/view").headers["Cache-Control"] == "no-cache"


def test_a_running_games_view_at_a_version_is_not_immutable(client):
    game = create_game(client, "selfish-space", TWO, seed="running-at")
    assert client.get(f"/v1/games/{game['id']}/view?at=1").headers["Cache-Control"] == "no-cache"


# -- Location and idempotent creates ---------------------------------------------------------------------

def test_a_created_game_answers_201_with_its_location(client):
    resp = client.post("/v1/games", json=CREATE)
    assert resp.status_code == 201 and resp.headers["Location"] == f"/v1/games/{resp.get_json()['id']}"


def test_a_create_retried_with_the_same_idempotency_key_makes_one_game(client):
    # given a create with an Idempotency-Key
    first = client.post("/v1/games", json=CREATE, headers={"Idempotency-Key": "create-once-1"})
    assert first.status_code == 201 and len(first.get_json()["tokens"]) == 2
    # when it is sent again with the same key and body
    again = client.post("/v1/games", json=CREATE, headers={"Idempotency-Key": "create-once-1"})
    # then the answer is the same game, without its tokens (shown once), and one game exists
    assert again.status_code == 200 and again.get_json()["id"] == first.get_json()["id"]
    assert again.get_json()["tokens"] == [] and again.get_json()["invites"] == [] and again.headers["Location"] == first.headers["Location"]
    assert game_count(client) == 1


def test_an_idempotency_key_reused_for_another_body_is_a_409_and_creates_nothing(client):
    assert client.post("/v1/games", json=CREATE, headers={"Idempotency-Key": "k-2"}).status_code == 201
    other = {**CREATE, "seats": [{"name": "Cy"}, {"name": "Di"}, {"name": "Ed"}]}
    resp = client.post("/v1/games", json=other, headers={"Idempotency-Key": "k-2"})
    assert resp.status_code == 409 and resp.get_json()["code"] == "idempotency_key_reused"
    assert game_count(client) == 1


@pytest.mark.parametrize("key", ["", "k" * 201])
def test_an_empty_or_too_long_idempotency_key_on_create_is_a_400_and_creates_nothing(client, key):
    resp = client.post("/v1/games", json=CREATE, headers={"Idempotency-Key": key})
    assert resp.status_code == 400 and resp.get_json()["code"] == "bad_idempotency_key"
    assert game_count(client) == 0


def test_a_create_refused_with_an_idempotency_key_can_be_corrected_and_sent_with_the_same_key(client):
    bad = client.post("/v1/games", json={**CREATE, "ruleset": "chess"}, headers={"Idempotency-Key": "k-3"})
    assert bad.status_code == 400
    assert client.post("/v1/games", json=CREATE, headers={"Idempotency-Key": "k-3"}).status_code == 201


# -- Retry-After and CORS ----------------------------------------------------------------------------

def test_retry_after_is_sent_on_no_answer_but_a_429_or_503(redis_conn):
    # given a server whose rate limits are on
    storage = limits.storage_uri(os.environ.get("REDIS_URL")) if "Fake" not in type(redis_conn).__name__ \
        else "memory://"
    app = create_app(redis_conn, config={"RATE_LIMITS": True, "RATE_LIMIT_STORAGE": storage,
                                         "RATE_LIMIT_CREATE": "1/minute"})
    client = app.test_client()
    # when a create is allowed, then it has no Retry-After; when the next is refused, it has one
    created = client.post("/v1/games", json=CREATE)
    assert created.status_code == 201 and "Retry-After" not in created.headers
    refused = client.post("/v1/games", json=CREATE)
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0


def test_a_browser_may_send_tracing_and_conditional_headers_and_read_etag_and_location(client):
    preflight = client.options("/v1/games", headers={
        "Origin": "https://table.example", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "traceparent, x-request-id, idempotency-key, if-none-match"})
    allowed = preflight.headers["Access-Control-Allow-Headers"].lower()
    assert all(h in allowed for h in ("traceparent", "x-request-id", "idempotency-key", "if-none-match"))
    exposed = client.get("/v1/rulesets", headers={"Origin": "https://table.example"}) \
        .headers["Access-Control-Expose-Headers"]
    assert all(h in exposed for h in ("ETag", "Location", "Content-Disposition", "Retry-After",
                                      "X-RateLimit-Remaining"))
    assert "Date" in exposed, "a front end on another origin counts deadlines on the server's clock"


# -- the stream ----------------------------------------------------------------------------------------

def read_stream_ids(client, url: str, headers=None) -> list[int]:
    """The ids of the frames of a whole stream (a finished game's stream ends by itself)."""
    resp = client.get(url, headers=headers or {})
    try:
        assert resp.status_code == 200, resp.get_data(as_text=True)
        return [int(line[4:]) for line in resp.get_data(as_text=True).splitlines() if line.startswith("id: ")]
    finally:
        resp.close()


def test_last_event_id_wins_over_after_so_a_reconnect_gets_no_duplicate(client):
    # given a finished game and an EventSource whose URL says after=0 and that has seen version 3
    game_id, _ = finished_game(client)
    version = client.get(f"/v1/games/{game_id}").get_json()["version"]
    # when it reconnects with Last-Event-ID 3, then it gets only the events after 3
    ids = read_stream_ids(client, f"/v1/games/{game_id}/stream?after=0", {"Last-Event-ID": "3"})
    assert ids == list(range(4, version + 1))


def test_a_finished_games_stream_asked_from_its_last_event_is_a_204(client):
    # given a finished game whose every event the EventSource has seen
    game_id, _ = finished_game(client)
    version = client.get(f"/v1/games/{game_id}").get_json()["version"]
    # when it reconnects, by Last-Event-ID or by 'after', then nothing more can come: 204, no body
    for url, headers in ((f"/v1/games/{game_id}/stream?after=0", {"Last-Event-ID": str(version)}),
                         (f"/v1/games/{game_id}/stream?after={version}", {})):
        resp = client.get(url, headers=headers)
        assert resp.status_code == 204 and resp.data == b""


@pytest.mark.parametrize("last_event_id", ["9999", "00000000000009999"])
def test_a_last_event_id_past_the_game_is_a_400_or_ignored_when_too_long(client, last_event_id):
    game_id, _ = finished_game(client)
    resp = client.get(f"/v1/games/{game_id}/stream?after=1", headers={"Last-Event-ID": last_event_id})
    try:
        if len(last_event_id) <= 13:
            assert resp.status_code == 400 and resp.get_json()["code"] == "bad_version"
        else:
            assert resp.status_code == 200       # not a version: 'after' decides
    finally:
        resp.close()
