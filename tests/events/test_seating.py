"""Seats over time: leaving, resigning, a bot taking over a silent seat, taking it back,
clocks, and playing again -- each written in the log and checked by verify."""
from __future__ import annotations

import pytest

from events.commands import seating
from events.commands.dispatch import Dispatcher
from events.games.contract import RuleViolation
from events.commands.handling import create_game, execute
from events.commands.rematch import rematch, rematch_of
from events.log.repository import GameRepository
from events.log.store import EventStore
from projections.audit import verify
from tests.helpers import run_jobs
from workers.jobs import run_deadline

HUMAN = {"name": "Ann", "token_sha256": "a" * 64}
BOB = {"name": "Bob", "token_sha256": "b" * 64}


@pytest.fixture
def repo(redis_backend):
    return GameRepository(EventStore(redis_backend))


def new_game(repo, seats, **options):
    result = create_game(repo, "selfish-space", seats, {"seed": "seating", "stack": {}, **options})
    Dispatcher(repo.store.redis).after_append(result)
    return result.game_id


def play_out(repo, game_id):
    """Humans breathe or pass whenever they must act; the jobs play the bots; to the end."""
    for _ in range(2000):
        run_jobs(repo.store.redis)
        game = repo.get(game_id)
        if game.meta.status == "finished":
            return game
        decision = game.ruleset.pending(game.state)[0]
        result = execute(repo, game_id, decision.seat, decision.default)
        Dispatcher(repo.store.redis).after_append(result)
    raise AssertionError("the game did not end")


def test_a_seat_that_leaves_is_played_by_a_bot_and_the_game_finishes(repo):
    game_id = new_game(repo, [HUMAN, BOB])
    left = seating.take_over(repo, game_id, 1, "left")
    Dispatcher(repo.store.redis).after_append(left)
    assert [e.type for e in left.envelopes] == ["SeatTakenOver"]
    assert repo.get(game_id).meta.seats[1]["bot"] == "strong"
    game = play_out(repo, game_id)
    assert all(e.seat != 1 or e.cause in ("bot", "system") for e in repo.store.read(game_id)[left.last_version:])
    assert verify(repo.store, game_id).code == 0, [str(p) for p in verify(repo.store, game_id).problems]
    assert game.meta.status == "finished"


def test_a_silent_seat_is_taken_over_after_three_missed_deadlines(repo):
    game_id = new_game(repo, [HUMAN, {"name": "Bot", "bot": "random"}], turn_timeout_s=60)
    for missed in range(1, 4):
        game = repo.get(game_id)
        while game.ruleset.pending(game.state)[0].seat != 0:
            run_jobs(repo.store.redis)
            game = repo.get(game_id)
        run_deadline(repo.store.redis, game_id, game.version, 0)
        if missed < 3:
            assert repo.get(game_id).missed == {"0": missed}
    log = repo.store.read(game_id)
    assert log[-1].type == "SeatTakenOver" and log[-1].data == {"seat": 0, "policy": "strong",
                                                                "reason": "missed_deadlines"}
    assert play_out(repo, game_id).meta.status == "finished"
    assert verify(repo.store, game_id).code == 0


def test_a_command_the_seat_sends_itself_ends_its_streak_of_missed_deadlines(repo):
    game_id = new_game(repo, [HUMAN, BOB], turn_timeout_s=60)
    game = repo.get(game_id)
    seat = game.ruleset.pending(game.state)[0].seat
    run_deadline(repo.store.redis, game_id, game.version, seat)
    assert repo.get(game_id).missed == {str(seat): 1}
    game = repo.get(game_id)
    other = game.ruleset.pending(game.state)[0]
    execute(repo, game_id, other.seat, other.default)
    game = repo.get(game_id)
    mine = game.ruleset.pending(game.state)[0]
    execute(repo, game_id, mine.seat, mine.default)
    assert str(seat) not in repo.get(game_id).missed


def test_a_seat_a_bot_took_over_is_taken_back_by_its_owner(repo):
    game_id = new_game(repo, [HUMAN, BOB])
    seating.take_over(repo, game_id, 1, "left")
    back = seating.reclaim(repo, game_id, 1)
    assert [e.type for e in back.envelopes] == ["SeatReclaimed"] and back.meta.seats[1]["bot"] is None
    with pytest.raises(RuleViolation) as info:
        seating.reclaim(repo, game_id, 1)
    assert info.value.code == "not_taken_over"


def test_a_game_may_forbid_taking_a_seat_back(repo):
    game_id = new_game(repo, [HUMAN, BOB], allow_reclaim=False)
    seating.take_over(repo, game_id, 1, "left")
    with pytest.raises(RuleViolation) as info:
        seating.reclaim(repo, game_id, 1)
    assert info.value.code == "reclaim_not_allowed" and info.value.status == 409


def test_a_resigning_seat_is_out_and_the_others_play_on(repo):
    game_id = new_game(repo, [HUMAN, BOB])
    resigned = seating.resign(repo, game_id, 0)
    assert resigned.envelopes[-1].type == "SeatResigned"
    assert resigned.meta.seats[0]["resigned"] is True
    with pytest.raises(RuleViolation) as info:
        seating.resign(repo, game_id, 0)
    assert info.value.code == "already_resigned"
    play_out(repo, game_id)
    assert verify(repo.store, game_id).code == 0


def test_nothing_changes_seats_in_a_game_that_is_over(repo):
    game_id = new_game(repo, [{"name": "B0", "bot": "random"}, {"name": "B1", "bot": "random"}])
    run_jobs(repo.store.redis)
    with pytest.raises(RuleViolation) as info:
        seating.take_over(repo, game_id, 0, "left")
    assert info.value.code == "game_not_running"


def test_a_clock_runs_only_while_its_seat_must_act_and_gains_the_increment(repo, monkeypatch):
    import events.log.repository as repository

    now = [1_800_000_000_000]
    monkeypatch.setattr(repository, "now_ms", lambda: now[0])
    game_id = new_game(repo, [HUMAN, BOB], clock={"initial_s": 60, "increment_s": 5})
    game = repo.get(game_id)
    first = game.ruleset.pending(game.state)[0].seat
    other = 1 - first
    assert game.clocks[str(first)]["running_since_ms"] == now[0]
    assert game.clocks[str(other)]["running_since_ms"] is None
    now[0] += 20_000                                  # 20 s to think
    execute(repo, game_id, first, {"type": "Breathe"})
    clocks = repo.get(game_id).clocks
    assert clocks[str(first)] == {"remaining_ms": 60_000 - 20_000 + 5_000, "running_since_ms": None}
    assert clocks[str(other)]["remaining_ms"] == 60_000 and clocks[str(other)]["running_since_ms"] == now[0]


def test_a_clock_belongs_to_the_seat_so_a_game_whose_seats_a_bot_took_over_verifies(repo, monkeypatch):
    import events.log.repository as repository

    # given a clocked game whose second seat leaves and whose first resigns (bots take both over)
    now = [1_800_000_000_000]
    monkeypatch.setattr(repository, "now_ms", lambda: now[0])
    game_id = new_game(repo, [HUMAN, BOB], clock={"initial_s": 60, "increment_s": 5})
    Dispatcher(repo.store.redis).after_append(seating.take_over(repo, game_id, 1, "left"))
    now[0] += 7_000
    Dispatcher(repo.store.redis).after_append(seating.resign(repo, game_id, 0))
    # when the bots play it out, a second passing between every two batches
    for _ in range(2000):
        run_jobs(repo.store.redis)
        now[0] += 1_000
        if repo.get(game_id).meta.status == "finished":
            break
    game = repo.get(game_id)
    # then both seats kept their clocks, and the snapshot's clocks are those the log's times give
    assert game.meta.status == "finished" and set(game.clocks) == {"0", "1"}
    verdict = verify(repo.store, game_id)
    assert verdict.code == 0, [str(p) for p in verdict.problems]


def test_a_finished_table_plays_again_each_player_with_a_token_of_its_own(repo):
    game_id = new_game(repo, [HUMAN, BOB])
    with pytest.raises(RuleViolation) as info:
        rematch(repo, game_id, 0, "c" * 64)
    assert info.value.code == "game_not_over"
    play_out(repo, game_id)
    ann = rematch(repo, game_id, 0, "c" * 64)
    assert rematch_of(repo, game_id) == ann.game_id and ann.seat == 1      # one place on
    waiting = repo.get(ann.game_id)
    assert waiting.meta.status == "waiting" and waiting.meta.seats[1]["name"] == "Ann"
    with pytest.raises(RuleViolation) as info:
        rematch(repo, game_id, 0, "e" * 64)
    assert info.value.code == "seat_taken"
    bob = rematch(repo, game_id, 1, "d" * 64)
    assert bob.game_id == ann.game_id and bob.seat == 0
    started = repo.get(ann.game_id)
    assert started.meta.status == "active"
    assert started.meta.seats[0]["token_sha256"] == "d" * 64
    created = repo.store.read(ann.game_id)[0]
    assert created.data["rematch_of"] == game_id and created.data["seeded"] is False
