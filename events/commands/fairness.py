"""Fair bot work: each creator's games take turns in the bot queue.

Bot jobs (``workers.jobs.play_bots``) share one RQ queue, first in first out. Left alone, one
address that creates many all-bot games would fill it, and another game's bot reply would wait
behind all of them. So every bot job belongs to a **lane** -- the address that created its game
(:func:`lane_of`; a game with no known creator is a lane of its own) -- and a lane has at most
**one job waiting** in the queue at a time:

- :meth:`FairBots.admit` lets a job into the queue when its lane has none waiting; otherwise the
  job is **deferred**: kept in its lane's list (``<ns>:deferred:<lane>``, first in first out).
- When a job of a lane starts (:meth:`FairBots.started`), its lane has none waiting any more and
  the lane's next deferred job is let into the queue -- at its back, behind every other lane's.

The queue thus holds at most one waiting job per lane, and visits the lanes in turn (round
robin): a bot reply waits behind at most one job of each other lane, however many games each
creator runs. Each job plays a bounded slice of moves (``workers.jobs.BOT_SLICE_MOVES`` and
``BOT_SLICE_S``) and hands the rest of its game to a fresh job of the same lane, so a long
all-bot game also takes turns with the creator's other games.

Deadline jobs never wait here: they run on a queue of their own (``events.commands.dispatch``) that
every worker serves first.

The bookkeeping is two keys per lane on the queues' Redis, changed by Lua scripts (atomic, so
two API processes admitting jobs of one lane never both let one in). If a waiting job is lost
(a Redis restart, a worker that died holding it), the reconciler finds the lane stuck
(:meth:`FairBots.repair`) and lets its next job in.
"""
from __future__ import annotations

import hashlib

#: The namespace of the fairness keys on the queues' Redis.
NAMESPACE = "stranded-fair"

_ADMIT = """
if redis.call('EXISTS', KEYS[1]) == 0 then
  redis.call('SET', KEYS[1], ARGV[1])
  return 1
end
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return 1
end
redis.call('RPUSH', KEYS[2], ARGV[1])
redis.call('SADD', KEYS[3], ARGV[2])
return 0
"""

_STARTED = """
local waiting = redis.call('GET', KEYS[1])
if waiting and waiting ~= ARGV[1] then
  return false
end
redis.call('DEL', KEYS[1])
local nxt = redis.call('LPOP', KEYS[2])
if nxt then
  redis.call('SET', KEYS[1], nxt)
  return nxt
end
redis.call('SREM', KEYS[3], ARGV[2])
return false
"""


def lane_of(creator: str | None, game_id: str) -> str:
    """The lane of a game's bot jobs: ``a:<creator>`` (the digest of the creating address,
    :func:`creator_of`), or ``g:<game id>`` for a game whose creator is not known (one made
    before lanes existed, or by a command-line tool)."""
    return f"a:{creator}" if creator else f"g:{game_id}"


def creator_of(address: str | None) -> str:
    """The creator key kept in a game's private meta for the address that created it: 16 hex
    digits of its SHA-256 ("" for no address). Never shown to anyone; it only groups games."""
    if not address:
        return ""
    return hashlib.sha256(address.encode("utf-8", "replace")).hexdigest()[:16]


def spec(game_id: str, version: int, prefix: str) -> str:
    """A bot job as the lanes keep it: ``"<prefix>|<game id>|<version>"``."""
    return f"{prefix}|{game_id}|{version}"


def parse_spec(text) -> tuple[str, str, int]:
    """``(prefix, game id, version)`` of a :func:`spec` (bytes or str)."""
    text = text.decode() if isinstance(text, bytes) else text
    prefix, game_id, version = text.rsplit("|", 2)
    return prefix, game_id, int(version)


class FairBots:
    """The lanes of the bot queue, on the queues' Redis ``redis`` (see the module doc)."""

    def __init__(self, redis):
        self.redis = redis
        self._admit = redis.register_script(_ADMIT)
        self._started = redis.register_script(_STARTED)

    def keys(self, lane: str) -> list[str]:
        """``[waiting, deferred, lanes]``: the lane's keys and the set of lanes with deferred jobs."""
        return [f"{NAMESPACE}:waiting:{lane}", f"{NAMESPACE}:deferred:{lane}", f"{NAMESPACE}:lanes"]

    def admit(self, lane: str, job: str) -> bool:
        """Whether the bot job ``job`` (a :func:`spec`) may go into the queue now (its lane has no
        other job waiting; it is now the lane's waiting job); otherwise it is deferred behind the
        lane's other jobs and False is returned. A job already waiting is admitted again (a
        re-enqueue of the same job does not defer it behind itself)."""
        return bool(self._admit(keys=self.keys(lane), args=[job, lane]))

    def started(self, lane: str, job: str) -> str | None:
        """The job ``job`` of ``lane`` started: the lane has no job waiting any more. Returns the
        lane's next deferred job, now its waiting job, which the caller must enqueue; or None
        (none deferred, or another job of the lane is waiting already)."""
        nxt = self._started(keys=self.keys(lane), args=[job, lane])
        return None if nxt is None else (nxt.decode() if isinstance(nxt, bytes) else nxt)

    def deferred(self, lane: str, job: str) -> bool:
        """Whether ``job`` waits in ``lane``'s deferred list (the reconciler's "alive")."""
        return self.redis.lpos(self.keys(lane)[1], job) is not None

    def waiting(self, lane: str) -> str | None:
        """The lane's job waiting in the queue, or None."""
        value = self.redis.get(self.keys(lane)[0])
        return None if value is None else (value.decode() if isinstance(value, bytes) else value)

    def lanes(self) -> list[str]:
        """The lanes that have deferred jobs."""
        return sorted(m.decode() if isinstance(m, bytes) else m for m in self.redis.smembers(self.keys("")[2]))

    def pending(self, lane: str) -> int:
        """How many jobs the lane has deferred."""
        return int(self.redis.llen(self.keys(lane)[1]))

    def repair(self, alive) -> list[tuple[str, str]]:
        """Let the next job of every stuck lane in: a lane with deferred jobs whose waiting job is
        not ``alive(spec)`` (lost). Returns ``[(lane, spec)]`` of the jobs now waiting, for the
        caller to enqueue."""
        freed = []
        for lane in self.lanes():
            waiting = self.waiting(lane)
            if waiting is not None and alive(waiting):
                continue
            nxt = self.started(lane, waiting or "")
            if nxt is not None:
                freed.append((lane, nxt))
        return freed
