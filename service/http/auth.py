"""Per-seat bearer tokens.

Creating a game (or joining a seat) returns a random token for each human
seat, once; the game's meta keeps only its SHA-256. A request names its seat
with ``Authorization: Bearer <token>``.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets

from flask import request

from events.table.meta import GameMeta
from service.http.errors import ApiError


def new_token() -> tuple[str, str]:
    """A fresh token and its SHA-256 (hex): ``(token, token_sha256)``."""
    token = secrets.token_urlsafe(24)
    return token, token_hash(token)


def token_hash(token: str) -> str:
    """SHA-256 of a token, hex."""
    return hashlib.sha256(token.encode()).hexdigest()


def bearer() -> str | None:
    """The bearer token of the current request, or None if there is no Authorization header.

    Raises ApiError 401 ``bad_authorization`` for a header that is not ``Bearer <token>``.
    """
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "bad_authorization", "Send the seat token as 'Authorization: Bearer <token>'.")
    return token.strip()


def seat_of(meta: GameMeta, token: str) -> int:
    """The seat whose token this is; raises ApiError 403 ``invalid_token`` (also for every token
    of a game imported from a record: nobody plays it here)."""
    if meta.imported:
        raise ApiError(403, "invalid_token", "This game was imported from a record: nobody plays it here.")
    digest = token_hash(token)
    for i, seat in enumerate(meta.seats):
        known = seat.get("token_sha256")
        if known and hmac.compare_digest(known, digest):
            return i
    raise ApiError(403, "invalid_token", "That token is not a seat of this game.")


def caller_seat(meta: GameMeta, required: bool) -> int | None:
    """The calling seat (None: spectator). ``required``: 401 ``missing_token`` without a token."""
    token = bearer()
    if token is None:
        if required:
            raise ApiError(401, "missing_token", "This needs your seat token: 'Authorization: Bearer <token>'.")
        return None
    return seat_of(meta, token)
