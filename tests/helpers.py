"""Helpers shared by the service, worker and projection tests."""
from __future__ import annotations

from rq import Queue, SimpleWorker

from events.dispatch import QUEUE_NAME

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
    """Run every queued job in this process until the queue is empty (RQ SimpleWorker, burst)."""
    SimpleWorker([Queue(QUEUE_NAME, connection=redis)], connection=redis).work(burst=True, logging_level="WARNING")
