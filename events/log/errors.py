"""What reading or writing a game can fail with: a lost race, a game that does not exist, a log
that cannot be read. Pure exceptions, raised by ``events.log`` and by the table's own parsing
(``events.table.meta``); the API maps them to 409, 404 and 409 ``log_damaged``
(``service.http.errors``)."""
from __future__ import annotations

__all__ = ["ConcurrencyError", "DamagedLog", "GameNotFound"]


class ConcurrencyError(Exception):
    """The game's stream was not at the version the caller expected.

    Raised by :meth:`EventStore.append` when another writer got there first
    (a lost race) or the caller's ``expected_version`` was stale. Nothing was
    written. An HTTP caller answers 409; a worker re-reads and re-decides.

    Attributes:
        game_id: the game.
        expected: the version the caller expected the stream to be at.
        actual: the version the stream was actually at.
    """

    def __init__(self, game_id: str, expected: int, actual: int):
        self.game_id = game_id
        self.expected = expected
        self.actual = actual
        super().__init__(
            f"game {game_id!r} is at version {actual}, not at the expected version {expected}"
        )


class GameNotFound(KeyError):
    """No game with this id exists (neither its meta hash nor its stream).

    Attributes:
        game_id: the game asked for.
    """

    def __init__(self, game_id: str):
        self.game_id = game_id
        super().__init__(game_id)

    def __str__(self) -> str:  # KeyError's str() would be the repr of the id
        return f"no game {self.game_id!r}"


class DamagedLog(Exception):
    """A game whose keys this server cannot read or fold: a key of the wrong type (its events
    key not a stream, its meta not a hash), a meta field of the wrong shape, a log the rules
    cannot fold. Nothing is decided or shown for it (the API answers 409 ``log_damaged``)
    until an operator repairs it; every other game goes on. ``stranded verify`` says what is
    wrong with it.

    Attributes:
        game_id: the game.
        why: what is wrong, in one sentence.
    """

    def __init__(self, game_id: str, why: str):
        super().__init__(f"game {game_id}: {why}")
        self.game_id, self.why = game_id, why
