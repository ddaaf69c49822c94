"""GET /v1/games/{id}/verification: anyone's audit of a game as the server holds it -- verified once
over, consistent so far while it runs, tampered (with where) when the log was changed, every answer
held to the OpenAPI spec -- computed by a worker once per version and kept, never in the request."""
from __future__ import annotations

import pytest

from events.log.store import EventStore
from rq import Queue

from events.commands.audit_work import AUDIT_QUEUE
from tests.helpers import STACK, post_command, run_jobs
from tests.service.tables_helpers import finish, spec_checked, summary, table


@pytest.fixture
def api(client):
    """The test client, every JSON response it gets held to the OpenAPI spec."""
    return spec_checked(client)


def verification(api, game_id: str, redis_conn=None) -> dict:
    """The verification, once a worker has computed it (the first ask of a version is a 202)."""
    resp = api.get(f"/v1/games/{game_id}/verification")
    if resp.status_code == 202 and redis_conn is not None:
        assert resp.get_json()["status"] == "pending" and resp.get_json()["ok"] is None
        run_jobs(redis_conn)
        resp = api.get(f"/v1/games/{game_id}/verification")
    assert resp.status_code == 200, resp.get_json()
    return resp.get_json()


def test_a_finished_game_verifies_down_to_the_head_its_summary_shows(api, redis_conn):
    # given a game played to its end
    game_id, tokens = table(api, stack=STACK)
    finish(api, redis_conn, game_id, tokens)
    # when anyone asks for its verification (the end of the game already had a worker compute it)
    body = verification(api, game_id)
    # then it is verified, with the head the summary serves as a receipt
    last = summary(api, game_id)["head"]
    assert body["ok"] is True and body["status"] == "verified" and body["code"] == 0 and body["current"] is True
    assert body["version"] == last["version"] and body["head"] == last
    assert body["problems"] == [] and body["message"].startswith("Verified")


def test_a_running_game_is_consistent_so_far_without_its_seed(api, redis_conn):
    # given a game under way (Ann played a card)
    game_id, tokens = table(api, stack=STACK)
    assert post_command(api, game_id, tokens[0], {"type": "PlayAction", "card": "tractor_beam",
                                                   "target": 1}).status_code == 200
    # when its verification is asked for
    body = verification(api, game_id, redis_conn)
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
    # when its verification is asked for again, once a worker has audited the changed log (the verdict
    # kept at the end is dropped, as `stranded rebuild` does: a verdict is kept per version)
    store = EventStore(redis_conn)
    redis_conn.delete(store.key(game_id, "verdict"), store.key(game_id, "asked:verification:final"))
    body = verification(api, game_id, redis_conn)
    # then it is tampered, exit code 1, and the problems name versions
    assert body["ok"] is False and body["status"] == "tampered" and body["code"] == 1
    assert body["problems"] and "version" in body["problems"][0]
    assert body["message"].startswith("The log does not verify")


def test_the_verification_of_no_such_game_is_404(api):
    resp = api.get("/v1/games/nosuchgame/verification")
    assert resp.status_code == 404 and resp.get_json()["error"]["code"]


def test_no_request_audits_a_game_a_worker_does_once_per_version(api, redis_conn, monkeypatch):
    # given a running game, and a count of every audit this process runs
    import projections.verdicts as verdicts

    game_id, tokens = table(api, stack=STACK)
    audits = []
    real = verdicts.verify
    monkeypatch.setattr(verdicts, "verify", lambda *args, **kw: audits.append(1) or real(*args, **kw))
    # when one reader asks for the verification ten times
    answers = [api.get(f"/v1/games/{game_id}/verification").status_code for _ in range(10)]
    # then no request ran the audit, and one job was enqueued for them all
    assert answers == [202] * 10 and audits == []
    assert Queue(AUDIT_QUEUE, connection=redis_conn).count == 1
    # when the worker runs it, the verdict of this version is served from then on, with no audit
    run_jobs(redis_conn)
    assert audits == [1]
    bodies = [verification(api, game_id) for _ in range(5)]
    assert all(b["status"] == "consistent_so_far" and b["current"] is True for b in bodies) and audits == [1]


def test_a_later_version_is_served_the_last_verdict_marked_not_current(api, redis_conn):
    # given a running game whose verdict a worker computed
    game_id, tokens = table(api, stack=STACK)
    first = verification(api, game_id, redis_conn)
    # when the game moves on and the verification is asked for again
    assert post_command(api, game_id, tokens[0], {"type": "PlayAction", "card": "tractor_beam",
                                                   "target": 1}).status_code == 200
    body = verification(api, game_id)
    # then the earlier verdict is served, saying which version it covers and that it is not current
    assert body["current"] is False and body["version"] == first["version"] < summary(api, game_id)["version"]
    assert "being checked now" in body["message"]


@pytest.mark.parametrize("planted", ["hash", "string"])
def test_a_planted_asked_key_does_not_hold_the_verification_off_for_ever(api, redis_conn, planted):
    # given a running game whose "asked" key was written from outside, with no expiry: of another
    # type, or a string the server did not set
    game_id, tokens = table(api, stack=STACK)
    assert post_command(api, game_id, tokens[0], {"type": "PlayAction", "card": "tractor_beam",
                                                   "target": 1}).status_code == 200
    asked = EventStore(redis_conn).key(game_id, "asked:verification")
    redis_conn.delete(asked)
    if planted == "hash":
        redis_conn.hset(asked, "x", "1")
    else:
        redis_conn.set(asked, "999")
    # when its verification is asked for and a worker runs
    body = verification(api, game_id, redis_conn)
    # then the audit was done (not pending for ever), and the key is the server's own, expiring
    assert body["status"] == "consistent_so_far"
    assert redis_conn.type(asked) == b"string" and 0 < redis_conn.ttl(asked) <= 30
