"""Command handling: load the game, decide, save -- and retry on a lost race.

Three entry points write to a game's stream, each load -> decide -> save
through the :class:`events.log.repository.GameRepository`:

* :func:`create_game` -- appends ``GameCreated`` (and, once every seat is
  taken, the game's setup events);
* :func:`join_seat` -- takes an open seat (``SeatJoined``; setup when the last
  seat fills);
* :func:`execute` -- a seat's command: the rules ``decide`` it against the
  current state and the events are appended atomically with the new snapshot.

The game's secret seed lives in the game's meta hash, never in the stream, until
the game ends: the last batch then carries ``SeedRevealed`` (the seed and the
secret options such as a stacked deck) so anyone can re-run the game.

Errors (all change nothing): :class:`events.log.store.GameNotFound` (404),
:class:`MalformedCommand` (400), :class:`events.games.contract.RuleViolation`
(422, or 409 for "not now"), :class:`events.log.store.ConcurrencyError` (409 for a
stale ``expected_version``; retried silently when no version was given).
"""
from __future__ import annotations

import hashlib
import uuid
from typing import Callable

from events.commands.transact import Batch, commit, transact
from events.table.checks import MalformedCommand, check_command, check_options, check_running, check_seats
from events.games import RULESETS, get_ruleset
from events.games.contract import Ruleset, RuleViolation
from events.table.meta import SECRET_OPTIONS, GameMeta
from events.table.randomness import new_audit_key, new_seed, rng_for, seed_commitment
from events.log.codec import canonical_json, iso, ms_of
from events.log.repository import CommandResult, Game, GameRepository
from events.log.store import ConcurrencyError
from events.table.system import PROOFS_SCHEME, public_seat
from events.log.metahash import meta_from_hash

__all__ = ["CommandResult", "MalformedCommand", "create_game", "execute", "join_seat", "load_meta"]


def _setup_events(ruleset: Ruleset, meta: GameMeta) -> list[dict]:
    try:
        options = {**meta.options, "rules_version": meta.rules_version or ruleset.version}
        return ruleset.setup(options, len(meta.seats), rng_for(meta.game_seed, 0))
    except ValueError as exc:
        raise MalformedCommand("bad_options", str(exc)) from exc


def game_created(ruleset: Ruleset, public_seats: list[dict], options: dict, seed: str, audit_key: str,
                 rematch_of: str | None = None) -> dict:
    """The ``GameCreated`` event of a new game (``events.table.system``, schema 3): its ruleset and rules
    version, ``public_seats`` (``events.table.system.public_seat``), the public ``options`` (the secret ones
    -- seed, stack -- left out), the hiding commitment to ``seed`` keyed by ``audit_key``
    (``events.table.randomness.seed_commitment``; docs/audit.md), the proofs scheme, whether the seed was
    chosen or the deal stacked, and the game it is the rematch of."""
    return {"type": "GameCreated", "data": {
        "ruleset": ruleset.id, "rules_version": ruleset.version, "seats": public_seats,
        "options": {k: v for k, v in options.items() if k not in SECRET_OPTIONS},
        "seed_commitment": seed_commitment(seed, audit_key), "proofs": PROOFS_SCHEME,
        "seeded": "seed" in options, "stacked": "stack" in options, "rematch_of": rematch_of}}


def create_game(repo: GameRepository, ruleset_id: str, seats: list[dict], options: dict | None = None, *,
                game_id: str | None = None, created: str = "", rematch_of: str | None = None,
                creator: str = "") -> CommandResult:
    """Create a game and append its first batch.

    Args:
        seats: ``[{"name": str, "bot": policy | None, "open": bool, "auto_pass": bool,
            "token_sha256": str | None, "client_seed": str | None}]`` in seat order.
        options: server options (``seed``, ``turn_timeout_s``...) and the ruleset's own.
        rematch_of: the finished game this one is the rematch of (``events.commands.rematch``).
        created: when the game was created (ISO 8601 UTC; default now): the meta's
            ``created`` and the first batch's time, the same to the millisecond.
        creator: who created it (``events.commands.fairness.creator_of`` of the address; "" unknown):
            kept in the private meta, it names the lane of the game's bot jobs.
    Returns the result of the batch (``GameCreated`` plus setup events when no
    seat is open). Every game gets a fresh secret audit key (``events.log.chain``): it
    keys the seed commitment and the chain, and ``SeedRevealed`` publishes it.
    Raises MalformedCommand for an unknown ruleset, bad seats or options.
    """
    if ruleset_id not in RULESETS:
        raise MalformedCommand("unknown_ruleset", f"This server hosts no game '{ruleset_id}'.")
    ruleset = get_ruleset(ruleset_id)
    check_seats(ruleset, seats)
    options = check_options(ruleset, options)
    game_id = game_id or uuid.uuid4().hex[:16]
    seed = str(options["seed"]) if "seed" in options else new_seed()
    ts = ms_of(created) if created else None
    ts = repo.now() if ts is None else ts               # the meta's time is the first batch's, to the ms
    audit_key = new_audit_key()
    meta = GameMeta(game_id, ruleset_id, "waiting", iso(ts), seed, seats, options, rules_version=ruleset.version,
                    audit_key=audit_key, creator=creator)
    public_seats = [public_seat(s) for s in seats]
    events = [game_created(ruleset, public_seats, options, seed, audit_key, rematch_of)]
    if not any(s.get("open") for s in seats):
        events += _setup_events(ruleset, meta)
        meta.status = "active"
    command = {"type": "CreateGame"}            # GameCreated records what was created (games before proofs 2
                                                # repeated its ruleset, seats and options here)
    return commit(repo, Game(meta, ruleset, None, 0), Batch(events, command, None, "system", meta), ts_ms=ts)


#: How an invite reservation reads in a meta seat's ``reserved_for``: this prefix, then the
#: SHA-256 (hex) of the invite code (a rematch keeps a seat by its old token's hash instead).
INVITE_PREFIX = "invite:"


def invite_reservation(code_sha256: str) -> str:
    """The ``reserved_for`` of a seat kept for whoever holds the invite code of this SHA-256."""
    return INVITE_PREFIX + code_sha256


def _free_seat(meta: GameMeta, reserved_for: str | None) -> int:
    """The first open seat the caller may take: kept for ``reserved_for`` (an invite or a
    rematch) if one is, else the first open seat kept for nobody. RuleViolation
    ``no_open_seat`` (409) when there is none."""
    open_seats = [i for i, spec in enumerate(meta.seats) if spec.get("open")]
    if reserved_for is not None:
        kept = [i for i in open_seats if meta.seats[i].get("reserved_for") == reserved_for]
        if kept:
            return kept[0]
    free = [i for i in open_seats if meta.seats[i].get("reserved_for") is None]
    if not free:
        raise RuleViolation("no_open_seat", "Every seat of this game is taken or kept for an invited player.",
                            status=409)
    return free[0]


def join_seat(repo: GameRepository, game_id: str, seat: int | None, name: str, token_sha256: str,
              auto_pass: bool = False, client_seed: str | None = None,
              reserved_for: str | None = None) -> CommandResult:
    """Take open ``seat`` of a waiting game (None: the first open seat the caller may take,
    :func:`_free_seat`); the last seat taken starts the game. The result's ``seat`` is None
    (the server acts); the seat taken is the ``SeatJoined`` event's.

    ``client_seed``: the seat's own entropy for the game's randomness
    (``events.table.randomness``), public from now on. A seat kept for an invited player
    or a rematch's player is taken only with ``reserved_for`` equal to what it is
    kept for (:func:`invite_reservation`, ``events.commands.rematch``); otherwise
    RuleViolation ``seat_reserved`` (409).

    Raises GameNotFound, RuleViolation ``seat_taken``/``game_started``/``game_cancelled``/``no_open_seat`` (409)
    or MalformedCommand ``bad_seat`` (no such seat).
    """
    def decide(game: Game, _acting) -> Batch:
        meta, ruleset = game.meta.copy(), game.ruleset
        if seat is not None and not 0 <= seat < len(meta.seats):
            raise MalformedCommand("bad_seat", f"This game has seats 0 to {len(meta.seats) - 1}.")
        if meta.status == "cancelled":
            raise RuleViolation("game_cancelled", "This game was cancelled by its creator before it started.",
                                status=409)
        if meta.status != "waiting":
            raise RuleViolation("game_started", "This game is no longer waiting for players.", status=409)
        taking = _free_seat(meta, reserved_for) if seat is None else seat
        if not meta.seats[taking].get("open"):
            raise RuleViolation("seat_taken", f"Seat {taking} is already taken.", status=409)
        reserved = meta.seats[taking].get("reserved_for")
        if reserved is not None and reserved != reserved_for:
            kept_for = ("the player invited to it: join it with the invite code of its link"
                        if reserved.startswith(INVITE_PREFIX)
                        else "the player who held it in the game this one is a rematch of")
            raise RuleViolation("seat_reserved", f"Seat {taking} is kept for {kept_for}.", status=409)
        meta.seats = list(meta.seats)
        meta.seats[taking] = {**{k: v for k, v in meta.seats[taking].items() if k != "reserved_for"}, "open": False,
                              "name": name, "token_sha256": token_sha256, "auto_pass": auto_pass,
                              "client_seed": client_seed}
        events = [{"type": "SeatJoined", "data": {"seat": taking, "name": name, "client_seed": client_seed,
                                                  "token_sha256": token_sha256}}]
        if not any(s.get("open") for s in meta.seats):
            events += _setup_events(ruleset, meta)
            meta.status = "active"
        return Batch(events, {"type": "JoinSeat", "seat": taking}, None, "system", meta)
    return transact(repo, game_id, decide)


def load_meta(repo: GameRepository, game_id: str) -> GameMeta:
    """The parsed meta hash of a game; raises GameNotFound."""
    return meta_from_hash(game_id, repo.store.get_meta(game_id))


def execute(repo: GameRepository, game_id: str, seat: int | Callable[[GameMeta], int], command: dict, *,
            expected_version: int | None = None, idempotency_key: str | None = None,
            idempotency_scope: str = "", cause: str = "seat") -> CommandResult:
    """Load the game, decide ``command`` for ``seat``, save the events: one batch.

    With ``expected_version`` a lost race raises ConcurrencyError (the caller's
    409); without it the command is decided again against the new state, up
    to ``MAX_RETRIES`` times. A retry with a known ``idempotency_key`` returns
    the first result and appends nothing.

    ``seat`` is an int, or a function ``seat(meta) -> int`` that authenticates
    the caller against the meta this call loads anyway (saves a round trip);
    the result's ``seat`` says which seat acted. With a repository cache the
    command is decided against the game this process last saved and loaded
    from Redis only when that proves stale (a lost race, a stale version, a
    rejection); commands with an idempotency key always load, so a retry
    finds its first result. An idempotency key is scoped by ``idempotency_scope``
    (the caller's identity: a seat's token hash) and bound to the command it was
    first used for: the same key with another command is RuleViolation
    ``idempotency_key_reused`` (422), and changes nothing. ``cause``: ``"seat"``, ``"bot"`` or ``"deadline"``.
    """
    key, tag = None, ""
    if idempotency_key is not None:
        key = f"{idempotency_scope}:{idempotency_key}" if idempotency_scope else idempotency_key
        tag = hashlib.sha256(canonical_json(command).encode()).hexdigest()[:16]

    def decide(game: Game, acting: int) -> Batch:
        check_command(game.ruleset, command)
        check_running(game.meta)
        if expected_version is not None and expected_version != game.version:
            raise ConcurrencyError(game_id, expected_version, game.version)
        rng = rng_for(game.meta.game_seed, game.version)
        events, evolved = game.ruleset.decide_and_evolve(game.state, acting, command, rng)
        return Batch(events, command, acting, cause, evolved=evolved)
    return transact(repo, game_id, decide, seat=seat, idempotency_key=key, idempotency_tag=tag, cached=True,
                    strict=expected_version is not None, from_bot=cause == "bot")


