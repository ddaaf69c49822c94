"""Work a public read hands to the workers rather than doing it in the request: a game's audit
(``GET .../verification``) and the replay checkpoints of a game written before they existed
(``GET .../view?at=N``).

Both cost time proportional to a game's length, so no request runs them. A read asks for them
(:func:`ask`); the job runs in a worker on a queue of its own, :data:`AUDIT_QUEUE`, which the
workers serve only when no bot or deadline job waits, so readers never delay players; and one
request per game and kind is enough for :data:`ASKED_S` seconds -- a reader who asks again in
a loop enqueues nothing more (a key in the game's slot, ``stranded:{<game>}:asked:<kind>``,
``SET NX`` with that expiry). So a running game is audited at most once every
:data:`ASKED_S` seconds however many read its verdict, and a finished one once more (its
final verdict: kind ``verification`` with ``final``). Jobs are enqueued by dotted path
(``workers.audit_jobs``).
"""
from __future__ import annotations

from rq import Queue

from events.log.store import EventStore

#: The queue of audit and checkpoint jobs: served after the bot and deadline queue.
AUDIT_QUEUE = "stranded-audit"
#: Seconds during which one game's request of one kind enqueues no second job.
ASKED_S = 30
#: What each job is enqueued with: its result not kept, a failure kept a week for the operator (as the
#: bot and deadline jobs of ``events.commands.dispatch``, which imports this module).
JOB_OPTIONS = {"result_ttl": 0, "failure_ttl": 7 * 24 * 3600}
#: The job of each kind of work, by dotted path.
JOBS = {"verification": "workers.audit_jobs.verify_game", "checkpoints": "workers.audit_jobs.write_checkpoints"}


def ask(store: EventStore, queue_redis, kind: str, game_id: str, version: int, final: bool = False) -> bool:
    """Ask the workers for ``kind`` of work (``"verification"`` or ``"checkpoints"``) on
    ``game_id`` as it is at ``version``; True when a job was enqueued, False when one was asked
    for within :data:`ASKED_S` seconds already. ``queue_redis``: the queues' client; ``final``:
    the game is over (its last request, kept apart from the running game's)."""
    asked = store.key(game_id, f"asked:{kind}" + (":final" if final else ""))
    if not store.redis.set(asked, version, nx=True, ex=ASKED_S):
        if store.redis.ttl(asked) != -1:        # asked within ASKED_S seconds (or gone since: ask next time)
            return False
        # a key with no expiry was not written here (any type, written from outside): it would hold the
        # work off for ever, so it is replaced
        store.redis.delete(asked)
        if not store.redis.set(asked, version, nx=True, ex=ASKED_S):
            return False
    Queue(AUDIT_QUEUE, connection=queue_redis).enqueue(
        JOBS[kind], game_id, version, store.prefix, job_id=f"{kind}-{game_id}-{version}", **JOB_OPTIONS)
    return True


def done(store: EventStore, kind: str, game_id: str) -> None:
    """One-off work (checkpoints) is done: the next request may ask again at once."""
    store.redis.delete(store.key(game_id, f"asked:{kind}"))
