"""HTTP read figures: views against a bare GET, view latency by log length, the lobby list by size.

Every Stranded server here is ``stranded serve --no-worker`` (gevent workers,
as it ships) and the baseline is ``bench/bare_serve.py`` (the same gunicorn
settings, a bare Flask app); the command ratio itself is ``bench/commands.py``.
"""
from __future__ import annotations

import statistics
import threading
import time
from functools import cache

import orjson

from bench.commands import Worker, run_round
from bench.common import log
from bench.servers import Client, create_game_http
from events.log import chain
from events.log.codec import FIELDS, BatchHeader, encode_batch, iso, now_ms
from events.commands.dispatch import Dispatcher
from events.games import RULESETS
from events.commands.handling import create_game, game_created
from events.table.meta import GameMeta
from events.table.randomness import new_audit_key, seed_hash
from events.log.repository import GameRepository
from events.commands.simulation import play_game
from events.log.snapshots import encode_snapshot
from events.log.store import EventStore
from events.table.system import public_seat
from events.log.metahash import meta_to_hash

LONG_RULESET = "zombies-quickplay"


def view_loop(path_token):
    """A client-thread loop for ``run_round``: GET one view as fast as it answers."""
    def loop(w: Worker, stop: threading.Event, t_end: list) -> None:
        path, token = path_token
        while not stop.is_set():
            status, raw = w.client.request("GET", path, token=token)
            done = time.perf_counter()
            if status == 200:
                orjson.loads(raw)
                if not t_end or done <= t_end[0]:
                    w.ok += 1
            else:
                w.other += 1
    return loop


def bench_view_ratio(stranded_port: int, bare_port: int, clients: int, rounds: int, seconds: float,
                     pgids: tuple[int, int], redis) -> dict:
    """``GET /view`` of a two-seat game a few commands in, against the bare GET, ``clients`` threads."""
    client = Client(stranded_port)
    game, _ = create_game_http(client)
    for _ in range(6):
        status, raw = client.request("POST", f"/v1/games/{game.game_id}/commands", {"type": "Breathe"},
                                     game.tokens[game.seat])
        game.seat = 1 - game.seat if status != 200 else next(
            (e["data"]["seat"] for e in orjson.loads(raw)["events"] if e["type"] == "TurnStarted"), 1 - game.seat)
    client.close()
    s_workers = [Worker(stranded_port, Client(stranded_port)) for _ in range(clients)]
    b_workers = [Worker(bare_port, Client(bare_port)) for _ in range(clients)]
    s_loop = view_loop((f"/v1/games/{game.game_id}/view", game.tokens[0]))
    b_loop = view_loop(("/v1/games/g/view", None))
    run_round(s_workers, s_loop, 1.0, pgids[0], redis)
    run_round(b_workers, b_loop, 1.0, pgids[1], redis)
    s_rates, b_rates = [], []
    for r in range(rounds):
        s_rates.append(run_round(s_workers, s_loop, seconds, pgids[0], redis)["rate"])
        b_rates.append(run_round(b_workers, b_loop, seconds, pgids[1], redis)["rate"])
        log(f"  round {r + 1}/{rounds}: stranded view {s_rates[-1]:,.0f}/s | bare GET {b_rates[-1]:,.0f}/s")
    s_med, b_med = statistics.median(s_rates), statistics.median(b_rates)
    return {"stranded": s_med, "bare": b_med, "ratio": s_med / b_med if b_med else 0.0}


@cache
def played_game(ruleset_id: str, seats: int, seed: str) -> tuple:
    """A random game of ``ruleset_id``, played once per process: ``(record, batches, phases)``,
    the events of each decided command and the state's ``phase`` after it (a long Quickplay
    game takes seconds, and every prefix of figure 5 is cut from the same one)."""
    batches: list[list[dict]] = []
    phases: list[str | None] = []

    def keep(state, batch):
        batches.append(list(batch))
        phases.append(state.get("phase") if isinstance(state, dict) else None)

    record = play_game(RULESETS[ruleset_id], ["random"] * seats, seed, on_step=keep)
    return record, tuple(batches), tuple(phases)


def store_prefix(store: EventStore, game_id: str, ruleset_id: str, seats: int, seed: str, events_wanted: int,
                 phase: str | None = None) -> int:
    """Write the first batches of a random game of ``ruleset_id`` (up to ``events_wanted``
    events, whole batches) as an active game the service can serve, with its snapshot at
    its version, the way the write path leaves it; returns the version written. With
    ``phase``, stop instead at the last whole batch (up to ``events_wanted``) after which
    the state's ``phase`` is that one: a view's cost depends on the state (a Quickplay view
    in the zombies phase works out every zombie's paths), so prefixes compared for the
    log's length must be in the same phase."""
    ruleset = RULESETS[ruleset_id]
    record, played, phases = played_game(ruleset_id, seats, seed)
    batches = list(played)
    if phase is not None:
        total, cut = 0, 1
        for count, (events, after) in enumerate(zip(batches, phases), start=1):
            total += len(events) + (1 if count == 1 else 0)
            if total > events_wanted and count > 1:
                break
            if after == phase:
                cut = count
        batches = batches[:cut]
    public = [public_seat({"name": f"P{i}"}) for i in range(seats)]
    audit_key = new_audit_key()
    created = game_created(ruleset, public, {"seed": seed}, seed, audit_key)
    commands = [(None, {"type": "CreateGame"})]
    commands += record.commands
    batches[0] = [created] + batches[0]
    pipe = store.redis.pipeline(transaction=False)
    key = bytes.fromhex(audit_key)
    head, version, state, ts = chain.genesis(game_id, key), 0, None, now_ms()
    for (seat, command), events in zip(commands, batches):
        if version + len(events) > events_wanted and version:
            break
        encoded = encode_batch(game_id, version + 1, events, BatchHeader(seat, "seat", ts, command), head, key)
        for offset, entry in enumerate(encoded.entries, start=1):
            pipe.xadd(store.key(game_id, "events"), dict(zip(FIELDS, entry)), id=f"{version + offset}-0")
        for event in events:
            if event["type"] != "GameCreated":
                state = ruleset.evolve(state, event)
        head, version = encoded.head, version + len(events)
    meta = GameMeta(game_id, ruleset_id, "active", iso(ts), seed,
                    [{**p, "token_sha256": seed_hash(f"{game_id}-{i}"), "auto_pass": False}
                     for i, p in enumerate(public)], {"seed": seed}, None, ruleset.version, audit_key)
    pipe.hset(store.key(game_id, "meta"), mapping=meta_to_hash(meta))
    pipe.set(store.key(game_id, "snapshot"), encode_snapshot(ruleset, state, version, chain.text_head(head), ts))
    pipe.execute()
    return version


def bench_view_latency(port: int, store: EventStore, requests: int, versions=(20, 1000, 10000)) -> dict:
    """Median latency of ``GET /view`` of Quickplay games at about each of ``versions`` (prefixes
    of one long random game), requests interleaved; ratios of each to the first."""
    seed = next(f"long-{i}" for i in range(50)
                if len(played_game(LONG_RULESET, 4, f"long-{i}")[0].events) > max(versions))
    games = {}
    for target in versions:       # every prefix ends as a player is to roll for movement (one phase)
        game_id = f"view-{target}"
        games[target] = (game_id, store_prefix(store, game_id, LONG_RULESET, 4, seed, target, phase="move_roll"))
    client = Client(port)
    tokens = {target: f"{game_id}-0" for target, (game_id, _) in games.items()}
    lat: dict[int, list[float]] = {target: [] for target in versions}
    try:
        for target, (game_id, _) in games.items():       # warm-up
            for _ in range(10):
                client.request("GET", f"/v1/games/{game_id}/view", token=tokens[target])
        for i in range(requests):
            order = versions if i % 2 == 0 else tuple(reversed(versions))
            for target in order:
                game_id = games[target][0]
                started = time.perf_counter()
                status, raw = client.request("GET", f"/v1/games/{game_id}/view", token=tokens[target])
                lat[target].append(time.perf_counter() - started)
                if status != 200:
                    raise RuntimeError(f"view of {game_id}: {status} {raw[:200]!r}")
    finally:
        client.close()
    base = statistics.median(lat[versions[0]])
    return {"versions": {t: v for t, (_, v) in games.items()},
            "ms": {t: statistics.median(lat[t]) * 1000 for t in versions},
            "ratios": {t: statistics.median(lat[t]) / base for t in versions[1:]},
            "render_ms": {t: render_ms(store, game_id) for t, (game_id, _) in games.items()}}


def render_ms(store: EventStore, game_id: str, repeats: int = 30) -> float:
    """Median milliseconds to render seat 0's view of ``game_id`` afresh, in process: what the
    first reader of a version pays (the server keeps the render for the next ones,
    ``Game.views``), a cost of the state, not of the log's length."""
    from projections.views import render_seat_view

    repo = GameRepository(store)
    game = repo.current(game_id)
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        render_seat_view(repo, game, 0, None)
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def fill_lobby(store: EventStore, games: int) -> None:
    """Create ``games`` two-seat games (open seats, so nothing is dealt) in the store's lobby."""
    repo, dispatcher = GameRepository(store), Dispatcher(store.redis, store.prefix)
    seats = [{"name": "P0", "token_sha256": "0" * 64}, {"open": True}]
    for i in range(games):
        dispatcher.after_append(create_game(repo, "selfish-space", seats, {}, created=_iso(i)))


def _iso(i: int) -> str:
    from events.log.codec import iso

    return iso(1_800_000_000_000 + i)


def bench_list(ports: tuple[int, int], requests: int) -> dict:
    """Median latency of ``GET /v1/games?limit=10`` on a server whose lobby holds 10 games and on
    one whose lobby holds 5,000 (``ports``, in that order), requests interleaved."""
    clients = [Client(port) for port in ports]
    lat: list[list[float]] = [[], []]
    try:
        for client in clients:
            for _ in range(10):
                client.request("GET", "/v1/games?limit=10")
        for i in range(requests):
            for which in ((0, 1) if i % 2 == 0 else (1, 0)):
                started = time.perf_counter()
                status, raw = clients[which].request("GET", "/v1/games?limit=10")
                lat[which].append(time.perf_counter() - started)
                if status != 200 or len(orjson.loads(raw)["games"]) != 10:
                    raise RuntimeError(f"list: {status} {raw[:200]!r}")
    finally:
        for client in clients:
            client.close()
    small, large = statistics.median(lat[0]), statistics.median(lat[1])
    return {"ms_10": small * 1000, "ms_5000": large * 1000, "ratio": large / small}
