"""Checkpoints: a snapshot kept every :data:`CHECKPOINT_EVERY` versions, so that showing a game at
any past version (``GET .../view?at=N``, a replay) folds a bounded number of events.

The game's snapshot (``events.log.snapshots``) is overwritten as the game goes on; a checkpoint is
kept. The write path (``events.log.repository``) adds one in the same atomic append whenever a batch
ends past the next multiple of :data:`CHECKPOINT_EVERY`: the snapshot at the end of that batch,
with the seats as the log leaves them there (``events.table.seats.LOGGED_SEAT_FIELDS``). They live in
the game's slot, in the hash ``stranded:{<game>}:checkpoints``, field ``<version // K>`` (``K`` =
:data:`CHECKPOINT_EVERY`) -- so the checkpoint of bucket ``b`` is at the first batch end at or
after ``b * K``, and the one at or before any version ``N`` is in bucket ``N // K`` or the one
before it: one ``HMGET`` finds it, and at most ``2 K`` plus a batch of events are folded after
it. ``stranded rebuild`` writes them for games created before they existed (and checks them:
``events.log.implied.expected_checkpoints``); ``stranded verify GAME_ID`` checks them against the log.

Memory: a checkpoint is one snapshot (1-5 KB of state for the four games today), so about
``state size / K`` bytes per event: under 10 B/event for Zombies!!! Quickplay's 4.5 KB states
at ``K`` = 512 (docs/operations.md, 'Replays').
"""
from __future__ import annotations

from events.table.seats import LOGGED_SEAT_FIELDS

#: Versions between two checkpoints.
CHECKPOINT_EVERY = 512


def bucket(version: int) -> int:
    """The checkpoint bucket a version falls in."""
    return version // CHECKPOINT_EVERY


def crosses(before: int, after: int) -> bool:
    """Whether a batch taking the game from version ``before`` to ``after`` ends past the next
    multiple of :data:`CHECKPOINT_EVERY` (a checkpoint is kept at its end)."""
    return bucket(after) > bucket(before)


#: The seat fields that are flags: a meta seat that lacks one has it false.
_FLAGS = ("open", "replaced", "left", "resigned")


def logged_seats(seats: list[dict]) -> list[dict]:
    """The seats as a checkpoint keeps them: every field the log covers, nothing else (a flag a
    meta seat lacks is false)."""
    return [{name: bool(seat.get(name)) if name in _FLAGS else seat.get(name) for name in LOGGED_SEAT_FIELDS}
            for seat in seats]


def checkpoint_versions(batch_ends: list[int]) -> list[int]:
    """The versions the write path keeps checkpoints at, given every batch's last version in order:
    the end of each batch that crosses a multiple of :data:`CHECKPOINT_EVERY`."""
    out, before = [], 0
    for end in batch_ends:
        if crosses(before, end):
            out.append(end)
        before = end
    return out

