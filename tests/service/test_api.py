"""The REST API through the Flask test client, once per Redis backend."""
from __future__ import annotations

import json

import pytest

from tests.helpers import STACK, auth, create_game, legal_commands, legal_entries, post_command, run_jobs


def create(client, seats, **options):
    return create_game(client, "selfish-space", seats, **options)


def two_humans(client, **options):
    game = create(client, [{"name": "Ann"}, {"name": "Bob"}], seed="fixed", stack=STACK, **options)
    tokens = {t["seat"]: t["token"] for t in game["tokens"]}
    return game["id"], tokens


def version(client, game_id):
    return client.get(f"/v1/games/{game_id}").get_json()["version"]


post = post_command


def test_rulesets_lists_selfish_space_with_its_commands(client):
    body = client.get("/v1/rulesets").get_json()
    space = next(r for r in body["rulesets"] if r["id"] == "selfish-space")
    assert (space["min_seats"], space["max_seats"]) == (2, 5)
    assert "PlayAction" in space["commands"] and "random" in space["bots"]
    assert "turn_timeout_s" in space["options"]


def test_create_returns_tokens_for_human_seats_only(client):
    game = create(client, [{"name": "Ann"}, {"bot": "random"}, {"bot": "random"}])
    assert [t["seat"] for t in game["tokens"]] == [0]
    assert game["status"] == "active" and game["version"] > 1
    assert "seed" not in json.dumps(game["options"])


def test_summary_marks_seeded_and_stacked_games(client):
    game_id, _ = two_humans(client)
    summary = client.get(f"/v1/games/{game_id}").get_json()
    assert summary["seeded"] and summary["stacked"]
    assert "stack" not in summary["options"] and "seed" not in summary["options"]


def test_every_legal_command_can_be_posted_as_it_is(client):
    game_id, tokens = two_humans(client)
    for _ in range(30):
        summary = client.get(f"/v1/games/{game_id}").get_json()
        if summary["status"] != "active":
            break
        seat = summary["to_act"][0]["seat"]
        entries = legal_entries(client, game_id, tokens[seat])
        assert entries, "the seat that must act has commands"
        for entry in entries:
            assert set(entry) == {"command", "label", "cost", "effect"} and entry["label"]
            assert set(entry["command"]) - {"type"} <= {"card", "target", "cards", "pay"}
        resp = post(client, game_id, tokens[seat], entries[-1]["command"])
        assert resp.status_code == 200, resp.get_json()
        assert resp.get_json()["version"] > summary["version"]


def test_a_game_with_one_human_and_three_bots_plays_to_the_end(client, redis_conn):
    game = create(client, [{"name": "Ann"}, {"bot": "random"}, {"bot": "random"}, {"bot": "random"}], seed="e2e")
    game_id, token = game["id"], game["tokens"][0]["token"]
    for _ in range(2000):
        run_jobs(redis_conn)
        summary = client.get(f"/v1/games/{game_id}").get_json()
        if summary["status"] == "finished":
            break
        assert summary["to_act"][0]["seat"] == 0, "bots have played until the human must act"
        legal = legal_commands(client, game_id, token)
        assert post(client, game_id, token, legal[0]).status_code == 200
    assert summary["status"] == "finished" and summary["result"] is not None
    page = client.get(f"/v1/games/{game_id}/events?limit=1000").get_json()
    assert page["complete"] and page["events"][-1]["type"] == "SeedRevealed"
    assert [e["version"] for e in page["events"]] == list(range(1, summary["version"] + 1))


# -- bad input: the status and code of the design, and the version does not move ---------

BAD = [
    ("malformed_json", lambda c, g, t: c.post(f"/v1/games/{g}/commands", data="{not json", headers={
        **auth(t[0]), "Content-Type": "application/json"}), 400, "malformed_command"),
    ("not_an_object", lambda c, g, t: c.post(f"/v1/games/{g}/commands", json=[1, 2], headers=auth(t[0])), 400,
     "malformed_command"),
    ("missing_type", lambda c, g, t: post(c, g, t[0], {"card": "laser_blast"}), 400, "malformed_command"),
    ("type_not_a_string", lambda c, g, t: post(c, g, t[0], {"type": 3}), 400, "malformed_command"),
    ("empty_body", lambda c, g, t: c.post(f"/v1/games/{g}/commands", headers=auth(t[0])), 400, "malformed_command"),
    ("too_deep", lambda c, g, t: c.post(f"/v1/games/{g}/commands", data="[" * 100_000 + "]" * 100_000, headers={
        **auth(t[0]), "Content-Type": "application/json"}), 400, "too_deep"),
    ("unknown_command", lambda c, g, t: post(c, g, t[0], {"type": "FlyHome"}), 400, "unknown_command"),
    ("bad_argument_type", lambda c, g, t: post(c, g, t[0], {"type": "PlayAction", "card": 7}), 400, "bad_arguments"),
    ("unknown_argument", lambda c, g, t: post(c, g, t[0], {"type": "Breathe", "oxygen": 3}), 400, "bad_arguments"),
    ("missing_token", lambda c, g, t: c.post(f"/v1/games/{g}/commands", json={"type": "Breathe"}), 401, "missing_token"),
    ("bad_auth_scheme", lambda c, g, t: c.post(f"/v1/games/{g}/commands", json={"type": "Breathe"},
                                                 headers={"Authorization": "Basic abc"}), 401, "bad_authorization"),
    ("wrong_token", lambda c, g, t: post(c, g, "not-a-token", {"type": "Breathe"}), 403, "invalid_token"),
    ("not_your_turn", lambda c, g, t: post(c, g, t[1], {"type": "Breathe"}), 409, "not_your_turn"),
    ("card_not_in_hand", lambda c, g, t: post(c, g, t[0], {"type": "PlayAction", "card": "hack_suit", "target": 1}),
     422, "card_not_in_hand"),
    ("illegal_target", lambda c, g, t: post(c, g, t[0], {"type": "PlayAction", "card": "tractor_beam", "target": 0}),
     422, "illegal_target"),
    ("no_target", lambda c, g, t: post(c, g, t[0], {"type": "PlayAction", "card": "laser_blast", "target": 1}),
     422, "no_target"),
    ("stale_version", lambda c, g, t: post(c, g, t[0], {"type": "Breathe", "expected_version": 1}), 409, "stale_version"),
    ("version_not_integer", lambda c, g, t: post(c, g, t[0], {"type": "Breathe", "expected_version": "4"}), 400,
     "bad_arguments"),
    ("wrong_phase", lambda c, g, t: post(c, g, t[0], {"type": "Pass"}), 422, "wrong_phase"),
    ("not_an_action", lambda c, g, t: post(c, g, t[0], {"type": "PlayAction", "card": "oxygen"}), 400, "bad_arguments"),
    ("travel_without_the_oxygen_named", lambda c, g, t: post(c, g, t[0], {"type": "Travel", "pay": "triple"}), 400,
     "bad_arguments"),
]


@pytest.mark.parametrize("case,send,status,code", BAD, ids=[b[0] for b in BAD])
def test_bad_command_gets_its_status_and_changes_nothing(client, store, case, send, status, code):
    game_id, tokens = two_humans(client)
    before = version(client, game_id)
    snapshot = store.read_snapshot(game_id)
    resp = send(client, game_id, tokens)
    assert resp.status_code == status, resp.get_json()
    body = resp.get_json()
    assert set(body) - {"to_act"} == {"type", "title", "status", "detail", "code", "error"} and body["error"]["message"]
    assert resp.mimetype == "application/problem+json" and body["status"] == status
    assert body["detail"] == body["error"]["message"] and body["code"] == body["error"]["code"]
    if code:
        assert body["error"]["code"] == code
    assert version(client, game_id) == before
    assert store.read_snapshot(game_id) == snapshot


def test_unknown_game_is_404_on_every_endpoint(client):
    for path in ("", "/view", "/events", "/legal-commands"):
        resp = client.get(f"/v1/games/nope{path}", headers=auth("x"))
        assert resp.status_code == 404 and resp.get_json()["error"]["code"] == "game_not_found"
    resp = client.post("/v1/games/nope/commands", json={"type": "Breathe"}, headers=auth("x"))
    assert resp.status_code == 404


@pytest.mark.parametrize("body,code", [
    ({"ruleset": "chess", "seats": [{}, {}]}, "unknown_ruleset"),
    ({"ruleset": "selfish-space", "seats": [{}]}, "bad_seats"),
    ({"ruleset": "selfish-space", "seats": [{}] * 6}, "bad_seats"),
    ({"ruleset": "selfish-space", "seats": [{}, {"bot": "genius"}]}, "unknown_bot"),
    ({"ruleset": "selfish-space", "seats": [{}, {}], "options": {"colour": "red"}}, "bad_options"),
    ({"ruleset": "selfish-space", "seats": [{}, {}], "options": {"turn_timeout_s": -1}}, "bad_options"),
    ({"ruleset": "selfish-space", "seats": [{}, {}], "options": {"stack": {"hands": [["shield"] * 9] * 2}}},
     "bad_options"),
    ({"ruleset": "selfish-space", "seats": [{}, {}], "options": {"stack": []}}, "bad_options"),
    ({"ruleset": "selfish-space", "seats": [{}, {}], "options": {"stack": {"hands": [[["shield"]]]}}}, "bad_options"),
    ({"ruleset": "selfish-space", "seats": [{}, {}], "options": {"stack": {"deck": []}}}, "bad_options"),
    ({"ruleset": "selfish-space", "seats": [{}, {}], "options": {"seed": None}}, "bad_options"),
    ({"ruleset": "selfish-space", "seats": [{}, {"bot": "random", "open": True}]}, "bad_seats"),
    ({"seats": [{}, {}]}, "malformed"),
])
def test_bad_create_is_400_and_creates_nothing(client, body, code):
    resp = client.post("/v1/games", json=body)
    assert resp.status_code == 400, resp.get_json()
    assert resp.get_json()["error"]["code"] == code
    assert client.get("/v1/games").get_json()["games"] == []


def test_idempotency_key_returns_the_first_result_and_appends_nothing(client):
    game_id, tokens = two_humans(client)
    first = post(client, game_id, tokens[0], {"type": "Breathe"}, **{"Idempotency-Key": "k1"})
    again = post(client, game_id, tokens[0], {"type": "Breathe"}, **{"Idempotency-Key": "k1"})
    assert first.status_code == again.status_code == 200
    assert again.get_json()["duplicate"] and again.get_json()["version"] == first.get_json()["version"]
    assert [e["version"] for e in again.get_json()["events"]] == [e["version"] for e in first.get_json()["events"]]
    assert version(client, game_id) == first.get_json()["version"]


def test_spectator_and_opponent_never_see_a_hand(client):
    game_id, tokens = two_humans(client)
    mine = client.get(f"/v1/games/{game_id}/view", headers=auth(tokens[0])).get_json()["view"]
    spectator = client.get(f"/v1/games/{game_id}/view").get_json()["view"]
    log = client.get(f"/v1/games/{game_id}/events").get_json()
    assert not log["complete"]
    assert "laser_blast" in json.dumps(mine)
    assert "laser_blast" not in json.dumps(spectator)
    assert "laser_blast" not in json.dumps(log["events"])
    opponent_log = client.get(f"/v1/games/{game_id}/events", headers=auth(tokens[1])).get_json()
    assert "laser_blast" not in json.dumps(opponent_log["events"])


def test_view_at_a_past_version_and_out_of_range(client):
    game_id, tokens = two_humans(client)
    start = version(client, game_id)
    post(client, game_id, tokens[0], {"type": "Breathe"})
    past = client.get(f"/v1/games/{game_id}/view?at={start}", headers=auth(tokens[0])).get_json()
    assert past["version"] == start
    assert client.get(f"/v1/games/{game_id}/view?at=9999").status_code == 400
    assert client.get(f"/v1/games/{game_id}/view?at=0").status_code == 400


def test_events_are_paged_with_after_and_limit(client):
    game_id, _ = two_humans(client)
    page = client.get(f"/v1/games/{game_id}/events?after=1&limit=2").get_json()
    assert [e["version"] for e in page["events"]] == [2, 3]
    assert client.get(f"/v1/games/{game_id}/events?limit=0").status_code == 400


def test_open_seat_is_joined_and_the_last_join_starts_the_game(client):
    game = create(client, [{"name": "Ann"}, {"open": True}])
    game_id = game["id"]
    assert game["status"] == "waiting"
    assert post(client, game_id, game["tokens"][0]["token"], {"type": "Breathe"}).status_code == 409
    joined = client.post(f"/v1/games/{game_id}/seats/1/join", json={"name": "Bob"})
    assert joined.status_code == 200
    assert client.get(f"/v1/games/{game_id}").get_json()["status"] == "active"
    again = client.post(f"/v1/games/{game_id}/seats/1/join", json={"name": "Eve"})
    assert again.status_code == 409
    assert client.post(f"/v1/games/{game_id}/seats/7/join", json={"name": "Eve"}).status_code == 400
    assert client.post(f"/v1/games/{game_id}/seats/1/join", json={}).status_code == 400
    assert client.post("/v1/games/nope/seats/1/join", json={"name": "Eve"}).status_code == 404
    legal = client.get(f"/v1/games/{game_id}/legal-commands", headers=auth(joined.get_json()["token"]))
    assert legal.status_code == 200


def test_list_filters_by_status_and_ruleset(client):
    waiting = create(client, [{"name": "Ann"}, {"open": True}])["id"]
    active, _ = two_humans(client)
    ids = lambda q: [g["id"] for g in client.get(f"/v1/games{q}").get_json()["games"]]
    assert ids("?status=waiting") == [waiting]
    assert ids("?status=active") == [active]
    assert set(ids("?ruleset=selfish-space")) == {waiting, active}
    assert client.get("/v1/games?status=lost").status_code == 400


def test_the_game_list_pages_newest_first_with_a_cursor(client):
    created = [create(client, [{"name": "Ann"}, {"open": True}])["id"] for _ in range(5)]
    first = client.get("/v1/games?limit=2").get_json()
    second = client.get(f"/v1/games?limit=2&cursor={first['next_cursor']}").get_json()
    third = client.get(f"/v1/games?limit=2&cursor={second['next_cursor']}").get_json()
    pages = [[g["id"] for g in page["games"]] for page in (first, second, third)]
    assert sum(pages, []) == list(reversed(created))
    assert third["next_cursor"] is None


@pytest.mark.parametrize("cursor", ["nonsense", "abc:def", "-1:x"])
def test_a_cursor_the_server_did_not_give_is_a_400(client, cursor):
    resp = client.get(f"/v1/games?cursor={cursor}")
    assert resp.status_code == 400 and resp.get_json()["error"]["code"] == "bad_cursor"


def test_stream_sends_redacted_events_as_server_sent_events(client):
    game_id, tokens = two_humans(client)
    resp = client.get(f"/v1/games/{game_id}/stream?after=0&timeout_s=0.2")
    assert resp.mimetype == "text/event-stream"
    text = resp.get_data(as_text=True)
    assert "event: GameCreated" in text and "id: 1\n" in text
    assert "laser_blast" not in text


def test_docs_and_spec_are_served(client):
    assert client.get("/docs").status_code == 200
    assert client.get("/openapi.json").get_json()["info"]["title"] == "Stranded"


def test_a_game_whose_stream_lost_an_event_is_refused_alone_and_listed_as_damaged(client, store):
    damaged, tokens = two_humans(client)
    healthy, _ = two_humans(client)
    store.redis.xdel(store.key(damaged, "events"), "2-0")
    resp = post_command(client, damaged, tokens[0], {"type": "Breathe"})
    assert resp.status_code == 409 and resp.get_json()["error"]["code"] == "log_damaged"
    listed = {g["id"]: g for g in client.get("/v1/games").get_json()["games"]}
    assert listed[damaged]["damaged"] is True and "damaged" not in listed[healthy]
    assert client.get(f"/v1/games/{healthy}").status_code == 200


def test_an_idempotency_key_reused_with_another_command_is_refused_and_changes_nothing(client):
    game_id, tokens = two_humans(client)
    first = post_command(client, game_id, tokens[0], {"type": "Breathe"}, **{"Idempotency-Key": "k-1"})
    assert first.status_code == 200
    version = client.get(f"/v1/games/{game_id}").get_json()["version"]
    again = post_command(client, game_id, tokens[0], {"type": "Breathe"}, **{"Idempotency-Key": "k-1"})
    assert again.status_code == 200 and again.get_json()["duplicate"] is True
    assert again.get_json()["events"] == first.get_json()["events"]
    other = post_command(client, game_id, tokens[0], {"type": "Pass"}, **{"Idempotency-Key": "k-1"})
    assert other.status_code == 422 and other.get_json()["error"]["code"] == "idempotency_key_reused"
    assert client.get(f"/v1/games/{game_id}").get_json()["version"] == version


def test_an_idempotency_key_is_scoped_to_the_seat_that_sent_it(client):
    game_id, tokens = two_humans(client)
    assert post_command(client, game_id, tokens[0], {"type": "Breathe"}, **{"Idempotency-Key": "k"}).status_code == 200
    theirs = post_command(client, game_id, tokens[1], {"type": "Breathe"}, **{"Idempotency-Key": "k"})
    assert theirs.get_json().get("duplicate") is not True        # decided afresh for the other seat
