"""Receipts and client seeds over REST: every view, summary, event and stream frame carries the
chain head the caller has seen, and each one checks against the game's record; a seat's client
seed changes the game's randomness, and verify recomputes it."""
from __future__ import annotations

import json
import threading

import pytest

from events.log import chain
from events.log.codec import BatchHeader, encode_batch
from events.log.store import EventStore
from projections.audit import verify_record
from projections.records import record_of
from service.http.app import create_app
from service.http.streams import StreamSettings
from tests.helpers import STACK, auth, post_command, run_jobs
from tests.service.tables_helpers import finish, spec_checked, summary, table
from tests.service.test_streams import frames, play_some, read_stream


@pytest.fixture
def api(client):
    """The test client, every JSON response it gets held to the OpenAPI spec."""
    return spec_checked(client)


def events_of(api, game_id: str) -> list[dict]:
    return api.get(f"/v1/games/{game_id}/events?after=0&limit=1000").get_json()["events"]


def tractor_beam_table(api) -> tuple[str, dict[int, str]]:
    """Ann plays her Tractor Beam on Bob (a batch of several events), Bob answers with his Shield."""
    game_id, tokens = table(api, stack=STACK)
    assert post_command(api, game_id, tokens[0], {"type": "PlayAction", "card": "tractor_beam",
                                                   "target": 1}).status_code == 200
    assert post_command(api, game_id, tokens[1], {"type": "PlayShield"}).status_code == 200
    return game_id, tokens


# -- receipts ---------------------------------------------------------------------------------

def test_every_view_carries_the_head_at_its_version_inside_a_batch_too(api, redis_conn):
    # given a game whose commands wrote batches of several events
    game_id, tokens = tractor_beam_table(api)
    events = events_of(api, game_id)
    # when the summary, the view now and the view at every version are read
    now = summary(api, game_id)["head"]
    at = {v: api.get(f"/v1/games/{game_id}/view?at={v}", headers=auth(tokens[1])).get_json()["head"]
          for v in range(1, len(events) + 1)}
    # then each carries the head at its version -- the one every event of the log carries after it
    assert all(event["head"] for event in events)
    assert at == {e["version"]: {"version": e["version"], "head": e["head"]} for e in events}
    assert now == api.get(f"/v1/games/{game_id}/view").get_json()["head"] == at[len(events)]
    assert any(e["command_id"] == events[i + 1]["command_id"] for i, e in enumerate(events[:-1])), \
        "some version falls inside a batch"
    # and every one of them is a receipt the record of the game, once finished, honours
    finish(api, redis_conn, game_id, tokens)
    receipts = [(v, head["head"]) for v, head in at.items()]
    verdict = verify_record(record_of(EventStore(redis_conn), game_id), receipts)
    assert verdict.code == 0, [str(p) for p in verdict.problems]


def test_a_receipt_from_a_view_catches_a_log_rewritten_after_it(api, redis_conn):
    # given Bob kept the head his view showed after Ann's attack
    game_id, tokens = tractor_beam_table(api)
    kept = api.get(f"/v1/games/{game_id}/view", headers=auth(tokens[1])).get_json()["head"]
    store = EventStore(redis_conn)
    record = record_of(store, game_id)
    # when the server rewrites its last batch consistently (a new command, the chain recomputed with
    # the audit key it holds)
    key = bytes.fromhex(store.get_meta(game_id)["audit_key"])
    entries = record["entries"]
    last_start = max(int(entry_id.split("-")[0]) for entry_id, fields in entries if fields["b"].startswith("{"))
    prev = chain.parse_head(entries[last_start - 2][1]["b"].rsplit(" ", 1)[1])
    header = BatchHeader.from_json(entries[last_start - 1][1]["b"].split(" ")[0])
    forged = encode_batch(game_id, last_start, [{"type": "Breathed", "data": {"seat": 1}}],
                          BatchHeader(header.seat, header.cause, header.ts_ms, {"type": "Breathe"}), prev, key)
    record["entries"] = entries[:last_start - 1] + [[f"{last_start}-0", dict(zip(("e", "b"), forged.entries[0]))]]
    # then its own chain still holds, but Bob's receipt names where it departs (for the server's own
    # audit while the game runs; for anyone once the game is over and the key published)
    verdict = verify_record({**record, "meta": {}, "snapshot": None}, [(kept["version"], kept["head"])], key=key)
    assert any(p.version == kept["version"] and "receipt" in p.what for p in verdict.problems), \
        [str(p) for p in verdict.problems]


def test_every_stream_frame_carries_the_head_after_its_event_live_and_from_the_log(redis_backend):
    # given a game played on while a seat watches its stream
    app = create_app(redis_backend, config={"STREAMS": StreamSettings(heartbeat_s=0.1, max_s=30)})
    client = app.test_client()
    game_id, tokens = table(client, stack=STACK)
    start = summary(client, game_id)["version"]
    mover = threading.Thread(target=play_some, args=(app.test_client(), game_id, tokens, 4, 0.05))
    mover.start()
    live = frames(read_stream(client, f"/v1/games/{game_id}/stream?after={start}&timeout_s=1.5", auth(tokens[1])))
    mover.join()
    # when the whole log is streamed again from the start
    replayed = frames(read_stream(client, f"/v1/games/{game_id}/stream?after=0&timeout_s=0.2", auth(tokens[1])))
    # then every frame, live or replayed, carries the head /events gives for its version
    heads = {e["version"]: e["head"] for e in events_of(client, game_id)}
    assert live and all(f["data"]["head"] == heads[f["id"]] for f in live)
    assert [f["data"]["head"] for f in replayed] == [heads[v] for v in sorted(heads)]


def test_events_from_inside_a_batch_carry_the_heads_the_whole_log_gives(api):
    game_id, _ = tractor_beam_table(api)
    whole = {e["version"]: e["head"] for e in events_of(api, game_id)}
    for after in range(len(whole)):
        page = api.get(f"/v1/games/{game_id}/events?after={after}&limit=2").get_json()["events"]
        assert [(e["version"], e["head"]) for e in page] == [(v, whole[v]) for v in range(after + 1, after + 3)
                                                             if v in whole]


# -- client seeds --------------------------------------------------------------------------

def hand(api, game_id: str, token: str) -> list:
    return api.get(f"/v1/games/{game_id}/view", headers=auth(token)).get_json()["view"]["hand"]


def test_a_client_seed_changes_the_deal_and_is_written_before_it(api):
    # given three games with the same server seed: two with the same client seed, one with another
    seats = [{"name": "Ann", "client_seed": "ann's dice"}, {"name": "Bob"}]
    same = [table(api, seats=seats, seed="fixed") for _ in range(2)]
    other = table(api, seats=[{"name": "Ann", "client_seed": "another"}, {"name": "Bob"}], seed="fixed")
    plain = table(api, seats=[{"name": "Ann"}, {"name": "Bob"}], seed="fixed")
    # when each seat's hand is looked at
    hands = [hand(api, game_id, tokens[0]) for game_id, tokens in (*same, other, plain)]
    # then the same seeds deal the same, another client seed deals otherwise
    assert hands[0] == hands[1] and hands[0] != hands[2] and hands[0] != hands[3]
    created = events_of(api, same[0][0])[0]
    assert created["type"] == "GameCreated" and created["data"]["seats"][0]["client_seed"] == "ann's dice"


def test_verify_recomputes_the_deal_from_the_client_seeds_and_catches_one_left_out(api, redis_conn):
    # given a finished game where Ann gave a client seed
    game_id, tokens = table(api, seats=[{"name": "Ann", "client_seed": "lucky"}, {"name": "Bob"}])
    finish(api, redis_conn, game_id, tokens)
    record = record_of(EventStore(redis_conn), game_id)
    assert verify_record(record).code == 0
    # when a server that ignored her seed forges GameCreated without it and recomputes the whole chain
    forged = forge_without_client_seed(record)
    # then the replay with the seeds the log now names no longer deals what the log says: the deal departs
    verdict = verify_record(forged)
    assert verdict.code == 1, [str(p) for p in verdict.problems]
    assert verdict.problems[0].version == 2 and "GameStarted" in verdict.problems[0].what


def forge_without_client_seed(record: dict) -> dict:
    """The record with every client seed taken out of GameCreated (and its CreateGame command), the
    chain recomputed over the whole log: a consistent forgery but for the deal."""
    from events.log.store import link_entries

    entries = json.loads(json.dumps(record["entries"]))
    fields = entries[0][1]
    kind, data = fields["e"].split(" ", 1)
    data = json.loads(data)
    for seat in data["seats"]:
        seat["client_seed"] = None
    header = json.loads(fields["b"].split(" ")[0])
    for seat in header["c"].get("seats", []):
        seat["client_seed"] = None
    from events.log.codec import canonical_json

    fields["e"], fields["b"] = f"{kind} {canonical_json(data)}", canonical_json(header)
    for entry_id, fields in entries:
        fields["b"] = fields["b"].split(" ")[0] if not fields["b"].startswith("{") else \
            fields["b"][:fields["b"].rindex("}") + 1]
    key = bytes.fromhex(json.loads(entries[-1][1]["e"].split(" ", 1)[1])["audit_key"])    # SeedRevealed's
    heads, _ = link_entries(chain.genesis(record["game_id"], key), entries, key)
    for index, (entry_id, fields) in enumerate(entries):
        if index + 1 == len(entries) or entries[index + 1][1]["b"].startswith("{"):
            fields["b"] += " " + heads[index]
    return {**record, "entries": entries, "meta": {}, "snapshot": None}


@pytest.mark.parametrize("bad", ["", "x" * 65, "café", "tab\there", 42])
def test_a_bad_client_seed_is_a_400_that_creates_and_joins_nothing(api, bad):
    # given a game with an open seat
    game_id, _ = table(api, seats=[{"name": "Ann"}, {"open": True}])
    lobby = api.get("/v1/games").get_json()["games"]
    # when a game is created, or the seat joined, with a client seed that is not 1-64 printable ASCII
    created = api.post("/v1/games", json={"ruleset": "selfish-space", "seats": [
        {"name": "Ann", "client_seed": bad}, {"name": "Bob"}]})
    joined = api.post(f"/v1/games/{game_id}/seats/1/join", json={"name": "Bob", "client_seed": bad})
    # then both are refused and nothing was written
    assert created.status_code == joined.status_code == 400
    assert {created.get_json()["error"]["code"], joined.get_json()["error"]["code"]} <= {"bad_client_seed",
                                                                                            "malformed"}
    assert api.get("/v1/games").get_json()["games"] == lobby
    assert summary(api, game_id)["seats"][1]["open"] is True


def test_a_seat_joined_with_a_client_seed_writes_it_in_the_log(api, redis_conn):
    game_id, _ = table(api, seats=[{"name": "Ann"}, {"open": True}])
    resp = api.post(f"/v1/games/{game_id}/seats/1/join", json={"name": "Bob", "client_seed": "bob's"})
    assert resp.status_code == 200
    joined = next(e for e in events_of(api, game_id) if e["type"] == "SeatJoined")
    assert joined["data"]["client_seed"] == "bob's"
    run_jobs(redis_conn)
    assert summary(api, game_id)["status"] == "active"
