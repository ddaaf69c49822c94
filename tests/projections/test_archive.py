"""``stranded archive``: finished games older than a limit are exported as records, taken out of
the lobby and their keys given a TTL; running it again changes nothing (FakeRedis and real)."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from events.log.codec import now_ms
from events.commands.dispatch import Dispatcher
from events.commands.handling import create_game
from events.log.index import GameIndex
from events.log.repository import GameRepository
from events.log.store import EventStore
from projections.archive import archive, parse_duration
from projections.audit import verify_record
from projections.records import load_record
from service.cli import commands as cli, common as cli_common
from tests.helpers import run_jobs, seeded_options
from workers.reconciler import reconcile

BOTS = [{"name": "A", "bot": "random"}, {"name": "B", "bot": "random"}]
HUMANS = [{"name": "Ann", "bot": None, "token_sha256": "x"}, {"name": "Bo", "bot": None, "token_sha256": "y"}]
HOUR_MS = 3600 * 1000


@pytest.fixture
def store(redis_backend):
    return EventStore(redis_backend)


@pytest.fixture
def games(store):
    """Two finished bot games and one active human game: ``(finished ids, active id)``."""
    ids = []
    for seats, seed in ((BOTS, "a1"), (BOTS, "a2"), (HUMANS, "a3")):
        result = create_game(GameRepository(store), "selfish-space", seats, seeded_options({"seed": seed}))
        Dispatcher(store.redis).after_append(result)
        ids.append(result.game_id)
    run_jobs(store.redis)
    return sorted(ids[:2]), ids[2]


def game_keys(store, game_id):
    return list(store.redis.scan_iter(match=f"stranded:{{{game_id}}}:*"))


def test_finished_games_older_than_the_limit_are_exported_and_forgotten(store, games, tmp_path):
    finished, active = games
    # when archiving games older than an hour, two hours from now
    report = archive(store, 3600, tmp_path, ttl_s=86400, now=now_ms() + 2 * HOUR_MS)
    # then both finished games are exported as records that verify on their own
    assert sorted(game_id for game_id, _ in report.archived) == finished
    for game_id, path in report.archived:
        assert path == tmp_path / f"{game_id}.json"
        assert verify_record(load_record(path.read_bytes())).code == 0
        # and every key of theirs expires within the TTL, and the lobby no longer lists them
        keys = game_keys(store, game_id)
        assert keys and all(0 < store.redis.ttl(key) <= 86400 for key in keys)
    lobby = GameIndex(store.redis)
    assert lobby.page().game_ids == [active] and lobby.page("finished").game_ids == []
    # and the active game is untouched, however old
    assert all(store.redis.ttl(key) == -1 for key in game_keys(store, active))


def test_games_finished_more_recently_than_the_limit_are_kept(store, games, tmp_path):
    report = archive(store, 3600, tmp_path, ttl_s=86400)
    assert report.archived == [] and list(tmp_path.iterdir()) == []
    assert len(GameIndex(store.redis).page("finished").game_ids) == 2


def test_archiving_again_does_nothing_new(store, games, tmp_path):
    finished, _ = games
    later = now_ms() + 2 * HOUR_MS
    archive(store, 3600, tmp_path, ttl_s=86400, now=later)
    again = archive(store, 3600, tmp_path, ttl_s=86400, now=later)
    assert again.archived == [] and sorted(again.already) == finished


def test_the_reconciler_keeps_archived_games_out_of_the_lobby(store, games, tmp_path):
    archive(store, 3600, tmp_path, ttl_s=86400, now=now_ms() + 2 * HOUR_MS)
    reconcile(store.redis, grace_s=0)
    assert GameIndex(store.redis).page("finished").game_ids == []


def test_cli_archive_prints_what_it_did_and_is_idempotent(store, games, tmp_path, monkeypatch):
    finished, _ = games
    monkeypatch.setattr(cli_common, "redis_for", lambda data_dir: store.redis)
    args = ["archive", "--older-than", "0s", "--to", str(tmp_path / "out"), "--ttl", "12h"]
    first = CliRunner().invoke(cli.main, args)
    assert first.exit_code == 0, first.output
    assert all(f"archived {game_id} -> " in first.output for game_id in finished)
    assert "2 game(s) archived" in first.output and "expire in 43200 s" in first.output
    second = CliRunner().invoke(cli.main, args)
    assert "0 game(s) archived" in second.output and "2 already archived" in second.output


def test_cli_archive_rejects_a_duration_it_cannot_read(monkeypatch):
    monkeypatch.setattr(cli_common, "redis_for", lambda data_dir: pytest.fail("no Redis for a bad option"))
    result = CliRunner().invoke(cli.main, ["archive", "--older-than", "a week"])
    assert result.exit_code == 2 and "is not a duration" in result.output


@pytest.mark.parametrize("text, seconds", [("90s", 90), ("15m", 900), ("12h", 43200), ("7d", 604800),
                                           ("2w", 1209600), ("30", 30)])
def test_durations_read_with_their_unit(text, seconds):
    assert parse_duration(text) == seconds
