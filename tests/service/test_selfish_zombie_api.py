"""Selfish: Zombie Edition over REST: a human seat that dies plays on as a zombie."""
from __future__ import annotations

from tests.helpers import all_events, auth, create_game, legal_commands, post_command, run_jobs

STACK = {
    "hands": [["supplies"] * 4, None, None],
    "game_deck": ["supplies"],
    "wasteland_deck": ["youve_been_bitten"],
}
ZOMBIE_COMMANDS = {"Attack", "ZombieMove", "EndTurn"}


def test_selfish_zombie_is_listed_with_its_commands(client):
    body = client.get("/v1/rulesets").get_json()
    zombie = next(r for r in body["rulesets"] if r["id"] == "selfish-zombie")
    assert (zombie["min_seats"], zombie["max_seats"]) == (2, 5)
    assert {"ZombieMove", "Attack", "PlayBodyArmor"} <= set(zombie["commands"])
    assert {"random", "strong"} <= set(zombie["bots"])


def test_a_human_bitten_at_once_plays_on_as_a_zombie_against_strong_bots_to_the_end(client, redis_conn):
    game = create_game(client, "selfish-zombie", [{"name": "Ann"}, {"bot": "strong"}, {"bot": "strong"}],
                       seed="zombie-rest", stack=STACK)
    game_id, token = game["id"], game["tokens"][0]["token"]
    travel = post_command(client, game_id, token, {"type": "Travel", "pay": "singles"})
    assert travel.status_code == 200, travel.get_json()
    assert "Died" in [e["type"] for e in travel.get_json()["events"]]

    zombie_moves = 0
    for _ in range(2000):
        run_jobs(redis_conn)
        summary = client.get(f"/v1/games/{game_id}").get_json()
        if summary["status"] == "finished":
            break
        assert summary["to_act"][0]["seat"] == 0, "bots have played until the zombie must act"
        view = client.get(f"/v1/games/{game_id}/view", headers=auth(token)).get_json()
        assert view["view"]["alive"][0] is False and view["view"]["phase"] == "zombie"
        legal = legal_commands(client, game_id, token)
        assert {c["type"] for c in legal} <= ZOMBIE_COMMANDS
        command = next((c for c in legal if c["type"] == "Attack"), None) or legal[0]
        resp = post_command(client, game_id, token, command)
        assert resp.status_code == 200, resp.get_json()
        zombie_moves += 1
    assert summary["status"] == "finished" and summary["result"]["result"] in ("chopper", "zombies")
    assert zombie_moves > 0
    events, page = all_events(client, game_id)
    assert page["complete"] and events[-1]["type"] == "SeedRevealed"
    assert [e["version"] for e in events] == list(range(1, summary["version"] + 1))
    assert any(e["type"] in ("ZombieMoved", "ZombieAttacked") and e["seat"] == 0 for e in events)
