"""The spec's examples: requests and answers of a real game, recorded in process.

:func:`record` plays a seeded, stacked Selfish: Space Edition game for three (Ann creates it with two
open seats; Bob joins seat 1, Cat the first open seat) through the Flask test client of an app over
the Redis client it is given, and keeps, per ``operationId``, the body each call sent and the body
(or text) each answered: create, join, summary, view, legal commands, a command, the log, a stream
ticket, leave, reclaim, resign, the record, the verification, a rematch, the lists, the operations
endpoints; then Dan creates a table and cancels it before anyone joins; then the error answers
(problem+json) of the main operations, each a refused call that writes nothing. Every clock read (``events.log.codec``), game id, token and server seed is made
deterministic while it plays, so the same code records the same examples: ``examples.json``
beside this module is what it recorded, and :func:`add_examples` puts it in the spec (the
``examples`` of each operation's request and success media types, where generators and Swagger UI
show them). The long answers (the record, the rulesets) are trimmed (:func:`trim`: the first
items of each long list; a ruleset's first options, commands and events) and still fit their
schemas; the others are whole. Each call is made with the token of the seat whose example it is
(or none: a spectator's), so an example shows only what that seat may see.

Rewrite ``examples.json`` with ``python -m service.http.examples`` (it needs ``fakeredis``, from
the test extra), then ``stranded openapi``; ``tests/service/test_openapi_examples.py`` fails when
either is stale, when an operation has no example, or when an example does not fit its schema.
"""
from __future__ import annotations

import json
import random
import time
import uuid
from contextlib import ExitStack
from pathlib import Path
from types import SimpleNamespace

#: Where the recorded examples are kept (package data).
EXAMPLES_FILE = Path(__file__).with_name("examples.json")
#: The moment the recorded game starts (2026-01-15T12:00:00Z), in ms; each clock read is 150 ms later.
START_MS = 1_768_478_400_000
STEP_MS = 150
#: Lists longer than this are cut to this many items in the examples of :data:`TRIMMED`.
MAX_ITEMS = 5
#: The operations whose examples are trimmed (the others are whole answers).
TRIMMED = {"getRecord", "getRuleset", "listRulesets"}
#: The maps of a ruleset (name -> description) cut to this many entries in an example.
MAX_ENTRIES = 2
#: The stacked deal: Ann holds a Laser Blast and a Tractor Beam, Bob a Shield.
HANDS = [["double_oxygen", "oxygen", "oxygen", "oxygen", "oxygen", "laser_blast", "tractor_beam", "oxygen", "oxygen"],
         ["double_oxygen", "oxygen", "oxygen", "oxygen", "oxygen", "shield", "oxygen", "oxygen", "oxygen"]]
#: What each example shows, by operationId, or "<operationId> <status>" for one answer (the summary
#: Swagger UI lists it under).
SUMMARIES = {
    "listRulesets": "The hosted games (options, commands and events trimmed)",
    "getRuleset": "Selfish: Space Edition (lists trimmed)",
    "listGames": "The newest games", "createGame": "Ann creates a stacked game with two open seats",
    "joinSeat": "Bob takes seat 1", "joinFirstOpenSeat": "Cat takes the first open seat",
    "getGame": "A running game's summary", "getView": "Ann's view at her first turn: her hand, nobody else's",
    "getLegalCommands": "What Ann may send at her first turn",
    "sendCommand": "Ann plays her Tractor Beam on Bob", "getEvents": "The first events, as Ann sees them",
    "createStreamTicket": "A ticket for Ann's stream", "leaveSeat": "Cat leaves: a bot plays her seat",
    "reclaimSeat": "Cat takes her seat back", "resignSeat": "Bob resigns",
    "rematchGame": "Ann asks for a rematch", "cancelGame": "Dan cancels his table before anyone joined", "getRecord": "The finished game's record (trimmed)",
    "getVerification": "The finished game verified",
    "getVerification 202": "Asked for the first time: pending",
    "createGame 200": "The same create retried with its Idempotency-Key: no tokens",
    "createGame 400": "A ruleset this server does not host", "getGame 404": "No such game",
    "getView 403": "A token of no seat of this game", "sendCommand 401": "A command without a token",
    "sendCommand 409": "A command to a game that is over", "joinSeat 409": "A seat of a game that has started",
    "joinFirstOpenSeat 409": "A game that has started", "leaveSeat 403": "Another seat's token",
    "resignSeat 409": "A resignation once the game is over", "cancelGame 403": "A token of no seat of this game",
    "cancelGame 409": "A game that is over cannot be cancelled", "rematchGame 401": "A rematch without a token",
    "getRecord 409": "The record of a game that has not ended",
    "getHealth": "Alive", "getReadiness": "Ready",
    "getMetrics": "A few of the metrics", "streamEvents": "The last frames of the finished game",
}


def _auth(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def trim(value, limit: int = MAX_ITEMS):
    """``value`` with every list longer than ``limit`` cut to its first ``limit`` items (every map
    kept whole); a JSON value, not changed."""
    if isinstance(value, list):
        return [trim(item, limit) for item in value[:limit]]
    if isinstance(value, dict):
        return {key: trim(item, limit) for key, item in value.items()}
    return value


class _Deterministic(ExitStack):
    """While entered: the log's clock reads START_MS, START_MS + STEP_MS...; ``uuid.uuid4``,
    ``secrets.token_urlsafe`` and ``secrets.token_hex`` (game ids, tokens, invite codes, tickets,
    server seeds) come from one seeded generator."""

    def __enter__(self):
        super().__enter__()
        import secrets
        from unittest import mock       # only while recording: the server never loads it

        import events.log.codec as codec

        rng, ticks = random.Random("stranded-examples"), iter(range(10 ** 9))
        clock = SimpleNamespace(**{name: getattr(time, name) for name in dir(time) if not name.startswith("_")})
        clock.time_ns = lambda: (START_MS + STEP_MS * next(ticks)) * 1_000_000
        self.enter_context(mock.patch.object(codec, "time", clock))
        self.enter_context(mock.patch.object(uuid, "uuid4", lambda: uuid.UUID(int=rng.getrandbits(128), version=4)))
        self.enter_context(mock.patch.object(secrets, "token_urlsafe", lambda n=32: _urlsafe(rng, n)))
        self.enter_context(mock.patch.object(secrets, "token_hex", lambda n=32: rng.getrandbits(8 * n).to_bytes(
            n, "big").hex()))
        return self


def _urlsafe(rng: random.Random, n: int) -> str:
    import base64
    return base64.urlsafe_b64encode(rng.getrandbits(8 * n).to_bytes(n, "big")).rstrip(b"=").decode()


class _Recorder:
    """The examples of one played game: ``{operationId: {"request": body, "responses": {status: body}}}``."""

    def __init__(self, client):
        self.client, self.out = client, {}

    def call(self, operation: str, method: str, path: str, body=None, headers=None, expect: int = 200,
             keep_request: bool = True, text: bool = False):
        """Send one request, check its status, keep its body and answer under ``operation``; the answer."""
        resp = self.client.open(path, method=method, json=body, headers=headers or {})
        assert resp.status_code == expect, (operation, resp.status_code, resp.get_data(as_text=True)[:500])
        answer = resp.get_data(as_text=True) if text else resp.get_json()
        entry = self.out.setdefault(operation, {"responses": {}})
        if body is not None and keep_request:
            entry["request"] = body
        entry["responses"].setdefault(str(expect), answer)
        return answer


def _play(rec: _Recorder, store) -> None:
    """The game (see the module docstring), every call recorded."""
    from projections import verdicts

    create = {"ruleset": "selfish-space", "seats": [{"name": "Ann"}, {"open": True}, {"open": True}],
              "options": {"seed": "examples", "stack": {"hands": HANDS}}}
    game = rec.call("createGame", "POST", "/v1/games", create, {"Idempotency-Key": "ann-create-1"}, 201)
    rec.call("createGame", "POST", "/v1/games", create, {"Idempotency-Key": "ann-create-1"}, 200)
    gid, ann = game["id"], _auth(game["tokens"][0]["token"])
    g = f"/v1/games/{gid}"
    bob = _auth(rec.call("joinSeat", "POST", f"{g}/seats/1/join", {"name": "Bob"})["token"])
    cat = _auth(rec.call("joinFirstOpenSeat", "POST", f"{g}/join", {"name": "Cat", "client_seed": "cat's dice"})
                ["token"])
    rec.call("getGame", "GET", g)
    rec.call("getView", "GET", f"{g}/view", headers=ann)
    rec.call("getLegalCommands", "GET", f"{g}/legal-commands", headers=ann)
    rec.call("sendCommand", "POST", f"{g}/commands", {"type": "PlayAction", "card": "tractor_beam", "target": 1},
             {**ann, "Idempotency-Key": "ann-1"})
    rec.call("getEvents", "GET", f"{g}/events?after=0&limit={MAX_ITEMS}", headers=ann)
    rec.call("createStreamTicket", "POST", f"{g}/stream-ticket", headers=ann, expect=201)
    rec.call("leaveSeat", "POST", f"{g}/seats/2/leave", headers=cat)
    rec.call("reclaimSeat", "POST", f"{g}/seats/2/reclaim", headers=cat)
    rec.call("resignSeat", "POST", f"{g}/seats/1/resign", headers=bob)
    rec.call("resignSeat", "POST", f"{g}/seats/2/resign", headers=cat)
    rec.call("resignSeat", "POST", f"{g}/seats/0/resign", headers=ann)    # nobody left alive: it ends
    version = rec.client.get(g).get_json()["version"]
    rec.call("streamEvents", "GET", f"{g}/stream?after={version - 2}", text=True)
    rec.call("getRecord", "GET", f"{g}/record")
    rec.call("getVerification", "GET", f"{g}/verification", expect=202)     # asked: a worker computes it
    verdicts.compute(store, gid)          # what a worker does when the verification is first asked for
    rec.call("getVerification", "GET", f"{g}/verification")
    rec.call("rematchGame", "POST", f"{g}/rematch", {"name": "Ann"}, ann)
    rec.call("listGames", "GET", f"/v1/games?limit={MAX_ITEMS}")
    for ruleset in rec.call("listRulesets", "GET", "/v1/rulesets")["rulesets"]:
        _fewer_entries(ruleset)
    _fewer_entries(rec.call("getRuleset", "GET", "/v1/rulesets/selfish-space"))
    rec.call("getHealth", "GET", "/healthz")
    rec.call("getReadiness", "GET", "/readyz")
    metrics = rec.call("getMetrics", "GET", "/metrics", text=True)
    rec.out["getMetrics"]["responses"]["200"] = _metric_lines(metrics, "stranded_commands_total")
    dan = rec.client.post("/v1/games", json={"ruleset": "selfish-space", "seats": [{"name": "Dan"}, {"open": True}],
                                             "options": {"seed": "examples-cancelled"}}).get_json()
    rec.call("cancelGame", "POST", f"/v1/games/{dan['id']}/cancel",
             headers={**_auth(dan["tokens"][0]["token"]), "Idempotency-Key": "dan-cancel-1"})
    _refusals(rec, g, ann, f"/v1/games/{dan['id']}", f"/v1/games/{rec.out['rematchGame']['responses']['200']['game_id']}")


def _refusals(rec: _Recorder, g: str, ann: dict, cancelled: str, waiting: str) -> None:
    """The error answers (problem+json) of the main operations, once the game ``g`` is over: each
    refused call writes nothing, so none changes another example. ``cancelled``: Dan's cancelled
    table; ``waiting``: the rematch, still waiting for Bob and Cat."""
    create = {"ruleset": "chess", "seats": [{"name": "Ann"}, {"name": "Bob"}]}
    rec.call("createGame", "POST", "/v1/games", create, expect=400, keep_request=False)
    rec.call("getGame", "GET", "/v1/games/no-such-game", expect=404)
    rec.call("getView", "GET", f"{g}/view", headers=_auth("not-a-token-of-this-game"), expect=403)
    rec.call("sendCommand", "POST", f"{g}/commands", {"type": "PlayAction", "card": "tractor_beam", "target": 1},
             expect=401, keep_request=False)
    rec.call("sendCommand", "POST", f"{g}/commands", {"type": "PlayAction", "card": "tractor_beam", "target": 1},
             ann, expect=409, keep_request=False)
    rec.call("joinSeat", "POST", f"{g}/seats/1/join", {"name": "Eve"}, expect=409, keep_request=False)
    rec.call("joinFirstOpenSeat", "POST", f"{g}/join", {"name": "Eve"}, expect=409, keep_request=False)
    rec.call("leaveSeat", "POST", f"{g}/seats/1/leave", headers=ann, expect=403)
    rec.call("resignSeat", "POST", f"{g}/seats/0/resign", headers=ann, expect=409)
    rec.call("cancelGame", "POST", f"{cancelled}/cancel", headers=_auth("not-a-token-of-this-game"), expect=403)
    rec.call("cancelGame", "POST", f"{g}/cancel", headers=ann, expect=409)
    rec.call("rematchGame", "POST", f"{g}/rematch", {"name": "Ann"}, expect=401, keep_request=False)
    rec.call("getRecord", "GET", f"{waiting}/record", expect=409)


def _fewer_entries(ruleset: dict) -> None:
    """Cut the maps of a ruleset's description (options, commands, events) to their first
    :data:`MAX_ENTRIES` entries, in place."""
    for name in ("options", "commands", "events"):
        if isinstance(ruleset.get(name), dict):
            ruleset[name] = dict(list(ruleset[name].items())[:MAX_ENTRIES])


def _metric_lines(text: str, name: str) -> str:
    """The ``# HELP`` and ``# TYPE`` lines of the metric ``name`` (its counts depend on the process)."""
    return "".join(line + "\n" for line in text.splitlines() if line.startswith((f"# HELP {name} ",
                                                                                  f"# TYPE {name} ")))


def record(redis_client) -> dict:
    """Play the examples' game over ``redis_client`` (an empty database: a fakeredis one will do) and
    return the examples (those of :data:`TRIMMED` trimmed):
    ``{operationId: {"request"?: body, "responses": {status: body}}}``."""
    from service.http.app import create_app

    with _Deterministic():
        app = create_app(redis_client)
        app.testing = True                 # an error in the game is raised, not answered 500
        rec = _Recorder(app.test_client())
        _play(rec, app.extensions["stranded"].store)
    return {op: trim(entry) if op in TRIMMED else entry for op, entry in sorted(rec.out.items())}


def load() -> dict:
    """The checked-in examples (``examples.json``)."""
    return json.loads(EXAMPLES_FILE.read_text())


def add_examples(spec, examples: dict | None = None) -> None:
    """Put ``examples`` (default: :func:`load`) in an apispec ``APISpec``: each operation's request
    body and documented answers get ``examples: {<operationId>: {summary, value}}`` on their media
    type (OpenAPI 3.1; Swagger UI and the generators read them there)."""
    examples = load() if examples is None else examples
    for operations in spec._paths.values():        # apispec keeps no public handle on its paths
        for operation in operations.values():
            if not isinstance(operation, dict) or operation.get("operationId") not in examples:
                continue
            op = operation["operationId"]
            entry, summary = examples[op], SUMMARIES.get(op, op)
            if "request" in entry and "requestBody" in operation:
                for media in operation["requestBody"]["content"].values():
                    media["examples"] = {op: {"summary": summary, "value": entry["request"]}}
            for status, value in entry["responses"].items():
                said = SUMMARIES.get(f"{op} {status}", summary)
                for media in operation["responses"].get(status, {}).get("content", {}).values():
                    media["examples"] = {op: {"summary": said, "value": value}}


def main() -> None:
    """Record the examples over a fresh fakeredis and rewrite ``examples.json``."""
    import fakeredis

    examples = record(fakeredis.FakeRedis(server=fakeredis.FakeServer(), decode_responses=False))
    EXAMPLES_FILE.write_text(json.dumps(examples, indent=1, sort_keys=True, ensure_ascii=False) + "\n")
    print(f"wrote {EXAMPLES_FILE} ({len(examples)} operations)")


if __name__ == "__main__":
    main()
