"""The RQ jobs public reads hand off (``events.commands.audit_work``): a game's audit, kept per version
(``projections.verdicts``), and the replay checkpoints of a game written before them
(``events.log.checkpoints``). They run on the audit queue, after every bot and deadline job, and at a
lower CPU priority than the server's own processes (:data:`NICENESS`), so a long audit on a shared
machine takes CPU only the API and the bots leave."""
from __future__ import annotations

import os

from rq import get_current_job

from events.commands.audit_work import done
from events.log.implied import expected_checkpoints
from events.games import RULESETS
from events.log.store import DamagedLog, EventStore, GameNotFound
from projections import verdicts
from events.log.metahash import meta_from_hash
from workers.jobs import _connections

#: How much a forked audit job lowers its own CPU priority (``os.nice``).
NICENESS = 10


def _yield_cpu() -> None:
    """Lower the CPU priority of this job's process -- only when RQ forked it for this job (a work
    horse: ``RQ_JOB_ID`` names the job), never a process that runs jobs in place (tests)."""
    job = get_current_job()
    if job is not None and os.environ.get("RQ_JOB_ID") == job.id:
        os.nice(NICENESS)


def verify_game(game_id: str, version: int, prefix: str = "stranded") -> str:
    """RQ job: audit ``game_id`` and keep the verdict (``version``: the version asked about)."""
    _yield_cpu()
    store, _ = _connections()
    return run_verification(store, game_id, prefix)


def write_checkpoints(game_id: str, version: int, prefix: str = "stranded") -> str:
    """RQ job: write the replay checkpoints ``game_id``'s log implies."""
    _yield_cpu()
    store, _ = _connections()
    return run_checkpoints(store, game_id, prefix)


def run_verification(redis, game_id: str, prefix: str = "stranded") -> str:
    """Audit the game now and keep its verdict; what happened, in a word."""
    store = EventStore(redis, prefix)
    try:
        kept = verdicts.compute(store, game_id)
    except GameNotFound:
        return "no such game"
    except DamagedLog as exc:                  # its readers answer log_damaged: nothing to keep
        return f"damaged: {exc.why}"
    return f"{verdicts.VERIFICATION_STATUS[kept['code']]} at version {kept['version']}"


def run_checkpoints(redis, game_id: str, prefix: str = "stranded") -> str:
    """Write every checkpoint the game's log implies (``events.log.implied.expected_checkpoints``)."""
    store = EventStore(redis, prefix)
    try:
        whole = store.read_whole(game_id)
        meta = meta_from_hash(game_id, whole.meta)
        written = expected_checkpoints(RULESETS[meta.ruleset], game_id, whole.entries)
        store.write_checkpoints(game_id, written)
    except GameNotFound:
        return "no such game"
    except (DamagedLog, KeyError) as exc:       # KeyError: a ruleset not hosted here
        return f"damaged: {exc}"
    finally:
        done(store, "checkpoints", game_id)
    return f"{len(written)} checkpoint(s)"
