"""Every registered ruleset through the whole service: listed with its commands,
an all-bot game played to the end by the workers and verified from its log,
and a human seat whose legal commands, fetched over REST and posted exactly as
listed, are all accepted until the game ends."""
from __future__ import annotations

import random

import pytest

from events.games import RULESETS
from projections.audit import verify
from tests.helpers import auth, create_game, legal_commands, post_command, run_jobs

IDS = sorted(RULESETS)


def create(client, ruleset_id, seats, seed):
    return create_game(client, ruleset_id, seats, seed=seed)


def play_out(client, redis_conn, game_id, token=None, seed="x", policy=None, limit=3000):
    """Run the workers and, when the human seat must act, post one of its legal
    commands until the game is finished: a uniformly random one (seeded) one
    time in three, else the one ``policy`` (a bot of the ruleset, given the
    view the service returns) picks, so that long games still end."""
    rng = random.Random(seed)
    for _ in range(limit):
        run_jobs(redis_conn)
        summary = client.get(f"/v1/games/{game_id}").get_json()
        if summary["status"] == "finished":
            return summary
        assert token is not None, f"an all-bot game stopped with {summary['to_act']} to act"
        legal = legal_commands(client, game_id, token)
        assert legal, "the seat the summary names as to act has legal commands"
        command = rng.choice(legal)
        if policy is not None and rng.random() < 2 / 3:
            view = client.get(f"/v1/games/{game_id}/view", headers=auth(token)).get_json()["view"]
            command = policy(view, legal, rng)
        resp = post_command(client, game_id, token, command)
        assert resp.status_code == 200, (command, resp.get_json())
    raise AssertionError(f"game {game_id} did not finish within {limit} rounds")


@pytest.mark.parametrize("ruleset_id", IDS)
def test_every_ruleset_is_listed_with_its_seats_and_commands(client, ruleset_id):
    listed = {r["id"]: r for r in client.get("/v1/rulesets").get_json()["rulesets"]}
    ruleset = RULESETS[ruleset_id]
    assert listed[ruleset_id]["min_seats"] == ruleset.min_seats
    assert listed[ruleset_id]["max_seats"] == ruleset.max_seats
    assert set(listed[ruleset_id]["commands"]) == set(ruleset.commands)


@pytest.mark.parametrize("ruleset_id", IDS)
def test_an_all_bot_game_of_every_ruleset_ends_and_verifies(client, redis_conn, store, ruleset_id):
    ruleset = RULESETS[ruleset_id]
    bot = "strong" if "strong" in ruleset.bots else "random"
    seats = [{"bot": bot}] + [{"bot": "random"}] * (ruleset.min_seats - 1)
    game = create(client, ruleset_id, seats, seed=f"all-bots-{ruleset_id}")
    summary = play_out(client, redis_conn, game["id"])
    assert summary["result"] is not None
    report = verify(store, game["id"])
    assert report.ok, report.problems


@pytest.mark.parametrize("ruleset_id", IDS)
def test_a_human_seat_of_every_ruleset_can_post_every_legal_command_as_listed(client, redis_conn, store, ruleset_id):
    ruleset = RULESETS[ruleset_id]
    seats = [{"name": "Ann"}] + [{"bot": "random"}] * (ruleset.min_seats - 1)
    game = create(client, ruleset_id, seats, seed=f"human-{ruleset_id}")
    token = game["tokens"][0]["token"]
    policy = ruleset.bots.get("strong", ruleset.bots["random"])
    summary = play_out(client, redis_conn, game["id"], token=token, seed=ruleset_id, policy=policy)
    assert summary["result"] is not None
    assert verify(store, game["id"]).ok
