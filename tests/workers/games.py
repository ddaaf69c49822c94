"""Games the worker tests start: a person who never answers and a random bot."""
from __future__ import annotations

from events.commands.dispatch import Dispatcher
from events.commands.handling import create_game
from events.log.repository import GameRepository
from events.log.store import EventStore
from tests.helpers import seeded_options

HUMAN = {"name": "Ann", "bot": None, "token_sha256": "x"}
BOT = {"name": "Bot", "bot": "random"}


def start_game(store: EventStore, seats: list[dict], seed: str, **options) -> str:
    """Create a Selfish: Space game of ``seats`` with ``seed`` and ``options``, dispatch its first
    job as the API would, and return its id."""
    result = create_game(GameRepository(store), "selfish-space", seats, seeded_options({"seed": seed, **options}))
    Dispatcher(store.redis).after_append(result)
    return result.game_id
