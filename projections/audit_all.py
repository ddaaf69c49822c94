"""The audit of every game a server holds (``stranded verify --all``), shared among processes.

Each game is verified alone (``projections.audit.verify``); whatever one game's keys hold, the
audit of the others goes on: a game Redis cannot read as a game's is tampered, a game deleted
meanwhile (archived) is left out.
"""
from __future__ import annotations

import logging
from concurrent.futures import ProcessPoolExecutor

from redis.exceptions import ResponseError

from events.log.store import DamagedLog, EventStore, GameNotFound
from projections.audit import Problem, Verdict, verify
from projections.rebuild import game_ids

log = logging.getLogger("stranded.audit")


def verify_all(store: EventStore, jobs: int = 1, url: str | None = None, progress=None) -> dict[str, Verdict]:
    """Verify every game this server holds (each with a meta hash: ``projections.rebuild.game_ids``);
    returns ``{game_id: Verdict}`` in id order. ``jobs`` processes share the games when ``url`` (the
    Redis URL of ``store``) is given, each with its own connection; ``progress`` is called with each
    game id once it is verified. A game deleted while the audit runs (archived) is left out; one
    whose keys Redis cannot read as a game's (a stream that is not a stream) is tampered."""
    ids = game_ids(store)
    if jobs <= 1 or url is None or len(ids) <= 1:
        return _verify_ids(store, ids, progress)
    shares = [ids[i::jobs] for i in range(jobs)]
    with ProcessPoolExecutor(max_workers=jobs - 1) as pool:
        parts = [pool.submit(_verify_in_process, url, store.prefix, share) for share in shares[1:]]
        verdicts = _verify_ids(store, shares[0], progress)       # this process takes the first share
        for future in parts:
            part = future.result()
            verdicts.update(part)
            for game_id in part if progress else ():
                progress(game_id)
    return dict(sorted(verdicts.items()))


def _verify_ids(store: EventStore, ids: list[str], progress=None) -> dict[str, Verdict]:
    verdicts = {}
    for game_id in ids:
        try:
            verdicts[game_id] = verify(store, game_id)
        except GameNotFound:
            pass
        except (DamagedLog, ResponseError) as exc:    # a key of another type where the game's should be
            why = exc.why if isinstance(exc, DamagedLog) else f"its keys cannot be read as a game's ({exc})"
            verdicts[game_id] = Verdict(game_id, problems=[Problem(None, why)])
        except Exception as exc:  # whatever one game's keys hold, the audit of the others goes on
            log.exception("verify: game %s could not be audited", game_id)
            verdicts[game_id] = Verdict(game_id, problems=[Problem(None, f"it could not be audited ({exc!r})")])
        if progress:
            progress(game_id)
    return verdicts


def _verify_in_process(url: str, prefix: str, ids: list[str]) -> dict[str, Verdict]:
    from events.log.connection import connect

    return _verify_ids(EventStore(connect(url), prefix), ids)
