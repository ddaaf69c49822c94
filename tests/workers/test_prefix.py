"""Jobs find their game under the key prefix of the server that enqueued them."""
from __future__ import annotations

from events.commands.dispatch import Dispatcher
from events.commands.handling import create_game
from events.log.repository import GameRepository
from events.log.store import EventStore
from tests.helpers import run_jobs, seeded_options


def test_a_bot_game_under_another_prefix_is_played_to_the_end_by_the_worker(fake_redis):
    # given an all-bot game kept under the prefix "elsewhere" (as STRANDED_KEY_PREFIX sets it)
    store = EventStore(fake_redis, "elsewhere")
    created = create_game(GameRepository(store), "selfish-space", [{"bot": "random"}, {"bot": "random"}],
                          seeded_options({"seed": "prefix"}))
    # when its first job is enqueued and the worker runs every job
    Dispatcher(fake_redis, "elsewhere").after_append(created)
    run_jobs(fake_redis)
    # then the game was played to its end there, and nothing was written under the default prefix
    assert store.get_meta(created.game_id)["status"] == "finished"
    assert not list(fake_redis.scan_iter(match="stranded:*"))
