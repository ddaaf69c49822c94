"""The use cases of a table over time: a seat leaves, resigns or takes its seat back, the
table plays again, anyone downloads a finished game's record.

Each function takes the :class:`service.http.handlers.Services` and plain
arguments, calls the domain (``events.commands.seating``, ``events.commands.rematch``,
``projections.records``), dispatches what it wrote (a bot job for a seat a bot
now plays, the deadline of whoever must act) and returns a plain dict for the
view (``service.http.tables``) to serialise. Errors are raised, never returned;
every refused request changes nothing.
"""
from __future__ import annotations

import time

import orjson

from events.commands import seating
from events.commands.audit_work import ask
from events.table.checks import check_client_seed
from events.commands.handling import load_meta
from events.table.meta import OVER, GameMeta
from events.commands.rematch import rematch as _rematch
from events.log.repository import CommandResult
from events.log.store import GameNotFound
from projections import verdicts
from projections.records import record_of
from projections.views import load_game, redact_envelope
from service.http.auth import bearer, new_token, seat_of, token_hash
from service.http.errors import ApiError
from service.http.handlers import Services, once

#: How often, and how long apart, a rematch call retries a rematch another player is creating this moment.
REMATCH_RETRIES, REMATCH_RETRY_S = 20, 0.05


def _own_seat(meta: GameMeta, seat: int) -> None:
    """Check the caller holds ``seat``: 400 ``bad_seat`` for no such seat, 401 ``missing_token``
    without a token, 403 ``invalid_token`` for a token of no seat of this game and
    ``not_your_seat`` for another seat's token."""
    if not 0 <= seat < len(meta.seats):
        raise ApiError(400, "bad_seat", f"This game has seats 0 to {len(meta.seats) - 1}.")
    token = bearer()
    if token is None:
        raise ApiError(401, "missing_token", f"This needs seat {seat}'s token: 'Authorization: Bearer <token>'.")
    caller = seat_of(meta, token)
    if caller != seat:
        raise ApiError(403, "not_your_seat", f"That token is seat {caller}'s, not seat {seat}'s.")


def _result(svc: Services, result: CommandResult) -> dict:
    """Answer a seat change as a command result (``<Ruleset>CommandResult``)."""
    finished = result.meta.status in OVER
    events = [redact_envelope(result.ruleset, e, result.seat, finished) for e in result.envelopes]
    return {"game_id": result.game_id, "ruleset": result.meta.ruleset, "version": result.last_version,
            "duplicate": result.duplicate, "events": events, "head": result.head}


def _scoped(change: str, idempotency_key: str | None) -> str | None:
    """A seat change's ``Idempotency-Key`` as the store keeps it: scoped to the caller's token and
    to the change (``"<token hash>:<change>:<key>"``), so no other caller or change can meet it."""
    token = bearer()
    return f"{token_hash(token)}:{change}:{idempotency_key}" if idempotency_key and token else None


def _replay(svc: Services, game_id: str, seat: int, key: str | None) -> dict | None:
    """The answer of a seat change already made under ``key`` (``duplicate``: nothing written), or None."""
    if key is None:
        return None
    game, seen = svc.repo.get_for(game_id, key)
    return _result(svc, svc.repo.replayed(game, seen, seat)) if seen is not None else None


def _change_seat(svc: Services, game_id: str, seat: int, change, key: str | None = None) -> dict:
    replayed = _replay(svc, game_id, seat, key)
    if replayed is not None:
        return replayed
    _own_seat(load_meta(svc.repo, game_id), seat)
    return _result(svc, change())


def leave(svc: Services, game_id: str, seat: int, idempotency_key: str | None = None) -> dict:
    """The seat's player leaves. Before the start the seat is open again for anyone and the
    token stops working (``SeatVacated``, ``events.commands.seating.vacate``); once the game runs a bot
    (the ``takeover_policy`` option, else the ruleset's ``strong``) plays the seat from now on
    (``SeatTakenOver``, reason ``left``).

    Raises 409 ``game_not_running`` (over), ``game_started`` (it started between the two
    reads: leave again) and ``seat_is_a_bot`` (a bot plays it already), besides the checks of
    :func:`_own_seat`. ``idempotency_key``: a retry with it answers the first leave again
    (``duplicate``; before the start too, when the token no longer holds the seat)."""
    key = _scoped("leave", idempotency_key)
    replayed = _replay(svc, game_id, seat, key)
    if replayed is not None:
        return replayed
    meta = load_meta(svc.repo, game_id)
    _own_seat(meta, seat)
    if meta.status == "waiting":
        return _result(svc, seating.vacate(svc.repo, game_id, seat, idempotency_key=key))
    return _result(svc, seating.take_over(svc.repo, game_id, seat, "left", idempotency_key=key))


def cancel(svc: Services, game_id: str, idempotency_key: str | None = None) -> dict:
    """The game's creator closes a game that has not started (``GameCancelled`` then ``SeedRevealed``;
    ``events.commands.seating.cancel``): it leaves the lobby's list of waiting games, its status is
    ``cancelled`` and its log ends. The caller is named by its token, which must be one the create
    gave (a seat it still holds).

    Raises 401 ``missing_token``, 403 ``invalid_token`` (no seat of this game) and
    ``not_the_creator``, 404, and 409 ``game_started``, ``game_over``, ``game_cancelled``; a refused
    cancel writes nothing. ``idempotency_key``: a retry with it answers the first cancel again
    (``duplicate``) instead of ``game_cancelled``."""
    key = _scoped("cancel", idempotency_key)
    token = bearer()
    if token is None:
        raise ApiError(401, "missing_token", "Cancelling needs the creator's seat token: "
                                             "'Authorization: Bearer <token>'.")
    meta = load_meta(svc.repo, game_id)
    seat = seat_of(meta, token)
    replayed = _replay(svc, game_id, seat, key)
    if replayed is not None:
        return replayed
    return _result(svc, seating.cancel(svc.repo, game_id, seat, idempotency_key=key))


def resign(svc: Services, game_id: str, seat: int, idempotency_key: str | None = None) -> dict:
    """The seat resigns: out by the game's rule (docs/rules, "Resigning"), or played on by a bot
    in a game without one (``SeatResigned``). Raises 409 ``game_not_running``,
    ``already_resigned``, besides the checks of :func:`_own_seat`. ``idempotency_key``: a retry
    with it answers the first resignation again (``duplicate``) instead of ``already_resigned``."""
    key = _scoped("resign", idempotency_key)
    return _change_seat(svc, game_id, seat, lambda: seating.resign(svc.repo, game_id, seat, idempotency_key=key), key)


def reclaim(svc: Services, game_id: str, seat: int, idempotency_key: str | None = None) -> dict:
    """The seat's player takes back the seat a bot took over (``SeatReclaimed``). Raises 409
    ``game_not_running``, ``not_taken_over`` (no bot took it over, or its player resigned)
    and ``reclaim_not_allowed`` (option ``allow_reclaim`` false), besides :func:`_own_seat`'s."""
    key = _scoped("reclaim", idempotency_key)
    return _change_seat(svc, game_id, seat, lambda: seating.reclaim(svc.repo, game_id, seat, idempotency_key=key),
                        key)


def rematch(svc: Services, game_id: str, name: str | None = None, client_seed: str | None = None,
            idempotency_key: str | None = None) -> dict:
    """The caller (a player of the finished game, by its token) takes its seat in the table's
    rematch, creating the rematch if it is the first (``events.commands.rematch``); returns
    ``{"game_id", "seat", "token", "duplicate"}`` with a new token for the caller, shown once.

    Raises 401/403 (no token, or one of no seat of this game), 400 ``bad_client_seed``,
    409 ``game_not_over`` (the game runs), ``game_cancelled`` and ``seat_taken`` (the caller already
    took its seat). ``idempotency_key`` (scoped to the game and the caller's token,
    ``service.http.handlers.once``): a retry with the same key and body answers the same rematch and
    seat, ``token`` null (it was shown once) and ``duplicate`` true, instead of ``seat_taken``; the
    same key with another body is a 409 ``idempotency_key_reused``."""
    token = bearer()
    scope = f"{game_id}:{token_hash(token)}" if token else game_id
    return once(svc, "rematch", scope, idempotency_key if token else None,
                {"name": name, "client_seed": client_seed}, lambda: _rematch_now(svc, game_id, name, client_seed),
                lambda kept: {**kept, "token": None, "duplicate": True})


def _rematch_now(svc: Services, game_id: str, name: str | None, client_seed: str | None) -> dict:
    """:func:`rematch` without its Idempotency-Key."""
    meta = load_meta(svc.repo, game_id)
    token = bearer()
    if token is None:
        raise ApiError(401, "missing_token", "A rematch needs your seat token of this game: "
                                             "'Authorization: Bearer <token>'.")
    seat = seat_of(meta, token)
    check_client_seed(client_seed)
    new_token_text, digest = new_token()
    for attempt in range(REMATCH_RETRIES):
        try:
            done = _rematch(svc.repo, game_id, seat, digest, name, client_seed)
            break
        except GameNotFound as exc:        # another player's call named the rematch and is creating it now
            if exc.game_id == game_id or attempt == REMATCH_RETRIES - 1:
                raise
            time.sleep(REMATCH_RETRY_S)
    return {"game_id": done.game_id, "seat": done.seat, "token": new_token_text, "duplicate": False}


def record(svc: Services, game_id: str) -> tuple[bytes, str]:
    """A finished game's portable record (``projections.records``) as JSON bytes, and their strong
    ETag: what ``stranded verify --file`` checks with no server. Built once per process and
    fingerprint (``service.http.record_cache``), so a long game's record costs a read of its whole
    stream once, not per download. Raises 404 for no such game, 409 ``game_not_over`` while it waits
    or runs (its seed is still secret), 409 ``log_damaged`` for a game whose keys cannot be read (a
    record is of a log the server can serve). A cancelled game has one too: its log ends with
    ``SeedRevealed`` like a finished game's."""
    meta = load_game(svc.repo, game_id).meta
    if meta.status not in OVER:
        raise ApiError(409, "game_not_over", "A game's record can be downloaded once the game is over.")
    return svc.records.body(game_id, svc.store.fingerprint(game_id),
                            lambda: orjson.dumps(record_of(svc.store, game_id)))


def verification(svc: Services, game_id: str) -> tuple[dict, int]:
    """The audit of the game's log as this server holds it (``projections.verdicts``): the chain,
    the envelopes, the rules re-run over every recorded command (with the revealed seed once the
    game is over; while it runs, the seedless checks) and the server's caches -- computed by a
    worker once per version (``events.commands.audit_work``), never in this request.

    Returns ``(Verification, status)``: 200 with the verdict kept for the game (``current`` false
    when it covers an earlier version: the latest is then asked for), or 202 with a ``pending``
    body when none is kept yet. While the game runs the problems are counted, not listed (they may
    quote events hidden from some seats); they are listed once the server's meta says the game is
    over. Raises 404 for no such game."""
    game = load_game(svc.repo, game_id)
    if game.version == 0:
        raise GameNotFound(game_id)
    over = game.meta.status in OVER
    found = verdicts.kept(svc.store, game_id)
    if found is None or found["version"] != game.version:
        ask(svc.store, svc.dispatcher.queue_redis, "verification", game_id, game.version, final=over)
    if found is None:
        return verdicts.pending(game.version), 202
    return verdicts.body(found, game.version, over), 200
