"""Whole games on a Redis Cluster: two API processes and two workers (queues on a plain Redis)
play an all-bot game of each ruleset to the end; then ``stranded rebuild``, ``stranded
verify`` and ``stranded verify --all`` run against the cluster; a watcher on one API sees
what the other wrote."""
from __future__ import annotations

import threading
import time

import pytest
import redis
import requests

from tests.cluster.conftest import cluster_client
from tests.fleet import TABLES, Fleet, create_bot_game, event_log, moves, reference_moves, wait_all_finished

pytestmark = pytest.mark.e2e


@pytest.fixture
def fleet(cluster_url, queue_url, tmp_path):
    cluster_client(cluster_url).flushall()
    redis.Redis.from_url(queue_url).flushdb()
    fleet = Fleet({"REDIS_URL": cluster_url, "STRANDED_REDIS_CLUSTER": "1", "STRANDED_QUEUE_URL": queue_url},
                  tmp_path)
    yield fleet
    fleet.stop()


def test_every_ruleset_plays_to_the_end_on_a_cluster_then_rebuilds_and_verifies(fleet, cluster_url, queue_url):
    # given two API processes and two workers, the games on the cluster, the queues off it
    bases = fleet.start_apis(2)
    fleet.start_workers(2)
    # when an all-bot game of each ruleset is created, through one API or the other
    games = {}
    for n, (ruleset, policies) in enumerate(TABLES.items()):
        seed = f"cluster-{ruleset}"
        games[create_bot_game(bases[n % 2], ruleset, policies, seed)] = (ruleset, policies, seed)
    wait_all_finished(bases, list(games), 240, fleet)
    # then each log is the one its seed gives in one process (no move lost or doubled)
    for game_id, (ruleset, policies, seed) in games.items():
        assert moves(event_log(bases[1], game_id)) == reference_moves(ruleset, policies, seed), ruleset
    # and the lobby (its index in one slot of the cluster) lists them all as finished, on either API
    for base in bases:
        listed = requests.get(f"{base}/v1/games?status=finished&limit=50", timeout=30).json()["games"]
        assert {g["id"] for g in listed} == set(games)
    # and the queues' keys are on the plain Redis, none on the cluster
    assert not list(cluster_client(cluster_url).scan_iter(match="rq:*"))
    assert redis.Redis.from_url(queue_url).exists("rq:queues")
    # when the projections are rebuilt from the cluster's logs, in one process and in two
    for jobs in ("1", "2"):
        rebuilt = fleet.cli("rebuild", "--jobs", jobs)
        # then every game is rebuilt, none damaged, none found out of line with its log
        assert rebuilt.returncode == 0, rebuilt.stdout + rebuilt.stderr
        assert f"rebuilt {len(games)} games" in rebuilt.stdout and "repaired" not in rebuilt.stdout
    # and every game verifies against the cluster
    for game_id in games:
        verdict = fleet.cli("verify", game_id)
        assert verdict.returncode == 0, verdict.stdout + verdict.stderr
        assert "OK" in verdict.stdout
    # and all of them at once, shared among two processes, each reading its games from the cluster
    every = fleet.cli("verify", "--all", "--jobs", "2")
    assert every.returncode == 0, every.stdout + every.stderr
    assert f"verified {len(games)} games (" in every.stdout
    assert f"{len(games)} finished and verified, 0 not finished (consistent so far), 0 tampered" in every.stdout


def test_a_watcher_on_one_api_sees_a_command_sent_through_the_other(fleet):
    # given two API processes on the cluster and a two-seat game with nobody watching yet
    bases = fleet.start_apis(2)
    created = requests.post(f"{bases[0]}/v1/games", json={"ruleset": "selfish-space",
                                                          "seats": [{"name": "A"}, {"name": "B"}]}, timeout=30).json()
    game_id, version = created["id"], created["version"]
    tokens = {t["seat"]: t["token"] for t in created["tokens"]}
    seat = created["to_act"][0]["seat"]
    # when a spectator watches through the second API
    frames: list[str] = []

    def watch():
        with requests.get(f"{bases[1]}/v1/games/{game_id}/stream?after={version}&timeout_s=6", stream=True,
                          timeout=30) as resp:
            frames.extend(resp.iter_lines(decode_unicode=True))

    watcher = threading.Thread(target=watch)
    watcher.start()
    time.sleep(1.0)
    # and the seat to act sends its first legal command through the first
    auth = {"Authorization": f"Bearer {tokens[seat]}"}
    command = requests.get(f"{bases[0]}/v1/games/{game_id}/legal-commands", headers=auth,
                           timeout=30).json()["commands"][0]["command"]
    sent = requests.post(f"{bases[0]}/v1/games/{game_id}/commands", json=command, headers=auth, timeout=30)
    assert sent.status_code == 200, sent.text
    watcher.join(30)
    # then the watcher's stream (its feed blocked on the game's node) carried every new event, in order
    ids = [int(line.split(":", 1)[1]) for line in frames if line.startswith("id:")]
    assert ids == list(range(version + 1, sent.json()["version"] + 1))


def test_a_silent_seat_is_played_by_its_deadlines_through_the_queue_redis(fleet):
    # given an API and a worker on the cluster, and a game whose human seat never acts (1 s turns)
    [base] = fleet.start_apis(1)
    fleet.start_workers(1)
    body = {"ruleset": "selfish-space", "seats": [{"name": "Silent"}, {"bot": "random"}],
            "options": {"turn_timeout_s": 1}}
    created = requests.post(f"{base}/v1/games", json=body, timeout=30)
    assert created.status_code == 201, created.text
    game_id = created.json()["id"]
    # when the deadlines come (scheduled jobs on the queue Redis, run by the worker's scheduler)
    deadline = time.monotonic() + 90
    acted = []
    while time.monotonic() < deadline and not acted:
        time.sleep(1.0)
        events = requests.get(f"{base}/v1/games/{game_id}/events?limit=1000", timeout=30).json()["events"]
        acted = [e for e in events if e["seat"] == 0 and e.get("command")]
    # then the server acted for the silent seat
    assert acted, f"no deadline acted for seat 0:\n{fleet.log('worker0')}"


def test_the_rate_limit_is_counted_on_the_cluster_across_api_processes(fleet):
    # given two API processes on the cluster that allow three new games a minute per address
    fleet.env.update({"STRANDED_RATE_LIMITS": "on", "STRANDED_RATE_LIMIT_CREATE": "3/minute"})
    bases = fleet.start_apis(2)
    body = {"ruleset": "one-against-the-dead", "seats": [{"name": "A"}]}
    # when one address creates three games through either process, then a fourth
    codes = [requests.post(f"{base}/v1/games", json=body, timeout=30).status_code
             for base in (bases[0], bases[1], bases[0], bases[1])]
    # then the fourth is refused: both processes count in the cluster
    assert codes == [201, 201, 201, 429]
