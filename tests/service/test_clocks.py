"""Clocks over REST: the summary and the views show each seat's time bank; a turn is due when
the seat's clock runs out if that is sooner than its timeout, in to_act and in the deadline job
the dispatcher schedules; reaction windows keep their own timeout."""
from __future__ import annotations

import time

import pytest
from rq import Queue

from events.log.codec import ms_of
from events.commands.dispatch import DEADLINE_QUEUE, deadline_job_id
from events.log.repository import GameRepository
from events.log.store import EventStore
from tests.helpers import STACK, auth, post_command
from tests.service.tables_helpers import spec_checked, summary, table
from workers.jobs import run_deadline


@pytest.fixture
def api(client):
    """The test client, every JSON response it gets held to the OpenAPI spec."""
    return spec_checked(client)


def due_in_s(redis, game_id: str, version: int, seat: int) -> float:
    """Seconds from now until the deadline job of ``seat`` at ``version`` is scheduled to run."""
    registry = Queue(DEADLINE_QUEUE, connection=redis).scheduled_job_registry
    return registry.get_scheduled_time(deadline_job_id(game_id, version, seat)).timestamp() - time.time()


def deadline_after_s(body: dict) -> float:
    """Seconds between the game's last event and the deadline of its first decision."""
    return (ms_of(body["to_act"][0]["deadline_at"]) - ms_of(body["updated"])) / 1000


def test_a_seat_whose_clock_runs_out_gets_its_default_sent_and_counts_a_missed_deadline(api, redis_conn,
                                                                                        monkeypatch):
    # given a game whose seats have 5 s each on the clock and no turn timeout
    game_id, _ = table(api, clock={"initial_s": 5, "increment_s": 1})
    body = summary(api, game_id)
    seat, version = body["to_act"][0]["seat"], body["version"]
    # then the clock of the seat that must act runs, the others wait, and its turn is due in 5 s
    assert body["clocks"][str(seat)] == {"remaining_s": 5.0, "running_since": body["updated"]}
    assert body["clocks"][str(1 - seat)] == {"remaining_s": 5.0, "running_since": None}
    assert deadline_after_s(body) == 5.0
    assert 3.0 < due_in_s(redis_conn, game_id, version, seat) <= 5.0
    # when its time runs out and the deadline job runs
    from events.log import repository

    real = repository.now_ms
    monkeypatch.setattr(repository, "now_ms", lambda: real() + 6_000)
    assert run_deadline(redis_conn, game_id, version, seat).startswith("sent ")
    # then its default was sent as a missed deadline, its clock is empty, and the other seat's runs
    store = EventStore(redis_conn)
    sent = store.read(game_id, after=version)[0]
    assert (sent.seat, sent.cause) == (seat, "deadline")
    assert GameRepository(store).get(game_id).missed == {str(seat): 1}
    after = summary(api, game_id)
    assert after["clocks"][str(seat)] == {"remaining_s": 0.0, "running_since": None}
    assert after["clocks"][str(1 - seat)]["running_since"] == after["updated"]


def test_the_shorter_of_the_clock_and_the_turn_timeout_is_the_deadline(api, redis_conn):
    # given one game whose clock is shorter than its turn timeout, one whose timeout is shorter
    short_clock, _ = table(api, clock={"initial_s": 8}, turn_timeout_s=60)
    short_timeout, _ = table(api, clock={"initial_s": 600}, turn_timeout_s=20)
    # when each says who must act and until when
    for game_id, expected in ((short_clock, 8.0), (short_timeout, 20.0)):
        body = summary(api, game_id)
        seat = body["to_act"][0]["seat"]
        # then to_act and the scheduled deadline job both keep the shorter
        assert deadline_after_s(body) == expected
        assert expected - 2.5 < due_in_s(redis_conn, game_id, body["version"], seat) <= expected
        view = api.get(f"/v1/games/{game_id}/view").get_json()
        assert view["to_act"] == body["to_act"] and view["clocks"] == body["clocks"]


def test_a_reaction_window_keeps_its_own_timeout_whatever_the_clock(api, redis_conn):
    # given Ann (5 s on the clock) plays her Tractor Beam on Bob, whose reaction window opens
    game_id, tokens = table(api, stack=STACK, clock={"initial_s": 5})
    resp = post_command(api, game_id, tokens[0], {"type": "PlayAction", "card": "tractor_beam", "target": 1})
    assert resp.status_code == 200, resp.get_json()
    # when the game says until when Bob may answer
    body = summary(api, game_id)
    # then the window has its 30 s, and no clock runs for it
    assert [(d["seat"], d["kind"]) for d in body["to_act"]] == [(1, "reaction")]
    assert deadline_after_s(body) == 30.0
    assert 27.5 < due_in_s(redis_conn, game_id, body["version"], 1) <= 30.0
    assert all(clock["running_since"] is None for clock in body["clocks"].values())


def test_a_game_without_a_clock_shows_none_and_a_clock_only_for_human_seats(api):
    plain, _ = table(api)
    assert summary(api, plain)["clocks"] is None
    assert api.get(f"/v1/games/{plain}/view?at=1").get_json()["clocks"] is None
    timed, tokens = table(api, seats=[{"name": "Ann"}, {"bot": "random"}], clock={"initial_s": 60})
    assert set(summary(api, timed)["clocks"]) == {"0"}
    at_start = api.get(f"/v1/games/{timed}/view?at=1", headers=auth(tokens[0])).get_json()
    assert at_start["clocks"] == {"0": {"remaining_s": 60.0, "running_since": None}}


def test_a_lost_deadline_enqueued_again_keeps_only_the_time_left_on_the_clock(api, redis_conn, monkeypatch):
    # given a game with 60 s on each clock whose deadline job was lost
    from events.commands import dispatch
    from workers import reconciler

    game_id, _ = table(api, clock={"initial_s": 60})
    body = summary(api, game_id)
    registry = Queue(DEADLINE_QUEUE, connection=redis_conn).scheduled_job_registry
    for job_id in registry.get_job_ids():
        registry.remove(job_id, delete_job=True)
    # when the reconciler finds it 45 s into the turn
    real_ms = dispatch.now_ms
    monkeypatch.setattr(dispatch, "now_ms", lambda: real_ms() + 45_000)
    monkeypatch.setattr(reconciler, "clock", lambda: time.time() + 45.0)
    [job_id] = reconciler.reconcile(redis_conn, grace_s=0)
    # then the deadline is due when the clock runs out, 15 s on, not 60
    assert job_id == deadline_job_id(game_id, body["version"], body["to_act"][0]["seat"])
    assert 12.5 < due_in_s(redis_conn, game_id, body["version"], body["to_act"][0]["seat"]) <= 15.0
