"""Command handling: load the state, decide, append -- and retry on a lost race.

Three entry points write to a game's stream:

* :func:`create_game` -- appends ``GameCreated`` (and, once every seat is
  taken, the game's setup events);
* :func:`join_seat` -- takes an open seat (``SeatJoined``; setup when the last
  seat fills);
* :func:`execute` -- a seat's command: the rules ``decide`` it against the
  current state and the events are appended atomically with the new snapshot.

The game's secret seed lives in the game's meta hash, never in the stream, until
the game ends: the last batch then carries ``SeedRevealed`` (the seed and the
secret options such as a stacked deck) so anyone can re-run the game.

Errors (all change nothing): :class:`events.store.GameNotFound` (404),
:class:`MalformedCommand` (400), :class:`events.games.contract.RuleViolation`
(422, or 409 for "not now"), :class:`events.store.ConcurrencyError` (409 for a
stale ``expected_version``; retried silently when no version was given).
"""
from __future__ import annotations

import uuid
from dataclasses import dataclass, field, replace
from typing import Any

from events.cache import CachedGame, StateCache
from events.checks import MalformedCommand, check_command, check_options, check_seats
from events.codec import Envelope
from events.games import RULESETS, get_ruleset
from events.games.contract import Ruleset, RuleViolation
from events.meta import SECRET_OPTIONS, GameMeta
from events.randomness import new_seed, rng_for, seed_hash
from events.snapshots import encode_snapshot, load_state
from events.store import ConcurrencyError, EventStore

MAX_RETRIES = 20

@dataclass
class CommandResult:
    """What one accepted command (or its idempotent retry) did."""

    game_id: str
    first_version: int
    last_version: int
    envelopes: list[Envelope]
    state: Any
    meta: GameMeta
    duplicate: bool = False
    ruleset: Ruleset | None = field(default=None, repr=False)


def _setup_events(ruleset: Ruleset, meta: GameMeta) -> list[dict]:
    try:
        options = {**meta.options, "rules_version": meta.rules_version or ruleset.version}
        return ruleset.setup(options, len(meta.seats), rng_for(meta.seed, 0))
    except ValueError as exc:
        raise MalformedCommand("bad_options", str(exc)) from exc


def _envelopes(game_id: str, first: int, events: list[dict], seat, command: dict, command_id: str) -> list[Envelope]:
    envs = [Envelope(game_id, first + i, e["type"], e["data"], seat=seat, command_id=command_id)
            for i, e in enumerate(events)]
    if envs:
        envs[0].command = command
    return envs


def create_game(store: EventStore, ruleset_id: str, seats: list[dict], options: dict | None = None, *,
                game_id: str | None = None, created: str = "") -> CommandResult:
    """Create a game and append its first batch.

    Args:
        seats: ``[{"name": str, "bot": policy | None, "open": bool, "auto_pass": bool,
            "token_sha256": str | None}]`` in seat order.
        options: server options (``seed``, ``turn_timeout_s``...) and the ruleset's own.
    Returns the result of the batch (``GameCreated`` plus setup events when no
    seat is open). Raises MalformedCommand for an unknown ruleset, bad seats or options.
    """
    if ruleset_id not in RULESETS:
        raise MalformedCommand("unknown_ruleset", f"This server hosts no game '{ruleset_id}'.")
    ruleset = get_ruleset(ruleset_id)
    check_seats(ruleset, seats)
    options = check_options(ruleset, options)
    game_id = game_id or uuid.uuid4().hex[:16]
    seed = str(options["seed"]) if "seed" in options else new_seed()
    meta = GameMeta(game_id, ruleset_id, "waiting", created, seed, seats, options, rules_version=ruleset.version)
    public_seats = [{"name": s.get("name"), "bot": s.get("bot"), "open": bool(s.get("open"))} for s in seats]
    created_event = {"type": "GameCreated", "data": {
        "ruleset": ruleset_id, "rules_version": ruleset.version, "seats": public_seats,
        "options": meta.public_options, "seed_sha256": seed_hash(seed),
        "seeded": "seed" in options, "stacked": "stack" in options}}
    events = [created_event]
    if not any(s.get("open") for s in seats):
        events += _setup_events(ruleset, meta)
        meta.status = "active"
    command = {"type": "CreateGame", "ruleset": ruleset_id, "seats": public_seats, "options": meta.public_options}
    return _append(store, ruleset, meta, None, 0, events, None, command, uuid.uuid4().hex, None, write_meta=True)


def join_seat(store: EventStore, game_id: str, seat: int, name: str, token_sha256: str,
              auto_pass: bool = False) -> CommandResult:
    """Take open ``seat`` of a waiting game; the last seat taken starts the game.

    Raises GameNotFound, RuleViolation ``seat_taken``/``game_started`` (409) or
    MalformedCommand ``bad_seat`` (no such seat).
    """
    for _ in range(MAX_RETRIES):
        version = store.version(game_id)   # first: the meta read after it is at least as new
        meta = load_meta(store, game_id)
        ruleset = get_ruleset(meta.ruleset)
        if not 0 <= seat < len(meta.seats):
            raise MalformedCommand("bad_seat", f"This game has seats 0 to {len(meta.seats) - 1}.")
        if meta.status != "waiting":
            raise RuleViolation("game_started", "This game is no longer waiting for players.", status=409)
        if not meta.seats[seat].get("open"):
            raise RuleViolation("seat_taken", f"Seat {seat} is already taken.", status=409)
        meta.seats[seat] = {**meta.seats[seat], "open": False, "name": name,
                            "token_sha256": token_sha256, "auto_pass": auto_pass}
        events = [{"type": "SeatJoined", "data": {"seat": seat, "name": name}}]
        if not any(s.get("open") for s in meta.seats):
            events += _setup_events(ruleset, meta)
            meta.status = "active"
        try:
            return _append(store, ruleset, meta, None, version, events, None,
                           {"type": "JoinSeat", "seat": seat}, uuid.uuid4().hex, None, write_meta=True)
        except ConcurrencyError:
            continue
    raise ConcurrencyError(game_id, -1, -1)


def load_meta(store: EventStore, game_id: str) -> GameMeta:
    """The parsed meta hash of a game; raises GameNotFound."""
    return GameMeta.from_hash(game_id, store.get_meta(game_id))


def execute(store: EventStore, game_id: str, seat, command: dict, *, expected_version: int | None = None,
            idempotency_key: str | None = None, command_id: str | None = None,
            cache: StateCache | None = None) -> CommandResult:
    """Decide ``command`` for ``seat`` and append its events with the new snapshot.

    With ``expected_version`` a lost race raises ConcurrencyError (the caller's
    409); without it the command is decided again against the new state, up
    to ``MAX_RETRIES`` times. A retry with a known ``idempotency_key`` returns
    the first result and appends nothing.

    ``seat`` is an int, or a function ``seat(meta) -> int`` that authenticates
    the caller against the meta this call reads anyway (saves a round trip).
    ``cache`` (an ``events.cache.StateCache``): decide against the state this
    process last appended, and load from Redis only when that entry proves
    stale (a lost race, a stale version, a rejection); commands with an
    idempotency key always load, so a retry finds its first result.
    """
    command_id = command_id or uuid.uuid4().hex
    use_cache = cache is not None and idempotency_key is None
    for _ in range(MAX_RETRIES):
        cached = cache.get(game_id) if use_cache else None
        if cached is not None:
            meta, version, state, seen = replace(cached.meta), cached.version, cached.state, None
        else:
            meta_raw, snapshot_raw, version, seen = store.load(game_id, idempotency_key)
            meta = GameMeta.from_hash(game_id, meta_raw)
            state = None
        ruleset = get_ruleset(meta.ruleset)
        if callable(seat):
            seat = seat(meta)
        if seen is not None:
            return _replay_result(store, ruleset, meta, seen)
        try:
            check_command(ruleset, command)
            _check_running(meta)
            if expected_version is not None and expected_version != version:
                raise ConcurrencyError(game_id, expected_version, version)
            if cached is None:
                state = load_state(store, ruleset, game_id, snapshot_raw, version).state
            events = ruleset.decide(state, seat, command, rng_for(meta.seed, version))
        except (RuleViolation, ConcurrencyError):
            if cached is None:
                raise
            use_cache = False          # confirm the rejection against Redis
            continue
        work = ruleset.copy_state(state) if cached is not None else state
        try:
            result = _append(store, ruleset, meta, work, version, events, seat, command,
                             command_id, idempotency_key)
        except ConcurrencyError:
            if cache is not None:
                cache.drop(game_id)
            if expected_version is not None and cached is None:
                raise
            use_cache = False
            continue
        if cache is not None:
            cache.put(game_id, CachedGame(result.last_version, replace(result.meta), result.state))
        return result
    raise ConcurrencyError(game_id, expected_version if expected_version is not None else -1, -1)


def _check_running(meta: GameMeta) -> None:
    if meta.status == "waiting":
        raise RuleViolation("game_not_started", "The game is waiting for players to join.", status=409)
    if meta.status == "finished":
        raise RuleViolation("game_over", "The game is over.", status=409)


def _replay_result(store: EventStore, ruleset: Ruleset, meta: GameMeta, seen: tuple[int, int]) -> CommandResult:
    first, last = seen
    envs = store.read(meta.game_id, after=first - 1, until=last)
    loaded = load_state(store, ruleset, meta.game_id)
    return CommandResult(meta.game_id, first, last, envs, loaded.state, meta, True, ruleset)


def _append(store: EventStore, ruleset: Ruleset, meta: GameMeta, state, version: int, events: list[dict],
            seat, command: dict, command_id: str, idempotency_key: str | None,
            write_meta: bool = False) -> CommandResult:
    """Evolve ``state`` through ``events``, close the game if it ended, append all atomically.

    The whole meta hash is written on create and join; a move writes only the
    status and result, and only when the game ends.
    """
    for event in events:
        state = ruleset.evolve(state, event)
    meta_fields = meta.to_hash() if write_meta else None
    if meta.status == "active" and state is not None:
        outcome = ruleset.outcome(state)
        if outcome is not None:
            meta.status, meta.result = "finished", outcome
            meta_fields = meta.to_hash()
            events = events + [{"type": "SeedRevealed", "data": {
                "seed": meta.seed, "options": {k: meta.options[k] for k in SECRET_OPTIONS if k in meta.options}}}]
    envs = _envelopes(meta.game_id, version + 1, events, seat, command, command_id)
    snapshot = encode_snapshot(ruleset, state, version + len(envs)) if state is not None else None
    res = store.append(meta.game_id, version, envs, snapshot=snapshot, meta=meta_fields,
                       idempotency_key=idempotency_key)
    return CommandResult(meta.game_id, res.first_version, res.last_version, envs, state, meta, res.duplicate, ruleset)
