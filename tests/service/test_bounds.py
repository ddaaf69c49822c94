"""The server's bounds (docs/operations.md): body size, names, versions in queries, seats, seeds,
request rates per address and live games. Each breach is a 4xx (or 503) with a code and a
sentence, fits the documented error response, and changes nothing."""
from __future__ import annotations

import os

import pytest

from service.http import errors, limits
from service.http.app import create_app
from tests.helpers import auth, create_game, legal_commands
from tests.service.spec_client import ValidatingClient, checker_for

TWO = [{"name": "Ann"}, {"name": "Bob"}]


def checked(app) -> ValidatingClient:
    """A test client that checks every response against the app's spec."""
    return ValidatingClient(app.test_client(), checker_for(app))


def game_count(client) -> int:
    return len(client.get("/v1/games").get_json()["games"])


def assert_error(resp, status: int, code: str) -> dict:
    assert resp.status_code == status, resp.get_data(as_text=True)[:300]
    error = resp.get_json()["error"]
    assert error["code"] == code and error["message"].endswith(".") and len(error["message"]) > 20
    return error


def version(client, game_id: str) -> int:
    return client.get(f"/v1/games/{game_id}").get_json()["version"]


# -- sizes and shapes ----------------------------------------------------------------------

def test_a_body_larger_than_max_content_length_is_413_and_creates_nothing(redis_conn):
    app = create_app(redis_conn, config={"MAX_CONTENT_LENGTH": 2000})
    client = checked(app)
    body = '{"ruleset": "selfish-space", "seats": [{}, {}], "options": {"seed": "' + "s" * 3000 + '"}}'
    error = assert_error(client.open("POST", "/v1/games", data=body, headers={"Content-Type": "application/json"}),
                         413, "too_large")
    assert "2000 bytes" in error["message"]
    assert game_count(app.test_client()) == 0


def test_a_command_larger_than_max_content_length_is_413_and_appends_nothing(redis_conn):
    app = create_app(redis_conn, config={"MAX_CONTENT_LENGTH": 2000})
    client = checked(app)
    game = create_game(client, "selfish-space", TWO, seed="big")
    seat = game["to_act"][0]["seat"]
    body = '{"type": "Breathe", "note": "' + "x" * 3000 + '"}'
    headers = {"Content-Type": "application/json", **auth(game["tokens"][seat]["token"])}
    error = assert_error(client.open("POST", f"/v1/games/{game['id']}/commands", data=body, headers=headers),
                         413, "too_large")
    assert "2000 bytes" in error["message"]
    assert version(client, game["id"]) == game["version"]


def test_a_command_sent_without_a_length_is_read_whole(redis_conn):
    # given a client that streams its body (chunked: no Content-Length header)
    client = create_app(redis_conn).test_client()
    game = create_game(client, "selfish-space", TWO, seed="chunked")
    seat = game["to_act"][0]["seat"]
    # when it sends a command (a server that decodes chunked bodies marks the stream terminated)
    resp = client.post(f"/v1/games/{game['id']}/commands", data=b'{"type": "Breathe"}',
                       environ_overrides={"wsgi.input_terminated": True},
                       headers={"Content-Type": "application/json", "Transfer-Encoding": "chunked",
                                **auth(game["tokens"][seat]["token"])})
    # then the whole body is read and the command played
    assert resp.status_code == 200, resp.get_data(as_text=True)[:300]
    assert version(client, game["id"]) > game["version"]


def test_the_body_bound_comes_from_stranded_max_body_bytes():
    assert limits.settings({"STRANDED_MAX_BODY_BYTES": "1234"})["MAX_CONTENT_LENGTH"] == 1234
    assert limits.settings({})["MAX_CONTENT_LENGTH"] == limits.DEFAULT_MAX_BODY_BYTES


@pytest.mark.parametrize("char", ["\u202e", "\u202a", "\u2066", "\u2069", "\u200b", "\x07", "\n", "\x00", "\u2028"])
def test_a_name_with_a_control_or_bidi_character_is_400_and_creates_nothing(client, char):
    resp = client.post("/v1/games", json={"ruleset": "selfish-space", "seats": [{"name": f"Ann{char}x"}, {}]})
    error = assert_error(resp, 400, "malformed")
    assert error["message"].startswith("seats.0.name: Names may not hold control or formatting characters")
    assert game_count(client) == 0


@pytest.mark.parametrize("char", ["\u202e", "\x1b"])
def test_joining_with_a_control_or_bidi_character_in_the_name_is_400_and_the_seat_stays_open(client, char):
    game = create_game(client, "selfish-space", [{"name": "Ann"}, {"open": True}])
    resp = client.post(f"/v1/games/{game['id']}/seats/1/join", json={"name": f"Eve{char}"})
    assert_error(resp, 400, "malformed")
    assert client.get(f"/v1/games/{game['id']}").get_json()["status"] == "waiting"


def test_names_in_any_script_and_with_emoji_are_accepted(client):
    game = create_game(client, "selfish-space", [{"name": "Zoë 🚀"}, {"name": "سارا"}])
    assert [s["name"] for s in client.get(f"/v1/games/{game['id']}").get_json()["seats"]] == ["Zoë 🚀", "سارا"]


def test_a_name_longer_than_60_characters_is_400(client):
    assert_error(client.post("/v1/games", json={"ruleset": "selfish-space", "seats": [{"name": "n" * 61}, {}]}),
                 400, "malformed")
    assert game_count(client) == 0


@pytest.mark.parametrize("seats", [[{}] * 13, [{}] * 6, [{}]])
def test_more_or_fewer_seats_than_allowed_is_400_and_creates_nothing(client, seats):
    resp = client.post("/v1/games", json={"ruleset": "selfish-space", "seats": seats})
    assert resp.status_code == 400 and resp.get_json()["error"]["message"].endswith(".")
    assert game_count(client) == 0


@pytest.mark.parametrize("seat", [{"client_seed": "c" * 65}, {"client_seed": "caf\u00e9"}, {"client_seed": ""}])
def test_a_client_seed_outside_1_to_64_printable_ascii_is_400(client, seat):
    resp = client.post("/v1/games", json={"ruleset": "selfish-space", "seats": [{"name": "A", **seat}, {}]})
    assert resp.status_code == 400 and resp.get_json()["error"]["code"] in ("bad_client_seed", "malformed")
    assert game_count(client) == 0


@pytest.mark.parametrize("query", [f"events?after={10 ** 20}", "events?after=-1", f"events?limit={10 ** 20}",
                                   f"stream?after={10 ** 20}", f"view?at={10 ** 20}", "view?at=" + "9" * 5000,
                                   "events?after=" + "9" * 5000])
def test_a_huge_or_negative_number_in_a_query_is_400_not_500(client, query):
    game = create_game(client, "selfish-space", TWO)
    resp = client.get(f"/v1/games/{game['id']}/{query}")
    assert resp.status_code == 400, resp.get_data(as_text=True)[:300]
    assert resp.get_json()["error"]["message"]


def test_a_huge_limit_on_the_game_list_is_400(client):
    assert client.get(f"/v1/games?limit={10 ** 20}").status_code == 400


# -- rates per client address ----------------------------------------------------------------

def limited_app(redis_conn, **config):
    """An app with rate limits on, counted in the test's Redis (real tier) or in memory (fake)."""
    storage = limits.storage_uri(os.environ.get("REDIS_URL")) if "Fake" not in type(redis_conn).__name__ \
        else "memory://"
    return create_app(redis_conn, config={"RATE_LIMITS": True, "RATE_LIMIT_STORAGE": storage, **config})


def test_rate_limits_are_on_by_default_and_off_with_stranded_rate_limits_off():
    assert limits.settings({})["RATE_LIMITS"] is True
    assert limits.settings({"STRANDED_RATE_LIMITS": "off"})["RATE_LIMITS"] is False
    env = {"STRANDED_RATE_LIMIT_CREATE": "5/hour", "STRANDED_RATE_LIMIT_COMMANDS": "7/second"}
    assert (limits.settings(env)["RATE_LIMIT_CREATE"], limits.settings(env)["RATE_LIMIT_COMMANDS"]) == \
        ("5/hour", "7/second")
    assert limits.storage_uri("redis://h:1/2") == "redis://h:1/2"
    assert limits.storage_uri("unix:///tmp/r.sock") == "redis+unix:///tmp/r.sock"
    assert limits.storage_uri(None) == "memory://"


def test_creating_games_past_the_rate_limit_is_429_with_retry_after_and_creates_nothing(redis_conn):
    app = limited_app(redis_conn, RATE_LIMIT_CREATE="2/minute")
    client = checked(app)
    for _ in range(2):
        assert client.open("POST", "/v1/games", json={"ruleset": "selfish-space", "seats": TWO}).status_code == 201
    resp = client.open("POST", "/v1/games", json={"ruleset": "selfish-space", "seats": TWO})
    error = assert_error(resp, 429, "rate_limited")
    assert "2 per 1 minute" in error["message"] and int(resp.headers["Retry-After"]) > 0
    assert game_count(app.test_client()) == 2
    assert app.test_client().get("/v1/games").status_code == 200          # reading is not limited
    other = app.test_client().post("/v1/games", json={"ruleset": "selfish-space", "seats": TWO},
                                   environ_base={"REMOTE_ADDR": "10.0.0.9"})
    assert other.status_code == 201                                          # per client address


def test_commands_past_the_rate_limit_are_429_and_change_nothing(redis_conn):
    app = limited_app(redis_conn, RATE_LIMIT_COMMANDS="3/minute")
    client = checked(app)
    game = create_game(app.test_client(), "one-against-the-dead", [{"name": "Ann"}], seed="rate")
    game_id, token = game["id"], game["tokens"][0]["token"]
    for _ in range(3):
        command = legal_commands(app.test_client(), game_id, token)[0]
        assert client.open("POST", f"/v1/games/{game_id}/commands", json=command,
                           headers=auth(token)).status_code == 200
    before = version(app.test_client(), game_id)
    command = legal_commands(app.test_client(), game_id, token)[0]
    assert_error(client.open("POST", f"/v1/games/{game_id}/commands", json=command, headers=auth(token)),
                 429, "rate_limited")
    assert version(app.test_client(), game_id) == before


def test_a_refusal_past_a_rate_limit_is_held_by_the_tarpit_and_no_other_answer_is(redis_conn, monkeypatch):
    # given a server that lets an address create one game a minute and holds refusals 1.5 s
    waits = []
    monkeypatch.setattr(errors, "pause", waits.append)
    app = limited_app(redis_conn, RATE_LIMIT_CREATE="1/minute", RATE_LIMIT_TARPIT_S=1.5)
    client = app.test_client()
    # when it creates a game, asks for a route that does not exist, then creates a second game
    created = client.post("/v1/games", json={"ruleset": "selfish-space", "seats": TWO})
    missing = client.get("/v1/nothing-here")
    refused = client.post("/v1/games", json={"ruleset": "selfish-space", "seats": TWO})
    # then only the refusal past the limit waited, for the tarpit's time
    assert (created.status_code, missing.status_code, refused.status_code) == (201, 404, 429)
    assert waits == [1.5]


def test_the_tarpit_is_one_second_by_default_and_bounded_to_ten():
    assert limits.settings({})["RATE_LIMIT_TARPIT_S"] == 1.0
    assert limits.settings({"STRANDED_RATE_LIMIT_TARPIT_S": "0"})["RATE_LIMIT_TARPIT_S"] == 0.0
    assert limits.settings({"STRANDED_RATE_LIMIT_TARPIT_S": "99"})["RATE_LIMIT_TARPIT_S"] == 10.0
    assert limits.settings({"STRANDED_RATE_LIMIT_TARPIT_S": "-3"})["RATE_LIMIT_TARPIT_S"] == 0.0


def test_costly_public_reads_past_their_rate_limit_are_429_with_retry_after(redis_conn):
    # given a server that lets one address make three costly reads a minute, and a game
    app = limited_app(redis_conn, RATE_LIMIT_READS="3/minute")
    client = checked(app)
    game = create_game(app.test_client(), "one-against-the-dead", [{"name": "Ann"}], seed="reads")
    game_id = game["id"]
    # when one address asks for past versions and the verification, over and over
    answers = [client.open("GET", f"/v1/games/{game_id}/view?at=1").status_code,
               client.open("GET", f"/v1/games/{game_id}/verification").status_code,
               client.open("GET", f"/v1/games/{game_id}/record").status_code]
    resp = client.open("GET", f"/v1/games/{game_id}/verification")
    # then the fourth is refused with Retry-After, counted together with the others (the record of a
    # game still running is refused, 409, but counted: it is asked for all the same)
    assert answers == [200, 202, 409]
    error = assert_error(resp, 429, "rate_limited")
    assert "3 per 1 minute" in error["message"] and int(resp.headers["Retry-After"]) > 0
    # while the view now, the summary and another address are not limited by it
    assert app.test_client().get(f"/v1/games/{game_id}/view").status_code == 200
    assert app.test_client().get(f"/v1/games/{game_id}").status_code == 200
    assert app.test_client().get(f"/v1/games/{game_id}/view?at=1",
                                 environ_base={"REMOTE_ADDR": "10.0.0.9"}).status_code == 200


# -- live games ----------------------------------------------------------------------------------

def test_creating_a_game_while_the_server_holds_max_active_games_is_503_too_many_games(redis_conn):
    app = create_app(redis_conn, config={"MAX_ACTIVE_GAMES": 2})
    client = checked(app)
    create_game(app.test_client(), "selfish-space", TWO)
    create_game(app.test_client(), "selfish-space", [{"name": "Ann"}, {"open": True}])   # waiting counts too
    resp = client.open("POST", "/v1/games", json={"ruleset": "selfish-space", "seats": TWO})
    assert_error(resp, 503, "too_many_games")
    assert int(resp.headers["Retry-After"]) > 0
    assert game_count(app.test_client()) == 2
    assert limits.settings({"STRANDED_MAX_ACTIVE_GAMES": "10"})["MAX_ACTIVE_GAMES"] == 10
    assert limits.settings({})["MAX_ACTIVE_GAMES"] is None


@pytest.mark.parametrize("key", ["", "k" * 201])
def test_an_empty_or_overlong_idempotency_key_is_400_and_changes_nothing(client, key):
    game = create_game(client, "one-against-the-dead", [{"name": "Ann"}], seed="key")
    game_id, token = game["id"], game["tokens"][0]["token"]
    before = version(client, game_id)
    resp = client.post(f"/v1/games/{game_id}/commands", json=legal_commands(client, game_id, token)[0],
                       headers={**auth(token), "Idempotency-Key": key})
    assert_error(resp, 400, "bad_idempotency_key")
    assert version(client, game_id) == before


def test_a_body_nested_to_the_depth_bound_parses_and_one_level_more_is_too_deep():
    # given bodies nested exactly MAX_JSON_DEPTH and one level more
    from service.http.errors import MAX_JSON_DEPTH, ApiError, json_depth, load_body
    at_bound = b"[" * MAX_JSON_DEPTH + b"]" * MAX_JSON_DEPTH
    # when they are parsed, then the first is its nested lists and the second a 400 too_deep
    assert json_depth(load_body(at_bound)) == MAX_JSON_DEPTH
    with pytest.raises(ApiError) as raised:
        load_body(b"[" + at_bound + b"]")
    assert raised.value.status == 400 and raised.value.code == "too_deep"


def test_brackets_inside_strings_are_not_nesting():
    # given a shallow object whose string holds more brackets than the bound
    from service.http.errors import MAX_JSON_DEPTH, load_body
    body = b'{"name": "' + b"[{" * MAX_JSON_DEPTH + b'"}'
    # when it is parsed, then it is the object (the bracket count only decides whether to walk it)
    assert load_body(body) == {"name": "[{" * MAX_JSON_DEPTH}
