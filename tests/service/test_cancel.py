"""The creator cancels a waiting game (``POST /v1/games/{id}/cancel``): the game ends without being
dealt, leaves the lobby's list of waiting games, its status says ``cancelled``, its log ends with
``GameCancelled`` then ``SeedRevealed`` and verifies, and its record exports and imports. Every
refused cancel names its reason and changes nothing. Every response is held to the OpenAPI spec."""
from __future__ import annotations

import json

import pytest

from projections.audit import verify, verify_record
from tests.helpers import auth, run_jobs
from tests.service.tables_helpers import spec_checked, summary, table


@pytest.fixture
def api(client):
    """The test client, every JSON response it gets held to the OpenAPI spec."""
    return spec_checked(client)


def cancel(api, game_id: str, token: str | None, key: str | None = None):
    """``POST /v1/games/{id}/cancel`` with ``token`` (None: no Authorization) and an Idempotency-Key."""
    headers = auth(token) if token else {}
    if key is not None:
        headers["Idempotency-Key"] = key
    return api.post(f"/v1/games/{game_id}/cancel", headers=headers)


def waiting_table(api) -> tuple[str, dict[int, str]]:
    """Ann's table: Ann at seat 0 (the creator), seats 1 and 2 open."""
    return table(api, seats=[{"name": "Ann"}, {"open": True}, {"open": True}])


def refused(resp, status: int, code: str) -> None:
    """``resp`` is an error with ``status`` and ``code``, and a sentence saying why."""
    body = resp.get_json()
    assert resp.status_code == status, body
    assert body["code"] == code and body["error"]["code"] == code and body["detail"].endswith(".")


# -- the creator cancels ------------------------------------------------------------------------

def test_the_creator_cancelling_a_waiting_game_ends_it_undealt_and_out_of_the_waiting_list(api, redis_conn):
    # given Ann's waiting table, Bob joined at seat 1, seat 2 still open
    game_id, tokens = waiting_table(api)
    api.post(f"/v1/games/{game_id}/join", json={"name": "Bob"})
    assert game_id in {g["id"] for g in api.get("/v1/games?status=waiting").get_json()["games"]}
    # when Ann, the creator, cancels it
    resp = cancel(api, game_id, tokens[0])
    # then the answer holds GameCancelled by seat 0, then SeedRevealed with the seed and the audit key
    assert resp.status_code == 200, resp.get_json()
    events = resp.get_json()["events"]
    assert [e["type"] for e in events] == ["GameCancelled", "SeedRevealed"]
    assert events[0]["data"] == {"seat": 0} and events[1]["data"]["seed"] == "tables"
    assert events[1]["data"]["audit_key"]
    # and the game's status says cancelled, nobody acts, it has no result
    now = summary(api, game_id)
    assert now["status"] == "cancelled" and now["to_act"] == [] and now["result"] is None
    # and it left the waiting list for the cancelled one
    run_jobs(redis_conn)
    assert game_id not in {g["id"] for g in api.get("/v1/games?status=waiting").get_json()["games"]}
    assert game_id in {g["id"] for g in api.get("/v1/games?status=cancelled").get_json()["games"]}


def test_a_cancelled_games_log_is_complete_its_stream_ends_and_its_views_answer(api):
    # given a cancelled game
    game_id, tokens = waiting_table(api)
    assert cancel(api, game_id, tokens[0]).status_code == 200
    version = summary(api, game_id)["version"]
    # then its log is complete for everyone, and immutable
    page = api.get(f"/v1/games/{game_id}/events")
    assert page.status_code == 200 and page.get_json()["complete"] is True
    assert "immutable" in page.headers["Cache-Control"]
    # and a stream from its last version has nothing more to send
    assert api.get(f"/v1/games/{game_id}/stream?after={version}").status_code == 204
    # and its views, now and at any version, answer for a spectator and the creator's seat
    assert api.get(f"/v1/games/{game_id}/view").status_code == 200
    assert api.get(f"/v1/games/{game_id}/view", headers=auth(tokens[0])).status_code == 200
    assert api.get(f"/v1/games/{game_id}/view?at=1").status_code == 200
    assert api.get(f"/v1/games/{game_id}/view?seat=0").status_code == 200


def test_a_cancelled_game_verifies_as_cancelled_and_its_record_imports_as_cancelled(api, store, redis_conn):
    # given a cancelled game whose creator kept the last head as a receipt
    import fakeredis

    from events.log.metahash import meta_from_hash
    from events.log.store import EventStore
    from projections.importing import import_record
    from projections.records import record_of

    game_id, tokens = waiting_table(api)
    head = cancel(api, game_id, tokens[0]).get_json()["head"]
    # then the server's audit verifies it (code 0) and marks it cancelled
    verdict = verify(store, game_id)
    assert verdict.code == 0 and verdict.cancelled and verdict.finished, [str(p) for p in verdict.problems]
    # and its downloaded record verifies on its own, against the receipt
    record = json.loads(api.get(f"/v1/games/{game_id}/record").get_data())
    version = summary(api, game_id)["version"]
    assert verify_record(record, [(version, head)]).code == 0
    # and the /verification endpoint says verified, with a sentence naming the cancel
    run_jobs(redis_conn)
    body = api.get(f"/v1/games/{game_id}/verification").get_json()
    assert body["status"] == "verified" and "cancelled" in body["message"]
    # when the record is imported into another server, then it is a cancelled game there too, and verifies
    other = EventStore(fakeredis.FakeRedis())
    copy_id = import_record(other, record_of(store, game_id))
    assert meta_from_hash(copy_id, other.get_meta(copy_id)).status == "cancelled"
    assert verify(other, copy_id).code == 0


def test_rebuild_puts_back_the_cancelled_status_the_log_gives(api, store):
    # given a cancelled game whose meta was rewritten to say it waits
    from projections.rebuild import rebuild_game

    game_id, tokens = waiting_table(api)
    assert cancel(api, game_id, tokens[0]).status_code == 200
    store.redis.hset(store.key(game_id, "meta"), "status", "waiting")
    assert verify(store, game_id).code == 1
    # when it is rebuilt from its log, then its status is cancelled again and it verifies
    rebuild_game(store, game_id)
    assert summary(api, game_id)["status"] == "cancelled"
    assert verify(store, game_id).code == 0


def test_a_retried_cancel_with_its_key_answers_the_first_cancel_again(api):
    # given Ann cancelled her table with an Idempotency-Key
    game_id, tokens = waiting_table(api)
    first = cancel(api, game_id, tokens[0], key="cancel-1")
    version = summary(api, game_id)["version"]
    # when the same call comes again (its answer was lost)
    again = cancel(api, game_id, tokens[0], key="cancel-1")
    # then it answers the first cancel, marked duplicate, and writes nothing
    assert first.status_code == again.status_code == 200
    assert again.get_json()["duplicate"] is True and again.get_json()["events"] == first.get_json()["events"]
    assert summary(api, game_id)["version"] == version


# -- every refused cancel names its reason and changes nothing -----------------------------------

def test_a_cancel_without_a_token_is_401_missing_token_and_changes_nothing(api):
    game_id, _ = waiting_table(api)
    version = summary(api, game_id)["version"]
    refused(cancel(api, game_id, None), 401, "missing_token")
    assert summary(api, game_id)["version"] == version and summary(api, game_id)["status"] == "waiting"


def test_a_cancel_with_a_token_of_no_seat_is_403_invalid_token_and_changes_nothing(api):
    game_id, _ = waiting_table(api)
    version = summary(api, game_id)["version"]
    refused(cancel(api, game_id, "not-a-token-of-this-game"), 403, "invalid_token")
    assert summary(api, game_id)["version"] == version and summary(api, game_id)["status"] == "waiting"


def test_a_cancel_by_a_player_who_joined_is_403_not_the_creator_and_changes_nothing(api):
    # given Ann's table and Bob, who joined it
    game_id, _ = waiting_table(api)
    bob = api.post(f"/v1/games/{game_id}/join", json={"name": "Bob"}).get_json()
    version = summary(api, game_id)["version"]
    # when Bob cancels, then he is not the creator, and nothing is written
    refused(cancel(api, game_id, bob["token"]), 403, "not_the_creator")
    assert summary(api, game_id)["version"] == version and summary(api, game_id)["status"] == "waiting"


def test_a_creators_seat_left_and_taken_by_another_player_is_not_the_creators_any_more(api):
    # given Ann and Cy created the table together, Cy left seat 1 and Dan took it
    game_id, tokens = table(api, seats=[{"name": "Ann"}, {"name": "Cy"}, {"open": True}])
    assert api.post(f"/v1/games/{game_id}/seats/1/leave", headers=auth(tokens[1])).status_code == 200
    dan = api.post(f"/v1/games/{game_id}/seats/1/join", json={"name": "Dan"}).get_json()
    version = summary(api, game_id)["version"]
    # when Dan cancels, then it is 403 not_the_creator and nothing is written
    refused(cancel(api, game_id, dan["token"]), 403, "not_the_creator")
    assert summary(api, game_id)["version"] == version
    # while Ann, who still holds a seat the create gave, may
    assert cancel(api, game_id, tokens[0]).status_code == 200


def test_a_running_game_cannot_be_cancelled_409_game_started_and_changes_nothing(api):
    # given a game whose seats were all taken at the create: it runs
    game_id, tokens = table(api, ("Ann", "Bob"))
    before = summary(api, game_id)
    assert before["status"] == "active"
    # when its creator cancels it, then it is 409 game_started and nothing is written
    refused(cancel(api, game_id, tokens[0]), 409, "game_started")
    assert summary(api, game_id)["version"] == before["version"] and summary(api, game_id)["status"] == "active"


def test_a_cancelled_game_cannot_be_cancelled_joined_or_rematched_and_changes_nothing(api):
    # given a cancelled game
    game_id, tokens = waiting_table(api)
    assert cancel(api, game_id, tokens[0]).status_code == 200
    version = summary(api, game_id)["version"]
    # when its creator cancels it again without a key, someone joins it, the creator asks for a rematch
    again = cancel(api, game_id, tokens[0])
    join = api.post(f"/v1/games/{game_id}/join", json={"name": "Eve"})
    rematch = api.post(f"/v1/games/{game_id}/rematch", headers=auth(tokens[0]))
    # then each is refused with its reason, and nothing is written
    refused(again, 409, "game_cancelled")
    refused(join, 409, "game_cancelled")
    refused(rematch, 409, "game_cancelled")
    assert summary(api, game_id)["version"] == version


def test_a_cancel_of_no_such_game_is_404(api):
    assert cancel(api, "no-such-game", "whatever").status_code == 404


def test_a_cancel_forged_by_a_seat_that_is_not_the_creators_is_named_by_verify(api, store):
    # given Ann's table and Bob, who joined seat 1
    from dataclasses import replace

    from events.log.repository import GameRepository
    from events.table.progress import seed_revealed

    game_id, _ = waiting_table(api)
    api.post(f"/v1/games/{game_id}/join", json={"name": "Bob"})
    # when a forger with the server's keys writes a cancel sent by Bob's seat
    repo = GameRepository(store)
    game = repo.get(game_id)
    meta = game.meta.copy()
    meta.status = "cancelled"
    repo.save(replace(game, meta=meta), [{"type": "GameCancelled", "data": {"seat": 1}}, seed_revealed(meta)],
              seat=1, command={"type": "CancelGame", "seat": 1}, cause="seat", write_meta=True)
    # then verify names that batch
    verdict = verify(store, game_id)
    assert verdict.code == 1
    assert any("not its creator's" in str(p) for p in verdict.problems), [str(p) for p in verdict.problems]


def forge_cancel(store, game_id: str, seat: int, *, reveal: bool = True, status: str = "cancelled") -> None:
    """A forger with the server's keys appends a cancel by ``seat`` (with or without ``SeedRevealed``)."""
    from dataclasses import replace

    from events.log.repository import GameRepository
    from events.table.progress import seed_revealed

    repo = GameRepository(store)
    game = repo.get(game_id)
    meta = game.meta.copy()
    meta.status = status
    events = [{"type": "GameCancelled", "data": {"seat": seat}}] + ([seed_revealed(meta)] if reveal else [])
    repo.save(replace(game, meta=meta), events, seat=seat, command={"type": "CancelGame", "seat": seat},
              cause="seat", write_meta=True)


def problems(store, game_id: str) -> list[str]:
    """What verify finds wrong with the game (it must be tampered: code 1)."""
    verdict = verify(store, game_id)
    assert verdict.code == 1
    return [str(p) for p in verdict.problems]


def test_a_cancel_forged_after_the_deal_is_named_by_verify(api, store):
    # given a running game (every seat taken at the create)
    game_id, _ = table(api, ("Ann", "Bob"))
    # when a forger appends the creator's cancel after the deal, then verify names it
    forge_cancel(store, game_id, 0)
    assert any("after the start" in p for p in problems(store, game_id))


def test_a_cancel_forged_without_its_seed_revealed_is_named_by_verify(api, store):
    # given Ann's waiting table, when a forger appends her cancel without SeedRevealed
    game_id, _ = waiting_table(api)
    forge_cancel(store, game_id, 0, reveal=False, status="waiting")
    # then verify names the cancel: a cancelled game reveals its seed in the same batch
    assert any("not its creator's, or after the start" in p for p in problems(store, game_id))


def test_a_batch_forged_after_the_cancel_is_named_by_verify(api, store):
    # given a cancelled game with one more batch forged after its SeedRevealed
    from dataclasses import replace

    from events.log.repository import GameRepository

    game_id, tokens = waiting_table(api)
    assert cancel(api, game_id, tokens[0]).status_code == 200
    repo = GameRepository(store)
    game = repo.get(game_id)
    repo.save(replace(game), [{"type": "SeatJoined", "data": {"seat": 1, "name": "Eve", "client_seed": None,
                                                               "token_sha256": None}}],
              seat=None, command={"type": "JoinSeat", "seat": 1}, cause="system")
    # then verify says events follow the end of the game
    assert any("follow the end of the game" in p for p in problems(store, game_id))


def test_an_old_cancelled_game_is_archived_like_a_finished_one(api, store, tmp_path):
    # given a cancelled game
    from events.log.codec import now_ms
    from projections.archive import archive
    from projections.records import load_record

    game_id, tokens = waiting_table(api)
    assert cancel(api, game_id, tokens[0]).status_code == 200
    # when games older than an hour are archived, two hours from now
    report = archive(store, 3600, tmp_path, ttl_s=86400, now=now_ms() + 2 * 3600 * 1000)
    # then it is exported as a record that verifies on its own
    paths = dict(report.archived)
    assert game_id in paths, report
    assert verify_record(load_record(paths[game_id].read_bytes())).code == 0
