"""Figure 4: view latency, a game at version ~10 vs one at ~1,000."""
from __future__ import annotations

import statistics
import time

from bench.common import PREFIX, RULESET_ID
from bench.servers import Client, create_game_http
from events.games import RULESETS
from events.handling import execute
from events.repository import GameRepository
from events.store import EventStore

PREFERRED = ("Breathe", "BreatheWithActions", "SwapDouble", "Pass")


def calm_command(legal: list[dict]) -> dict:
    """The first legal command that keeps the game going: no Travel, no attack."""
    for kind in PREFERRED:
        for command in legal:
            if command["type"] == kind:
                return command
    for command in legal:
        if command["type"] not in ("Travel", "PlayAction"):
            return command
    return legal[0]


def drive(store: EventStore, game_id: str, target_version: int) -> tuple[int, str]:
    """Play ``game_id`` with calm commands (in process, handling.execute) until ``target_version``."""
    ruleset = RULESETS[RULESET_ID]
    repo = GameRepository(store)
    game = repo.get(game_id)
    state, version, status = game.state, game.version, "active"
    while version < target_version and status == "active":
        pending = ruleset.pending(state)
        if not pending:
            break
        seat = pending[0].seat
        result = execute(repo, game_id, seat, calm_command(ruleset.legal_commands(state, seat)))
        state, version, status = result.state, result.last_version, result.meta.status
    return version, status


def view_games(port: int, store: EventStore, target_long: int) -> dict:
    """Two 5-seat games created over HTTP, driven in process to version ~10 and ~``target_long``."""
    client = Client(port)
    games = {}
    for label, target in (("short", 10), ("long", target_long)):
        reached = 0
        while reached < target * 0.9:  # chain games if one ends early; keep the longest
            game, _ = create_game_http(client, seats=5)
            version, status = drive(store, game.game_id, target)
            if version > reached:
                reached, games[label] = version, (game, version, status)
            if status == "active" or label == "short":
                break
    client.close()
    return games


def measure_views(get, games: dict, requests: int) -> dict:
    """Median latency of ``get(path, token)`` for each game, requests interleaved.

    ``pair_ratio`` is the median of long/short over adjacent pairs (a cross-check
    that cancels slow drifts of a noisy machine).
    """
    lat = {"short": [], "long": []}
    paths = {k: (f"/v1/games/{g.game_id}/view", g.tokens[0]) for k, (g, _, _) in games.items()}
    for label in ("short", "long"):  # warm-up
        for _ in range(10):
            get(*paths[label])
    for i in range(requests):
        order = ("short", "long") if i % 2 == 0 else ("long", "short")
        for label in order:
            t0 = time.perf_counter()
            get(*paths[label])
            lat[label].append(time.perf_counter() - t0)
    s_med, l_med = statistics.median(lat["short"]), statistics.median(lat["long"])
    pairs = statistics.median(b / a for a, b in zip(lat["short"], lat["long"]))
    return {"short_version": games["short"][1], "long_version": games["long"][1],
            "long_status": games["long"][2], "short_ms": s_med * 1000, "long_ms": l_med * 1000,
            "ratio": l_med / s_med, "pair_ratio": pairs}


def bench_view(port: int, games: dict, requests: int) -> dict:
    """View latency through the gunicorn server, one keep-alive connection."""
    client = Client(port)

    def get(path, token):
        status, raw = client.request("GET", path, token=token)
        if status != 200:
            raise RuntimeError(f"view: {status} {raw[:200]!r}")

    try:
        return measure_views(get, games, requests)
    finally:
        client.close()


def bench_view_in_process(redis, games: dict, requests: int) -> dict:
    """The same measurement through the Flask test client (no HTTP, no gunicorn): a cross-check."""
    from service.app import create_app

    client = create_app(redis, prefix=PREFIX).test_client()

    def get(path, token):
        resp = client.get(path, headers={"Authorization": f"Bearer {token}"})
        if resp.status_code != 200:
            raise RuntimeError(f"view: {resp.status_code} {resp.get_data()[:200]!r}")

    return measure_views(get, games, requests)
