"""HTTP caching of the API's reads: strong ETags, ``304 Not Modified`` and ``Cache-Control``.

Every cacheable read (rulesets, a game's summary, views, the log, records) carries a strong ETag,
the digest of the exact bytes answered (werkzeug's ``add_etag``; a record's is computed once with
its bytes, ``service.http.record_cache``): the same version seen by the same
caller gives the same bytes, so a poller that sends ``If-None-Match`` gets an empty ``304`` until the
game moves (werkzeug's ``make_conditional``). The body depends on the caller's seat token, hence
``Vary: Authorization``.

What can no longer change is ``immutable`` (a year's ``max-age``): a finished game's record, its
complete log and its views at a past version. Everything else is ``no-cache``: keep it, but ask
again (with its ETag) before using it.
"""
from __future__ import annotations

from flask import Response, request

#: ``Cache-Control`` of an answer that can never change.
IMMUTABLE = "public, max-age=31536000, immutable"
#: ``Cache-Control`` of an answer that may change: revalidate (If-None-Match) before each use.
REVALIDATE = "no-cache"
#: How the spec documents the headers of a cacheable answer.
CACHE_HEADERS = {
    "ETag": {"description": "A strong validator of the exact answer: send it back as If-None-Match to get a "
                            "304 with no body while it is unchanged.", "schema": {"type": "string"}},
    "Cache-Control": {"description": "'public, max-age=31536000, immutable' for what can no longer change (a "
                                     "finished game's record, complete log and views at a version), else "
                                     "'no-cache'.", "schema": {"type": "string"}},
}
#: How the spec documents ``If-None-Match``.
IF_NONE_MATCH = {"in": "header", "name": "If-None-Match", "required": False, "schema": {"type": "string"},
                 "description": "The ETag of an answer you hold: a 304 Not Modified, with no body, while it "
                                "still is the answer."}
#: How the spec documents a ``304``.
NOT_MODIFIED = {"description": "Not Modified: the answer whose ETag was sent in If-None-Match is still the "
                               "answer (no body).", "headers": {"ETag": CACHE_HEADERS["ETag"]}}


def conditional(response: Response, immutable: bool = False) -> Response:
    """``response`` with a strong ETag and ``Cache-Control``; a ``304`` (no body) when the request's
    ``If-None-Match`` names that ETag."""
    response.add_etag()
    response.headers["Cache-Control"] = IMMUTABLE if immutable else REVALIDATE
    response.vary.add("Authorization")
    return response.make_conditional(request)


__all__ = ["CACHE_HEADERS", "IF_NONE_MATCH", "IMMUTABLE", "NOT_MODIFIED", "REVALIDATE", "conditional"]
