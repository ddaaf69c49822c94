"""Fair bot and deadline work, and feeds that let go: ``bot_reply_flood_s``, ``deadline_lateness_flood_s``,
``feed_connections_after_leave``.

    python bench/fairness.py              # all three figures
    python bench/fairness.py --quick      # fewer samples, a shorter wait after the watchers leave

One ``stranded serve`` with its worker (one gevent API process, one RQ worker: the default) on a
free loopback port, against ``REDIS_URL`` (else ``redis://127.0.0.1:6379/13``), every game key
under ``bench:<pid>:fair`` / ``:feeds`` (deleted at the end).

- **Flood**: one address (``127.0.0.1``) creates 10 all-bot Zombies!!! Quickplay games (4 random
  bots each, within the default creation limit) and lets them play.
- ``bot_reply_flood_s``: from another address (``127.0.0.2``), a person plays a two-seat Selfish:
  Space game against a random bot; the figure is the median time from the person's command that
  hands the turn to the bot until the bot has answered (the summary's ``to_act`` is the person's
  again), while the flood runs. Target <= 2 s.
- ``deadline_lateness_flood_s``: from the other address, games of two people with a 1 s turn
  timeout; the figure is the largest delay past its due time (creation + 1 s) at which the
  deadline's default command is in the log, while the flood runs. Target <= 2 s.
- ``feed_connections_after_leave``: 300 games each watched by one stream (with a seat token);
  every watcher then leaves; the figure is the Redis connections of the test database 30 s later
  minus those before the watchers came. Target <= 10.

:func:`bench_fairness` and :func:`bench_feeds` are what ``bench/run.py`` calls.
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.common import (BENCH_DIR, BOT_REPLY_TARGET_S, DEADLINE_LATENESS_TARGET_S,  # noqa: E402,F401
                          FEED_CONNECTIONS_TARGET, PREFIX, REDIS_URL, log)
from bench.servers import _spawn, free_port, stop_server, wait_until_up  # noqa: E402

FLOOD_GAMES = 10
#: The flooding address and the player's (both loopback: Linux answers on all of 127/8).
FLOOD_ADDRESS, PLAYER_ADDRESS = "127.0.0.1", "127.0.0.2"


class From:
    """One keep-alive HTTP connection to the server from the loopback address ``source``."""

    def __init__(self, port: int, source: str):
        self.port, self.source, self.conn = port, source, None

    def request(self, method: str, path: str, body=None, token: str | None = None) -> tuple[int, dict]:
        """Send one request; return (status, JSON body or {})."""
        headers = {"Content-Type": "application/json"} if body is not None else {}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        for attempt in (0, 1):
            if self.conn is None:
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60,
                                                       source_address=(self.source, 0))
            try:
                self.conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
                resp = self.conn.getresponse()
                raw = resp.read()
                return resp.status, (json.loads(raw) if raw.startswith(b"{") else {})
            except (http.client.HTTPException, OSError):
                self.conn.close()
                self.conn = None
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        """Close the connection."""
        if self.conn is not None:
            self.conn.close()


def start_server(port: int, prefix: str, log_path: Path, worker: bool = True, limits: bool = True):
    """``stranded serve`` (with its worker unless ``worker`` is False), rate limits as shipped or off."""
    env = dict(os.environ, REDIS_URL=REDIS_URL, STRANDED_KEY_PREFIX=prefix, PYTHONPATH=str(ROOT),
               STRANDED_RATE_LIMITS="on" if limits else "off")
    args = [sys.executable, "-m", "service.cli.commands", "serve", "--port", str(port)] + ([] if worker else ["--no-worker"])
    return _spawn(args, env, log_path)


def create(client: From, ruleset: str, seats: list[dict], **options) -> dict:
    """``POST /v1/games``; the created game (RuntimeError otherwise)."""
    status, body = client.request("POST", "/v1/games", {"ruleset": ruleset, "seats": seats, "options": options})
    if status != 201:
        raise RuntimeError(f"create {ruleset}: {status} {body}")
    return body


def bot_reply_s(player: From, samples: int) -> list[float]:
    """Seconds from a person's command that hands the turn to a random bot until the bot answered."""
    out = []
    game = create(player, "selfish-space", [{"name": "Ann"}, {"bot": "random"}])
    token, game_id = game["tokens"][0]["token"], game["id"]
    while len(out) < samples:
        status, summary = player.request("GET", f"/v1/games/{game_id}")
        if summary["status"] != "active":
            game = create(player, "selfish-space", [{"name": "Ann"}, {"bot": "random"}])
            token, game_id = game["tokens"][0]["token"], game["id"]
            continue
        if summary["to_act"][0]["seat"] != 0:
            time.sleep(0.02)
            continue
        _, legal = player.request("GET", f"/v1/games/{game_id}/legal-commands", token=token)
        sent = time.perf_counter()
        status, result = player.request("POST", f"/v1/games/{game_id}/commands", legal["commands"][0]["command"],
                                        token=token)
        if status != 200:
            continue
        while True:
            _, summary = player.request("GET", f"/v1/games/{game_id}")
            if summary["status"] != "active" or summary["to_act"][0]["seat"] == 0:
                break
            time.sleep(0.01)
        if summary["version"] > result["version"]:         # the bot had a turn (not only the person's)
            out.append(time.perf_counter() - sent)
    return out


def deadline_lateness_s(player: From, samples: int) -> list[float]:
    """Seconds past due (creation + 1 s turn timeout) at which each deadline's default was in the log."""
    out = []
    for _ in range(samples):
        created = time.perf_counter()
        game = create(player, "selfish-space", [{"name": "Ann"}, {"name": "Bob"}], turn_timeout_s=1)
        while True:
            _, summary = player.request("GET", f"/v1/games/{game['id']}")
            if summary["version"] > game["version"]:
                break
            time.sleep(0.01)
        out.append(max(0.0, time.perf_counter() - created - 1.0))
    return out


def bench_fairness(quick: bool = False) -> dict:
    """``bot_reply_flood_s`` and ``deadline_lateness_flood_s`` (see the module doc), with their samples."""
    port, prefix = free_port(), f"{PREFIX}:fair"
    logdir = BENCH_DIR / ".logs"
    logdir.mkdir(exist_ok=True)
    proc = start_server(port, prefix, logdir / "fairness.log")
    flood, player = From(port, FLOOD_ADDRESS), From(port, PLAYER_ADDRESS)
    try:
        wait_until_up(proc, port, "/v1/rulesets", logdir / "fairness.log")
        for _ in range(FLOOD_GAMES):
            create(flood, "zombies-quickplay", [{"bot": "random"}] * 4)
        time.sleep(2.0)                          # the flood under way
        replies = bot_reply_s(player, 5 if quick else 15)
        late = deadline_lateness_s(player, 3 if quick else 8)
        _, games = flood.request("GET", "/v1/games?limit=100")
        running = sum(1 for g in games.get("games", []) if g.get("ruleset") == "zombies-quickplay"
                      and g.get("status") == "active")
        return {"bot_reply_flood_s": statistics.median(replies), "bot_reply_flood_max_s": max(replies),
                "deadline_lateness_flood_s": max(late), "deadline_lateness_flood_median_s": statistics.median(late),
                "flood_games_still_running": running}
    finally:
        flood.close()
        player.close()
        stop_server(proc)
        _forget_lanes()


def _forget_lanes() -> None:
    """Delete the fairness keys of the two bench addresses' lanes (``events.commands.fairness``)."""
    from events.log.connection import connect
    from events.commands.fairness import FairBots, creator_of, lane_of

    redis, fair = connect(REDIS_URL), None
    fair = FairBots(redis)
    for address in (FLOOD_ADDRESS, PLAYER_ADDRESS):
        lane = lane_of(creator_of(address), "")
        waiting, deferred, lanes = fair.keys(lane)
        redis.delete(waiting, deferred)
        redis.srem(lanes, lane)


def _db_connections(redis) -> int:
    """Clients connected to the bench's Redis database, the counting client left out."""
    db = redis.connection_pool.connection_kwargs.get("db", 0)
    me = redis.client_id()
    return sum(1 for c in redis.client_list() if int(c["db"]) == db and int(c["id"]) != me)


def bench_feeds(quick: bool = False, watchers: int = 300, wait_s: float | None = None) -> dict:
    """``feed_connections_after_leave``: Redis connections ``wait_s`` (30 s; 20 s quick) after
    ``watchers`` watchers of as many games left, minus before they came."""
    from events.log.connection import connect

    wait_s = wait_s if wait_s is not None else (20.0 if quick else 30.0)
    port, prefix = free_port(), f"{PREFIX}:feeds"
    logdir = BENCH_DIR / ".logs"
    logdir.mkdir(exist_ok=True)
    redis = connect(REDIS_URL)
    proc = start_server(port, prefix, logdir / "feeds.log", worker=False, limits=False)
    client = From(port, FLOOD_ADDRESS)
    sockets = []
    try:
        wait_until_up(proc, port, "/v1/rulesets", logdir / "feeds.log")
        games = [create(client, "selfish-space", [{"name": "Ann"}, {"name": "Bob"}]) for _ in range(watchers)]
        time.sleep(1.0)
        before = _db_connections(redis)
        for game in games:
            sock = socket.create_connection(("127.0.0.1", port), timeout=30)
            token = game["tokens"][0]["token"]
            sock.sendall(f"GET /v1/games/{game['id']}/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                         f"Authorization: Bearer {token}\r\nAccept: text/event-stream\r\n\r\n".encode())
            sockets.append(sock)
        for sock in sockets:                       # every stream open (its first frame came)
            data = b""
            while b"stream open" not in data:
                chunk = sock.recv(4096)
                if not chunk:
                    raise RuntimeError("a stream closed before it opened")
                data += chunk
        time.sleep(2.0)
        during = _db_connections(redis)
        for sock in sockets:
            sock.close()
        sockets.clear()
        time.sleep(wait_s)
        after = _db_connections(redis)
        return {"feed_connections_after_leave": after - before, "feed_connections_while_watched": during - before,
                "feed_watchers": watchers, "feed_wait_s": wait_s}
    finally:
        for sock in sockets:
            sock.close()
        client.close()
        stop_server(proc)


def main() -> int:
    """Run both benches and print the figures with their targets."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    from bench.common import cleanup
    from events.log.connection import connect

    try:
        result = {**bench_fairness(args.quick), **bench_feeds(args.quick)}
    finally:
        cleanup(connect(REDIS_URL), f"{PREFIX}")
    log(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
