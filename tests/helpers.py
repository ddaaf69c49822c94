"""Helpers shared by the service, worker and projection tests."""
from __future__ import annotations

import socket
import time
from typing import Callable, Iterator

import requests

from rq import Queue, SimpleWorker

from events.commands.dispatch import WORKER_QUEUES

# A stacked deal for two seats: seat 0 holds a Laser Blast and a Tractor Beam
# but no Hack Suit; seat 1 holds a Shield. The Space deck starts with Blanks.
STACK = {
    "hands": [
        ["double_oxygen", "oxygen", "oxygen", "oxygen", "oxygen", "laser_blast", "tractor_beam", "oxygen", "oxygen"],
        ["double_oxygen", "oxygen", "oxygen", "oxygen", "oxygen", "shield", "oxygen", "oxygen", "oxygen"],
    ],
    "game_deck": ["oxygen", "oxygen", "oxygen", "oxygen"],
    "space_deck": ["blank", "blank", "blank", "blank"],
}


def auth(token: str) -> dict:
    """The Authorization header for a seat token."""
    return {"Authorization": f"Bearer {token}"}


def run_jobs(redis) -> None:
    """Run every queued job in this process until the queues are empty (RQ SimpleWorker, burst),
    in a worker's order (``events.commands.dispatch.WORKER_QUEUES``): deadlines first, then bots, then the
    audit queue (``events.commands.audit_work``)."""
    SimpleWorker([Queue(name, connection=redis) for name in WORKER_QUEUES],
                 connection=redis).work(burst=True, logging_level="WARNING")


def seeded_options(options: dict) -> dict:
    """A test game's options: a chosen seed shorter than ``MIN_SEED_LENGTH`` is refused unless the
    game is stacked (docs/audit.md, 'Chosen seeds'), so a test's short seed comes with an empty
    stack -- which stacks nothing: the deal is the seed's -- unless the test stacks the game itself."""
    from events.table.meta import MIN_SEED_LENGTH

    if "seed" in options and "stack" not in options and len(str(options["seed"])) < MIN_SEED_LENGTH:
        return {**options, "stack": {}}
    return options


def create_game(client, ruleset: str, seats: list[dict], **options) -> dict:
    """``POST /v1/games`` through the Flask test client; asserts 201 and returns the body
    (a short test seed is stacked: :func:`seeded_options`)."""
    resp = client.post("/v1/games", json={"ruleset": ruleset, "seats": seats, "options": seeded_options(options)})
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()


def post_command(client, game_id: str, token: str, body, **headers):
    """``POST /v1/games/{id}/commands`` as the seat of ``token``; returns the response."""
    return client.post(f"/v1/games/{game_id}/commands", json=body, headers={**auth(token), **headers})


def legal_entries(client, game_id: str, token: str) -> list[dict]:
    """``GET /v1/games/{id}/legal-commands`` as the seat of ``token``: the entries
    (``{"command", "label", "cost", "effect"}``); asserts 200."""
    resp = client.get(f"/v1/games/{game_id}/legal-commands", headers=auth(token))
    assert resp.status_code == 200, resp.get_json()
    return resp.get_json()["commands"]


def legal_commands(client, game_id: str, token: str) -> list[dict]:
    """The complete command bodies the seat of ``token`` may POST now (each entry's ``command``)."""
    return [entry["command"] for entry in legal_entries(client, game_id, token)]


def all_events(client, game_id: str) -> tuple[list[dict], dict]:
    """Every event of the game as the caller may see it, paging ``/events``; also the last page."""
    events, after = [], 0
    while True:
        page = client.get(f"/v1/games/{game_id}/events?after={after}&limit=1000").get_json()
        if not page["events"]:
            return events, page
        events += page["events"]
        after = page["events"][-1]["version"]


def free_port(ports: range) -> int:
    """A loopback port of ``ports`` that nothing listens on now (each suite that starts its
    own servers keeps to a range of its own); raises AssertionError when all are taken."""
    for port in ports:
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise AssertionError(f"no free port in {ports.start}-{ports.stop - 1}")


def wait_finished(base: str, game_id: str, seconds: float = 120) -> dict:
    """Poll ``GET {base}/v1/games/{game_id}`` of a running server until the game is finished; return
    its summary (AssertionError after ``seconds``)."""
    deadline = time.monotonic() + seconds
    summary = None
    while time.monotonic() < deadline:
        summary = requests.get(f"{base}/v1/games/{game_id}", timeout=5).json()
        if summary["status"] == "finished":
            return summary
        time.sleep(0.2)
    raise AssertionError(f"{game_id} did not finish in {seconds} s: {summary}")


def clients_of(connect: Callable, flush: str | None = None) -> Iterator[Callable]:
    """For a fixture to ``yield from``: a factory of ``connect()``'s clients, every one closed at the
    end; with ``flush`` (``"flushdb"``, ``"flushall"``) the data is wiped first."""
    clients: list = []

    def make():
        client = connect()
        clients.append(client)
        return client

    if flush:
        getattr(make(), flush)()
    yield make
    for client in clients:
        client.close()
