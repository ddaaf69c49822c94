"""The tamper matrix: every kind of edit an attacker with Redis access can make to a
finished game of each ruleset, and the version ``verify`` names for it.

Each test copies one stored all-bot game into a fresh server, edits the keys
directly (as the audit that found these did), and checks the verdict's exit
code and that a problem names the version the edit departs at.
"""
from __future__ import annotations

import json

import fakeredis
import pytest

from events.log import chain
from events.log.codec import FIELDS, BatchHeader, encode_batch
from events.commands.dispatch import Dispatcher
from events.commands.handling import create_game
from events.log.repository import GameRepository
from events.log.store import EventStore
from projections.audit import verify
from projections.rebuild import rebuild_game
from tests.helpers import run_jobs

GAMES = {"selfish-space": 2, "selfish-zombie": 2, "one-against-the-dead": 1, "zombies-quickplay": 2}


def _server():
    return fakeredis.FakeRedis(server=fakeredis.FakeServer())


@pytest.fixture(scope="module", params=sorted(GAMES))
def stored(request):
    """One finished all-bot game of the ruleset: ``(ruleset id, entries, meta hash, snapshot, game id)``."""
    redis = _server()
    store = EventStore(redis)
    policy = "strong" if request.param == "zombies-quickplay" else "random"   # strong ends Quickplay sooner
    bots = [{"name": f"Bot {i}", "bot": policy} for i in range(GAMES[request.param])]
    result = create_game(GameRepository(store), request.param, bots, {"seed": "tamper", "stack": {}})
    Dispatcher(redis).after_append(result)
    run_jobs(redis)
    game_id = result.game_id
    assert store.get_meta(game_id)["status"] == "finished"
    return (request.param, store.read_raw(game_id), redis.hgetall(store.key(game_id, "meta")),
            redis.get(store.key(game_id, "snapshot")), game_id)


class Copy:
    """A fresh server holding a copy of the stored game, to edit."""

    def __init__(self, stored):
        self.ruleset, entries, meta, snapshot, self.game_id = stored
        self.redis = _server()
        self.store = EventStore(self.redis)
        self.entries = [(i.decode(), {k.decode(): v.decode() for k, v in f.items()}) for i, f in entries]
        self.write(self.entries)
        self.redis.hset(self.key("meta"), mapping=meta)
        self.redis.set(self.key("snapshot"), snapshot)

    def key(self, part):
        return self.store.key(self.game_id, part)

    def write(self, entries):
        self.redis.delete(self.key("events"))
        for entry_id, fields in entries:
            self.redis.xadd(self.key("events"), fields, id=entry_id)

    def renumbered(self, fields_list):
        return [(f"{i}-0", fields) for i, fields in enumerate(fields_list, start=1)]

    def mid_batch_event(self):
        """The version of an event in the middle of the game that continues a batch."""
        n = len(self.entries)
        for version in range(n // 2, n):
            if not self.entries[version - 1][1]["b"].startswith("{"):
                return version
        raise AssertionError("no batch of two events or more")

    def batch_start(self, after=None):
        """The version of a batch header in the middle of the game (past ``after``)."""
        start = after or len(self.entries) // 2
        for version in range(start + 1, len(self.entries)):
            if self.entries[version - 1][1]["b"].startswith("{"):
                return version
        raise AssertionError("no batch")

    def verdict(self, receipts=()):
        return verify(self.store, self.game_id, receipts)


def named(verdict, version):
    return any(p.version is not None and p.version <= version <= (p.last or p.version) for p in verdict.problems)


def expect(verdict, version):
    assert verdict.code == 1, "the tamper went unnoticed"
    assert named(verdict, version), [str(p) for p in verdict.problems]


def test_an_untouched_game_verifies(stored):
    verdict = Copy(stored).verdict()
    assert verdict.code == 0, [str(p) for p in verdict.problems]


def test_an_edited_event_is_named(stored):
    game = Copy(stored)
    version = game.mid_batch_event()
    fields = dict(game.entries[version - 1][1])
    kind, data = fields["e"].split(" ", 1)
    fields["e"] = kind + " " + json.dumps({**json.loads(data), "forged": True}, separators=(",", ":"))
    game.write(game.entries[:version - 1] + [(game.entries[version - 1][0], fields)] + game.entries[version:])
    expect(game.verdict(), version)


def test_a_deleted_event_is_named(stored):
    game = Copy(stored)
    version = game.mid_batch_event()
    game.redis.xdel(game.key("events"), f"{version}-0")
    expect(game.verdict(), version)


def test_a_deleted_and_renumbered_event_is_named(stored):
    game = Copy(stored)
    version = game.mid_batch_event()
    kept = [f for i, (_, f) in enumerate(game.entries, start=1) if i != version]
    game.write(game.renumbered(kept))
    expect(game.verdict(), version)


def test_two_swapped_events_are_named(stored):
    game = Copy(stored)
    version = game.mid_batch_event()
    fields = [f for _, f in game.entries]
    a, b = dict(fields[version - 1]), dict(fields[version])
    a["e"], b["e"] = b["e"], a["e"]
    fields[version - 1], fields[version] = a, b
    game.write(game.renumbered(fields))
    expect(game.verdict(), version)


def test_an_inserted_event_is_named(stored):
    game = Copy(stored)
    version = game.mid_batch_event()
    fields = [dict(f) for _, f in game.entries]
    position = int(fields[version - 1]["b"].split(" ")[0])
    later = version - 1
    while later < len(fields) and not fields[later]["b"].startswith("{"):   # the rest of the batch moves on
        b = fields[later]["b"].split(" ", 1)
        fields[later]["b"] = " ".join([str(int(b[0]) + 1)] + b[1:])
        later += 1
    fields.insert(version - 1, {"e": fields[version - 1]["e"].split(" ", 1)[0] + ' {"inserted":true}',
                                "b": str(position)})
    game.write(game.renumbered(fields))
    expect(game.verdict(), version)


def test_an_event_appended_after_the_end_is_named(stored):
    game = Copy(stored)
    n = len(game.entries)
    game.redis.xadd(game.key("events"), {"e": 'TurnStarted {"seat":0}', "b": "1"}, id=f"{n + 1}-0")
    expect(game.verdict(), n + 1)


def test_a_truncated_log_is_named(stored):
    game = Copy(stored)
    cut = game.batch_start()
    game.write(game.entries[:cut - 1])
    expect(game.verdict(), cut)


def test_a_changed_seed_is_named(stored):
    game = Copy(stored)
    n = len(game.entries)
    fields = dict(game.entries[-1][1])
    fields["e"] = fields["e"].replace('"seed":"tamper"', '"seed":"another"')
    game.write(game.entries[:-1] + [(game.entries[-1][0], fields)])
    expect(game.verdict(), n)


def test_a_changed_head_is_named(stored):
    game = Copy(stored)
    version = next(v for v in range(len(game.entries) // 2, len(game.entries))
                   if " " in game.entries[v - 1][1]["b"] and not game.entries[v - 1][1]["b"].endswith("}"))
    fields = dict(game.entries[version - 1][1])
    body, head = fields["b"].rsplit(" ", 1)
    fields["b"] = body + " " + ("A" if head[0] != "A" else "B") + head[1:]
    game.write(game.entries[:version - 1] + [(game.entries[version - 1][0], fields)] + game.entries[version:])
    expect(game.verdict(), version)


def test_a_forged_result_in_the_meta_is_named(stored):
    game = Copy(stored)
    game.redis.hset(game.key("meta"), "result", json.dumps({"winners": [0], "result": "forged", "reason": "",
                                                            "scores": None, "turns": 1}))
    expect(game.verdict(), len(game.entries))


def test_a_forged_seat_name_in_the_meta_is_named(stored):
    game = Copy(stored)
    seats = json.loads(game.redis.hget(game.key("meta"), "seats"))
    seats[0]["name"] = "Mallory"
    game.redis.hset(game.key("meta"), "seats", json.dumps(seats))
    expect(game.verdict(), 1)


def test_a_forged_snapshot_is_named(stored):
    game = Copy(stored)
    snap = json.loads(game.redis.get(game.key("snapshot")))
    snap["state"] = {**snap["state"], "forged": 1} if isinstance(snap["state"], dict) else {"forged": 1}
    game.redis.set(game.key("snapshot"), json.dumps(snap))
    expect(game.verdict(), snap["version"])


def test_a_snapshot_with_the_same_fields_in_another_layout_verifies(stored):
    # given the game's snapshot written again with the same fields, indented and keys reordered
    # (not the text the write path writes, so the audit cannot pass it by comparing texts)
    game = Copy(stored)
    snap = json.loads(game.redis.get(game.key("snapshot")))
    game.redis.set(game.key("snapshot"), json.dumps(dict(reversed(list(snap.items()))), indent=1))
    # then the audit compares its fields and finds nothing wrong
    verdict = game.verdict()
    assert verdict.code == 0, [str(p) for p in verdict.problems]


def test_a_snapshot_with_a_field_renamed_away_is_named(stored):
    # given a snapshot whose chain head is hidden under another field name
    game = Copy(stored)
    snap = json.loads(game.redis.get(game.key("snapshot")))
    snap["{ead"] = snap.pop("head")
    game.redis.set(game.key("snapshot"), json.dumps(snap))
    # then verify names it rather than skip the head it cannot find
    expect(game.verdict(), snap["version"])


def _edit_header(game, version, **changes):
    fields = dict(game.entries[version - 1][1])
    b = fields["b"]
    header, tail = (b, "") if b.endswith("}") else (b.rsplit(" ", 1)[0], " " + b.rsplit(" ", 1)[1])
    raw = json.loads(header)
    raw.update(changes(raw) if callable(changes) else changes)
    fields["b"] = json.dumps(raw, separators=(",", ":"), sort_keys=True) + tail
    game.write(game.entries[:version - 1] + [(game.entries[version - 1][0], fields)] + game.entries[version:])


def test_a_timestamp_going_back_is_named(stored):
    game = Copy(stored)
    version = game.batch_start()
    _edit_header(game, version, t=0)
    expect(game.verdict(), version)


def test_a_changed_seat_is_named(stored):
    game = Copy(stored)
    version = next(v for v in range(game.batch_start(), len(game.entries))
                   if game.entries[v - 1][1]["b"].startswith("{") and json.loads(
                       game.entries[v - 1][1]["b"].rsplit("}", 1)[0] + "}").get("s") is not None)
    seats = GAMES[game.ruleset]
    _edit_header(game, version, s=(json.loads(game.entries[version - 1][1]["b"].rsplit("}", 1)[0] + "}")["s"]
                                   + 1) % max(seats, 2))
    expect(game.verdict(), version)


def test_a_moved_batch_boundary_is_named(stored):
    game = Copy(stored)
    version = game.mid_batch_event()
    fields = dict(game.entries[version - 1][1])
    position, _, head = fields["b"].partition(" ")
    fields["b"] = str(int(position) + 1) + (" " + head if head else "")
    game.write(game.entries[:version - 1] + [(game.entries[version - 1][0], fields)] + game.entries[version:])
    expect(game.verdict(), version)


def test_a_consistent_forgery_passes_alone_and_is_caught_by_a_players_receipt(stored):
    game = Copy(stored)
    receipt_version = game.batch_start() - 1                   # a player was told this head
    receipt = (receipt_version, game.entries[receipt_version - 1][1]["b"].rsplit(" ", 1)[1])
    forge_consistently(game, from_version=receipt_version // 2)
    alone = game.verdict()
    assert alone.code == 0, [str(p) for p in alone.problems]
    caught = game.verdict([receipt])
    assert caught.code == 1 and named(caught, receipt_version), [str(p) for p in caught.problems]


def forge_consistently(game: Copy, from_version: int) -> None:
    """Rewrite the game from the first command at or after ``from_version`` on: a different
    legal command there, the rest played by random bots with the same seed, every batch
    chained again, the meta's result and the snapshot made to match (the forgery the
    audit found passing)."""
    from events.games.bots import choose
    from events.games import get_ruleset
    from events.table.randomness import rng_for
    from events.log.repository import GameRepository as Repo

    repo = Repo(game.store)
    envelopes = game.store.read(game.game_id)
    start = next(e.version for e in envelopes if e.version >= from_version and e.command is not None
                 and e.cause != "system")
    kept = [e for e in envelopes if e.version < start]
    game.write(game.entries[:start - 1])
    ruleset = get_ruleset(game.ruleset)
    state = repo.state_at(repo.get(game.game_id), start - 1)
    head = chain.parse_head(kept[-1].head)
    seed = game.redis.hget(game.key("meta"), "seed").decode()
    audit_key = game.redis.hget(game.key("meta"), "audit_key").decode()   # a forger with the server's keys
    version, ts, first = start - 1, 1_800_000_000_000, True
    policy = json.loads(game.redis.hget(game.key("meta"), "seats"))[0]["bot"]
    while True:
        pending = ruleset.pending(state)
        if not pending:
            break
        seat = pending[0].seat
        legal = ruleset.legal_commands(state, seat)
        if first and len(legal) > 1:
            command = legal[-1]                     # the forged choice
        else:                                       # then the bots play on, as the real game did
            command = choose(ruleset, state, seat, policy, rng_for(seed, version, salt=f"bot:{seat}"))
        first = False
        assert version < 100_000, "the forged game does not end"
        events, state = ruleset.decide_and_evolve(state, seat, command, rng_for(seed, version))
        if ruleset.outcome(state) is not None:
            events = events + [{"type": "SeedRevealed", "data": {"seed": seed, "audit_key": audit_key,
                                                                 "options": {"seed": seed, "stack": {}}}}]
        encoded = encode_batch(game.game_id, version + 1, events, BatchHeader(seat, "bot", ts, command), head,
                               bytes.fromhex(audit_key))
        for offset, entry in enumerate(encoded.entries, start=1):
            game.redis.xadd(game.key("events"), dict(zip(FIELDS, entry)), id=f"{version + offset}-0")
        head, version, ts = encoded.head, version + len(events), ts + 1
    rebuild_game(game.store, game.game_id)          # the snapshot, status and result follow the forged log
