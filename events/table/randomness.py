"""Where every random outcome of a game comes from.

The service keeps a secret server seed per game and publishes a hiding
commitment to it in the game's first event (``GameCreated``'s
``seed_commitment``, proofs scheme 2)::

    seed commitment = HMAC-SHA256( audit key, b"stranded-seed/2\x00" + seed as UTF-8 ), as 64 hex digits

keyed by the game's audit key (32 random bytes, secret until the game ends,
``events.log.chain``), so a guessed seed -- even a short one a test chose -- can
be tested against nothing. Games of scheme 1 (created before it) published
the bare SHA-256 of the seed. Every seat may add a client seed of
its own (given when the seat is created or joined, written in that
``GameCreated`` or ``SeatJoined`` event, so it is public and committed before
the deal, the first random draw). The game seed combines them::

    game seed = server seed                          when no seat gave one
              = SHA-256( server seed 0x1F client seed of seat 0 0x1F ... 0x1F
                         client seed of seat n-1 ), as 64 hex digits
                                                     otherwise (a seat without
                                                     one contributes "")

and the generator for a decision taken at stream version ``v`` is
``random.Random(int.from_bytes(SHA-256("rules:<game seed>:<v>")[:16], "big"))``
(version 0 for the deal). When the game ends the server seed is revealed, so
anyone can recompute every shuffle and roll (``stranded verify``): the server
committed to its seed before any client seed it had not seen, and cannot
leave a client seed out without the replay showing it.
"""
from __future__ import annotations

import hashlib
import hmac
import random
import secrets


def game_seed(server_seed: str, client_seeds: list[str | None]) -> str:
    """The game seed from the server seed and each seat's client seed (None or "" for
    a seat that gave none), by the formula in the module doc."""
    if not any(client_seeds):
        return server_seed
    joined = "\x1f".join([server_seed] + [c or "" for c in client_seeds])
    return hashlib.sha256(joined.encode()).hexdigest()


def new_seed() -> str:
    """A fresh secret seed: 32 random bytes as 64 hex characters."""
    return secrets.token_hex(32)


def seed_hash(seed: str) -> str:
    """The commitment of proofs scheme 1 (games created before scheme 2): the seed's bare
    SHA-256, hex. Not hiding for a guessable seed; kept to verify those games."""
    return hashlib.sha256(seed.encode()).hexdigest()


#: What the seed commitment of proofs scheme 2 hashes before the seed.
SEED_TAG = b"stranded-seed/2\x00"


def new_audit_key() -> str:
    """A fresh audit key (``events.log.chain``): 32 random bytes as 64 hex characters."""
    return secrets.token_hex(32)


def seed_commitment(seed: str, audit_key: str) -> str:
    """The hiding commitment to ``seed`` of proofs scheme 2: HMAC-SHA256 keyed by the game's
    ``audit_key`` (64 hex digits) over ``SEED_TAG + seed``, as 64 hex digits.

    Raises ``ValueError`` when ``audit_key`` is not 64 hex digits."""
    if not isinstance(audit_key, str) or len(audit_key) != 64:
        raise ValueError("an audit key is 64 hex digits")
    return hmac.new(bytes.fromhex(audit_key), SEED_TAG + seed.encode(), hashlib.sha256).hexdigest()


_new_random, _seed_random = random.Random.__new__, random.Random.__mro__[1].seed   # the C ``seed``


def _seeded(seed_int: int) -> random.Random:
    """``random.Random(seed_int)``, the same generator in the same state (``getstate``), seeded
    once: ``Random(x)`` runs the Python ``__init__`` and ``seed`` around the C seeding, which
    for an int is all they do but for resetting ``gauss_next`` (``tests/games/
    test_selfish_fast_paths.py`` compares the states)."""
    rng = _new_random(random.Random)
    _seed_random(rng, seed_int)
    rng.gauss_next = None
    return rng


class LazyRandom:
    """A ``random.Random`` that is seeded only when first used.

    Most decisions draw no randomness (a card is drawn from a deck whose order
    an earlier shuffle fixed); seeding a Mersenne Twister costs more than the
    rest of such a decision, so the generator is built on the first call of
    any of its methods and behaves exactly as ``random.Random(seed_int)``
    (``seed_int`` from ``"<salt>:<seed>:<version>"``, see :func:`rng_for`).
    """

    def __init__(self, salt: str, seed: str, version: int):
        self._stream = (salt, seed, version)     # the material is written only if a draw is made
        self._rng = None

    def _generator(self) -> random.Random:
        """The generator, seeded on the first call."""
        rng = self._rng
        if rng is None:
            salt, seed, version = self._stream
            rng = self._rng = _seeded(
                int.from_bytes(hashlib.sha256(f"{salt}:{seed}:{version}".encode()).digest()[:16], "big"))
        return rng

    def __getattr__(self, name: str):
        attribute = getattr(self._generator(), name)
        object.__setattr__(self, name, attribute)   # the next call finds it without __getattr__
        return attribute

    def shuffle(self, x: list) -> None:
        """``random.Random.shuffle(x)``, the same draws and the same order, without a Python call
        per item: its ``_randbelow`` (``getrandbits`` of ``n.bit_length()`` bits until one is below
        ``n``) is written out here (``tests/games/test_selfish_fast_paths.py`` checks it against
        ``random.Random``). Shuffles ``x`` in place; returns ``None``."""
        getrandbits = self._generator().getrandbits
        n = len(x)
        if n < 2:
            return
        k = n.bit_length()
        low = 1 << (k - 1)                       # the least ``n`` of ``k`` bits
        for i in range(n - 1, 0, -1):            # ``n = i + 1``; ``k`` follows ``n.bit_length()``
            if n < low:
                k -= 1
                low >>= 1
            j = getrandbits(k)
            while j >= n:
                j = getrandbits(k)
            x[i], x[j] = x[j], x[i]
            n = i

    def choice(self, seq):
        """``random.Random.choice(seq)``, the same draw, with its ``_randbelow`` written out as in
        ``shuffle``. Raises ``IndexError`` for an empty sequence."""
        n = len(seq)
        if not n:
            raise IndexError("Cannot choose from an empty sequence")
        getrandbits = self._generator().getrandbits
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        return seq[j]


def rng_for(seed: str, version: int, salt: str = "rules") -> random.Random:
    """The random generator for a decision taken at stream ``version``: a
    ``random.Random`` seeded with the first 16 bytes of
    ``SHA-256("<salt>:<seed>:<version>")`` read as a big-endian integer, built
    lazily (:class:`LazyRandom`) so a decision that draws nothing costs nothing.

    Args:
        seed: the game's secret seed (any string).
        version: the stream version the command was decided at (0 for setup).
        salt: keeps independent streams apart (``"rules"`` for the game,
            ``"bot:<seat>"`` for a bot seat's choices).
    """
    return LazyRandom(salt, seed, version)  # type: ignore[return-value]
