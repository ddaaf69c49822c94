"""What a caller may see of one game: the public summary, a seat's view, the log.

Every function here reads; none writes. Hidden information leaves a game only
through its ruleset's ``view`` and ``redact``: a seat sees its own secrets, a
spectator (``seat=None``) none. Once a game is finished its log is complete
for everyone (the seed and any stacked deck are in ``SeedRevealed``).

Who must act is public (``to_act``): each pending decision's seat, kind, code
and label (the rules make these public), and its deadline: the time of the
game's last event (when the decision began) plus that seat's timeout for the
decision (``events.meta.decision_timeout_s``), the same rule the dispatcher
schedules deadline jobs by.
"""
from __future__ import annotations

from typing import Any

from events.codec import Envelope, iso, ms_of
from events.games.contract import Ruleset
from events.meta import GameMeta
from events.repository import Game, GameRepository
from events.snapshots import SYSTEM_EVENTS, fold
from events.store import GameNotFound

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


def to_act(ruleset: Ruleset, meta: GameMeta, state: Any, since_ts: str | None) -> list[dict]:
    """Who must act in ``state``: ``[{"seat", "kind", "code", "label", "deadline_at"}]``.

    ``deadline_at`` is ``since_ts`` (when the decision began: the time of the
    last event) plus the seat's timeout for that kind of decision, or None
    when the seat has none (a bot; a turn in a game without
    ``turn_timeout_s``). Empty before the game starts and once it is over.
    """
    if state is None or ruleset.outcome(state) is not None:
        return []
    return [{"seat": d.seat, "kind": d.kind, "code": d.code, "label": d.label or _plain_label(d),
             "deadline_at": _deadline(since_ts, meta.seat_timeout(d.seat, d.kind))}
            for d in ruleset.pending(state)]


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


def summary(game: Game) -> dict:
    """The public summary of a game (no secrets): status, version, seats, who must act, result."""
    meta, state = game.meta, game.state
    acting = to_act(game.ruleset, meta, state, last_ts(game)) if meta.status == "active" else []
    return {
        "id": meta.game_id,
        "ruleset": meta.ruleset,
        "status": meta.status,
        "version": game.version,
        "created": meta.created,
        "updated": last_ts(game),
        "seats": [{"seat": i, "name": s.get("name"), "bot": s.get("bot"), "open": bool(s.get("open"))}
                  for i, s in enumerate(meta.seats)],
        "to_act": acting,
        "result": outcome_of(game),
        "options": meta.public_options,
        "seeded": "seed" in meta.options,
        "stacked": "stack" in meta.options,
    }


def seat_view(repo: GameRepository, game: Game, seat: int | None, at: int | None = None) -> dict:
    """``seat``'s view (``None``: spectator) now, or after the first ``at`` events.

    Every version ``1..version`` answers, including one that falls inside a
    command's batch: ``in_command`` then names that command (its id, the seat
    that sent it, the version its batch began at, and its type when the
    caller may see the command), else it is None. ``head`` is the chain head at
    that version (None inside a batch: heads close batches). Raises ``ValueError`` when
    ``at`` is outside ``1..version``.
    """
    state, version, since, in_command, head = game.state, game.version, last_ts(game), None, game.head
    if at is not None:
        if not 1 <= at <= game.version:
            raise ValueError(f"'at' must be between 1 and {game.version}.")
        envelopes = repo.store.read(game.meta.game_id, until=min(at + 1, game.version))
        state, version, since = fold(game.ruleset, envelopes[:at]), at, envelopes[at - 1].ts
        head = envelopes[at - 1].head
        in_command = _in_command(envelopes, at, seat, game.meta.status == "finished")
    body = game.ruleset.view(state, seat)
    acting = [] if in_command is not None or game.meta.status == "waiting" else \
        to_act(game.ruleset, game.meta, state, since)
    return {"game_id": game.meta.game_id, "ruleset": game.meta.ruleset, "version": version, "seat": seat,
            "head": head, "to_act": acting, "in_command": in_command, "view": body}


def _in_command(envelopes: list[Envelope], at: int, seat: int | None, finished: bool) -> dict | None:
    """The command whose batch version ``at`` falls inside (``envelopes`` reach ``at + 1``), or None."""
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
    finished = game.meta.status == "finished"
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
    from events.meta import GameMeta

    try:
        meta = GameMeta.from_hash(game_id, repo.store.get_meta(game_id))
    except (GameNotFound, KeyError, ValueError):
        return {"id": game_id, "damaged": True, "damage": why}
    return {"id": game_id, "ruleset": meta.ruleset, "status": meta.status, "version": repo.store.version(game_id),
            "created": meta.created,
            "seats": [{"seat": i, "name": s.get("name"), "bot": s.get("bot"), "open": bool(s.get("open"))}
                      for i, s in enumerate(meta.seats)],
            "to_act": [], "result": None, "options": meta.public_options, "seeded": "seed" in meta.options,
            "stacked": "stack" in meta.options, "damaged": True, "damage": why}
