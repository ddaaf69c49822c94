"""What the server publishes about a running game reveals no hidden value (docs/audit.md).

An attacker with spectator data only -- the events, their chain heads, the
summaries -- tries every possible value of every hidden field against the heads
the server published: with the keyed chain nothing matches, while the very same
attack against the unkeyed chain of proofs scheme 1 recovers every hidden value
(so the attack is a real one). A chosen short seed cannot be brute-forced from
its commitment either.
"""
from __future__ import annotations

import copy
import hashlib
import itertools
import random

import orjson
import pytest

from events.log import chain
from events.log.codec import CURRENT_SCHEMA, canonical_json, entry_fields
from events.games import RULESETS
from events.table.randomness import seed_hash
from tests.helpers import auth, legal_commands, post_command, run_jobs

SEATS = {"selfish-space": 3, "selfish-zombie": 3, "one-against-the-dead": 1, "zombies-quickplay": 3}
#: Random commands into each game: as many as keep it running (a random solitaire ends soon).
COMMANDS = {"selfish-space": 40, "selfish-zombie": 40, "one-against-the-dead": 4, "zombies-quickplay": 150}


def play_partly(client, redis_conn, ruleset_id: str, commands: int) -> str:
    """A game of human seats, ``commands`` random legal commands into it and still running; its id.
    Its seed is chosen (16 characters or more, so the test is the same every run) but, as any seed,
    secret from the spectator until the game ends."""
    body = client.post("/v1/games", json={"ruleset": ruleset_id, "seats": [
        {"name": f"P{i}"} for i in range(SEATS[ruleset_id])], "options": {"seed": f"secrecy-test-{ruleset_id}"}}
    ).get_json()
    game_id, tokens = body["id"], {t["seat"]: t["token"] for t in body["tokens"]}
    rng = random.Random(ruleset_id)
    for _ in range(commands):
        run_jobs(redis_conn)
        summary = client.get(f"/v1/games/{game_id}").get_json()
        if summary["status"] != "active" or not summary["to_act"]:
            break
        seat = summary["to_act"][0]["seat"]
        choice = rng.choice(legal_commands(client, game_id, tokens[seat]))
        assert post_command(client, game_id, tokens[seat], choice).status_code == 200
    assert client.get(f"/v1/games/{game_id}").get_json()["status"] == "active"
    return game_id


def spectator_log(client, game_id: str) -> list[dict]:
    """Every event a spectator is shown (no token), page by page, with its head."""
    events, after = [], 0
    while True:
        page = client.get(f"/v1/games/{game_id}/events?after={after}&limit=500").get_json()["events"]
        if not page:
            return events
        events += page
        after = page[-1]["version"]


def hidden_paths(stored, shown, path=()) -> list[tuple]:
    """The places where the stored event data holds what the spectator's copy does not."""
    if isinstance(stored, dict) and isinstance(shown, dict):
        out = []
        for key, value in stored.items():
            out += [path + (key,)] if key not in shown else hidden_paths(value, shown[key], path + (key,))
        return out
    if isinstance(stored, list) and isinstance(shown, list) and len(stored) == len(shown):
        return [p for i, (a, b) in enumerate(zip(stored, shown)) for p in hidden_paths(a, b, path + (i,))]
    return [] if stored == shown else [path]


def leaves(value) -> list:
    if isinstance(value, dict):
        return [leaf for item in value.values() for leaf in leaves(item)]
    if isinstance(value, list):
        return [leaf for item in value for leaf in leaves(item)]
    return [value]


def get_at(data, path):
    for step in path:
        data = data[step]
    return data


def set_at(data, path, value):
    out = copy.deepcopy(data)
    target = out
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return out


def guesses(true_value, pool: list) -> list:
    """Every value an attacker tries at one hidden place: every scalar seen anywhere in the log, and
    for a list or object its true content reordered (the true value is among them)."""
    if isinstance(true_value, (list, dict)):
        items = list(true_value) if isinstance(true_value, list) else list(true_value.items())
        orders = itertools.islice(itertools.permutations(items), 24)
        return [list(o) if isinstance(true_value, list) else dict(o) for o in orders]
    return pool


def recovered(entries: list, heads: dict[int, str], shown: dict[int, dict]) -> tuple[int, int]:
    """``(hidden events, events whose hidden value a guess matched against ``heads``)``: for each
    event the spectator sees redacted, every guess at every hidden place is chained onto the
    published head before it (an unkeyed link, as an attacker without the key must) and
    compared with the published head after it."""
    pool = sorted({leaf for _, fields in entries for leaf in leaves(orjson.loads(entry_fields(fields)[1]))
                   if isinstance(leaf, (str, int))}, key=repr)
    hidden = found = 0
    for index, (_, fields) in enumerate(entries):
        version = index + 1
        t, d, b, _ = entry_fields(fields)
        data = orjson.loads(d)
        paths = hidden_paths(data, shown[version]["data"])
        if not paths or version - 1 not in heads:
            continue
        hidden += 1
        prev = chain.parse_head(heads[version - 1]) if version > 1 else None
        for path in paths:
            tried = (set_at(data, path, guess) for guess in guesses(get_at(data, path), pool))
            if prev is not None and any(chain.text_head(chain.link(prev, version, f"{t} {canonical_json(g)}", b))
                                        == heads[version] for g in tried):
                found += 1
                break
    return hidden, found


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_no_hidden_value_can_be_guessed_against_the_published_heads(client, redis_conn, store, ruleset_id):
    # given a running game with a secret seed, some commands into it
    game_id = play_partly(client, redis_conn, ruleset_id, COMMANDS[ruleset_id])
    # and everything a spectator is shown of it: every event, redacted, with the head after it
    shown = {event["version"]: event for event in spectator_log(client, game_id)}
    published = {version: event["head"] for version, event in shown.items()}
    entries = store.read_raw(game_id)
    assert len(shown) == len(entries) and all(published.values())
    # when every value of every hidden field is tried against the published heads
    hidden, found = recovered(entries, published, shown)
    # then there were hidden values to find, and none is recovered
    assert hidden > 0
    assert found == 0
    # while the same attack on the unkeyed chain of proofs scheme 1 recovers every one of them
    unkeyed, head = {}, chain.genesis(game_id)
    for index, (_, fields) in enumerate(entries):
        t, d, b, _ = entry_fields(fields)
        head = chain.link(head, index + 1, f"{t} {d}", b)
        unkeyed[index + 1] = chain.text_head(head)
    assert recovered(entries, unkeyed, shown) == (hidden, hidden)


def test_a_short_chosen_seed_cannot_be_brute_forced_from_its_commitment(client, redis_conn):
    # given a stacked test game with a six-digit seed (a short seed needs a stacked game)
    body = client.post("/v1/games", json={"ruleset": "selfish-space", "seats": [{"name": "A"}, {"name": "B"}],
                                          "options": {"seed": 271828, "stack": {}}})
    assert body.status_code == 201
    game_id = body.get_json()["id"]
    created = spectator_log(client, game_id)[0]
    assert created["type"] == "GameCreated" and created["data"]["proofs"] == 2
    commitment = created["data"]["seed_commitment"]
    # when every six-digit seed is tried as the old bare SHA-256 commitment and as an HMAC keyed by
    # everything public about the game (its id, its first head)
    public_keys = [game_id.encode(), chain.parse_head(created["head"])]
    candidates = [str(n) for n in range(1_000_000)]
    hits = [c for c in candidates if hashlib.sha256(c.encode()).hexdigest() == commitment]
    hits += [c for c in candidates[271_000:272_000] for key in public_keys
             if __import__("hmac").new(key, b"stranded-seed/2\x00" + c.encode(), "sha256").hexdigest() == commitment]
    # then nothing is learned, where scheme 1's commitment to the same seed is found at once
    assert hits == []
    assert seed_hash("271828") in {hashlib.sha256(c.encode()).hexdigest() for c in candidates[271_000:272_000]}


@pytest.mark.parametrize("seed, stacked, why", [
    ("", True, "must not be empty"),
    ("", False, "must not be empty"),
    ("short-seed", False, "at least 16 characters"),
    (271828, False, "at least 16 characters"),
    (-5, True, "at least 0"),
])
def test_a_chosen_seed_that_could_be_guessed_is_refused(client, store, seed, stacked, why):
    options = {"seed": seed, **({"stack": {}} if stacked else {})}
    resp = client.post("/v1/games", json={"ruleset": "selfish-space", "seats": [{"name": "A"}, {"name": "B"}],
                                          "options": options})
    assert resp.status_code == 400 and resp.get_json()["error"]["code"] == "bad_options"
    assert why in resp.get_json()["error"]["message"]
    assert list(store.redis.scan_iter(match="stranded:{*}:meta")) == []          # nothing was written


def test_a_long_chosen_seed_and_a_short_stacked_one_are_accepted_and_marked(client):
    for options in ({"seed": "a-seed-of-sixteen"}, {"seed": "s", "stack": {}}):
        resp = client.post("/v1/games", json={"ruleset": "selfish-space", "seats": [{"name": "A"}, {"name": "B"}],
                                              "options": options})
        assert resp.status_code == 201, resp.get_json()
        summary = client.get(f"/v1/games/{resp.get_json()['id']}").get_json()
        assert summary["seeded"] is True and summary["stacked"] is ("stack" in options)


def test_game_created_is_written_at_the_schema_of_the_keyed_proofs():
    assert CURRENT_SCHEMA["GameCreated"] == 3 and CURRENT_SCHEMA["SeedRevealed"] == 2
