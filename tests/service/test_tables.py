"""A table over time through the REST API: a player leaves, resigns, goes silent and is
replaced, takes the seat back; the table plays again; the finished game's record downloads
and verifies. Every response is held to the OpenAPI spec; every refused request changes
nothing."""
from __future__ import annotations

import json

import pytest

from events.log.repository import GameRepository
from events.log.store import EventStore
from projections.audit import verify_record
from projections.records import record_of
from tests.helpers import STACK, auth, run_jobs
from tests.service.tables_helpers import finish, seat_change, spec_checked, summary, table
from workers.jobs import run_deadline


@pytest.fixture
def api(client):
    """The test client, every JSON response it gets held to the OpenAPI spec."""
    return spec_checked(client)

# -- leave, resign, reclaim --------------------------------------------------------------

def test_a_player_who_leaves_is_played_by_a_bot_until_the_end_and_the_result_marks_the_seat(api, redis_conn):
    # given a three-seat table
    game_id, tokens = table(api, ("Ann", "Bob", "Cy"))
    # when Bob leaves with his own token
    resp = seat_change(api, game_id, 1, "leave", tokens[1])
    # then the answer is a command result naming the takeover, and the summary shows who plays the seat now
    assert resp.status_code == 200, resp.get_json()
    body = resp.get_json()
    assert [e["type"] for e in body["events"]] == ["SeatTakenOver"]
    assert body["events"][0]["data"] == {"seat": 1, "policy": "strong", "reason": "left"}
    assert body["head"] and body["version"] == summary(api, game_id)["version"]
    bob = summary(api, game_id)["seats"][1]
    assert bob == {"seat": 1, "name": "Bob", "bot": "strong", "open": False, "reserved": False, "replaced_by": "strong",
                   "resigned": False, "left": True}
    # and when the others leave too, the bots finish the game, whose result marks the replaced seats
    done = finish(api, redis_conn, game_id, {0: tokens[0], 2: tokens[2]})
    assert done["result"]["replaced"] == [0, 1, 2] and done["result"]["resigned"] == []


def test_a_seat_change_needs_that_seats_own_token_and_a_refusal_changes_nothing(api):
    # given a running game
    game_id, tokens = table(api)
    before = summary(api, game_id)
    # when a seat is changed without a token, with another seat's, with no seat's, or for no such seat
    for what in ("leave", "resign", "reclaim"):
        cases = [(None, 1, 401, "missing_token"), (tokens[0], 1, 403, "not_your_seat"),
                 ("not-a-token", 1, 403, "invalid_token"), (tokens[0], 7, 400, "bad_seat")]
        for token, seat, status, code in cases:
            resp = seat_change(api, game_id, seat, what, token)
            # then each is refused with its code
            assert (resp.status_code, resp.get_json()["error"]["code"]) == (status, code), (what, token, seat)
    assert seat_change(api, "nosuchgame", 0, "leave", tokens[0]).status_code == 404
    # and nothing changed
    assert summary(api, game_id) == before


def test_a_seat_that_left_is_taken_back_by_its_player_and_only_once(api):
    # given Bob left
    game_id, tokens = table(api)
    seat_change(api, game_id, 1, "leave", tokens[1])
    # when he takes the seat back with the same token
    back = seat_change(api, game_id, 1, "reclaim", tokens[1])
    # then it is his again
    assert back.status_code == 200 and [e["type"] for e in back.get_json()["events"]] == ["SeatReclaimed"]
    assert summary(api, game_id)["seats"][1] == {"seat": 1, "name": "Bob", "bot": None, "open": False, "reserved": False,
                                                 "replaced_by": None, "resigned": False, "left": False}
    # and taking back a seat nobody took over, or leaving twice, is a 409 that changes nothing
    version = summary(api, game_id)["version"]
    again = seat_change(api, game_id, 1, "reclaim", tokens[1])
    assert again.status_code == 409 and again.get_json()["error"]["code"] == "not_taken_over"
    seat_change(api, game_id, 1, "leave", tokens[1])
    twice = seat_change(api, game_id, 1, "leave", tokens[1])
    assert twice.status_code == 409 and twice.get_json()["error"]["code"] == "seat_is_a_bot"
    assert summary(api, game_id)["version"] == version + 1


def test_a_game_that_forbids_taking_a_seat_back_answers_409(api):
    game_id, tokens = table(api, allow_reclaim=False)
    seat_change(api, game_id, 0, "leave", tokens[0])
    version = summary(api, game_id)["version"]
    resp = seat_change(api, game_id, 0, "reclaim", tokens[0])
    assert resp.status_code == 409 and resp.get_json()["error"]["code"] == "reclaim_not_allowed"
    assert summary(api, game_id)["version"] == version


def test_a_resigning_seat_is_marked_the_others_play_on_and_it_cannot_resign_twice(api, redis_conn):
    # given a two-seat table
    game_id, tokens = table(api)
    # when Ann resigns
    resp = seat_change(api, game_id, 0, "resign", tokens[0])
    # then the log says so and the summary marks her seat
    assert resp.status_code == 200, resp.get_json()
    assert resp.get_json()["events"][-1]["type"] == "SeatResigned"
    ann = summary(api, game_id)["seats"][0]
    assert ann["resigned"] is True and ann["left"] is False
    again = seat_change(api, game_id, 0, "resign", tokens[0])
    assert again.status_code == 409 and again.get_json()["error"]["code"] == "already_resigned"
    # and the game goes on to its end, where the result marks her as resigned
    done = finish(api, redis_conn, game_id, {1: tokens[1]})
    assert 0 in done["result"]["resigned"] and 1 in done["result"]["replaced"]
    if 0 not in done["result"]["replaced"]:                 # out by the game's own rule: no bot played on
        assert 0 not in done["result"]["winners"]


#: Each game's own resigning rule (docs/rules/<ruleset>.md, 'Resigning'): table size, the event it starts with,
#: and whether the game ends at once (a solitaire; two Quickplay players: the last one left wins).
RESIGN_RULES = [("selfish-space", 3, "AstronautResigned", False), ("selfish-zombie", 3, "PlayerResigned", False),
                ("zombies-quickplay", 2, "PlayerResigned", True), ("one-against-the-dead", 1, "PlayerConceded", True)]


@pytest.mark.parametrize("ruleset, seats, rule_event, ends", RESIGN_RULES)
def test_a_seat_resigning_is_out_by_its_games_rule_never_asked_again_and_the_record_verifies(
        api, redis_conn, ruleset, seats, rule_event, ends):
    # given a table of that game
    game_id, tokens = table(api, ("Ann", "Bob", "Cy")[:seats], ruleset=ruleset)
    quitter = seats - 1
    # when its last seat resigns
    resp = seat_change(api, game_id, quitter, "resign", tokens[quitter])
    # then the game's own rule takes the seat out, and no bot plays it on
    assert resp.status_code == 200, resp.get_json()
    events = resp.get_json()["events"]
    assert events[0]["type"] == rule_event
    assert {"seat": quitter, "by_rule": True} in [e["data"] for e in events if e["type"] == "SeatResigned"]
    now = summary(api, game_id)
    assert now["seats"][quitter]["resigned"] is True and now["seats"][quitter]["bot"] is None
    assert quitter not in {d["seat"] for d in now["to_act"]}
    assert (now["status"] == "finished") is ends
    # and the game reaches its end (the others left to bots), the seat never a winner nor replaced
    done = now if ends else finish(api, redis_conn, game_id, {s: t for s, t in tokens.items() if s != quitter})
    result = done["result"]
    assert quitter in result["resigned"] and quitter not in result["winners"] and quitter not in result["replaced"]
    # and the record verifies: the rules re-run the resignation and find the same events
    record = json.loads(api.get(f"/v1/games/{game_id}/record").get_data())
    last = done["head"]
    verdict = verify_record(record, [(last["version"], last["head"])])
    assert verdict.code == 0, [str(p) for p in verdict.problems]


def test_no_seat_changes_before_the_game_starts_or_after_it_ends(api, redis_conn):
    # given a game waiting for a player, and a finished one
    waiting, tokens = table(api, seats=[{"name": "Ann"}, {"open": True}])
    done_id, done_tokens = table(api)
    finish(api, redis_conn, done_id, done_tokens)
    # when a seat of either would change (leaving a waiting game opens the seat: tests/service/test_lobby.py)
    for game_id, token, changes in ((waiting, tokens[0], ("resign", "reclaim")),
                                    (done_id, done_tokens[0], ("leave", "resign", "reclaim"))):
        version = summary(api, game_id)["version"]
        for what in changes:
            resp = seat_change(api, game_id, 0, what, token)
            # then it is a 409 and nothing is written
            assert resp.status_code == 409 and resp.get_json()["error"]["code"] == "game_not_running"
        assert summary(api, game_id)["version"] == version


def test_a_silent_seat_is_replaced_after_three_missed_deadlines_and_shown_so(api, redis_conn):
    # given Ann never acts and a bot plays Bob's seat
    game_id, _ = table(api, seats=[{"name": "Ann"}, {"bot": "random"}], turn_timeout_s=60)
    store = EventStore(redis_conn)
    # when three of her deadlines pass
    for _ in range(3):
        run_jobs(redis_conn)
        body = summary(api, game_id)
        assert body["to_act"][0]["seat"] == 0
        run_deadline(redis_conn, game_id, body["version"], 0)
    # then a bot plays her seat, and she has not left: she went silent
    ann = summary(api, game_id)["seats"][0]
    assert ann["replaced_by"] == "strong" and ann["left"] is False
    assert store.read(game_id)[-1].data["reason"] == "missed_deadlines"
    run_jobs(redis_conn)
    assert summary(api, game_id)["status"] == "finished"


def test_a_view_at_a_past_version_shows_the_seats_as_they_were(api):
    # given Bob left at some version
    game_id, tokens = table(api)
    left_at = seat_change(api, game_id, 1, "leave", tokens[1]).get_json()["version"]
    # when the table is replayed just before and at that version
    before = api.get(f"/v1/games/{game_id}/view?at={left_at - 1}").get_json()
    at = api.get(f"/v1/games/{game_id}/view?at={left_at}").get_json()
    # then the seat is Bob's before, the bot's from then on
    assert before["seats"][1]["replaced_by"] is None and before["seats"][1]["bot"] is None
    assert at["seats"][1]["replaced_by"] == "strong" and at["seats"][1]["left"] is True
    assert api.get(f"/v1/games/{game_id}/view").get_json()["seats"] == summary(api, game_id)["seats"]


# -- play again ----------------------------------------------------------------------------

def test_a_finished_table_plays_again_one_seat_on_each_player_with_a_new_token(api, redis_conn):
    # given Ann and Bob's game; a rematch before its end is refused
    game_id, tokens = table(api)
    early = api.post(f"/v1/games/{game_id}/rematch", headers=auth(tokens[0]))
    assert early.status_code == 409 and early.get_json()["error"]["code"] == "game_not_over"
    assert summary(api, game_id)["rematch"] is None
    finish(api, redis_conn, game_id, tokens)
    # when Ann asks to play again
    ann = api.post(f"/v1/games/{game_id}/rematch", headers=auth(tokens[0]), json={"name": "Ann"})
    # then the rematch exists, linked both ways, with Ann one seat on, waiting for Bob
    assert ann.status_code == 200, ann.get_json()
    new_id, ann_seat, ann_token = ann.get_json()["game_id"], ann.get_json()["seat"], ann.get_json()["token"]
    assert ann_seat == 1 and ann_token not in tokens.values()
    assert summary(api, game_id)["rematch"] == new_id
    waiting = summary(api, new_id)
    assert waiting["rematch_of"] == game_id and waiting["status"] == "waiting" and waiting["seeded"] is False
    again = api.post(f"/v1/games/{game_id}/rematch", headers=auth(tokens[0]))
    assert again.status_code == 409 and again.get_json()["error"]["code"] == "seat_taken"
    # and when Bob asks too, he sits at seat 0 and the rematch starts; each new token is its seat's alone
    bob = api.post(f"/v1/games/{game_id}/rematch", headers=auth(tokens[1])).get_json()
    assert (bob["game_id"], bob["seat"]) == (new_id, 0)
    started = summary(api, new_id)
    assert started["status"] == "active" and [s["name"] for s in started["seats"]] == ["Bob", "Ann"]
    assert api.get(f"/v1/games/{new_id}/view", headers=auth(ann_token)).get_json()["seat"] == 1
    assert api.get(f"/v1/games/{new_id}/view", headers=auth(tokens[0])).status_code == 403


def test_a_rematch_needs_a_players_token_and_a_fit_client_seed_and_a_refusal_creates_nothing(api, redis_conn):
    game_id, tokens = table(api)
    finish(api, redis_conn, game_id, tokens)
    cases = [({}, None, 401, "missing_token"), (auth("stranger"), None, 403, "invalid_token"),
             (auth(tokens[0]), {"client_seed": "é"}, 400, "bad_client_seed"),
             (auth(tokens[0]), {"client_seed": "x" * 65}, 400, "bad_client_seed"),
             (auth(tokens[0]), {"name": ""}, 400, "malformed")]
    for headers, body, status, code in cases:
        resp = api.post(f"/v1/games/{game_id}/rematch", headers=headers, json=body)
        assert (resp.status_code, resp.get_json()["error"]["code"]) == (status, code), (headers, body)
    assert summary(api, game_id)["rematch"] is None
    assert api.post("/v1/games/nosuchgame/rematch", headers=auth(tokens[0])).status_code == 404


# -- the record ------------------------------------------------------------------------------

def test_a_finished_games_record_downloads_as_a_file_and_verifies_with_no_server(api, redis_conn):
    # given a game; its record is refused while it runs
    game_id, tokens = table(api, stack=STACK)
    early = api.get(f"/v1/games/{game_id}/record")
    assert early.status_code == 409 and early.get_json()["error"]["code"] == "game_not_over"
    finish(api, redis_conn, game_id, tokens)
    # when it is downloaded after the end
    resp = api.get(f"/v1/games/{game_id}/record")
    # then it is a file named after the game, and verifies on its own, down to the last head
    assert resp.status_code == 200
    assert resp.headers["Content-Disposition"] == f'attachment; filename="stranded-{game_id}.json"'
    record = json.loads(resp.get_data())
    last = summary(api, game_id)["head"]
    verdict = verify_record(record, [(last["version"], last["head"])])
    assert verdict.code == 0, [str(p) for p in verdict.problems]
    assert record["seed"] == "tables" and len(record["entries"]) == last["version"]


def test_a_finished_games_record_is_built_once_and_again_only_when_the_game_changes(api, redis_conn, monkeypatch):
    # given a finished game, whose record is built by counting calls
    import service.http.table_handlers as handlers
    from events.log.store import EventStore

    game_id, tokens = table(api, stack=STACK)
    finish(api, redis_conn, game_id, tokens)
    built = []
    monkeypatch.setattr(handlers, "record_of", lambda store, gid: built.append(gid) or record_of(store, gid))
    # when it is downloaded three times
    bodies = [api.get(f"/v1/games/{game_id}/record") for _ in range(3)]
    # then it was built once, and served the same bytes under one strong ETag each time
    assert built == [game_id] and len({b.get_data() for b in bodies}) == 1
    assert len({b.headers["ETag"] for b in bodies}) == 1 and not bodies[0].headers["ETag"].startswith("W/")
    # and a conditional request answers 304 without a body
    again = api.get(f"/v1/games/{game_id}/record", headers={"If-None-Match": bodies[0].headers["ETag"]})
    assert again.status_code == 304 and again.get_data() == b""
    # when the stored snapshot changes (say a repair by stranded rebuild), the record is built afresh
    store = EventStore(redis_conn)
    redis_conn.delete(store.key(game_id, "snapshot"))
    fresh = api.get(f"/v1/games/{game_id}/record")
    assert built == [game_id, game_id] and json.loads(fresh.get_data())["snapshot"] is None
    assert fresh.headers["ETag"] != bodies[0].headers["ETag"]


def test_the_record_of_no_such_game_is_404(api):
    assert api.get("/v1/games/nosuchgame/record").status_code == 404


def test_an_imported_game_serves_its_record_and_replays(api, redis_conn):
    # given a finished game's record imported under another id's server (here: the same store, a new id)
    from projections.importing import import_record
    from projections.records import record_of

    game_id, tokens = table(api)
    finish(api, redis_conn, game_id, tokens)
    store = EventStore(redis_conn)
    record = record_of(store, game_id)
    store.redis.delete(*[store.key(game_id, part) for part in ("events", "meta", "snapshot")])
    import_record(store, record)
    GameRepository(store).forget(game_id)
    # when it is read back
    resp = api.get(f"/v1/games/{game_id}/record")
    # then it is marked imported and replays at every version
    assert resp.status_code == 200 and json.loads(resp.get_data())["meta"]["imported"] is True
    version = summary(api, game_id)["version"]
    assert api.get(f"/v1/games/{game_id}/view?at={version // 2}").status_code == 200
    # and nobody plays it here: a token its log names is refused
    resp = api.post(f"/v1/games/{game_id}/rematch", headers={"Authorization": f"Bearer {tokens[0]}"}, json={})
    assert resp.status_code == 403 and resp.get_json()["error"]["code"] == "invalid_token"


@pytest.mark.parametrize("path", ["leave", "resign", "reclaim"])
def test_a_seat_change_to_an_impossible_game_id_is_404(api, path):
    assert api.post(f"/v1/games/%7Bx%7D/seats/0/{path}").status_code == 404
