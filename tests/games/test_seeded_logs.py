"""Seeded self-play games keep their event logs: the engine's fast paths change how fast a game is
played, never what happens in it.

Each row plays ``games`` games (seeds ``pin-0``, ``pin-1``...) between bots of one policy and
compares the SHA-256 of their events and commands (JSON, sorted keys) with the digest taken on
the code before the fast paths of issue 31 (``main`` at ``543bf12``). A change of the rules that
is meant to change games changes these digests on purpose, with a new rules level.
"""
from __future__ import annotations

import hashlib
import json

import pytest

from events.games import RULESETS
from events.commands.simulation import play_game

#: (ruleset, seats, policy, games, digest of their events and commands).
PINNED = [
    ("selfish-space", 4, "random", 10, "ed11513afe493357bcbcf938d4c7389265ee21b1fab30c1e7deee8d7157f99e2"),
    ("selfish-zombie", 4, "random", 5, "52b92270b2b086a1bde1989dabf3b3db0d1d45f94fd191a4ca736eb268ea3e52"),
    ("zombies-quickplay", 2, "random", 3, "01828da60c48b2c11d0f949316fc76a9c322b57bad06907ad50613fbce072d0c"),
    ("zombies-quickplay", 3, "strong", 1, "6f17b19d30f4e80c28e9cd423f0420d4074cf507b6d1b85789419e9259869884"),
    ("one-against-the-dead", 1, "random", 5, "96c014a77b1aec99dcc75a7325efa270d4cd252e9b0b720d2279e41b7da5f83e"),
]


@pytest.mark.parametrize("ruleset_id,seats,policy,games,digest", PINNED)
def test_seeded_games_play_the_events_they_always_played(ruleset_id, seats, policy, games, digest):
    h = hashlib.sha256()
    for i in range(games):
        record = play_game(RULESETS[ruleset_id], [policy] * seats, f"pin-{i}")
        h.update(json.dumps([record.events, record.commands], sort_keys=True).encode())
    assert h.hexdigest() == digest
