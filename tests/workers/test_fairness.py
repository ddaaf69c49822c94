"""Fair bot and deadline work (``events.commands.fairness``, ``events.commands.dispatch``): deadlines run on a queue of
their own that workers serve first, and bot jobs take turns by the address that created their game,
so one creator's all-bot games cannot hold back another game's bot reply. Jobs are counted, not timed."""
from __future__ import annotations

from rq import Queue, SimpleWorker

from events.commands.dispatch import QUEUE_NAME, WORKER_QUEUES, Dispatcher
from events.commands.fairness import FairBots, lane_of, parse_spec
from events.commands.handling import create_game, execute
from events.log.repository import GameRepository
from projections.views import load_game
from service.http.app import create_app
from tests.helpers import STACK, auth, legal_commands, post_command, run_jobs
from tests.workers.games import BOT, HUMAN, start_game
from workers.reconciler import reconcile

FLOOD, PLAYER = {"REMOTE_ADDR": "10.0.0.1"}, {"REMOTE_ADDR": "10.0.0.2"}


def run_one_job(redis) -> bool:
    """Run the one job a worker would take next (its queues in a worker's order); False when none."""
    worker = SimpleWorker([Queue(name, connection=redis) for name in WORKER_QUEUES], connection=redis)
    return bool(worker.work(burst=True, max_jobs=1, logging_level="WARNING"))


def all_bot_games(client, count: int) -> list[str]:
    """``count`` all-bot games of four random bots created by the flooding address (Selfish: Space, which
    ends in a few hundred moves: many bot jobs each, few enough for a test to play them all)."""
    ids = []
    for n in range(count):
        resp = client.post("/v1/games", json={"ruleset": "selfish-space", "seats": [
            {"bot": "random"}, {"bot": "random"}, {"bot": "random"}, {"bot": "random"}]}, environ_base=FLOOD)
        assert resp.status_code == 201, resp.get_json()
        ids.append(resp.get_json()["id"])
    return ids


def test_a_deadline_fires_first_while_many_bot_jobs_are_pending(store):
    # given twelve all-bot games whose bot jobs wait, and a seat that set auto-pass attacked (a deadline due now)
    for n in range(12):
        start_game(store, [BOT, BOT, BOT, BOT], f"flood-{n}")
    auto = {**HUMAN, "auto_pass": True}
    game_id = create_game(GameRepository(store), "selfish-space", [HUMAN, auto], {"seed": "due", "stack": STACK}).game_id
    attack = execute(GameRepository(store), game_id, 0, {"type": "PlayAction", "card": "tractor_beam", "target": 1})
    Dispatcher(store.redis).after_append(attack)
    assert Queue(QUEUE_NAME, connection=store.redis).count == 12
    # when a worker takes one job
    assert run_one_job(store.redis)
    # then that job was the deadline: the seat's default Pass is in the log, and every bot job still waits
    assert any(e.command == {"type": "Pass"} and e.seat == 1 for e in store.read(game_id))
    assert Queue(QUEUE_NAME, connection=store.redis).count == 12


def test_one_creators_ten_all_bot_games_delay_another_games_bot_reply_by_a_bounded_number_of_jobs(redis_backend):
    # given one address running ten all-bot games, and another's game of a person against a bot
    client = create_app(redis_backend).test_client()
    flood = all_bot_games(client, 10)
    game = client.post("/v1/games", json={"ruleset": "selfish-space", "seats": [{"name": "Ann"}, {"bot": "random"}],
                                          "options": {"seed": "fair-reply-seed-0001"}}, environ_base=PLAYER).get_json()
    token = game["tokens"][0]["token"]
    while run_one_job(redis_backend):          # the bot's opening moves, if it had any, among the flood's
        if client.get(f"/v1/games/{game['id']}").get_json()["to_act"][0]["seat"] == 0:
            break
    # when the person moves and the bot must answer
    resp = post_command(client, game["id"], token, legal_commands(client, game["id"], token)[0], environ_base=PLAYER)
    assert resp.status_code == 200
    version = resp.get_json()["version"]
    if client.get(f"/v1/games/{game['id']}").get_json()["to_act"][0]["seat"] == 0:
        resp = post_command(client, game["id"], token, legal_commands(client, game["id"], token)[0],
                            environ_base=PLAYER)
        version = resp.get_json()["version"]
    assert client.get(f"/v1/games/{game['id']}").get_json()["to_act"][0]["seat"] == 1
    jobs = 0
    while client.get(f"/v1/games/{game['id']}").get_json()["version"] == version:
        assert run_one_job(redis_backend), "the bot's job was never run"
        jobs += 1
    # then the bot answered within three jobs (one of the flood's lane waiting ahead, one running), not behind ten
    assert jobs <= 3, f"the bot answered after {jobs} jobs"
    # and the flood's games are not starved: each finishes
    run_jobs(redis_backend)
    assert all(client.get(f"/v1/games/{game_id}").get_json()["status"] == "finished" for game_id in flood)


def test_a_creator_has_at_most_one_bot_job_waiting_and_the_rest_deferred_in_order(redis_backend):
    # given one address creating ten all-bot games
    client = create_app(redis_backend).test_client()
    flood = all_bot_games(client, 10)
    # then one of its jobs waits in the queue, the other nine are deferred in its lane in the order made
    queue = Queue(QUEUE_NAME, connection=redis_backend)
    lane = lane_of(load_game(GameRepository(_store(client)), flood[0]).meta.creator, flood[0])
    assert queue.count == 1 and FairBots(redis_backend).pending(lane) == 9
    assert queue.get_job_ids()[0].split("-")[1] == flood[0]
    # when a worker runs that job's slice, then the lane's next game waits in the queue, and the rest of
    # the first game (if it did not end within its slice) is deferred behind the lane's other games
    assert run_one_job(redis_backend)
    assert [job_id.split("-")[1] for job_id in queue.get_job_ids()] == [flood[1]]
    deferred = [parse_spec(item)[1] for item in redis_backend.lrange(FairBots(redis_backend).keys(lane)[1], 0, -1)]
    assert deferred[:8] == flood[2:] and deferred[8:] in ([], [flood[0]])


def test_the_reconciler_frees_a_lane_whose_waiting_job_was_lost(redis_backend):
    # given a creator's lane whose one waiting bot job was lost (deleted from the queue), nine deferred behind it
    client = create_app(redis_backend).test_client()
    flood = all_bot_games(client, 10)
    queue = Queue(QUEUE_NAME, connection=redis_backend)
    [lost] = queue.get_job_ids()
    queue.remove(lost)
    # when the reconciler passes
    enqueued = reconcile(redis_backend, grace_s=1e9)
    # then the lane's next job is in the queue, and every game still finishes
    assert len(enqueued) == 1 and queue.count == 1
    reconcile(redis_backend, grace_s=0)
    run_jobs(redis_backend)
    assert all(client.get(f"/v1/games/{game_id}").get_json()["status"] == "finished" for game_id in flood)


def _store(client):
    return client.application.extensions["stranded"].store
