"""HTTP as clients expect it: odd ids, deep bodies, 405 with Allow, CORS, offline docs, bounded options.
Every bad request answers its 4xx and changes nothing."""
from __future__ import annotations

import re

import pytest

from service.http.app import create_app
from tests.helpers import STACK, auth, create_game, post_command


def game_count(client) -> int:
    return len(client.get("/v1/games").get_json()["games"])


@pytest.mark.parametrize("game_id", ["%7Bx%7D", "{x}", "a}b", "%00", "x" * 300, "%C3%BC", "a%20b", "..", "%2E"])
@pytest.mark.parametrize("suffix", ["", "/view", "/events", "/legal-commands", "/stream"])
def test_a_path_id_that_names_no_game_is_404_whatever_its_characters(client, game_id, suffix):
    resp = client.get(f"/v1/games/{game_id}{suffix}", headers=auth("x"))
    assert resp.status_code == 404, resp.get_data(as_text=True)[:200]
    assert resp.get_json()["error"]["code"] in ("game_not_found", "not_found")


def test_a_command_to_an_odd_id_is_404(client):
    resp = client.post("/v1/games/%7Bx%7D/commands", json={"type": "Breathe"}, headers=auth("x"))
    assert resp.status_code == 404


@pytest.mark.parametrize("body", ["[" * 100_000 + "]" * 100_000, '{"a":' * 5000 + "1" + "}" * 5000,
                                  '{"ruleset": "selfish-space", "seats": [{}, {}], "options": {"stack": '
                                  + "[" * 40 + "]" * 40 + "}}"])
def test_a_json_body_deeper_than_the_bound_is_400_and_creates_nothing(client, body):
    resp = client.post("/v1/games", data=body, headers={"Content-Type": "application/json"})
    assert resp.status_code == 400 and resp.get_json()["error"]["code"] == "too_deep"
    assert game_count(client) == 0


@pytest.mark.parametrize("method,path,allowed", [
    ("DELETE", "/v1/games", {"GET", "POST"}),
    ("PUT", "/v1/rulesets", {"GET"}),
    ("GET", "/v1/games/abc/commands", {"POST"}),
    ("POST", "/v1/games/abc/view", {"GET"}),
])
def test_every_405_carries_allow(client, method, path, allowed):
    resp = client.open(path, method=method)
    assert resp.status_code == 405 and resp.get_json()["error"]["code"] == "method_not_allowed"
    assert allowed <= {m.strip() for m in resp.headers["Allow"].split(",")}


@pytest.mark.parametrize("options,why", [
    ({"turn_timeout_s": 1e12}, "at most"),
    ({"turn_timeout_s": 0.5}, "at least"),
    ({"turn_timeout_s": "soon"}, "number"),
    ({"turn_timeout_s": True}, "number"),
    ({"reaction_timeout_s": 1e9}, "at most"),
    ({"reaction_timeout_s": None}, None),
    ({"seed": "s" * 201}, "at most 200"),
    ({"seed": 1.5}, "string"),
    ({"seed": []}, "string"),
])
def test_an_option_outside_its_bounds_is_400_and_writes_nothing(client, store, options, why):
    resp = client.post("/v1/games", json={"ruleset": "selfish-space", "seats": [{}, {}], "options": options})
    if why is None:
        assert resp.status_code == 201
        return
    assert resp.status_code == 400, resp.get_json()
    assert resp.get_json()["error"]["code"] == "bad_options" and why in resp.get_json()["error"]["message"]
    assert game_count(client) == 0 and not list(store.redis.scan_iter(match=f"{store.prefix}:{{*"))


def test_bounded_timeouts_at_their_limits_are_accepted(client):
    game = create_game(client, "selfish-space", [{"name": "A"}, {"name": "B"}], turn_timeout_s=604800,
                       reaction_timeout_s=1)
    assert game["options"]["turn_timeout_s"] == 604800


# -- 401 and 403 as the README says ---------------------------------------------------------

@pytest.mark.parametrize("path", ["/view", "/events", "/legal-commands"])
def test_a_token_of_no_seat_is_403_and_a_garbled_header_401_on_every_read(client, path):
    game = create_game(client, "selfish-space", [{"name": "A"}, {"name": "B"}])
    wrong = client.get(f"/v1/games/{game['id']}{path}", headers=auth("not-a-seat"))
    garbled = client.get(f"/v1/games/{game['id']}{path}", headers={"Authorization": "Token abc"})
    assert (wrong.status_code, wrong.get_json()["error"]["code"]) == (403, "invalid_token")
    assert (garbled.status_code, garbled.get_json()["error"]["code"]) == (401, "bad_authorization")


def test_legal_commands_without_a_token_is_401_and_the_view_without_one_is_the_spectators(client):
    game = create_game(client, "selfish-space", [{"name": "A"}, {"name": "B"}])
    assert client.get(f"/v1/games/{game['id']}/legal-commands").status_code == 401
    view = client.get(f"/v1/games/{game['id']}/view").get_json()
    assert view["seat"] is None


def test_an_unknown_game_is_404_before_any_token_check(client):
    resp = client.post("/v1/games/abcdef/commands", json={"type": "Breathe"})
    assert resp.status_code == 404


# -- CORS ---------------------------------------------------------------------------------------

def test_a_browser_on_another_origin_gets_its_preflight_answered_and_may_post_a_command(client):
    game = create_game(client, "selfish-space", [{"name": "A"}, {"name": "B"}], seed="cors", stack=STACK)
    token = game["tokens"][0]["token"]
    preflight = client.options(f"/v1/games/{game['id']}/commands", headers={
        "Origin": "http://localhost:5173", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type, idempotency-key"})
    assert preflight.status_code == 200
    assert preflight.headers["Access-Control-Allow-Origin"] == "*"
    allowed = preflight.headers["Access-Control-Allow-Headers"].lower()
    assert "authorization" in allowed and "idempotency-key" in allowed
    resp = post_command(client, game["id"], token, {"type": "Breathe"}, Origin="http://localhost:5173")
    assert resp.status_code == 200 and resp.headers["Access-Control-Allow-Origin"] == "*"
    assert "Access-Control-Allow-Credentials" not in resp.headers


def test_an_error_names_its_allowed_origin_once_so_a_browser_can_read_it(client):
    # given a browser on another origin; when it sends a command to no game and a malformed one
    missing = client.post("/v1/games/nosuchgame1234567/commands", json={"type": "Breathe"},
                          headers={"Origin": "http://localhost:5173"})
    malformed = client.post("/v1/games/nosuchgame1234567/commands", data=b"{",
                            headers={"Origin": "http://localhost:5173", "Content-Type": "application/json"})
    unmatched = client.get("/v1/no-such-route", headers={"Origin": "http://localhost:5173"})
    # then each error carries the CORS headers exactly once (twice, a browser refuses the response)
    for resp in (missing, malformed, unmatched):
        assert resp.status_code >= 400
        assert resp.headers.getlist("Access-Control-Allow-Origin") == ["*"]
        assert len(resp.headers.getlist("Access-Control-Expose-Headers")) == 1


def test_the_app_answers_whether_a_function_is_async_once_and_keeps_the_memo_bounded(client, monkeypatch):
    from service.http import app as app_module

    app = client.application
    def view():
        return "plain"
    assert app.ensure_sync(view) is view and app.ensure_sync(view) is view
    monkeypatch.setattr(app_module, "SYNC_CACHE_SIZE", len(app._synced))
    assert app.ensure_sync(lambda: None) is not None and len(app._synced) == app_module.SYNC_CACHE_SIZE


def test_cors_origins_come_from_stranded_cors_origins(fake_redis, monkeypatch):
    monkeypatch.setenv("STRANDED_CORS_ORIGINS", "https://play.example, http://localhost:5173")
    client = create_app(fake_redis).test_client()
    ok = client.get("/v1/rulesets", headers={"Origin": "https://play.example"})
    other = client.get("/v1/rulesets", headers={"Origin": "https://evil.example"})
    assert ok.headers["Access-Control-Allow-Origin"] == "https://play.example"
    assert "Access-Control-Allow-Origin" not in other.headers


# -- /docs offline --------------------------------------------------------------------------------

def test_docs_load_every_asset_from_this_server(client):
    page = client.get("/docs")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    urls = re.findall(r'(?:src|href)="([^"]+)"', html) + re.findall(r'url: "([^"]+)"', html)
    assert len(urls) >= 4
    for url in urls:
        assert url.startswith("/") and not url.startswith("//"), f"{url} is not on this server"
        resp = client.get(url)
        assert resp.status_code == 200, url
        assert resp.get_data()
    assert "openapi.json" in " ".join(urls)


def test_swagger_ui_is_a_version_that_renders_openapi_3_1():
    from pathlib import Path

    from service.http.app import swagger_ui_dir

    version = (Path(swagger_ui_dir()) / "VERSION").read_text().strip().lstrip("v")
    assert int(version.split(".")[0]) >= 5, f"Swagger UI {version} cannot render OpenAPI 3.1"


def test_every_kind_of_error_is_documented_for_its_route_and_fits_the_error_schema(fake_redis):
    from service.http.streams import StreamSettings
    from tests.service.spec_client import ValidatingClient, checker_for

    app = create_app(fake_redis, config={"STREAMS": StreamSettings(anonymous_per_address=0)})
    client = ValidatingClient(app.test_client(), checker_for(app))
    game = create_game(app.test_client(), "selfish-space", [{"name": "Ann"}, {"name": "Bob"}], seed="e", stack=STACK)
    game_id, tokens = game["id"], {t["seat"]: t["token"] for t in game["tokens"]}
    post_command(app.test_client(), game_id, tokens[0], {"type": "PlayAction", "card": "tractor_beam", "target": 1})
    cases = [
        ("POST", "/v1/games", {"json": {"ruleset": "chess", "seats": [{}]}}, 400),
        ("GET", "/v1/games/nope", {}, 404),
        ("GET", f"/v1/games/{game_id}/view?at=0", {}, 400),
        ("GET", f"/v1/games/{game_id}/legal-commands", {}, 401),
        ("GET", f"/v1/games/{game_id}/events", {"headers": auth("nobody")}, 403),
        ("POST", f"/v1/games/{game_id}/commands", {"json": {"type": "Breathe"}, "headers": auth(tokens[0])}, 409),
        ("POST", f"/v1/games/{game_id}/commands", {"json": {"type": "PlayShield", "x": 1},
                                                    "headers": auth(tokens[1])}, 400),
        ("GET", f"/v1/games/{game_id}/stream", {}, 429),
        ("GET", "/v1/rulesets/chess", {}, 404),
        ("POST", f"/v1/games/{game_id}/seats/1/join", {"json": {"name": "Eve"}}, 409),
    ]
    for method, path, kwargs, status in cases:
        resp = client.open(method, path, **kwargs)
        assert resp.status_code == status, (path, resp.get_json())
    assert client.checker.checked["POST /v1/games/{game_id}/commands 409"] == 1
