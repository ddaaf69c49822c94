"""The hash chain that makes a game's log tamper-evident, without revealing a hidden card.

Every event links to the one before it, as a git commit names its parent. Two
constructions exist; a game keeps the one it was created with (``docs/audit.md``).

**Chain 2 (keyed; every game created since proofs scheme 2).** Each game has an
*audit key*: 32 random bytes the server draws at creation, keeps secret in the
game's meta hash and publishes in ``SeedRevealed`` when the game ends::

    head(0) = SHA-256( b"stranded-chain/2\\n" + game_id as UTF-8 )
    leaf(v) = HMAC-SHA256( audit key, b"stranded-leaf/2\\x00" + link(v) )
    head(v) = SHA-256( b"\\x01" + head(v-1) + leaf(v) )             (heads as 32 raw bytes)

**Chain 1 (games created before scheme 2).** No key::

    head(0) = SHA-256( b"stranded-chain/1\\n" + game_id as UTF-8 )
    head(v) = SHA-256( head(v-1) + link(v) )

In both, ``link(v)`` is: the version as ASCII digits, 0x1F, ``e``, 0x1F, ``b``
(UTF-8), where ``e`` and ``b`` are exactly the field values kept in the stream
entry of version ``v`` (stream layout 2, ``events.log.codec``): ``e`` is the type
(with ``/<schema>`` when the schema is not 1), a space and the data as
canonical JSON; ``b`` is the batch field (the batch header on a batch's first
event, the event's position in its batch on the others) without the head that
the last event of a batch appends to it. ``head(v)`` is written as 43
characters -- its 32 bytes in unpadded base64url (RFC 4648 section 5) -- after
a space at the end of the ``b`` field of the last event of each batch, so every
command batch ends on a head a client can keep as a receipt ``(version, head)``.

Why chain 2 hides: the stored event text holds hidden values (a card drawn
face down, a deck order). A head of chain 1 is a public function of that text,
so a guess of a hidden value can be tested against it. In chain 2 the text
enters only through ``leaf(v)``, an HMAC under a 256-bit key nobody but the
server holds until the game ends: without the key the leaves, hence the heads,
are indistinguishable from random strings, whatever anyone guesses. Why it
still binds: once the key is published, anyone recomputes every head; a
different log with the same heads would need two HMAC inputs with one output
(an SHA-256 collision, even with the key chosen afterwards), and the 0x00
(leaf) and 0x01 (node) prefixes keep a leaf from passing for a node, as RFC
6962 does. The genesis binds the chain to the game's id.

Any edited, removed, inserted or reordered event changes every head from it
on. A forger who holds the key can recompute the whole chain -- which is why
receipts matter: a player who kept ``(v, head(v))`` can show that a log
rewritten after ``v`` no longer yields it (``stranded verify --receipt v:head``).

Logs written before any chain (stream layout 1) carry no heads: they are
checked as before, event by event against the rules, without receipts.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
from functools import lru_cache

from events.accelerated import extension

GENESIS_TAG = b"stranded-chain/1\n"
KEYED_GENESIS_TAG = b"stranded-chain/2\n"
LEAF_TAG = b"stranded-leaf/2\x00"
NODE_TAG = b"\x01"
#: Characters of a head as written (32 bytes in unpadded base64url).
HEAD_LENGTH = 43
#: Bytes of an audit key.
KEY_BYTES = 32
#: Byte maps for HMAC's inner and outer pads (each byte XOR 0x36, XOR 0x5C: RFC 2104), and from
#: base64 to base64url (``+`` to ``-``, ``/`` to ``_``).
_XOR_IPAD = bytes(byte ^ 0x36 for byte in range(256))
_XOR_OPAD = bytes(byte ^ 0x5C for byte in range(256))
_URLSAFE = bytes.maketrans(b"+/", b"-_")
#: OpenSSL's SHA-256 states as C structs (``events/log/sha256_states.pyx``: chain 2's link without
#: ``hashlib``'s per-call contexts, a third of the time) where the install built them, else ``None``.
_STATES = extension("events.log.sha256_states")


def genesis(game_id: str, key: bytes | None = None) -> bytes:
    """``head(0)`` of ``game_id``: 32 raw bytes (chain 2 when ``key`` is given, else chain 1)."""
    return hashlib.sha256((KEYED_GENESIS_TAG if key else GENESIS_TAG) + game_id.encode()).digest()


def link(prev: bytes, version: int, e: str, b: str, key: bytes | None = None) -> bytes:
    """``head(version)`` from ``head(version - 1)`` (raw bytes) and the entry's stored
    field values ``e`` and ``b`` (text; ``b`` without its head); returns 32 raw bytes.

    ``key``: the game's audit key (32 bytes) for chain 2; ``None`` for chain 1. The key's
    :func:`linker` is kept for the next call (the last 256 keys a process linked with: a command
    links its events with its game's), so the HMAC's keyed state is not derived again per event."""
    return _linker_of(key)(prev, version, e, b)


@lru_cache(maxsize=256)
def _linker_of(key: bytes | None):
    return linker(key)


def linker(key: bytes | None = None):
    """:func:`link` with ``key`` bound, for a caller that links many entries of one game (an audit,
    a rebuild): the HMAC's keyed state is made once and copied for each entry instead of being
    derived again from the key (about a third less time per link); where the install built
    ``events/log/sha256_states.pyx``, those states are C structs fed by OpenSSL's SHA-256 directly
    (about a third of the time again: 0.6 us a link against 1.7 us). Returns
    ``link_one(prev, version, e, b) -> head`` (raw bytes), equal to ``link(prev, version, e, b, key)``."""
    if key is None:
        def link_one(prev: bytes, version: int, e: str, b: str) -> bytes:
            return hashlib.sha256(prev + f"{version}\x1f{e}\x1f{b}".encode()).digest()
        return link_one
    # HMAC as RFC 2104 defines it, H((K ^ opad) + H((K ^ ipad) + message)), with both keyed SHA-256
    # states made once (the leaf tag already in the inner one): per entry two copies of C objects
    # rather than the hmac module's Python wrapper (tests/events/test_codec.py holds it to the definition)
    padded = key.ljust(64, b"\0") if len(key) <= 64 else hashlib.sha256(key).digest().ljust(64, b"\0")
    if _STATES is not None:     # the same three states as C structs (events/log/sha256_states.pyx)
        return _STATES.KeyedLinker(padded.translate(_XOR_IPAD) + LEAF_TAG, padded.translate(_XOR_OPAD), NODE_TAG)
    inner = hashlib.sha256(padded.translate(_XOR_IPAD) + LEAF_TAG)
    outer = hashlib.sha256(padded.translate(_XOR_OPAD))
    # and the node's state with its tag in, copied too (a copy costs less than a new SHA-256 by name)
    inner_copy, outer_copy, node_copy = inner.copy, outer.copy, hashlib.sha256(NODE_TAG).copy

    def link_one(prev: bytes, version: int, e: str, b: str) -> bytes:
        leaf = inner_copy()
        leaf.update(f"{version}\x1f{e}\x1f{b}".encode())
        keyed = outer_copy()
        keyed.update(leaf.digest())
        node = node_copy()
        node.update(prev + keyed.digest())
        return node.digest()
    return link_one


def parse_key(text: str | None) -> bytes | None:
    """An audit key written as 64 hex digits, as raw bytes; ``None`` for ``None`` or "".

    Raises ``ValueError`` for anything else."""
    if not text:
        return None
    if not isinstance(text, str) or len(text) != 2 * KEY_BYTES:
        raise ValueError("an audit key is 64 hex digits")
    return bytes.fromhex(text)


def text_head(head: bytes) -> str:
    """A head (32 raw bytes) as written in the stream and shown to clients: 43 characters of
    unpadded base64url (``base64.urlsafe_b64encode(head).rstrip(b"=")``, in fewer steps)."""
    return binascii.b2a_base64(head, newline=False).translate(_URLSAFE)[:HEAD_LENGTH].decode()


def parse_head(text: str) -> bytes:
    """Parse a head written by :func:`text_head`; raises ``ValueError`` otherwise."""
    if not isinstance(text, str) or len(text) != HEAD_LENGTH:
        raise ValueError("a head is 43 characters of base64url")
    try:
        return base64.urlsafe_b64decode(text + "=")
    except (binascii.Error, ValueError) as exc:
        raise ValueError("a head is 43 characters of base64url") from exc
