"""What a caller may see of one game: the public summary, a seat's view, the log.

Every function here reads; none writes. Hidden information leaves a game only
through its ruleset's ``view`` and ``redact``: a seat sees its own secrets, a
spectator (``seat=None``) none. Once a game is finished its log is complete
for everyone (the seed and any stacked deck are in ``SeedRevealed``).

Who must act is public (``to_act``): each pending decision's seat, kind, code
and label (the rules make these public), and its deadline: the time of the
game's last event (when the decision began) plus that seat's timeout for the
decision (``events.table.meta.decision_timeout_s``), or sooner when the seat's
clock (``events.table.clocks``) runs out first -- the same rule the dispatcher
schedules deadline jobs by (``events.commands.dispatch``).

Receipts: the summary and every view carry ``head``, ``{"version", "head"}``:
the chain head (``events.log.chain``) at the version they show, which a client
keeps to check the log later (``stranded verify --receipt VERSION:HEAD``).
Seats over time and clocks: ``projections.seats``.
"""
from __future__ import annotations

from typing import Any

from events.log.codec import CodecError, Envelope, decode, iso, ms_of
from events.games.contract import Ruleset
from events.table.meta import OVER, GameMeta
from events.log.repository import Game, GameRepository
from events.log.snapshots import SYSTEM_EVENTS
from events.log.store import GameNotFound
from projections.replay import past
from projections.seats import clock_deadline_ms, clocks_now, marked_result, seats_now, shown_clocks, shown_seat
from events.log.metahash import meta_from_hash

OUTCOME_KEYS = ("winners", "result", "reason", "scores", "turns")


def load_game(repo: GameRepository, game_id: str) -> Game:
    """The game now, for a reader: this process's copy when the stream's last entry shows it
    is current, else meta and state in one round trip (``GameRepository.current``);
    raises GameNotFound or DamagedLog."""
    return repo.current(game_id)


def last_ts(game: Game) -> str | None:
    """When the game's last batch was written (UTC ISO 8601), or None when unknown."""
    return iso(game.updated_ms) if game.updated_ms is not None else None


def _deadline(since_ts: str | None, seconds: float | None) -> str | None:
    """``since_ts`` plus ``seconds`` as UTC ISO 8601 (``Z``), or None when either is missing."""
    start = ms_of(since_ts) if since_ts else None
    if seconds is None or start is None:
        return None
    return iso(start + int(round(seconds * 1000)))


def to_act(ruleset: Ruleset, meta: GameMeta, state: Any, since_ts: str | None,
           clocks: dict | None = None) -> list[dict]:
    """Who must act in ``state``: ``[{"seat", "kind", "code", "label", "deadline_at"}]``.

    ``deadline_at`` is ``since_ts`` (when the decision began: the time of the
    last event) plus the seat's timeout for that kind of decision, or when the
    seat's running clock runs out if that is sooner (``clocks``: the game's,
    ``events.table.clocks``; turns and choices only), or None when the seat has
    neither (a bot; a turn in a game without ``turn_timeout_s`` or clock).
    Empty before the game starts and once it is over.
    """
    if state is None or ruleset.outcome(state) is not None:
        return []
    out = []
    for d in ruleset.pending(state):
        deadline = _deadline(since_ts, meta.seat_timeout(d.seat, d.kind))
        clock_ms = None if meta.seats[d.seat].get("bot") else clock_deadline_ms(clocks, d.seat, d.kind)
        if clock_ms is not None and (deadline is None or clock_ms < ms_of(deadline)):
            deadline = iso(clock_ms)
        out.append({"seat": d.seat, "kind": d.kind, "code": d.code, "label": d.label or _plain_label(d),
                    "deadline_at": deadline})
    return out


def _plain_label(decision) -> str:
    """A label for a decision whose ruleset gives none."""
    return f"Seat {decision.seat} must decide: {decision.code} ({decision.kind})."


def is_outcome(result: Any) -> bool:
    """Whether ``result`` has the shared outcome shape (``events.games.schema.outcome``)."""
    return isinstance(result, dict) and all(key in result for key in OUTCOME_KEYS)


def normalise_outcome(result: dict | None) -> dict | None:
    """An outcome in the shared shape, from one in the shape games stored before it.

    Old shapes: ``{"winner", "reason"}`` (Selfish: Space Edition),
    ``{"winner", "result", "turns"}`` (Zombie Edition), ``{"winner",
    "result", "score", "rounds", ...}`` (One Against the Dead), ``{"winner",
    "result", "kills"}`` (Quickplay). Read-only: the stored meta is never rewritten.
    """
    if result is None or is_outcome(result):
        return result
    winner = result.get("winner")
    winners = list(result["winners"]) if isinstance(result.get("winners"), list) else (
        [winner] if isinstance(winner, int) and not isinstance(winner, bool) else [])
    code = next((result[k] for k in ("result", "reason") if isinstance(result.get(k), str)),
                "won" if winners else "no_winner")
    who = " and ".join(f"seat {w}" for w in winners)
    reason = f"{who[0].upper()}{who[1:]} won ({code.replace('_', ' ')})." if winners else \
        f"Nobody won ({code.replace('_', ' ')})."
    score = result.get("score")
    scores = {str(winners[0] if winners else 0): score} if isinstance(score, (int, float)) else None
    turns = result.get("turns", result.get("rounds", 0))
    return {"winners": winners, "result": code, "reason": reason, "scores": scores,
            "turns": turns if isinstance(turns, int) else 0}


def outcome_of(game: Game) -> dict | None:
    """The game's result in the shared shape (None while it runs).

    A result stored in the shared shape is served as it is; an older one is
    computed again from the state by the ruleset's ``outcome`` (which folds
    old logs too), or, failing that, translated by :func:`normalise_outcome`.
    """
    result = game.meta.result
    if result is None or is_outcome(result):
        return result
    fresh = game.ruleset.outcome(game.state) if game.state is not None else None
    return fresh if is_outcome(fresh) else normalise_outcome(result)


def receipt(version: int, head: str | None) -> dict | None:
    """A receipt as served: ``{"version", "head"}``, or None where there is no head (a log
    written before the chain)."""
    return {"version": version, "head": head} if head else None


def links(repo: GameRepository, game: Game) -> dict:
    """``{"rematch", "rematch_of"}``: the game's rematch (``events.commands.rematch``; only a finished
    game has one) and the finished game it is the rematch of (its ``GameCreated`` says), or
    None each. One round trip."""
    game_id = game.meta.game_id
    pipe = repo.store.redis.pipeline(transaction=False)
    repo.store.pipe_read_stream(pipe, game_id, first_only=True)
    if game.meta.status == "finished":
        pipe.get(repo.store.key(game_id, "rematch"))
    replies = pipe.execute()
    rematch_of = None
    if replies[0]:
        try:
            created = decode(game_id, *replies[0][0])
            rematch_of = created.data.get("rematch_of") if created.type == "GameCreated" else None
        except CodecError:
            rematch_of = None
    rematch = replies[1] if len(replies) > 1 else None
    return {"rematch": rematch.decode() if isinstance(rematch, bytes) else rematch, "rematch_of": rematch_of}


def summary(game: Game, repo: GameRepository | None = None) -> dict:
    """The public summary of a game (no secrets): status, version and its receipt, seats over
    time, clocks, who must act, result, and -- with ``repo`` -- the rematch links
    (:func:`links`; None without it)."""
    meta, state = game.meta, game.state
    acting = to_act(game.ruleset, meta, state, last_ts(game), game.clocks) if meta.status == "active" else []
    seats = seats_now(meta)
    linked = links(repo, game) if repo is not None else {"rematch": None, "rematch_of": None}
    return {
        "id": meta.game_id,
        "ruleset": meta.ruleset,
        "status": meta.status,
        "version": game.version,
        "head": receipt(game.version, game.head),
        "created": meta.created,
        "updated": last_ts(game),
        "seats": seats,
        "clocks": clocks_now(meta, game.clocks),
        "to_act": acting,
        "result": marked_result(outcome_of(game), seats),
        "options": meta.public_options,
        "seeded": "seed" in meta.options,
        "stacked": "stack" in meta.options,
        **linked,
    }


def seat_view(repo: GameRepository, game: Game, seat: int | None, at: int | None = None) -> dict:
    """``seat``'s view (``None``: spectator) now, or after the first ``at`` events.

    Every version ``1..version`` answers, including one that falls inside a
    command's batch: ``in_command`` then names that command (its id, the seat
    that sent it, the version its batch began at, and its type when the
    caller may see the command), else it is None. ``head`` is the chain head at
    that version as a receipt (:func:`receipt`; computed from the stored entries
    where the version falls inside a batch). The seats and clocks are those of that
    version (``projections.seats``). Raises ``ValueError`` when ``at`` is outside
    ``1..version``.

    The view now is rendered once per seat and version and kept on ``game``
    (``Game.views``): every watcher polling the same version gets the same
    dict, so callers must not change it.
    """
    if at is None:
        shown = game.views.get(seat)
        if shown is None:
            shown = game.views[seat] = render_seat_view(repo, game, seat, None)
        return shown
    return render_seat_view(repo, game, seat, at)


def render_seat_view(repo: GameRepository, game: Game, seat: int | None, at: int | None) -> dict:
    """:func:`seat_view` rendered afresh, never kept (what the first reader of a version pays)."""
    meta, ruleset = game.meta, game.ruleset
    state, version, since, in_command, head = game.state, game.version, last_ts(game), None, game.head
    seats, clocks, timed = seats_now(meta), clocks_now(meta, game.clocks), game.clocks
    if at is not None:
        if not 1 <= at <= game.version:
            raise ValueError(f"'at' must be between 1 and {game.version}.")
        then = past(repo, game, at)
        state, version, since, head = then.state, at, then.at(at).ts, then.at(at).head
        in_command = _in_command(then.envelopes, at - then.first + 1, seat, meta.status in OVER)
        seats = [shown_seat(i, spec) for i, spec in enumerate(then.seats)]
        timed = then.clocks
        clocks = shown_clocks(timed)
    body = ruleset.view(state, seat)
    acting = [] if in_command is not None or state is None else \
        to_act(ruleset, meta, state, since, timed)
    return {"game_id": meta.game_id, "ruleset": meta.ruleset, "version": version, "seat": seat,
            "head": receipt(version, head), "seats": seats, "clocks": clocks, "to_act": acting,
            "in_command": in_command, "view": body}


def _in_command(envelopes: list[Envelope], at: int, seat: int | None, finished: bool) -> dict | None:
    """The command whose batch the ``at``-th of ``envelopes`` falls inside (``envelopes`` reach one
    past it, and start at or before its batch), or None."""
    if len(envelopes) <= at:
        return None
    current, following = envelopes[at - 1], envelopes[at]
    if not current.command_id or following.command_id != current.command_id:
        return None
    first = current
    for env in reversed(envelopes[:at]):
        if env.command_id != current.command_id:
            break
        first = env
    visible = first.command is not None and (finished or (seat is not None and first.seat == seat))
    return {"command_id": current.command_id, "seat": first.seat, "from_version": first.version,
            "type": first.command.get("type") if visible else None}


def redact_envelope(ruleset: Ruleset, env: Envelope, seat: int | None, finished: bool) -> dict:
    """One event as ``seat`` may see it (the whole envelope once the game is finished).

    The command that caused a batch is shown only to the seat that sent it.
    """
    if finished:
        return env.to_dict()
    out = env.to_dict()
    if env.type not in SYSTEM_EVENTS:
        out["data"] = ruleset.redact({"type": env.type, "data": env.data}, seat)["data"]
    if "command" in out and (seat is None or env.seat != seat):
        del out["command"]
    return out


def events_for(repo: GameRepository, game: Game, seat: int | None, after: int = 0, limit: int | None = None,
               envelopes: list[Envelope] | None = None) -> list[dict]:
    """The log after version ``after`` (at most ``limit``), redacted for ``seat``."""
    if envelopes is None:
        envelopes = repo.store.read(game.meta.game_id, after=after, limit=limit)
    finished = game.meta.status in OVER
    return [redact_envelope(game.ruleset, e, seat, finished) for e in envelopes]


def require_game(repo: GameRepository, game_id: str) -> Game:
    """:func:`load_game` that also raises GameNotFound when the stream is empty."""
    game = load_game(repo, game_id)
    if game.version == 0:
        raise GameNotFound(game_id)
    return game


def damaged_summary(repo: GameRepository, game_id: str, why: str) -> dict:
    """What the lobby shows of a game whose log cannot be folded: what its meta hash says,
    marked ``damaged`` with the reason, nobody to act and no result."""
    try:
        meta = meta_from_hash(game_id, repo.store.get_meta(game_id))
        version = repo.store.version(game_id)
        seats = seats_now(meta)
    except Exception:  # noqa: BLE001 -- whatever the keys hold, the game is shown as damaged, by its id
        return {"id": game_id, "damaged": True, "damage": why}
    return {"id": game_id, "ruleset": meta.ruleset, "status": meta.status, "version": version,
            "head": None, "created": meta.created, "updated": None, "seats": seats, "clocks": None,
            "to_act": [], "result": None, "options": meta.public_options, "seeded": "seed" in meta.options,
            "stacked": "stack" in meta.options, "rematch": None, "rematch_of": None, "damaged": True, "damage": why}
