"""Server-Sent Events: live, redacted, heartbeats, a maximum lifetime resumed with Last-Event-ID without a
gap, and a cap on streams without a token per client address."""
from __future__ import annotations

import json
import threading
import time

import pytest

from service.http.app import create_app
from service.http.streams import StreamSettings
from tests.helpers import STACK, auth, create_game, legal_commands, post_command


@pytest.fixture
def stream_app(redis_backend):
    return create_app(redis_backend, config={"STREAMS": StreamSettings(heartbeat_s=0.1, max_s=30,
                                                                       anonymous_per_address=2)})


def two_humans(client):
    game = create_game(client, "selfish-space", [{"name": "Ann"}, {"name": "Bob"}], seed="stream", stack=STACK)
    return game["id"], {t["seat"]: t["token"] for t in game["tokens"]}


def frames(text: str) -> list[dict]:
    """The events of an SSE text: ``{"id", "event", "data"}`` per frame with an id."""
    out = []
    for block in text.split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line and not line.startswith(":"))
        if "id" in fields:
            out.append({"id": int(fields["id"]), "event": fields["event"], "data": json.loads(fields["data"])})
    return out


def read_stream(client, url: str, headers=None) -> str:
    """The whole text of a stream; the response is closed, as a WSGI server closes it."""
    resp = client.get(url, headers=headers or {})
    try:
        assert resp.status_code == 200, resp.get_data(as_text=True)
        return resp.get_data(as_text=True)
    finally:
        resp.close()


def play_some(client, game_id, tokens, moves: int, pause_s: float = 0.0) -> None:
    """Send ``moves`` legal commands for whichever seat must act."""
    for _ in range(moves):
        summary = client.get(f"/v1/games/{game_id}").get_json()
        if summary["status"] != "active":
            return
        seat = summary["to_act"][0]["seat"]
        command = legal_commands(client, game_id, tokens[seat])[0]
        assert post_command(client, game_id, tokens[seat], command).status_code == 200
        time.sleep(pause_s)


def test_a_stream_delivers_events_appended_while_it_is_open(stream_app):
    client = stream_app.test_client()
    game_id, tokens = two_humans(client)
    start = client.get(f"/v1/games/{game_id}").get_json()["version"]
    mover = threading.Thread(target=play_some, args=(stream_app.test_client(), game_id, tokens, 4, 0.05))
    mover.start()
    text = read_stream(client, f"/v1/games/{game_id}/stream?after={start}&timeout_s=1.5", auth(tokens[1]))
    mover.join()
    final = client.get(f"/v1/games/{game_id}").get_json()["version"]
    assert [f["id"] for f in frames(text)] == list(range(start + 1, final + 1))
    assert "laser_blast" not in text     # seat 1 never sees seat 0's hand


def test_an_idle_stream_sends_heartbeat_comments(stream_app):
    client = stream_app.test_client()
    game_id, _ = two_humans(client)
    text = read_stream(client, f"/v1/games/{game_id}/stream?timeout_s=0.45")
    assert text.startswith("retry: ") and text.count(": keep-alive") >= 2 and frames(text) == []


def test_streams_end_after_their_lifetime_and_resume_with_last_event_id_missing_nothing(stream_app):
    # given a game played on by another client the whole time
    client = stream_app.test_client()
    game_id, tokens = two_humans(client)
    mover = threading.Thread(target=play_some, args=(stream_app.test_client(), game_id, tokens, 30, 0.02))
    mover.start()
    # when a spectator watches with streams of 0.2 s, each resumed from the last id it got
    seen, last, streams = [], 0, 0
    while mover.is_alive() or last < client.get(f"/v1/games/{game_id}").get_json()["version"]:
        text = read_stream(client, f"/v1/games/{game_id}/stream?timeout_s=0.2", {"Last-Event-ID": str(last)})
        got = frames(text)
        seen += [f["id"] for f in got]
        last = got[-1]["id"] if got else last
        streams += 1
    mover.join()
    # then every event came exactly once, in order, over many streams
    final = client.get(f"/v1/games/{game_id}").get_json()["version"]
    assert seen == list(range(1, final + 1)) and streams > 3


def test_streams_without_a_token_are_capped_per_address_and_freed_when_closed(stream_app):
    client = stream_app.test_client()
    game_id, tokens = two_humans(client)
    first = client.get(f"/v1/games/{game_id}/stream", buffered=False)
    second = client.get(f"/v1/games/{game_id}/stream", buffered=False)
    third = client.get(f"/v1/games/{game_id}/stream", buffered=False)
    assert (first.status_code, second.status_code) == (200, 200)
    assert third.status_code == 429 and third.get_json()["error"]["code"] == "too_many_streams"
    assert read_stream(client, f"/v1/games/{game_id}/stream?timeout_s=0.05", auth(tokens[0]))
    first.close()
    assert read_stream(client, f"/v1/games/{game_id}/stream?timeout_s=0.05")
    second.close()
    third.close()


def test_a_stream_of_a_finished_game_sends_the_rest_and_ends(stream_app, redis_backend):
    client = stream_app.test_client()
    game = create_game(client, "one-against-the-dead", [{"bot": "random"}], seed="stream-end")
    from tests.helpers import run_jobs
    run_jobs(redis_backend)
    summary = client.get(f"/v1/games/{game['id']}").get_json()
    assert summary["status"] == "finished"
    started = time.monotonic()
    got = frames(read_stream(client, f"/v1/games/{game['id']}/stream?after=0"))
    assert [f["id"] for f in got] == list(range(1, summary["version"] + 1)) and got[-1]["event"] == "SeedRevealed"
    assert time.monotonic() - started < 5


@pytest.mark.parametrize("query,headers", [("?after=9999", {}), ("", {"Last-Event-ID": "9999"}),
                                           ("?after=-1", {}), ("?timeout_s=99999", {})])
def test_a_stream_start_past_the_game_or_out_of_range_is_400(stream_app, query, headers):
    client = stream_app.test_client()
    game_id, _ = two_humans(client)
    resp = client.get(f"/v1/games/{game_id}/stream{query}", headers=headers)
    assert resp.status_code == 400


# -- stream tickets: a seat's stream from a native EventSource -----------------------------------

def test_a_stream_ticket_opens_its_seats_stream_without_the_token_in_the_url(stream_app):
    # given a game, and seat 1 asking for a ticket with its token
    client = stream_app.test_client()
    game_id, tokens = two_humans(client)
    issued = client.post(f"/v1/games/{game_id}/stream-ticket", headers=auth(tokens[1]))
    assert issued.status_code == 201
    ticket = issued.get_json()
    assert ticket["seat"] == 1 and ticket["expires_in_s"] == 60 and tokens[1] not in ticket["ticket"]
    # when the stream is opened with the ticket alone (no Authorization header), from the start
    text = read_stream(client, f"/v1/games/{game_id}/stream?after=0&timeout_s=0.3&ticket={ticket['ticket']}")
    # then it is seat 1's stream: seat 1's own dealt hand is there, as in seat 1's token stream
    with_token = read_stream(client, f"/v1/games/{game_id}/stream?after=0&timeout_s=0.3", auth(tokens[1]))
    assert [f["data"] for f in frames(text)] == [f["data"] for f in frames(with_token)]
    spectator = read_stream(client, f"/v1/games/{game_id}/stream?after=0&timeout_s=0.3")
    assert [f["data"] for f in frames(text)] != [f["data"] for f in frames(spectator)]


@pytest.mark.parametrize("how", ["unknown", "expired", "of another game"])
def test_a_stream_ticket_that_is_unknown_expired_or_of_another_game_is_403(stream_app, redis_backend, how):
    # given a ticket of seat 0 of one game
    client = stream_app.test_client()
    game_id, tokens = two_humans(client)
    other_id, _ = two_humans(client)
    ticket = client.post(f"/v1/games/{game_id}/stream-ticket", headers=auth(tokens[0])).get_json()["ticket"]
    if how == "expired":
        store = stream_app.extensions["stranded"].store
        for key in redis_backend.scan_iter(match=store.key(game_id, "ticket:*")):
            redis_backend.delete(key)          # what its TTL does after 60 s
    target = other_id if how == "of another game" else game_id
    used = "not-a-ticket" if how == "unknown" else ticket
    # when a stream is opened with it
    resp = client.get(f"/v1/games/{target}/stream?timeout_s=0.2&ticket={used}")
    # then it is refused, saying how to get a new one
    assert resp.status_code == 403 and resp.get_json()["code"] == "invalid_ticket"
    assert "ask for a new one" in resp.get_json()["detail"]


def test_a_stream_ticket_needs_a_seats_token(stream_app):
    client = stream_app.test_client()
    game_id, _ = two_humans(client)
    assert client.post(f"/v1/games/{game_id}/stream-ticket").status_code == 401
    assert client.post(f"/v1/games/{game_id}/stream-ticket", headers=auth("nope")).status_code == 403
    assert client.post("/v1/games/nosuchgame/stream-ticket", headers=auth("nope")).status_code == 404
