"""A game as it was at a past version (``GET .../view?at=N``, replays), at a bounded cost.

The state, seats and clocks at version ``N`` are folded from the nearest checkpoint before it
(``events.log.checkpoints``: one every 512 versions, kept by the write path), so showing any version of
a game of 15,000 events folds at most about a thousand of them; a game's first versions fold from
its start. A game written before checkpoints existed has none: a read of such a version far into it
raises :class:`ReplayNotReady` and asks a worker to write them (``events.commands.audit_work``), rather than
folding the whole log in the request.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from events.log import checkpoints
from events.table import clocks as clock_rules
from events.log.codec import Envelope
from events.log.repository import Game, GameRepository, timed_batches
from events.table.progress import fold_batches
from events.table.seats import seats_from_log
from events.log.snapshots import Snapshot, decode_snapshot

def from_start_max() -> int:
    """The furthest version a game with no checkpoint before it is folded from its start."""
    return 2 * checkpoints.CHECKPOINT_EVERY


class ReplayNotReady(Exception):
    """The game has no checkpoint near the version asked for yet (a game written before them);
    a worker has been asked to write them. ``game_id``, ``version``: what was asked for."""

    def __init__(self, game_id: str, version: int):
        super().__init__(f"game {game_id}: no checkpoint near version {version} yet")
        self.game_id, self.version = game_id, version


@dataclass
class Past:
    """A game at a past version.

    Attributes:
        state: the game's state after the version.
        seats: every seat as the log leaves it there (meta-seat dicts, ``events.table.seats``).
        clocks: the seats' time banks there (``events.table.clocks``), or None without the option.
        envelopes: the log from just after the checkpoint used (or version 1) to one past the
            version (when the game has it): the version's own batch lies inside it. The envelope of
            the version carries its chain head (the receipt); the others only the stored ones.
        first: the version of ``envelopes[0]``.
    """

    state: Any
    seats: list[dict]
    clocks: dict | None
    envelopes: list[Envelope]
    first: int

    def at(self, version: int) -> Envelope:
        """The envelope of ``version`` (one of :attr:`envelopes`)."""
        return self.envelopes[version - self.first]


def nearest_checkpoint(repo: GameRepository, game: Game, before: int) -> Snapshot | None:
    """The game's checkpoint with the highest version below ``before`` (one ``HMGET``), or None."""
    last = checkpoints.bucket(before - 1)
    texts = repo.store.checkpoints(game.meta.game_id, [str(last), str(last - 1)])
    found = [decode_snapshot(game.ruleset, text) for text in texts if text]
    usable = [snap for snap in found if snap is not None and snap.version < before and snap.seats is not None]
    return max(usable, key=lambda snap: snap.version, default=None)


def past(repo: GameRepository, game: Game, version: int) -> Past:
    """``game`` at ``version`` (``1 <= version <= game.version``), folded from the nearest checkpoint.

    Raises :class:`ReplayNotReady` for a game with no checkpoint within :func:`from_start_max`
    versions before ``version`` (a game written before them)."""
    meta, ruleset = game.meta, game.ruleset
    checkpoint = nearest_checkpoint(repo, game, version)
    if checkpoint is None and version > from_start_max():
        raise ReplayNotReady(meta.game_id, version)
    after = checkpoint.version if checkpoint is not None else 0
    envelopes = repo.store.read(meta.game_id, after=after, until=min(version + 1, game.version))
    upto = envelopes[:version - after]
    if upto[-1].head is None:                   # inside a batch: chained from its start, not from the checkpoint
        upto[-1].head = repo.store.head_at(meta.game_id, version, meta.chain_key)
    if checkpoint is not None:                  # the seats and clocks the checkpoint keeps, then the events after it
        state, timed, start = checkpoint.state, checkpoint.clocks, {"seats": checkpoint.seats}
        events = [(env.type, env.data) for env in upto]
    else:                                       # GameCreated's seats, then every event after it
        created = upto[0].data
        state, timed, start = None, clock_rules.start(created.get("options") or {}, created.get("seats") or []), created
        events = [(env.type, env.data) for env in upto[1:]]
    seats = seats_from_log({"seats": start.get("seats") or [], "options": meta.options}, events, ruleset.bots)
    state, timed, _ = fold_batches(ruleset, meta, timed_batches(upto), state, timed)
    return Past(state, seats, timed, envelopes, after + 1)
