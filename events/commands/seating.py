"""Seats over time: a player who leaves, resigns or goes silent, and takes the seat back.

Real tables lose players. Before the start, a seat's player may **leave**
the table: the seat is open again for anyone to join (``SeatVacated``,
:func:`vacate`), and the game's creator may **cancel** it: the game ends
without being dealt (``GameCancelled`` then ``SeedRevealed``, :func:`cancel`).
Once the game runs, a seat may

* **leave**: a bot (the game's ``takeover_policy`` option, by default the
  ruleset's ``strong``) plays the seat from now on, so the others can finish
  (Board Game Arena's "zombie mode");
* **resign**: the seat is out by the game's own rule (``Ruleset.resign``,
  written in ``docs/rules/<ruleset>.md``, "Resigning"); a game without one
  lets a bot play the seat on, as for leaving. The seat can no longer win;
* be **taken over** after missing ``takeover_after`` deadlines in a row (the
  option, 3 by default; 0 never): a deadline's default counts as missed, a
  command the seat sends itself ends the streak;
* **reclaim** a seat a bot took over, with its token, while the game runs --
  if the game's ``allow_reclaim`` option (true by default) allows it.

Each is a batch of the server's own events (``SeatTakenOver``,
``SeatReclaimed``, ``SeatResigned``; ``events.table.system``) in the game's log, so
the log says who played each move and why; the meta hash's seats (who is a
bot now: ``bot``, ``replaced``, ``resigned``, ``left``) are the cache the
dispatcher and the summary read, derived from the batch's seat event by
``events.table.seats.apply_seat_event`` -- the rule ``stranded verify`` recomputes
them with.
"""
from __future__ import annotations

from events.games.contract import RuleViolation
from events.table.progress import seed_revealed
from events.table.randomness import rng_for
from events.table.seats import apply_seat_event, count_missed  # noqa: F401 (count_missed: the streak rule)
from events.table.seats import seats_the_create_filled
from events.table.seats import takeover_policy as policy_of
from events.commands.transact import Batch, transact
from events.log.repository import CommandResult, Game, GameRepository

DEFAULT_TAKEOVER_AFTER = 3


def takeover_policy(game: Game) -> str:
    """The bot that takes a seat over in ``game`` (``events.table.seats.takeover_policy``)."""
    return policy_of(game.ruleset.bots, game.meta.options)


def takeover_due(game: Game, seat: int) -> bool:
    """Whether ``seat`` has missed as many deadlines in a row as the game allows."""
    limit = game.meta.options.get("takeover_after", DEFAULT_TAKEOVER_AFTER)
    human = not game.meta.seats[seat].get("bot")
    return bool(limit) and human and (game.missed or {}).get(str(seat), 0) >= limit


def _running(game: Game) -> None:
    if game.meta.status != "active":
        raise RuleViolation("game_not_running", "The game is not running.", status=409)


def _waiting(game: Game) -> None:
    if game.meta.status != "waiting":
        raise RuleViolation("game_started", "The game has started: leave it now and a bot plays your seat.",
                            status=409)


def _seat_change(repo: GameRepository, game_id: str, seat: int, build, waiting: bool = False,
                 idempotency_key: str | None = None) -> CommandResult:
    """Load, let ``build(game) -> (events, command, cause, acting seat)`` decide the batch (its
    last event the seat event), save it with the seat's meta as that event leaves it
    (``events.table.seats.apply_seat_event``); retried on a lost race. The game must be running
    (RuleViolation ``game_not_running``), or with ``waiting`` not yet started (``game_started``).

    ``idempotency_key`` (already scoped to the caller and the change, e.g. ``"<token hash>:resign:<key>"``):
    a retry finds the batch the first call wrote under it and returns that result again
    (``duplicate``), writing nothing -- the same store-side record a command's key uses."""
    def decide(game: Game, _acting) -> Batch:
        (_waiting if waiting else _running)(game)
        if not 0 <= seat < len(game.meta.seats):
            raise RuleViolation("bad_seat", f"This game has seats 0 to {len(game.meta.seats) - 1}.", status=400)
        events, command, cause, acting = build(game)
        meta = game.meta.copy()
        meta.seats = list(meta.seats)
        meta.seats[seat] = apply_seat_event(meta.seats[seat], events[-1]["type"], events[-1]["data"],
                                            takeover_policy(game))
        return Batch(events, command, acting, cause, meta)
    return transact(repo, game_id, decide, seat=seat, idempotency_key=idempotency_key)


def vacate(repo: GameRepository, game_id: str, seat: int, idempotency_key: str | None = None) -> CommandResult:
    """The player of ``seat`` leaves a game that has not started: the seat is open again, named
    ``Seat <n>``, and its token, client seed and ``auto_pass`` are gone (``SeatVacated``; the
    command ``VacateSeat``, sent by the seat itself). The seat's token is checked by the caller.

    Raises RuleViolation ``game_started`` (409) once the game runs (the last seat was taken:
    leaving is then a takeover, :func:`take_over`) and ``seat_open`` (409) for a seat nobody holds."""
    def build(game: Game):
        if game.meta.seats[seat].get("open") or game.meta.seats[seat].get("bot"):
            raise RuleViolation("seat_open", f"Nobody holds seat {seat}.", status=409)
        events = [{"type": "SeatVacated", "data": {"seat": seat, "name": f"Seat {seat}"}}]
        return events, {"type": "VacateSeat", "seat": seat}, "seat", seat
    return _seat_change(repo, game_id, seat, build, waiting=True, idempotency_key=idempotency_key)


def creator_seats(created: dict, meta_seats: list[dict]) -> list[int]:
    """The seats the game's creator still holds: those ``GameCreated`` (its ``data``) gave a token
    (neither open nor a bot) whose token is still the one it gave -- a seat its holder left and
    someone else took is not the creator's any more. The rule ``stranded verify`` checks a
    ``CancelGame`` batch with (``projections.audit_rules``)."""
    seats = created.get("seats") or []
    return [i for i in sorted(seats_the_create_filled(created))
            if i < len(meta_seats) and meta_seats[i].get("token_sha256") == seats[i]["token_sha256"]]


def cancel(repo: GameRepository, game_id: str, seat: int, idempotency_key: str | None = None) -> CommandResult:
    """The game's creator, holding ``seat`` (a seat the create filled, :func:`creator_seats`), closes
    a game that has not started: one batch ``GameCancelled`` then ``SeedRevealed`` (the seed and
    the audit key, so the log can be checked whole like any ended game's), the command
    ``CancelGame``; the meta's status is ``cancelled`` and nothing can follow. The seat's token is
    checked by the caller.

    Raises RuleViolation ``game_started`` (409) once the game runs, ``game_over`` or
    ``game_cancelled`` (409) once it ended, and ``not_the_creator`` (403) for a seat the creator
    does not hold."""
    created = repo.store.read(game_id, limit=1)
    created_data = created[0].data if created and created[0].type == "GameCreated" else {}

    def decide(game: Game, _acting) -> Batch:
        if game.meta.status == "cancelled":
            raise RuleViolation("game_cancelled", "The game was cancelled already.", status=409)
        if game.meta.status == "finished":
            raise RuleViolation("game_over", "The game is over: only a waiting game can be cancelled.", status=409)
        if game.meta.status != "waiting":
            raise RuleViolation("game_started", "The game has started: a running game cannot be cancelled "
                                                "(leave it, or resign).", status=409)
        if seat not in creator_seats(created_data, game.meta.seats):
            raise RuleViolation("not_the_creator", "Only the game's creator can cancel it: send the token of a "
                                                   "seat the create gave you.", status=403)
        meta = game.meta.copy()
        meta.status, meta.result = "cancelled", None
        events = [{"type": "GameCancelled", "data": {"seat": seat}}, seed_revealed(meta)]
        return Batch(events, {"type": "CancelGame", "seat": seat}, seat, "seat", meta)
    return transact(repo, game_id, decide, seat=seat, idempotency_key=idempotency_key)


def take_over(repo: GameRepository, game_id: str, seat: int, reason: str,
              idempotency_key: str | None = None) -> CommandResult:
    """A bot takes ``seat`` over (``reason``: ``"left"`` or ``"missed_deadlines"``).

    Raises ``RuleViolation`` 409 when the game is not running or the seat is a bot already."""
    def build(game: Game):
        if game.meta.seats[seat].get("bot"):
            raise RuleViolation("seat_is_a_bot", f"A bot already plays seat {seat}.", status=409)
        policy = takeover_policy(game)
        events = [{"type": "SeatTakenOver", "data": {"seat": seat, "policy": policy, "reason": reason}}]
        command = {"type": "TakeOverSeat", "seat": seat, "reason": reason}
        acting, cause = (seat, "seat") if reason == "left" else (None, "system")
        return events, command, cause, acting
    return _seat_change(repo, game_id, seat, build, idempotency_key=idempotency_key)


def reclaim(repo: GameRepository, game_id: str, seat: int, idempotency_key: str | None = None) -> CommandResult:
    """The seat's owner takes back a seat a bot took over.

    Raises ``RuleViolation`` 409 when the seat was not taken over, was resigned, or the
    game's ``allow_reclaim`` option is false."""
    def build(game: Game):
        spec = game.meta.seats[seat]
        if not spec.get("replaced") or spec.get("resigned"):
            raise RuleViolation("not_taken_over", f"Seat {seat} is not played by a bot that took it over.",
                                status=409)
        if not game.meta.options.get("allow_reclaim", True):
            raise RuleViolation("reclaim_not_allowed", "This game does not let a seat be taken back.", status=409)
        events = [{"type": "SeatReclaimed", "data": {"seat": seat}}]
        return events, {"type": "ReclaimSeat", "seat": seat}, "seat", seat
    return _seat_change(repo, game_id, seat, build, idempotency_key=idempotency_key)


def resign(repo: GameRepository, game_id: str, seat: int, idempotency_key: str | None = None) -> CommandResult:
    """``seat`` resigns: out by the game's rule (``Ruleset.resign``), or played on by a bot
    when the game has none. Raises ``RuleViolation`` 409 when it already resigned."""
    def build(game: Game):
        if game.meta.seats[seat].get("resigned"):
            raise RuleViolation("already_resigned", f"Seat {seat} has resigned already.", status=409)
        rule = game.ruleset.resign
        rng = rng_for(game.meta.game_seed, game.version)
        events = list(rule(game.state, seat, rng)) if rule is not None else []
        events.append({"type": "SeatResigned", "data": {"seat": seat, "by_rule": rule is not None}})
        return events, {"type": "ResignSeat", "seat": seat}, "seat", seat
    return _seat_change(repo, game_id, seat, build, idempotency_key=idempotency_key)
