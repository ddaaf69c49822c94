"""The hash chain that makes a game's log tamper-evident.

Every event links to the one before it, as a git commit names its parent::

    head(0) = SHA-256( b"stranded-chain/1\\n" + game_id as UTF-8 )
    head(v) = SHA-256( head(v-1) + link(v) )          (heads as 32 raw bytes)

    link(v) = version as ASCII digits, 0x1F,
              t, 0x1F, d, 0x1F, b                     (the stored field values, UTF-8)

``t``, ``d`` and ``b`` are exactly the bytes kept in the stream entry of
version ``v`` (stream layout 2, ``events.codec``): the type (with ``/<schema>``
when the schema is not 1), the data as canonical JSON, and the batch field
(the batch header on a batch's first event, the event's position in its batch
on the others). ``head(v)`` is written as 64 lowercase hex digits in the ``h``
field of the last event of each batch, so every command batch ends on a head
a client can keep as a receipt ``(version, head)``.

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

import hashlib

GENESIS_TAG = b"stranded-chain/1\n"
_SEP = b"\x1f"


def genesis(game_id: str) -> bytes:
    """``head(0)`` of ``game_id``: 32 raw bytes."""
    return hashlib.sha256(GENESIS_TAG + game_id.encode()).digest()


def link(prev: bytes, version: int, t: str, d: str, b: str) -> bytes:
    """``head(version)`` from ``head(version - 1)`` (raw bytes) and the entry's stored
    field values ``t``, ``d``, ``b`` (text); returns 32 raw bytes."""
    return hashlib.sha256(prev + _SEP.join((str(version).encode(), t.encode(), d.encode(), b.encode()))).digest()


def hex_head(head: bytes) -> str:
    """A head as written in the stream and shown to clients: 64 lowercase hex digits."""
    return head.hex()


def parse_head(text: str) -> bytes:
    """Parse a head written as 64 hex digits; raises ``ValueError`` otherwise."""
    if len(text) != 64:
        raise ValueError("a head is 64 hexadecimal digits")
    return bytes.fromhex(text)
