"""The lobby around a table that has not started: join whichever seat is free, leave before the
start, keep a seat for one invited player, keep a game out of the lists. Every response is held
to the OpenAPI spec; every refused request changes nothing; the games verify at the end."""
from __future__ import annotations

import json

import pytest

from projections.audit import verify_record
from tests.helpers import auth
from tests.service.tables_helpers import finish, seat_change, spec_checked, summary, table


@pytest.fixture
def api(client):
    """The test client, every JSON response it gets held to the OpenAPI spec."""
    return spec_checked(client)


def join_any(api, game_id: str, name: str, **body):
    """``POST /v1/games/{id}/join``."""
    return api.post(f"/v1/games/{game_id}/join", json={"name": name, **body})


def verified(api, game_id: str) -> int:
    """The exit code the game's record verifies with, against its last head as a receipt."""
    done = summary(api, game_id)
    record = json.loads(api.get(f"/v1/games/{game_id}/record").get_data())
    verdict = verify_record(record, [(done["head"]["version"], done["head"]["head"])])
    assert verdict.code == 0, [str(p) for p in verdict.problems]
    return verdict.code


# -- join whichever seat is free --------------------------------------------------------------

def test_joining_without_a_seat_takes_the_first_open_one_and_the_last_starts_the_game(api):
    # given a three-seat table with Ann at seat 1 and seats 0 and 2 open
    game_id, _ = table(api, ruleset="selfish-space", seats=[{"open": True}, {"name": "Ann"}, {"open": True}])
    # when Bob, then Cy join without naming a seat
    bob = join_any(api, game_id, "Bob")
    cy = join_any(api, game_id, "Cy")
    # then Bob has seat 0, Cy seat 2, each with a working token, and the game started
    assert bob.status_code == 200 and bob.get_json()["seat"] == 0
    assert cy.status_code == 200 and cy.get_json()["seat"] == 2
    now = summary(api, game_id)
    assert now["status"] == "active" and [s["name"] for s in now["seats"]] == ["Bob", "Ann", "Cy"]
    view = api.get(f"/v1/games/{game_id}/view", headers=auth(cy.get_json()["token"]))
    assert view.status_code == 200 and view.get_json()["seat"] == 2


def test_joining_a_full_table_is_409_no_open_seat_and_changes_nothing(api):
    # given a table whose only open seat is kept for an invited player
    game_id, _ = table(api, seats=[{"name": "Ann"}, {"open": True, "invite": True}])
    version = summary(api, game_id)["version"]
    # when someone without the code joins whichever seat is free
    resp = join_any(api, game_id, "Eve")
    # then there is none for them, and nothing is written
    assert resp.status_code == 409 and resp.get_json()["error"]["code"] == "no_open_seat"
    assert summary(api, game_id)["version"] == version


# -- leave before the start ------------------------------------------------------------------

def test_a_player_who_leaves_before_the_start_opens_the_seat_again_and_loses_the_token(api, redis_conn):
    # given Ann's table, Bob joined at seat 1 and Cy's seat 2 still open
    game_id, tokens = table(api, seats=[{"name": "Ann"}, {"open": True}, {"open": True}])
    bob = join_any(api, game_id, "Bob").get_json()
    # when Bob leaves before the start
    resp = seat_change(api, game_id, 1, "leave", bob["token"])
    # then seat 1 is open again, named for no one, the game still waits
    assert resp.status_code == 200, resp.get_json()
    assert [e["type"] for e in resp.get_json()["events"]] == ["SeatVacated"]
    now = summary(api, game_id)
    assert now["status"] == "waiting"
    assert now["seats"][1] == {**now["seats"][1], "open": True, "name": "Seat 1", "bot": None}
    # and Bob's token opens nothing any more
    assert api.get(f"/v1/games/{game_id}/view", headers=auth(bob["token"])).status_code == 403
    assert seat_change(api, game_id, 1, "leave", bob["token"]).status_code == 403
    # when Dan and Cy take the two open seats, the game starts and plays to the end
    dan = join_any(api, game_id, "Dan").get_json()
    cy = join_any(api, game_id, "Cy").get_json()
    assert dan["seat"] == 1 and cy["seat"] == 2 and summary(api, game_id)["status"] == "active"
    done = finish(api, redis_conn, game_id, {0: tokens[0], 1: dan["token"], 2: cy["token"]})
    assert done["status"] == "finished"
    # then the record verifies: the audit re-runs the leave and both joins of seat 1
    assert verified(api, game_id) == 0


def test_leaving_a_seat_nobody_holds_or_with_another_seats_token_changes_nothing(api):
    # given a waiting table with Ann at seat 0 and seat 1 open
    game_id, tokens = table(api, seats=[{"name": "Ann"}, {"open": True}, {"open": True}])
    version = summary(api, game_id)["version"]
    # when Ann's token leaves seat 1, and a call without a token leaves seat 0
    wrong = seat_change(api, game_id, 1, "leave", tokens[0])
    anonymous = api.post(f"/v1/games/{game_id}/seats/0/leave")
    # then each is refused with its reason, and nothing is written
    assert wrong.status_code == 403 and wrong.get_json()["error"]["code"] == "not_your_seat"
    assert anonymous.status_code == 401
    assert summary(api, game_id)["version"] == version


# -- a seat kept for one invited player -------------------------------------------------------

def test_an_invited_seat_is_taken_only_with_its_code(api, redis_conn):
    # given Ann's table with seat 1 kept for an invited player and seat 2 open to all
    resp = api.post("/v1/games", json={"ruleset": "selfish-space", "options": {"seed": "lobby", "stack": {}},
                                       "seats": [{"name": "Ann"}, {"open": True, "invite": True}, {"open": True}]})
    assert resp.status_code == 201
    game_id, invites = resp.get_json()["id"], resp.get_json()["invites"]
    assert [i["seat"] for i in invites] == [1] and invites[0]["code"]
    seats = summary(api, game_id)["seats"]
    assert [s["reserved"] for s in seats] == [False, True, False]
    # when Eve tries seat 1 without the code, and with a wrong one
    no_code = api.post(f"/v1/games/{game_id}/seats/1/join", json={"name": "Eve"})
    bad_code = api.post(f"/v1/games/{game_id}/seats/1/join", json={"name": "Eve", "invite": "guess"})
    # then both are 409 seat_reserved, saying how to join it
    for refused in (no_code, bad_code):
        assert refused.status_code == 409 and refused.get_json()["error"]["code"] == "seat_reserved"
        assert "invite code" in refused.get_json()["error"]["message"]
    # when Eve joins whichever seat is free, she gets seat 2, not the kept one
    assert join_any(api, game_id, "Eve").get_json()["seat"] == 2
    # and Bob, with the code, joins without naming a seat and gets seat 1; the game starts
    bob = join_any(api, game_id, "Bob", invite=invites[0]["code"])
    assert bob.status_code == 200 and bob.get_json()["seat"] == 1
    assert summary(api, game_id)["status"] == "active"
    assert [s["reserved"] for s in summary(api, game_id)["seats"]] == [False, False, False]


def test_an_invite_on_a_seat_that_is_not_open_is_400_and_creates_nothing(api, redis_conn):
    # given the lobby's lists before
    before = api.get("/v1/games").get_json()["games"]
    # when a game is created with an invite on a human seat
    resp = api.post("/v1/games", json={"ruleset": "selfish-space", "seats": [{"name": "Ann", "invite": True},
                                                                           {"open": True}]})
    # then it is refused and no game exists
    assert resp.status_code == 400 and resp.get_json()["error"]["code"] == "bad_seats"
    assert api.get("/v1/games").get_json()["games"] == before


# -- unlisted games ---------------------------------------------------------------------------

def test_an_unlisted_game_is_in_no_lobby_list_but_opens_by_its_id(api, redis_conn):
    # given a listed and an unlisted table, both waiting
    listed, _ = table(api, seats=[{"name": "Ann"}, {"open": True}])
    hidden, _ = table(api, seats=[{"name": "Ann"}, {"open": True}], unlisted=True)
    # when the lobby lists games, all of them and those waiting
    ids = {g["id"] for g in api.get("/v1/games").get_json()["games"]}
    waiting = {g["id"] for g in api.get("/v1/games?status=waiting").get_json()["games"]}
    # then only the listed one is there
    assert listed in ids and listed in waiting
    assert hidden not in ids and hidden not in waiting
    # and the unlisted one opens by its id and is joined as any other
    assert summary(api, hidden)["options"]["unlisted"] is True
    assert join_any(api, hidden, "Bob").get_json()["seat"] == 1
    assert hidden not in {g["id"] for g in api.get("/v1/games").get_json()["games"]}


# -- the audit re-runs a leave before the start -------------------------------------------------

@pytest.mark.parametrize("forged_by", [0, None])
def test_a_leave_before_the_start_forged_with_the_servers_keys_is_named_by_verify(api, store, forged_by):
    # given a waiting table: Ann at seat 0, Bob joined seat 1, seat 2 open
    from dataclasses import replace

    from events.log.repository import GameRepository
    from events.table.seats import apply_seat_event
    from projections.audit import verify

    game_id, _ = table(api, seats=[{"name": "Ann"}, {"open": True}, {"open": True}])
    join_any(api, game_id, "Bob")
    assert verify(store, game_id).problems == []      # running: nothing wrong, the draws not yet checkable
    # when a forger with the server's keys writes Bob's seat open again in a batch Bob did not send
    repo = GameRepository(store)
    game = repo.get(game_id)
    data = {"seat": 1, "name": "Seat 1"}
    meta = game.meta.copy()
    meta.seats = [*meta.seats[:1], apply_seat_event(meta.seats[1], "SeatVacated", data, "strong"), *meta.seats[2:]]
    repo.save(replace(game, meta=meta), [{"type": "SeatVacated", "data": data}], seat=forged_by,
              command={"type": "VacateSeat", "seat": 1}, cause="seat" if forged_by is not None else "system",
              write_meta=True)
    # then verify names that batch: the rules give no such leave
    verdict = verify(store, game_id)
    assert verdict.code == 1
    assert any("did not hold before the start" in str(p) for p in verdict.problems), [str(p) for p in verdict.problems]


# -- retries of a seat change with an Idempotency-Key ----------------------------------------

def test_a_retried_leave_before_the_start_with_its_key_answers_the_first_leave_again(api):
    # given Bob, joined at seat 1 of a waiting table, leaves with an Idempotency-Key
    game_id, _ = table(api, seats=[{"name": "Ann"}, {"open": True}, {"open": True}])
    bob = join_any(api, game_id, "Bob").get_json()
    headers = {**auth(bob["token"]), "Idempotency-Key": "leave-1"}
    first = api.post(f"/v1/games/{game_id}/seats/1/leave", headers=headers)
    version = summary(api, game_id)["version"]
    # when the same call comes again (its answer was lost), though the token no longer holds a seat
    again = api.post(f"/v1/games/{game_id}/seats/1/leave", headers=headers)
    # then it answers the first leave, marked duplicate, and writes nothing
    assert first.status_code == again.status_code == 200
    assert again.get_json()["duplicate"] is True and first.get_json()["duplicate"] is False
    assert again.get_json()["events"] == first.get_json()["events"]
    assert summary(api, game_id)["version"] == version
    # while a retry with no key is refused: the token holds no seat any more
    assert api.post(f"/v1/games/{game_id}/seats/1/leave", headers=auth(bob["token"])).status_code == 403


def test_a_retried_resignation_with_its_key_answers_the_first_and_another_key_is_already_resigned(api):
    # given a running three-seat game and Cy resigning with a key
    game_id, tokens = table(api, ("Ann", "Bob", "Cy"))
    headers = {**auth(tokens[2]), "Idempotency-Key": "resign-1"}
    first = api.post(f"/v1/games/{game_id}/seats/2/resign", headers=headers)
    assert first.status_code == 200, first.get_json()
    version = summary(api, game_id)["version"]
    # when the same resignation is sent again with its key, and once with another key
    again = api.post(f"/v1/games/{game_id}/seats/2/resign", headers=headers)
    other = api.post(f"/v1/games/{game_id}/seats/2/resign", headers={**auth(tokens[2]), "Idempotency-Key": "x"})
    # then the retry is the first answer again, the other a 409; nothing more is written
    assert again.status_code == 200 and again.get_json()["duplicate"] is True
    assert again.get_json()["version"] == first.get_json()["version"]
    assert other.status_code == 409 and other.get_json()["code"] == "already_resigned"
    assert summary(api, game_id)["version"] == version
    # and another seat's token cannot meet Cy's key
    ann = api.post(f"/v1/games/{game_id}/seats/0/resign", headers={**auth(tokens[0]), "Idempotency-Key": "resign-1"})
    assert ann.status_code == 200 and ann.get_json()["duplicate"] is False


def test_a_bot_seat_opened_again_by_a_forged_leave_is_named_by_verify(api, store):
    # given a waiting table: Ann at seat 0, a bot at seat 1, seat 2 open
    from dataclasses import replace

    from events.log.repository import GameRepository
    from events.table.seats import apply_seat_event
    from projections.audit import verify

    game_id, _ = table(api, seats=[{"name": "Ann"}, {"bot": "random"}, {"open": True}])
    # when a forger with the server's keys writes the bot's seat open, as if the seat had left itself
    repo = GameRepository(store)
    game = repo.get(game_id)
    data = {"seat": 1, "name": "Seat 1"}
    meta = game.meta.copy()
    meta.seats = [*meta.seats[:1], apply_seat_event(meta.seats[1], "SeatVacated", data, "strong"), *meta.seats[2:]]
    repo.save(replace(game, meta=meta), [{"type": "SeatVacated", "data": data}], seat=1,
              command={"type": "VacateSeat", "seat": 1}, cause="seat", write_meta=True)
    # then verify names that batch: nobody held a bot's seat to leave it
    verdict = verify(store, game_id)
    assert verdict.code == 1
    assert any("did not hold before the start" in str(p) for p in verdict.problems), [str(p) for p in verdict.problems]
