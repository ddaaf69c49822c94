"""What the projection tests share: an event store on the test's Redis and finished all-bot games."""
from __future__ import annotations

import pytest

from events.commands.dispatch import Dispatcher
from events.commands.handling import create_game
from events.log.repository import GameRepository
from events.log.store import EventStore
from tests.helpers import run_jobs, seeded_options

#: A seat played by the random bot.
BOT = {"name": "Bot", "bot": "random"}


@pytest.fixture
def store(redis_backend):
    return EventStore(redis_backend)


def finished_game(store: EventStore, seed: str = "audit") -> str:
    """A three-bot Selfish: Space game with ``seed``, played to its end by the queued bot jobs; its id."""
    result = create_game(GameRepository(store), "selfish-space", [BOT, BOT, BOT], seeded_options({"seed": seed}))
    Dispatcher(store.redis).after_append(result)
    run_jobs(store.redis)
    return result.game_id
