"""What a caller may see of one game: the public summary, a seat's view, the log.

Every function here reads; none writes. Hidden information leaves a game only
through its ruleset's ``view`` and ``redact``: a seat sees its own secrets, a
spectator (``seat=None``) none. Once a game is finished its log is complete
for everyone (the seed and any stacked deck are in ``SeedRevealed``).
"""
from __future__ import annotations

from events.codec import Envelope
from events.games.contract import Ruleset
from events.repository import Game, GameRepository
from events.snapshots import SYSTEM_EVENTS
from events.store import GameNotFound


def load_game(repo: GameRepository, game_id: str) -> Game:
    """Load meta and current state (one round trip when the snapshot is current); raises GameNotFound."""
    return repo.get(game_id)


def summary(game: Game) -> dict:
    """The public summary of a game (no secrets): status, version, seats, who must act, result."""
    meta, state = game.meta, game.state
    to_act = []
    if meta.status == "active" and state is not None:
        to_act = [{"seat": d.seat, "kind": d.kind} for d in game.ruleset.pending(state)]
    options = meta.public_options
    return {
        "id": meta.game_id,
        "ruleset": meta.ruleset,
        "status": meta.status,
        "version": game.version,
        "created": meta.created,
        "seats": [{"seat": i, "name": s.get("name"), "bot": s.get("bot"), "open": bool(s.get("open"))}
                  for i, s in enumerate(meta.seats)],
        "to_act": to_act,
        "result": meta.result,
        "options": options,
        "seeded": "seed" in meta.options,
        "stacked": "stack" in meta.options,
    }


def seat_view(repo: GameRepository, game: Game, seat: int | None, at: int | None = None) -> dict:
    """``seat``'s view (``None``: spectator) now, or after the first ``at`` events.

    Raises ``ValueError`` when ``at`` is outside ``1..version``.
    """
    state, version = game.state, game.version
    if at is not None:
        if not 1 <= at <= game.version:
            raise ValueError(f"'at' must be between 1 and {game.version}.")
        state, version = repo.state_at(game, at), at
    body = game.ruleset.view(state, seat) if state is not None else {}
    return {"game_id": game.meta.game_id, "version": version, "seat": seat, "view": body}


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
