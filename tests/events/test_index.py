"""The lobby's index: lists by status and ruleset, newest first, read a page at a time."""
from __future__ import annotations

from dataclasses import replace

import pytest

from events.log.index import GameIndex
from events.table.meta import GameMeta


def meta(game_id: str, minute: int, status="active", ruleset="selfish-space") -> GameMeta:
    return GameMeta(game_id, ruleset, status, f"2026-11-24T10:{minute:02d}:00.000Z", "seed", [], {})


@pytest.fixture
def index(redis_backend) -> GameIndex:
    return GameIndex(redis_backend)


def test_a_game_is_listed_under_its_status_and_ruleset_newest_first(index):
    index.record(meta("a", 1))
    index.record(meta("b", 2, ruleset="zombies-quickplay"))
    index.record(meta("c", 3, status="waiting"))
    assert index.page().game_ids == ["c", "b", "a"]
    assert index.page("active").game_ids == ["b", "a"]
    assert index.page(ruleset="selfish-space").game_ids == ["c", "a"]
    assert index.page("active", "zombies-quickplay").game_ids == ["b"]


def test_a_status_change_moves_the_game_between_lists(index):
    game = meta("a", 1, status="waiting")
    index.record(game)
    index.record(replace(game, status="finished"))
    assert index.page("waiting").game_ids == [] and index.page("finished").game_ids == ["a"]
    assert index.page("waiting", "selfish-space").game_ids == []


def test_pages_follow_each_other_with_the_cursor_and_the_last_has_none(index):
    for minute in range(7):
        index.record(meta(f"g{minute}", minute))
    seen, cursor = [], None
    while True:
        page = index.page(limit=3, cursor=cursor)
        seen += page.game_ids
        if page.next_cursor is None:
            break
        cursor = page.next_cursor
    assert seen == [f"g{m}" for m in reversed(range(7))]


def test_games_created_in_the_same_millisecond_keep_a_total_order(index):
    for game_id in ("x", "y", "z"):
        index.record(meta(game_id, 5))
    first = index.page(limit=2)
    assert first.game_ids + index.page(limit=2, cursor=first.next_cursor).game_ids == ["z", "y", "x"]


@pytest.mark.parametrize("cursor", ["", "nonsense", "x:y"])
def test_a_malformed_cursor_is_refused(index, cursor):
    with pytest.raises(ValueError):
        index.page(cursor=cursor)


def test_a_status_the_index_does_not_know_is_refused_and_writes_nothing(index):
    with pytest.raises(ValueError, match="unknown status 'paused'"):
        index.record(meta("a", 1, status="paused"))
    assert index.page().game_ids == []


def test_recording_again_after_a_script_flush_loads_the_script_again(index):
    index.record(meta("a", 1, status="waiting"))
    index.redis.script_flush()
    index.record(meta("a", 1, status="active"))
    assert index.page("active").game_ids == ["a"] and index.page("waiting").game_ids == []
