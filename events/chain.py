"""The hash chain that makes a game's log tamper-evident.

Every event links to the one before it, as a git commit names its parent::

    head(0) = SHA-256( b"stranded-chain/1\\n" + game_id as UTF-8 )
    head(v) = SHA-256( head(v-1) + link(v) )          (heads as 32 raw bytes)

    link(v) = version as ASCII digits, 0x1F, e, 0x1F, b     (UTF-8)

``e`` and ``b`` are exactly the field values kept in the stream entry of
version ``v`` (stream layout 2, ``events.codec``): ``e`` is the type (with
``/<schema>`` when the schema is not 1), a space and the data as canonical
JSON; ``b`` is the batch field (the batch header on a batch's first event,
the event's position in its batch on the others) without the head that the
last event of a batch appends to it. ``head(v)`` is written as 43 characters
-- its 32 bytes in unpadded base64url (RFC 4648 section 5), as Certificate
Transparency logs show their tree heads in base64 -- after a space at the end
of the ``b`` field of the last event of each batch, so every command batch
ends on a head a client can keep as a receipt ``(version, head)``.

Any edited, removed, inserted or reordered event changes every head from it
on; the genesis binds the chain to the game's id, so a log cannot be swapped
for another game's. A forger can recompute the whole chain -- there is no
secret -- which is why receipts matter: a player who kept ``(v, head(v))``
from a response, a view or a stream frame can show that a log rewritten after
``v`` no longer yields it (``stranded verify --receipt v:head``).

Logs written before the chain (stream layout 1) carry no heads: they are
checked as before, event by event against the rules, without receipts.
"""
from __future__ import annotations

import base64
import binascii
import hashlib

GENESIS_TAG = b"stranded-chain/1\n"
#: Characters of a head as written (32 bytes in unpadded base64url).
HEAD_LENGTH = 43


def genesis(game_id: str) -> bytes:
    """``head(0)`` of ``game_id``: 32 raw bytes."""
    return hashlib.sha256(GENESIS_TAG + game_id.encode()).digest()


def link(prev: bytes, version: int, e: str, b: str) -> bytes:
    """``head(version)`` from ``head(version - 1)`` (raw bytes) and the entry's stored
    field values ``e`` and ``b`` (text; ``b`` without its head); returns 32 raw bytes."""
    return hashlib.sha256(prev + f"{version}\x1f{e}\x1f{b}".encode()).digest()


def text_head(head: bytes) -> str:
    """A head as written in the stream and shown to clients: 43 characters of
    unpadded base64url."""
    return base64.urlsafe_b64encode(head).rstrip(b"=").decode()


def parse_head(text: str) -> bytes:
    """Parse a head written by :func:`text_head`; raises ``ValueError`` otherwise."""
    if not isinstance(text, str) or len(text) != HEAD_LENGTH:
        raise ValueError("a head is 43 characters of base64url")
    try:
        return base64.urlsafe_b64decode(text + "=")
    except (binascii.Error, ValueError) as exc:
        raise ValueError("a head is 43 characters of base64url") from exc
