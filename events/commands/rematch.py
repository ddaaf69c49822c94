"""Play again: a finished game's table starts a new game together.

``rematch(repo, game_id, seat, ...)`` is called by each human seat of a
finished game with its own token. The first call creates the new game, once
(a key in the old game's slot, set only if absent, links the two): the same
ruleset, the same options but a fresh secret seed (no fixed seed, no stacked
deal), the seats moved one place on (the old seat 1 sits at 0, ..., the old
seat 0 at the end), so another seat starts where the game's first player is
a seat number. Bot seats keep their policy. Each human seat -- including one
a bot took over -- is kept open for the player who held it, and every call
takes the caller's kept seat with a new token of its own; the new game starts
when the last kept seat is taken. ``GameCreated`` names the game it is the
rematch of; the old game's summary names its rematch.
"""
from __future__ import annotations

import uuid
from dataclasses import dataclass

from events.log.codec import utc_now
from events.games.contract import RuleViolation
from events.commands.handling import create_game, join_seat
from events.table.meta import SECRET_OPTIONS
from events.log.repository import CommandResult, GameRepository


@dataclass
class Rematch:
    """What a rematch call did: the new game, the caller's seat in it, and the batches it
    wrote (the creation, the join) for the caller to dispatch."""

    game_id: str
    seat: int
    results: list[CommandResult]


def rematch_key(repo: GameRepository, game_id: str) -> str:
    """The key, in the old game's slot, that names its rematch."""
    return repo.store.key(game_id, "rematch")


def rematch_of(repo: GameRepository, game_id: str) -> str | None:
    """The id of ``game_id``'s rematch, or None."""
    value = repo.store.redis.get(rematch_key(repo, game_id))
    return value.decode() if isinstance(value, bytes) else value


def new_seat_of(old_seat: int, seats: int) -> int:
    """Where the player of ``old_seat`` sits in the rematch: one place on."""
    return (old_seat - 1) % seats


def rematch(repo: GameRepository, game_id: str, seat: int, token_sha256: str, name: str | None = None,
            client_seed: str | None = None) -> Rematch:
    """The caller (``seat`` of the finished game ``game_id``, authenticated by the caller)
    takes its kept seat in the rematch, creating the rematch if it is the first.

    ``token_sha256``: the hash of the new token the caller will receive.
    Raises RuleViolation ``game_not_over`` (409) while the game runs, ``game_cancelled`` (409) for a
    game its creator cancelled,
    ``not_a_player`` (409) for a seat that never had a player, ``seat_taken``
    when the caller already took its seat.
    """
    old = repo.get(game_id)
    if old.meta.status == "cancelled":
        raise RuleViolation("game_cancelled", "A cancelled game has no rematch: create a new game.", status=409)
    if old.meta.status != "finished":
        raise RuleViolation("game_not_over", "A rematch starts once the game is over.", status=409)
    holder = old.meta.seats[seat]
    if not holder.get("token_sha256"):
        raise RuleViolation("not_a_player", f"Seat {seat} had no player to play again.", status=409)
    results: list[CommandResult] = []
    new_id = rematch_of(repo, game_id)
    if new_id is None:
        candidate = uuid.uuid4().hex[:16]
        if repo.store.redis.set(rematch_key(repo, game_id), candidate, nx=True):
            try:
                results.append(_create(repo, old, candidate))
            except Exception:
                repo.store.redis.delete(rematch_key(repo, game_id))   # name no game that does not exist
                raise
        new_id = rematch_of(repo, game_id)
    n = len(old.meta.seats)
    target = new_seat_of(seat, n)
    joined = join_seat(repo, new_id, target, name or holder.get("name") or f"Seat {target}", token_sha256,
                       bool(holder.get("auto_pass")), client_seed, reserved_for=holder["token_sha256"])
    results.append(joined)
    return Rematch(new_id, target, results)


def _create(repo: GameRepository, old, new_id: str) -> CommandResult:
    n = len(old.meta.seats)
    seats = []
    for new in range(n):
        spec = old.meta.seats[(new + 1) % n]
        if spec.get("token_sha256"):             # a player's seat, kept for that player
            seats.append({"name": spec.get("name"), "bot": None, "open": True, "auto_pass": False,
                          "reserved_for": spec["token_sha256"]})
        else:
            seats.append({"name": spec.get("name"), "bot": spec.get("bot"), "open": False, "auto_pass": False})
    options = {k: v for k, v in old.meta.options.items() if k not in SECRET_OPTIONS}
    return create_game(repo, old.meta.ruleset, seats, options, game_id=new_id, created=utc_now(),
                       rematch_of=old.meta.game_id, creator=old.meta.creator)
