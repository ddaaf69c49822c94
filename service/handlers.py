"""The service layer: one function per use case, called by one HTTP view each.

Each takes the :class:`Services` (store and dispatcher) and plain arguments,
does the work through ``events`` and ``projections``, and returns plain dicts
for the view to serialise. Errors are raised (``service.errors``), never
returned.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass, field

from events.cache import StateCache
from events.codec import decode_entries, utc_now
from events.dispatch import Dispatcher
from events.games import RULESETS
from events.handling import create_game as _create
from events.handling import execute, join_seat
from events.meta import SERVER_OPTIONS
from events.repository import GameRepository
from events.store import EventStore
from projections.queries import list_games as _list_games
from projections.views import (
    events_for,
    redact_envelope,
    require_game,
    seat_view,
    summary,
)
from service.auth import caller_seat, new_token, seat_of, token_hash
from service.errors import ApiError


@dataclass
class Services:
    """What every use case needs: the event store, the job dispatcher and
    the game repository over the store with this process's write-model cache
    (see ``events.cache``)."""

    store: EventStore
    dispatcher: Dispatcher
    cache: StateCache = field(default_factory=StateCache)
    repo: GameRepository = field(init=False)

    def __post_init__(self):
        self.repo = GameRepository(self.store, self.cache)


def rulesets() -> list[dict]:
    """Every ruleset this server hosts, with its options, commands and bot policies."""
    return [{"id": r.id, "name": r.name, "min_seats": r.min_seats, "max_seats": r.max_seats,
             "version": r.version, "options": {**SERVER_OPTIONS, **r.options}, "commands": r.commands,
             "bots": sorted(r.bots)} for r in RULESETS.values()]


def create_game(svc: Services, ruleset: str, seats: list[dict], options: dict) -> dict:
    """Create a game; returns its summary plus a token for each human seat (shown once)."""
    tokens, specs = [], []
    for i, seat in enumerate(seats):
        spec = {"name": seat.get("name") or (f"Bot {i}" if seat.get("bot") else f"Seat {i}"),
                "bot": seat.get("bot"), "open": bool(seat.get("open")), "auto_pass": bool(seat.get("auto_pass"))}
        if not spec["bot"] and not spec["open"]:
            token, spec["token_sha256"] = new_token()
            tokens.append({"seat": i, "token": token})
        specs.append(spec)
    result = _create(svc.repo, ruleset, specs, options, created=utc_now())
    svc.dispatcher.after_append(result)
    return {**summary(require_game(svc.repo, result.game_id)), "tokens": tokens}


def join(svc: Services, game_id: str, seat: int, name: str, auto_pass: bool) -> dict:
    """Take an open seat; returns ``{"seat", "token"}``."""
    token, digest = new_token()
    result = join_seat(svc.repo, game_id, seat, name, digest, auto_pass)
    svc.dispatcher.after_append(result)
    return {"seat": seat, "token": token}


def list_games(svc: Services, **query) -> dict:
    """The lobby: one page of public summaries filtered by ``status`` and ``ruleset``."""
    try:
        return _list_games(svc.repo, **query)
    except ValueError as exc:
        raise ApiError(400, "bad_cursor", str(exc)) from exc


def game_summary(svc: Services, game_id: str) -> dict:
    """The public summary of one game."""
    return summary(require_game(svc.repo, game_id))


def view(svc: Services, game_id: str, at: int | None = None) -> dict:
    """The caller's view (spectator without a token), now or at version ``at``."""
    game = require_game(svc.repo, game_id)
    seat = caller_seat(game.meta, required=False)
    try:
        return seat_view(svc.repo, game, seat, at)
    except ValueError as exc:
        raise ApiError(400, "bad_version", str(exc)) from exc


def legal_commands(svc: Services, game_id: str) -> dict:
    """What the caller's seat may send now: complete command bodies."""
    game = require_game(svc.repo, game_id)
    seat = caller_seat(game.meta, required=True)
    commands = game.ruleset.legal_commands(game.state, seat) if game.meta.status == "active" else []
    return {"game_id": game_id, "version": game.version, "seat": seat, "commands": commands}


def send_command(svc: Services, game_id: str, body: dict, token: str | None, idempotency_key: str | None) -> dict:
    """Decide and append the caller's command; returns the new version and the caller's events."""
    if token is None:
        raise ApiError(401, "missing_token", "Commands need your seat token: 'Authorization: Bearer <token>'.")
    command = {k: v for k, v in body.items() if k != "expected_version"}
    result = execute(svc.repo, game_id, lambda meta: seat_of(meta, token), command,
                     expected_version=body.get("expected_version"), idempotency_key=idempotency_key,
                     idempotency_scope=token_hash(token)[:16])
    svc.dispatcher.after_append(result)
    finished = result.meta.status == "finished"
    events = [redact_envelope(result.ruleset, e, result.seat, finished) for e in result.envelopes]
    return {"game_id": game_id, "version": result.last_version, "duplicate": result.duplicate, "events": events,
            "head": result.head}


def event_page(svc: Services, game_id: str, after: int, limit: int) -> dict:
    """A page of the log redacted for the caller; complete (unredacted) once the game is finished."""
    game = require_game(svc.repo, game_id)
    seat = caller_seat(game.meta, required=False)
    return {"game_id": game_id, "version": game.version, "complete": game.meta.status == "finished",
            "events": events_for(svc.repo, game, seat, after, limit)}


def event_stream(svc: Services, game_id: str, after: int | None, timeout_s: float):
    """Server-Sent Events of the caller's redacted events, from ``after`` (default: now).

    Returns a generator of SSE text chunks that ends when the game finishes or
    after ``timeout_s`` (a comment line keeps the connection alive meanwhile).
    """
    game = require_game(svc.repo, game_id)
    seat = caller_seat(game.meta, required=False)
    key = svc.store.key(game_id, "events")
    last = game.version if after is None else after
    redis = svc.store.redis

    def generate():
        nonlocal last
        complete = game.meta.status == "finished"
        finished = complete
        deadline = time.monotonic() + timeout_s
        yield ": stream open\n\n"
        while time.monotonic() < deadline:
            block_ms = None if finished else int(max(1, min(15.0, deadline - time.monotonic())) * 1000)
            replies = redis.xread({key: f"{last}-0"}, count=100, block=block_ms)
            if not replies:
                if finished:
                    return
                yield ": keep-alive\n\n"
                continue
            for env in decode_entries(game_id, replies[0][1],
                                      lambda version: svc.store.header_at(game_id, version)):
                finished = finished or env.type == "SeedRevealed"
                out = redact_envelope(game.ruleset, env, seat, complete)
                last = env.version
                yield f"id: {env.version}\nevent: {env.type}\ndata: {json.dumps(out)}\n\n"

    return generate()
