"""Workers against a Redis that restarts and processes that are killed with -9.

Rules pinned (docs/faults.md): a worker waits out a lost Redis instead of
exiting; its forked children die with it; a job lost to any kill is found by
the reconciler (period 1 s here) and the game goes on.
"""
from __future__ import annotations

import os
import signal
import time

import pytest

from tests.faults.conftest import gone, new_game, scheduler_pid, status, version, wait_until

HUMAN = {"name": "Ann", "bot": None, "token_sha256": "x"}
BOT = {"name": "Bot", "bot": "random"}
SIX_BOTS = [dict(BOT, name=f"Bot {i}") for i in range(6)]


def test_worker_survives_a_redis_restart_and_plays_on(redis_server, workers):
    # given a worker in the middle of a bot job
    client = redis_server.client()
    worker = workers(redis_server.url)
    wait_until(lambda: scheduler_pid(client), 30, "the worker's scheduler runs")
    bots = new_game(client, "zombies-quickplay", SIX_BOTS)
    wait_until(lambda: _horse(worker, client), 60, "a work-horse runs the bot job", every=0.01)
    # when Redis is killed, stays down 3 s and starts again on its data
    redis_server.restart(down_s=3)
    client = redis_server.client()
    # then the same worker process goes on: the bot game finishes, and a new game's bots
    # play and its deadline fires (then the seat is taken over and the game ends)
    game_id = new_game(client, "selfish-space", [HUMAN, BOT], turn_timeout_s=1, takeover_after=1)
    wait_until(lambda: status(client, bots) == "finished", 120, "the running bot game finishes")
    wait_until(lambda: status(client, game_id) == "finished", 60, "the new game finishes")
    assert worker.is_running() and worker.status() != "zombie"
    wait_until(lambda: scheduler_pid(client), 60, "a scheduler runs again after the restart")


def test_killing_a_worker_kills_its_scheduler_too(redis_server, workers):
    # given a worker with its forked scheduler
    client = redis_server.client()
    worker = workers(redis_server.url)
    child = wait_until(lambda: scheduler_pid(client), 30, "the worker's scheduler runs")
    assert child in [c.pid for c in worker.children()]
    # when the worker is killed with -9
    worker.kill()
    worker.popen.wait(10)
    # then its scheduler does not live on as an orphan
    wait_until(lambda: gone(child), 10, "the scheduler dies with its worker")


def test_a_worker_asked_to_stop_stops_with_its_scheduler(redis_server, workers):
    # given an idle worker with its forked scheduler
    client = redis_server.client()
    worker = workers(redis_server.url)
    child = wait_until(lambda: scheduler_pid(client), 30, "the worker's scheduler runs")
    # when it is sent SIGTERM (a warm shutdown: what an operator or a supervisor sends)
    worker.send_signal(signal.SIGTERM)
    # then it exits -- a stop request is not a lost Redis to wait out -- and its scheduler too
    assert worker.popen.wait(30) == 0
    wait_until(lambda: gone(child), 10, "the scheduler stops with its worker")


def _horse(worker, client) -> int | None:
    """The pid of the worker's work-horse (a child that is not the scheduler), if one runs now."""
    sched = scheduler_pid(client)
    kids = [c.pid for c in worker.children() if c.pid != sched and c.status() != "zombie"]
    return kids[0] if kids else None


@pytest.mark.parametrize("victim", ["horse", "scheduler", "worker", "tree"])
def test_a_job_lost_to_a_kill_is_found_and_the_games_go_on(redis_server, workers, victim):
    # given a worker playing a long all-bot game, and a human game waiting on a 2 s deadline
    client = redis_server.client()
    worker = workers(redis_server.url)
    wait_until(lambda: scheduler_pid(client), 30, "the worker's scheduler runs")
    waiting = new_game(client, "selfish-space", [HUMAN, HUMAN], turn_timeout_s=2, takeover_after=0)
    bots = new_game(client, "zombies-quickplay", SIX_BOTS)
    # when the victim is killed with -9 (the bot job is running in a work-horse meanwhile)
    horse = wait_until(lambda: _horse(worker, client), 60, "a work-horse runs the bot job", every=0.01)
    before = version(client, waiting)
    if victim == "horse":
        os.kill(horse, signal.SIGKILL)
    elif victim == "scheduler":
        os.kill(scheduler_pid(client), signal.SIGKILL)
    elif victim == "worker":
        worker.kill()
    else:
        os.killpg(worker.pid, signal.SIGKILL)
    if victim in ("worker", "tree"):
        worker.popen.wait(10)
        wait_until(lambda: gone(horse), 10, "the horse dies with its worker")
        workers(redis_server.url)                # what a supervisor does: start a worker again
    # then the bot game finishes and the human game's deadlines keep firing
    wait_until(lambda: status(client, bots) == "finished", 120, "the bot game finishes")
    wait_until(lambda: version(client, waiting) >= before + 2, 60, "deadlines fire again")


def test_a_game_whose_jobs_raise_stops_no_other_game_even_across_a_worker_kill(redis_server, workers):
    # given a worker, a game planted so that its every job and repair raises (its meta names
    # rules no server has), and three games of two silent seats on 2 s turns
    client = redis_server.client()
    worker = workers(redis_server.url)
    wait_until(lambda: scheduler_pid(client), 30, "the worker's scheduler runs")
    poisoned = new_game(client, "selfish-space", [HUMAN, HUMAN], turn_timeout_s=1, takeover_after=0)
    client.hset(f"stranded:{{{poisoned}}}:meta", "ruleset", "no-such-rules")
    planted_at = version(client, poisoned)
    others = [new_game(client, "selfish-space", [HUMAN, HUMAN], turn_timeout_s=2, takeover_after=0)
              for _ in range(3)]
    before = {game_id: version(client, game_id) for game_id in others}
    # when the poisoned game's deadline job has run (and raised), and the worker is killed with -9
    time.sleep(1.5)
    worker.kill()
    worker.popen.wait(10)
    fresh = workers(redis_server.url)
    # then the other games' deadlines, lost with the worker, are repaired and keep firing
    wait_until(lambda: all(version(client, g) >= before[g] + 2 for g in others), 60,
               "every other game's deadlines fire again")
    # and the poisoned game was left as it was, its failure logged with its id, the worker alive
    assert version(client, poisoned) == planted_at
    wait_until(lambda: poisoned in fresh.log_path.read_text(), 30, "the failure is logged with the game id")
    assert fresh.is_running()
