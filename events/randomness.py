"""Where every random outcome of a game comes from.

The service keeps a secret seed per game and publishes its SHA-256 in the
game's first event (``GameCreated``). The ``rng`` handed to ``setup`` and to
``decide`` is derived from that seed and the stream version the command was
decided at, so anyone holding the revealed seed can re-run the whole game and
check that no shuffle or roll was rigged (``stranded verify``).
"""
from __future__ import annotations

import hashlib
import random
import secrets


def new_seed() -> str:
    """A fresh secret seed: 32 random bytes as 64 hex characters."""
    return secrets.token_hex(32)


def seed_hash(seed: str) -> str:
    """The public commitment to a seed: its SHA-256, hex."""
    return hashlib.sha256(seed.encode()).hexdigest()


def rng_for(seed: str, version: int, salt: str = "rules") -> random.Random:
    """The ``random.Random`` for a decision taken at stream ``version``.

    Args:
        seed: the game's secret seed (any string).
        version: the stream version the command was decided at (0 for setup).
        salt: keeps independent streams apart (``"rules"`` for the game,
            ``"bot"`` for simulated bot choices).
    """
    digest = hashlib.sha256(f"{salt}:{seed}:{version}".encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))
