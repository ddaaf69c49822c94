"""Bot jobs, deadline jobs and the reconciler, run in-process with RQ's SimpleWorker in burst mode."""
from __future__ import annotations

from rq import Queue

from events.log.index import GameIndex
from events.log.repository import GameRepository
from events.commands.dispatch import DEADLINE_QUEUE, QUEUE_NAME, Dispatcher, bot_job_id
from events.commands.handling import create_game, execute, load_meta
from projections.views import load_game
from tests.helpers import run_jobs
from tests.workers.games import BOT, HUMAN, start_game
from workers.jobs import run_bots, run_deadline
from workers.reconciler import reconcile


def new_game(store, seats, **options):
    return start_game(store, seats, "jobs", **options)


def test_an_all_bot_game_finishes_on_its_own(store):
    game_id = new_game(store, [BOT, BOT, BOT, BOT])
    run_jobs(store.redis)
    game = load_game(GameRepository(store), game_id)
    assert game.meta.status == "finished" and game.meta.result is not None
    assert store.read(game_id)[-1].type == "SeedRevealed"


def test_a_finished_job_leaves_no_record_or_result_in_redis(store):
    from tests.helpers import STACK

    # given an all-bot game (bot jobs) and an auto-pass seat attacked (a deadline job due at once)
    new_game(store, [BOT, BOT, BOT, BOT])
    auto = {**HUMAN, "auto_pass": True}
    game_id = create_game(GameRepository(store), "selfish-space", [HUMAN, auto], {"seed": "kept", "stack": STACK}).game_id
    attack = execute(GameRepository(store), game_id, 0, {"type": "PlayAction", "card": "tractor_beam", "target": 1})
    Dispatcher(store.redis).after_append(attack)
    deadlines = Queue(DEADLINE_QUEUE, connection=store.redis).get_job_ids()
    bots = Queue(QUEUE_NAME, connection=store.redis).get_job_ids()
    assert any(job_id.startswith("deadline") for job_id in deadlines) and any(job_id.startswith("bot-") for job_id in bots)
    # when the worker runs every job
    run_jobs(store.redis)
    # then what they did is in the streams, and RQ kept no job record, no result, no finished entry
    assert any(e.command == {"type": "Pass"} and e.seat == 1 for e in store.read(game_id))
    kept = [key for key in map(_text, store.redis.scan_iter(match="rq:*")) if key.startswith(("rq:job:", "rq:results:"))]
    assert kept == []
    assert Queue(QUEUE_NAME, connection=store.redis).finished_job_registry.get_job_ids() == []


def test_a_job_that_fails_is_kept_a_week_for_the_operator(store, monkeypatch):
    # given a bot job whose run raises
    new_game(store, [BOT, BOT])
    job_id = Queue(QUEUE_NAME, connection=store.redis).get_job_ids()[0]

    def broken(*args, **kwargs):
        raise RuntimeError("the bot job broke")

    monkeypatch.setattr("workers.jobs.play_bots", broken)
    # when the worker runs it
    run_jobs(store.redis)
    # then it is in the failed registry, kept a week
    failed = Queue(QUEUE_NAME, connection=store.redis).failed_job_registry
    assert failed.get_job_ids() == [job_id]
    assert 6 * 24 * 3600 < store.redis.ttl(f"rq:job:{job_id}") <= 7 * 24 * 3600


def _text(key) -> str:
    return key.decode() if isinstance(key, bytes) else key


def test_bot_job_stops_when_a_human_must_act(store):
    game_id = new_game(store, [BOT, HUMAN])
    run_jobs(store.redis)
    game = load_game(GameRepository(store), game_id)
    assert game.meta.status == "active"
    assert [d.seat for d in game.ruleset.pending(game.state)] == [1]


def test_bot_job_for_an_old_version_does_nothing(store):
    game_id = new_game(store, [HUMAN, BOT])
    before = store.version(game_id)
    assert run_bots(store.redis, game_id, before - 1) == "moved on"
    assert store.version(game_id) == before


def test_deadline_sends_the_default_for_an_idle_human(store):
    game_id = new_game(store, [HUMAN, HUMAN])
    before = store.version(game_id)
    assert run_deadline(store.redis, game_id, before, 0) == "sent Breathe"
    assert store.version(game_id) > before
    game = load_game(GameRepository(store), game_id)
    assert game.ruleset.pending(game.state)[0].seat == 1


def test_deadline_for_a_version_the_game_left_does_nothing(store):
    game_id = new_game(store, [HUMAN, HUMAN])
    before = store.version(game_id)
    execute(GameRepository(store), game_id, 0, {"type": "Breathe"})
    after = store.version(game_id)
    assert run_deadline(store.redis, game_id, before, 0) == "moved on"
    assert store.version(game_id) == after


def test_turn_timeout_schedules_a_deadline_job(store):
    new_game(store, [HUMAN, HUMAN], turn_timeout_s=30)
    queue = Queue(DEADLINE_QUEUE, connection=store.redis)
    assert len(queue.scheduled_job_registry.get_job_ids()) == 1


def test_reconciler_enqueues_a_lost_bot_job_again(store):
    game_id = new_game(store, [HUMAN, BOT])
    execute(GameRepository(store), game_id, 0, {"type": "Breathe"})        # the bot must act; no job was enqueued
    assert Queue(QUEUE_NAME, connection=store.redis).count == 0
    enqueued = reconcile(store.redis, grace_s=0)
    assert enqueued == [bot_job_id(game_id, store.version(game_id))]
    assert reconcile(store.redis, grace_s=0) == [], "a live job is not enqueued twice"
    run_jobs(store.redis)
    game = load_game(GameRepository(store), game_id)
    assert game.meta.status == "finished" or game.ruleset.pending(game.state)[0].seat == 0


def test_reconciler_repairs_the_index(store):
    game_id = new_game(store, [HUMAN, HUMAN])
    index = GameIndex(store.redis)
    store.redis.delete(index.key("active"))
    reconcile(store.redis, grace_s=0)
    assert index.page("active").game_ids == [game_id]
    assert load_meta(GameRepository(store), game_id).status == "active"


def test_auto_pass_seat_passes_a_reaction_window_at_once(store):
    from tests.helpers import STACK

    auto = {**HUMAN, "auto_pass": True}
    result = create_game(GameRepository(store), "selfish-space", [HUMAN, auto], {"seed": "auto", "stack": STACK})
    game_id = result.game_id
    attack = execute(GameRepository(store), game_id, 0, {"type": "PlayAction", "card": "tractor_beam", "target": 1})
    Dispatcher(store.redis).after_append(attack)
    game = load_game(GameRepository(store), game_id)
    assert [(d.seat, d.kind) for d in game.ruleset.pending(game.state)] == [(1, "reaction")]
    run_jobs(store.redis)
    game = load_game(GameRepository(store), game_id)
    assert [(d.seat, d.kind) for d in game.ruleset.pending(game.state)] == [(0, "turn")]
    assert any(e.command == {"type": "Pass"} and e.seat == 1 for e in store.read(game_id))


def test_a_bot_that_chooses_an_illegal_command_falls_back_to_the_default(store, monkeypatch):
    from events.games import get_ruleset

    bots = get_ruleset("selfish-space").bots
    monkeypatch.setitem(bots, "broken", lambda view, legal, rng: {"type": "Pass"})
    game_id = new_game(store, [{"name": "Broken", "bot": "broken"}, HUMAN])
    run_jobs(store.redis)
    first_move = next(e for e in store.read(game_id) if e.command and e.seat == 0)
    assert first_move.command == {"type": "Breathe"}, "the turn's deadline default was sent instead"



def test_reconciler_gives_a_lost_deadline_only_the_time_it_had_left(store, monkeypatch):
    import time

    import workers.reconciler as reconciler

    new_game(store, [HUMAN, HUMAN], turn_timeout_s=60)
    queue = Queue(DEADLINE_QUEUE, connection=store.redis)
    registry = queue.scheduled_job_registry
    for job_id in registry.get_job_ids():          # the deadline job is lost
        registry.remove(job_id, delete_job=True)
    monkeypatch.setattr(reconciler, "clock", lambda: time.time() + 45.0)   # the turn began 45 s ago
    [job_id] = reconcile(store.redis, grace_s=0)
    due = registry.get_scheduled_time(job_id).timestamp() - time.time()
    assert 10 < due <= 15.5, f"the deadline is due in {due:.1f} s, not in the 15 s it had left"


def test_reconciler_runs_a_lost_deadline_that_has_passed_at_once(store, monkeypatch):
    import time

    import workers.reconciler as reconciler

    game_id = new_game(store, [HUMAN, HUMAN], turn_timeout_s=60)
    queue = Queue(DEADLINE_QUEUE, connection=store.redis)
    for job_id in queue.scheduled_job_registry.get_job_ids():
        queue.scheduled_job_registry.remove(job_id, delete_job=True)
    monkeypatch.setattr(reconciler, "clock", lambda: time.time() + 600.0)
    reconcile(store.redis, grace_s=0)
    assert queue.count == 1, "the deadline that already passed is queued to run now"
    version = store.version(game_id)
    run_jobs(store.redis)
    assert store.version(game_id) > version, "the default command was played for the idle seat"


def test_a_day_long_default_deadline_gets_no_job_until_the_reconciler_finds_it_near(store, monkeypatch):
    import time

    import workers.reconciler as reconciler

    new_game(store, [HUMAN, HUMAN])                                  # no turn_timeout_s: a day
    queue = Queue(DEADLINE_QUEUE, connection=store.redis)
    assert queue.scheduled_job_registry.get_job_ids() == [] and queue.count == 0
    monkeypatch.setattr(reconciler, "clock", lambda: time.time() + 86400 - 120)   # two minutes left
    [job_id] = reconcile(store.redis, grace_s=0)
    due = queue.scheduled_job_registry.get_scheduled_time(job_id).timestamp() - time.time()
    assert 100 < due <= 121, f"the deadline is due in {due:.0f} s, not in the two minutes it had left"


def test_an_expert_seat_plays_through_the_worker_with_the_games_think_ms(store, monkeypatch):
    # given a Space game between the expert and a random bot, thinking 20 ms a decision
    import events.games.bots as bots

    budgets = []
    real = bots.settings_of
    monkeypatch.setattr(bots, "settings_of", lambda bot, options: budgets.append(real(bot, options)) or budgets[-1])
    game_id = new_game(store, [{"name": "Eve", "bot": "expert"}, BOT], think_ms=20)
    # when the worker runs the bot jobs
    run_jobs(store.redis)
    # then the game finishes, the expert's decisions having been given the game's think_ms
    game = load_game(GameRepository(store), game_id)
    assert game.meta.status == "finished"
    assert {"think_ms": 20} in budgets and all(b in ({"think_ms": 20}, {}) for b in budgets)
