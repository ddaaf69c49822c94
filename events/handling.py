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

import json
import uuid
from dataclasses import dataclass, field, replace
from typing import Any

from events.cache import CachedGame, StateCache
from events.codec import Envelope
from events.games import RULESETS, get_ruleset
from events.games.contract import Ruleset, RuleViolation
from events.randomness import new_seed, rng_for, seed_hash
from events.snapshots import encode_snapshot, load_state
from events.store import ConcurrencyError, EventStore, GameNotFound

#: Options every ruleset accepts, beside the game's own (``Ruleset.options``).
SERVER_OPTIONS = {
    "seed": {"type": "string", "default": None,
             "description": "Fixed seed (tests, tutorials, bug reports); the game is marked seeded."},
    "turn_timeout_s": {"type": "number", "default": None,
                       "description": "Seconds a human seat has for a turn or a choice; none by default."},
    "reaction_timeout_s": {"type": "number", "default": None,
                           "description": "Seconds for a reaction window; defaults to a quarter of turn_timeout_s, at least 1."},
}
SECRET_OPTIONS = ("seed", "stack")
MAX_RETRIES = 20


class MalformedCommand(RuleViolation):
    """A command or request the server cannot read (400): unknown type, wrong arguments."""

    def __init__(self, code: str, message: str):
        super().__init__(code, message, status=400)


@dataclass
class GameMeta:
    """The game's meta hash, parsed: kept in the game's slot, updated with each append.

    ``seats`` is a list of ``{"name", "bot", "open", "token_sha256", "auto_pass"}``.
    ``options`` holds every option including the secret ones (seed, stack).
    """

    game_id: str
    ruleset: str
    status: str
    created: str
    seed: str
    seats: list[dict]
    options: dict
    result: dict | None = None

    @classmethod
    def from_hash(cls, game_id: str, raw: dict) -> "GameMeta":
        """Parse a meta hash (bytes or str keys); raises GameNotFound if empty."""
        if not raw:
            raise GameNotFound(game_id)
        h = {(k.decode() if isinstance(k, bytes) else k): (v.decode() if isinstance(v, bytes) else v)
             for k, v in raw.items()}
        return cls(game_id, h["ruleset"], h["status"], h.get("created", ""), h["seed"],
                   json.loads(h["seats"]), json.loads(h.get("options", "{}")),
                   json.loads(h["result"]) if h.get("result") else None)

    def to_hash(self) -> dict[str, str]:
        """The fields as stored in Redis."""
        return {"ruleset": self.ruleset, "status": self.status, "created": self.created,
                "seed": self.seed, "seats": json.dumps(self.seats), "options": json.dumps(self.options),
                "result": json.dumps(self.result) if self.result is not None else ""}

    @property
    def public_options(self) -> dict:
        """Options without the secrets (seed, stacked deck)."""
        return {k: v for k, v in self.options.items() if k not in SECRET_OPTIONS}

    def timeout_for(self, kind: str) -> float | None:
        """Deadline in seconds for a decision ``kind`` of a human seat, or None."""
        turn = self.options.get("turn_timeout_s")
        if kind == "reaction":
            react = self.options.get("reaction_timeout_s")
            if react is not None:
                return float(react)
            return None if turn is None else max(1.0, float(turn) / 4)
        return None if turn is None else float(turn)


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


def check_command(ruleset: Ruleset, command: Any) -> dict:
    """Check a command's shape against ``ruleset.commands``; return it.

    Raises MalformedCommand: not an object, no/unknown ``type``, an unknown
    argument, a missing required argument or one of the wrong JSON type.
    """
    if not isinstance(command, dict) or not isinstance(command.get("type"), str):
        raise MalformedCommand("malformed_command", "A command is a JSON object with a string 'type'.")
    spec = ruleset.commands.get(command["type"])
    if spec is None:
        raise MalformedCommand("unknown_command",
                               f"'{command['type']}' is not a command of {ruleset.name}.")
    for name, value in command.items():
        if name == "type":
            continue
        kind = spec.get(name)
        if kind is None:
            raise MalformedCommand("bad_arguments", f"{command['type']} takes no argument '{name}'.")
        if not _fits(kind.rstrip("?"), value):
            raise MalformedCommand("bad_arguments", f"'{name}' of {command['type']} must be {kind.rstrip('?')}.")
    for name, kind in spec.items():
        if not kind.endswith("?") and name not in command:
            raise MalformedCommand("bad_arguments", f"{command['type']} needs '{name}'.")
    return command


def _fits(kind: str, value: Any) -> bool:
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "string":
        return isinstance(value, str)
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if kind.startswith("array[") and kind.endswith("]"):
        return isinstance(value, list) and all(_fits(kind[6:-1], v) for v in value)
    return False


def check_options(ruleset: Ruleset, options: Any) -> dict:
    """Validate game options (server options plus the ruleset's own).

    Raises MalformedCommand ``bad_options`` for a non-object, an unknown option
    or a timeout that is not a positive number.
    """
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise MalformedCommand("bad_options", "Options must be a JSON object.")
    for name, value in options.items():
        if name not in SERVER_OPTIONS and name not in ruleset.options:
            raise MalformedCommand("bad_options", f"'{name}' is not an option of {ruleset.name}.")
        if name.endswith("_timeout_s") and value is not None and (not _fits("number", value) or value <= 0):
            raise MalformedCommand("bad_options", f"'{name}' must be a positive number of seconds.")
        if name == "seed" and not isinstance(value, (str, int)):
            raise MalformedCommand("bad_options", "'seed' must be a string.")
    return dict(options)


def check_seats(ruleset: Ruleset, seats: list[dict]) -> None:
    """Seat count within the ruleset's limits and known bot policies (400 otherwise)."""
    if not ruleset.min_seats <= len(seats) <= ruleset.max_seats:
        raise MalformedCommand("bad_seats", f"{ruleset.name} seats {ruleset.min_seats} to {ruleset.max_seats} players.")
    for seat in seats:
        bot = seat.get("bot")
        if bot is not None and bot not in ruleset.bots:
            raise MalformedCommand("unknown_bot", f"There is no bot policy '{bot}' (try {', '.join(ruleset.bots)}).")
        if bot is not None and seat.get("open"):
            raise MalformedCommand("bad_seats", "A bot seat cannot be open.")


def _setup_events(ruleset: Ruleset, meta: GameMeta) -> list[dict]:
    try:
        return ruleset.setup(meta.options, len(meta.seats), rng_for(meta.seed, 0))
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
    meta = GameMeta(game_id, ruleset_id, "waiting", created, seed, seats, options)
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
        version = store.version(game_id)
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
