"""A game's audit verdict, computed once per version by a worker and kept for readers.

``GET /v1/games/{id}/verification`` answers from here (``service.http.table_handlers``); the verdict
is computed by ``workers.audit_jobs.verify_game`` (``projections.audit.verify``) and kept in the
game's slot (``stranded:{<game>}:verdict``, JSON) until the game moves on: a finished game's
verdict never changes, a running game's covers the version it was computed at, and a reader of a
later version is served it (marked not ``current``) while the next one is computed.

Kept: ``{"version": the log's last version audited, "code", "ok", "finished", "cancelled" (absent in
verdicts kept before it), "head": [v, head]
| null, "problems": [text], "unchecked": [text]}``.
"""
from __future__ import annotations

import orjson
from redis.exceptions import ResponseError

from events.log.replies import is_wrong_type
from events.log.store import EventStore
from projections.audit import Verdict, verify

#: The verification's ``status`` for each exit code of ``stranded verify``.
VERIFICATION_STATUS = {0: "verified", 1: "tampered", 3: "consistent_so_far"}


def compute(store: EventStore, game_id: str) -> dict:
    """Audit the game as the server holds it now and keep the verdict; return what was kept.
    Raises ``GameNotFound``."""
    kept = kept_form(verify(store, game_id))
    store.redis.set(store.key(game_id, "verdict"), orjson.dumps(kept))
    return kept


def kept_form(verdict: Verdict) -> dict:
    """What is kept of a verdict (see the module doc)."""
    return {"version": verdict.events, "code": verdict.code, "ok": verdict.ok, "finished": verdict.finished,
            "cancelled": verdict.cancelled,
            "head": list(verdict.head) if verdict.head else None,
            "problems": [str(problem) for problem in verdict.problems], "unchecked": list(verdict.unchecked)}


def kept(store: EventStore, game_id: str) -> dict | None:
    """The verdict kept for the game, or None (none yet, or unreadable: a key of another type, text
    that is not a kept verdict's shape -- the next job computes it afresh and overwrites it)."""
    try:
        raw = store.redis.get(store.key(game_id, "verdict"))
    except ResponseError as exc:
        if is_wrong_type(exc):
            return None
        raise
    try:
        found = orjson.loads(raw) if raw else None
    except orjson.JSONDecodeError:
        return None
    return found if _kept_shape(found) else None


def _kept_shape(found) -> bool:
    """Whether ``found`` has the shape :func:`kept_form` writes (so :func:`body` can serve it)."""
    head = found.get("head") if isinstance(found, dict) else None
    return (isinstance(found, dict) and type(found.get("version")) is int
            and found.get("code") in VERIFICATION_STATUS and isinstance(found.get("ok"), bool)
            and isinstance(found.get("finished"), bool)
            and all(isinstance(found.get(k), list) and all(isinstance(x, str) for x in found[k])
                    for k in ("problems", "unchecked"))
            and (head is None or isinstance(head, list) and len(head) == 2 and type(head[0]) is int
                 and isinstance(head[1], str)))


def body(found: dict, game_version: int, over: bool) -> dict:
    """The ``Verification`` a reader is served from a kept verdict. ``game_version``: the game's
    version now (the verdict is ``current`` when it covers it); ``over``: the server's meta says
    the game is over, so the problems (which may quote events hidden from some seats while it
    runs) are listed."""
    problems = found["problems"]
    if problems:
        message = (f"The log does not verify: {problems[0]}" + (f" (and {len(problems) - 1} more)."
                                                                 if len(problems) > 1 else ".")) if over else \
            (f"The log does not verify ({len(problems)} problem(s)); the details are listed once the game "
             "is over.")
    elif found["finished"] and found.get("cancelled"):
        message = ("Verified: the chain holds, the revealed seed is the one committed to, and the game was "
                   "cancelled by its creator before it was dealt.")
    elif found["finished"]:
        message = ("Verified: the chain holds, the revealed seed is the one committed to, and re-running the "
                   "rules from it gives every recorded event.")
    else:
        message = ("Consistent so far: the chain holds and the rules accept every recorded command; the draws "
                   "can be checked once the game is over and its seed revealed.")
    head = {"version": found["head"][0], "head": found["head"][1]} if found["head"] else None
    current = found["version"] == game_version
    if not current:
        message += f" (Checked up to version {found['version']}; version {game_version} is being checked now.)"
    return {"ok": found["ok"], "status": VERIFICATION_STATUS[found["code"]], "code": found["code"],
            "message": message, "version": found["version"], "head": head, "current": current,
            "problems": problems if over else []}


def pending(game_version: int) -> dict:
    """The ``Verification`` of a game no verdict is kept for yet: being computed."""
    return {"ok": None, "status": "pending", "code": None, "version": game_version, "head": None,
            "current": False, "problems": [],
            "message": "The log is being checked now; ask again in a moment."}
