"""Command handling beyond one command: joins racing for seats."""
from __future__ import annotations

import threading

from events.log.repository import GameRepository
from events.commands.handling import create_game, join_seat, load_meta
from events.log.store import EventStore

HUMAN = {"name": "Ann", "bot": None, "token_sha256": "x"}


def test_concurrent_joins_of_different_seats_both_land(redis_factory):
    store = EventStore(redis_factory())
    game_id = create_game(GameRepository(store), "selfish-space", [HUMAN] + [{"open": True}] * 4, {}).game_id
    errors = []

    def join(seat):
        try:
            join_seat(GameRepository(EventStore(redis_factory())), game_id, seat, f"P{seat}", f"t{seat}")
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=join, args=(s,)) for s in (1, 2, 3, 4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    meta = load_meta(GameRepository(store), game_id)
    assert errors == []
    assert [s["name"] for s in meta.seats[1:]] == ["P1", "P2", "P3", "P4"]
    assert meta.status == "active"
