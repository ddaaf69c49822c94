"""The service layer: one function per use case, called by one HTTP view each.

Each takes the :class:`Services` (store and dispatcher) and plain arguments,
does the work through ``events`` and ``projections``, and returns plain dicts
for the view to serialise. Errors are raised (``service.http.errors``), never
returned.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

import orjson

from events.log.cache import StateCache
from events.table.checks import MalformedCommand, check_client_seed
from events.log.codec import utc_now
from events.commands.dispatch import Dispatcher
from events.commands.fairness import creator_of
from events.games import RULESETS
from events.games.contract import RuleViolation
from events.commands.handling import create_game as _create
from events.commands.handling import execute, invite_reservation, join_seat
from events.table.meta import OVER, SERVER_OPTIONS
from events.log.repository import GameRepository
from events.log.store import EventStore, GameNotFound
from projections.queries import list_games as _list_games
from events.commands.audit_work import ask
from projections.replay import ReplayNotReady
from projections.views import events_for, last_ts, redact_envelope, require_game, seat_view, summary, to_act
from service.http.record_cache import ServedRecords
from service.http.auth import caller_seat, new_token, seat_of, token_hash
from service.http.errors import ApiError
from service.http.system_events import SYSTEM_EVENT_SPECS


@dataclass
class Services:
    """What every use case needs: the event store, the job dispatcher and
    the game repository over the store with this process's write-model cache
    (see ``events.log.cache``), whose every commit the dispatcher follows up
    (``events.commands.transact.publish``)."""

    store: EventStore
    dispatcher: Dispatcher
    cache: StateCache = field(default_factory=StateCache)
    records: ServedRecords = field(default_factory=ServedRecords)
    repo: GameRepository = field(init=False)

    def __post_init__(self):
        self.repo = GameRepository(self.store, self.cache, on_commit=self.dispatcher.after_append)


def rules_page(ruleset_id: str) -> str:
    """The URL (a path on this server) of a ruleset's rules reference as HTML, rendered from
    ``docs/rules/<ruleset>.md`` (service/http/client.py)."""
    return f"/rules/{ruleset_id}"


def _options(ruleset) -> dict:
    return {**SERVER_OPTIONS, **ruleset.options}


def rulesets() -> list[dict]:
    """Every ruleset this server hosts, in short: seats, version, options, commands, bot policies."""
    return [{"id": r.id, "name": r.name, "min_seats": r.min_seats, "max_seats": r.max_seats,
             "version": r.version, "options": _options(r), "commands": r.commands,
             "bots": sorted(r.bots)} for r in RULESETS.values()]


def ruleset_detail(ruleset_id: str) -> dict:
    """One ruleset in full (``GET /v1/rulesets/{id}``): the short entry plus its rules versions,
    rules page, every event type with its description (the system events included), result
    codes and the catalogue. Raises ApiError 404 ``ruleset_not_found``."""
    ruleset = RULESETS.get(ruleset_id)
    if ruleset is None:
        raise ApiError(404, "ruleset_not_found", f"This server hosts no game '{ruleset_id}'.")
    def described(spec: dict) -> dict:
        return {key: spec[key] for key in ("description", "sentence") if key in spec}

    events = {name: described(spec) for name, spec in SYSTEM_EVENT_SPECS.items()}
    events.update({name: described(spec) for name, spec in sorted(ruleset.events.items())})
    return {"id": ruleset.id, "name": ruleset.name, "min_seats": ruleset.min_seats,
            "max_seats": ruleset.max_seats, "version": ruleset.version,
            "versions": sorted(set(ruleset.versions) | {ruleset.version}), "rules": rules_page(ruleset.id),
            "options": _options(ruleset), "bots": sorted(ruleset.bots), "commands": ruleset.commands,
            "events": events, "results": list(ruleset.catalogue.get("results", [])),
            "catalogue": ruleset.catalogue}


def create_game(svc: Services, ruleset: str, seats: list[dict], options: dict, address: str | None = None) -> dict:
    """Create a game; returns its summary plus a token for each human seat and an invite code
    for each open seat created with ``invite`` (both shown once: only their SHA-256 is kept).
    ``address``: the client's, whose lane the game's bot jobs take turns in (``events.commands.fairness``).
    Raises MalformedCommand ``bad_seats`` (400) for an invite on a seat that is not open,
    besides ``events.commands.handling.create_game``'s refusals; a refused create writes nothing."""
    tokens, invites, specs = [], [], []
    for i, seat in enumerate(seats):
        if seat.get("invite") and not seat.get("open"):
            raise MalformedCommand("bad_seats", f"Seat {i}: an invite keeps an open seat for someone; this seat "
                                                "is not open.")
        spec = {"name": seat.get("name") or (f"Bot {i}" if seat.get("bot") else f"Seat {i}"),
                "bot": seat.get("bot"), "open": bool(seat.get("open")), "auto_pass": bool(seat.get("auto_pass")),
                "client_seed": seat.get("client_seed")}
        if not spec["bot"] and not spec["open"]:
            token, spec["token_sha256"] = new_token()
            tokens.append({"seat": i, "token": token})
        if spec["open"] and seat.get("invite"):
            code, digest = new_token()
            spec["reserved_for"] = invite_reservation(digest)
            invites.append({"seat": i, "code": code})
        specs.append(spec)
    result = _create(svc.repo, ruleset, specs, options, created=utc_now(), creator=creator_of(address))
    return {**summary(require_game(svc.repo, result.game_id), svc.repo), "tokens": tokens, "invites": invites}


#: How long a create's Idempotency-Key is remembered, in seconds (a day).
IDEMPOTENCY_TTL_S = 24 * 3600


def create_game_once(svc: Services, body: dict, key: str | None,
                     address: str | None = None) -> tuple[dict, bool]:
    """:func:`create_game` from a parsed create body, at most once per ``Idempotency-Key``; returns the
    answer and whether it replays an earlier create.

    The key (its SHA-256) is kept in Redis for :data:`IDEMPOTENCY_TTL_S` with the game it made and
    the digest of the body. ``address``: the client's (:func:`create_game`). A retry with the same key and body answers that game's summary, without
    tokens or invite codes (they are shown once: only the first answer holds them); the same key with another body
    is a 409 ``idempotency_key_reused``, and while the first create runs a 409
    ``idempotency_key_in_use``. A create that fails forgets its key, so a corrected retry may use it."""
    if key is None:
        return create_game(svc, body["ruleset"], body["seats"], body["options"], address), False
    redis = svc.store.redis
    name = f"{svc.store.prefix}:idempotency:create:{hashlib.sha256(key.encode()).hexdigest()}"
    fingerprint = hashlib.sha256(orjson.dumps(body, option=orjson.OPT_SORT_KEYS)).hexdigest()
    if not redis.set(name, f"pending {fingerprint}", nx=True, ex=IDEMPOTENCY_TTL_S):
        held = redis.get(name) or b"pending -"
        state, _, held_fingerprint = (held.decode() if isinstance(held, bytes) else held).partition(" ")
        if held_fingerprint != fingerprint:
            raise ApiError(409, "idempotency_key_reused", "This Idempotency-Key was used for another create; "
                                                          "use a new key for a new game.")
        if state == "pending":
            raise ApiError(409, "idempotency_key_in_use", "A create with this Idempotency-Key is still running; "
                                                          "ask again in a moment.")
        return {**summary(require_game(svc.repo, state), svc.repo), "tokens": [], "invites": []}, True
    try:
        created = create_game(svc, body["ruleset"], body["seats"], body["options"], address)
    except BaseException:
        redis.delete(name)
        raise
    redis.set(name, f"{created['id']} {fingerprint}", ex=IDEMPOTENCY_TTL_S)
    return created, False


def once(svc: Services, kind: str, scope: str, key: str | None, body: dict, run, again) -> dict:
    """``run()`` at most once per ``Idempotency-Key`` for a call that answers a token shown once (a join,
    a rematch): returns its answer, or, for a retry, ``again(kept)`` -- the answer without the token.

    Only the SHA-256 of ``scope`` and ``key`` names the record (``<prefix>:idempotency:<kind>:<hash>``,
    kept :data:`IDEMPOTENCY_TTL_S`), with the digest of ``body`` and what ``run`` answered *without*
    its ``token`` (never stored: only its SHA-256 is, in the game's meta). A retry with the same key
    and body answers ``again(kept)``; the same key with another body is a 409
    ``idempotency_key_reused``, and while the first call runs a 409 ``idempotency_key_in_use``. A call
    that fails forgets its key, so a corrected retry may use it. ``key`` None: ``run()``, nothing kept."""
    if key is None:
        return run()
    redis = svc.store.redis
    name = f"{svc.store.prefix}:idempotency:{kind}:{hashlib.sha256(f'{scope}:{key}'.encode()).hexdigest()}"
    fingerprint = hashlib.sha256(orjson.dumps(body, option=orjson.OPT_SORT_KEYS)).hexdigest()
    pending = orjson.dumps({"fingerprint": fingerprint, "kept": None})
    if not redis.set(name, pending, nx=True, ex=IDEMPOTENCY_TTL_S):
        try:
            held = orjson.loads(redis.get(name) or pending)
        except orjson.JSONDecodeError:
            held = {"fingerprint": None, "kept": None}
        if held.get("fingerprint") != fingerprint:
            raise ApiError(409, "idempotency_key_reused", f"This Idempotency-Key was used for another {kind} "
                                                          "(another body); use a new key for a new call.")
        if held.get("kept") is None:
            raise ApiError(409, "idempotency_key_in_use", f"A {kind} with this Idempotency-Key is still running; "
                                                          "ask again in a moment.")
        return again(held["kept"])
    try:
        answer = run()
    except BaseException:
        redis.delete(name)
        raise
    kept = {k: v for k, v in answer.items() if k != "token"}
    redis.set(name, orjson.dumps({"fingerprint": fingerprint, "kept": kept}), ex=IDEMPOTENCY_TTL_S)
    return answer


def join_once(svc: Services, game_id: str, seat: int | None, body: dict, key: str | None) -> dict:
    """:func:`join` from a parsed join body (``seat`` from the path, None for ``POST .../join``), at most
    once per ``Idempotency-Key`` (:func:`once`, scoped to the game): a retry with the same key and body
    answers the same seat, ``token`` null (shown once, in the first answer) and ``duplicate`` true."""
    def run():
        return join(svc, game_id, seat, body["name"], body["auto_pass"], body["client_seed"], body["invite"])
    return once(svc, "join", game_id, key, {**body, "seat": seat}, run,
                lambda kept: {**kept, "token": None, "duplicate": True})


def join(svc: Services, game_id: str, seat: int | None, name: str, auto_pass: bool, client_seed: str | None = None,
         invite: str | None = None) -> dict:
    """Take open ``seat`` (None: the first open seat the caller may take -- the one its
    ``invite`` code keeps, else the first kept for nobody), adding ``client_seed`` to the game's
    randomness (``events.table.randomness``); returns ``{"seat", "token"}``. Raises MalformedCommand
    ``bad_client_seed`` (400) for a seed that is not 1 to 64 printable ASCII characters, and
    ``events.commands.handling.join_seat``'s refusals (409 ``seat_taken``, ``seat_reserved``,
    ``no_open_seat``, ``game_started``). ``duplicate`` is false (:func:`join_once` answers a retry)."""
    check_client_seed(client_seed)
    token, digest = new_token()
    kept = invite_reservation(token_hash(invite)) if invite else None
    result = join_seat(svc.repo, game_id, seat, name, digest, auto_pass, client_seed, reserved_for=kept)
    return {"seat": result.envelopes[0].data["seat"], "token": token, "duplicate": False}


def list_games(svc: Services, **query) -> dict:
    """The lobby: one page of public summaries filtered by ``status`` and ``ruleset``."""
    try:
        return _list_games(svc.repo, **query)
    except ValueError as exc:
        raise ApiError(400, "bad_cursor", str(exc)) from exc


def game_summary(svc: Services, game_id: str) -> dict:
    """The public summary of one game."""
    return summary(require_game(svc.repo, game_id), svc.repo)


#: Seconds a client is told to wait while a game's replay checkpoints are written.
REPLAY_RETRY_AFTER_S = 2


def view(svc: Services, game_id: str, at: int | None = None) -> dict:
    """The caller's view (spectator without a token), now or at version ``at`` (folded from the
    nearest checkpoint: ``projections.replay``). A version of a game written before checkpoints,
    too far from its start to fold in a request, is a 503 ``replay_preparing`` with ``Retry-After``
    while a worker writes them."""
    return final_view(svc, game_id, at)[0]


def final_view(svc: Services, game_id: str, at: int | None = None, seat: int | None = None) -> tuple[dict, bool]:
    """:func:`view`, and whether it can never change: a past version (``at``) of a finished game.

    ``seat``: once the game is finished, that seat's view for anyone (the whole log is open then:
    docs/rules/<ruleset>.md, "What each seat and a spectator can see"); while it waits or runs, 403
    ``seat_view_hidden``, and 400 ``bad_seat`` for a seat the game does not have."""
    game = require_game(svc.repo, game_id)
    if seat is None:
        seat = caller_seat(game.meta, required=False)
    elif game.meta.status not in OVER:
        raise ApiError(403, "seat_view_hidden", "A seat's view is its own until the game is over: ask without "
                                                "'seat' and with that seat's token.")
    elif seat >= len(game.meta.seats):
        raise ApiError(400, "bad_seat", f"This game has seats 0 to {len(game.meta.seats) - 1}.")
    try:
        return seat_view(svc.repo, game, seat, at), at is not None and game.meta.status in OVER
    except ValueError as exc:
        raise ApiError(400, "bad_version", str(exc)) from exc
    except ReplayNotReady as exc:
        ask(svc.store, svc.dispatcher.queue_redis, "checkpoints", game_id, game.version)
        raise ApiError(503, "replay_preparing", f"Version {exc.version} of this game is being prepared for replay; "
                                                f"try again in {REPLAY_RETRY_AFTER_S} seconds.",
                       headers=[("Retry-After", str(REPLAY_RETRY_AFTER_S))]) from exc


def legal_commands(svc: Services, game_id: str) -> dict:
    """What the caller's seat may send now: ``[{"command", "label", "cost", "effect"}]``,
    each ``command`` a complete body to POST as it is, described by the ruleset."""
    game = require_game(svc.repo, game_id)
    seat = caller_seat(game.meta, required=True)
    commands = game.ruleset.legal_commands(game.state, seat) if game.meta.status == "active" else []
    describe = game.ruleset.describe
    entries = []
    for command in commands:
        described = describe(game.state, seat, command)
        entries.append({"command": command, "label": described["label"], "cost": described.get("cost"),
                        "effect": described.get("effect")})
    return {"game_id": game_id, "ruleset": game.meta.ruleset, "version": game.version, "seat": seat,
            "commands": entries}


def send_command(svc: Services, game_id: str, body: dict, token: str | None, idempotency_key: str | None,
                 seen: dict | None = None) -> dict:
    """Decide and append the caller's command; returns the new version and the caller's events.

    ``seen``, when given, gets the game's ``ruleset`` as soon as it is loaded (the command metrics).

    A 409 ``not_your_turn`` names whom the game waits for and on what
    decision, and lists them (``to_act``) in the error body.
    """
    command = {k: v for k, v in body.items() if k != "expected_version"}
    holder = {}
    seen = {} if seen is None else seen

    def authorise(meta):
        seen["ruleset"] = meta.ruleset
        if token is None:
            raise ApiError(401, "missing_token", "Commands need your seat token: 'Authorization: Bearer <token>'.")
        holder["seat"] = seat_of(meta, token)
        return holder["seat"]

    try:
        result = execute(svc.repo, game_id, authorise, command, expected_version=body.get("expected_version"),
                         idempotency_key=idempotency_key,
                         idempotency_scope=token_hash(token)[:16] if token and idempotency_key else "")
    except RuleViolation as exc:
        if exc.status == 409 and exc.code == "not_your_turn":
            raise _waiting(svc, game_id, holder.get("seat"), exc) from exc
        raise
    finished = result.meta.status in OVER
    events = [redact_envelope(result.ruleset, e, result.seat, finished) for e in result.envelopes]
    return {"game_id": game_id, "ruleset": result.meta.ruleset, "version": result.last_version,
            "duplicate": result.duplicate, "events": events, "head": result.head}


def _waiting(svc: Services, game_id: str, seat: int | None, exc: RuleViolation) -> Exception:
    """The 409 for a seat that has nothing to decide: "Waiting for seat 2 (Bob): <decision>."."""
    try:
        game = require_game(svc.repo, game_id)
    except GameNotFound:
        return exc
    others = [d for d in to_act(game.ruleset, game.meta, game.state, last_ts(game), game.clocks)
              if d["seat"] != seat]
    if not others:
        return exc
    names = " and ".join(f"seat {d['seat']} ({game.meta.seats[d['seat']].get('name') or 'unnamed'})"
                         for d in others)
    labels = " ".join(dict.fromkeys(d["label"] for d in others))
    return ApiError(409, exc.code, f"Waiting for {names}: {labels}", to_act=others)


def event_page(svc: Services, game_id: str, after: int, limit: int) -> dict:
    """A page of the log redacted for the caller; complete (unredacted) once the game is finished.
    Every event carries the chain head after it (``EventStore.read_chained``): a receipt."""
    game = require_game(svc.repo, game_id)
    seat = caller_seat(game.meta, required=False)
    envelopes = svc.store.read_chained(game_id, after=after, limit=limit, until=game.version,
                                         key=game.meta.chain_key)
    return {"game_id": game_id, "ruleset": game.meta.ruleset, "version": game.version,
            "complete": game.meta.status in OVER,
            "events": events_for(svc.repo, game, seat, envelopes=envelopes)}


#: Seconds a stream ticket opens its seat's stream for (a browser opens the EventSource at once; a
#: reconnect after the stream's lifetime asks for a new ticket).
STREAM_TICKET_TTL_S = 60


def stream_ticket(svc: Services, game_id: str) -> dict:
    """A short-lived ticket that opens the calling seat's event stream of this game from a native
    ``EventSource`` (which cannot send an ``Authorization`` header): ``{"ticket", "seat",
    "expires_in_s"}``. Only the ticket's SHA-256 is kept, in the game's hash slot, for
    :data:`STREAM_TICKET_TTL_S`; it names the seat and nothing else. Raises 401/403 as any seat call
    (``service.http.auth.caller_seat``), 404 for no such game."""
    game = require_game(svc.repo, game_id)
    seat = caller_seat(game.meta, required=True)
    ticket, digest = new_token()
    svc.store.redis.set(svc.store.key(game_id, f"ticket:{digest}"), str(seat), ex=STREAM_TICKET_TTL_S)
    return {"ticket": ticket, "seat": seat, "expires_in_s": STREAM_TICKET_TTL_S}


def ticket_seat(svc: Services, game_id: str, ticket: str) -> int:
    """The seat a stream ticket of this game opens; raises 403 ``invalid_ticket`` for a ticket that
    is unknown, expired or of another game."""
    held = svc.store.redis.get(svc.store.key(game_id, f"ticket:{token_hash(ticket)}"))
    if held is None:
        raise ApiError(403, "invalid_ticket", "That stream ticket is unknown or expired (they last "
                                              f"{STREAM_TICKET_TTL_S} s): ask for a new one with your seat token.")
    return int(held)
