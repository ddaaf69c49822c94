"""Same seeds, same logs: a digest of seeded self-play, to compare two checkouts.

Plays ``games`` seeded games of every ruleset with its bots (``events.commands.simulation.play_game``)
and hashes each table's events, commands, outcomes and final states; then, along some random
games, what ``pending`` and ``legal_commands`` answer for every seat after every command.
Run it once on the old code and once on the new, and compare::

    PYTHONPATH=/work/main python bench/check_selfplay_logs.py /tmp/before.json
    PYTHONPATH=$PWD python bench/check_selfplay_logs.py /tmp/after.json --compare /tmp/before.json

Exits 1 if any digest differs.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys

from events.games import RULESETS
from events.commands.simulation import play_game

#: (ruleset, seats) played with every bot of the ruleset.
TABLES = (("selfish-space", 4), ("selfish-space", 2), ("selfish-space", 5), ("selfish-zombie", 4),
          ("selfish-zombie", 2), ("one-against-the-dead", 1), ("zombies-quickplay", 2))
#: (ruleset, seats) whose pending decisions and legal commands are hashed at every step.
QUESTIONED = (("selfish-space", 4), ("selfish-space", 2), ("selfish-zombie", 4))


def games_of(ruleset_id: str, policy: str, games: int) -> int:
    """How many games a table plays: fewer with the slower bots and the long ruleset."""
    n = games if policy == "random" else games // 6
    return max(3, n // 10) if ruleset_id == "zombies-quickplay" else n


def digests(games: int) -> dict:
    """``{"<ruleset>/<seats>/<policy>": [games, sha256], "questions/<ruleset>/<seats>": sha256}``."""
    out: dict = {}
    for ruleset_id, seats in TABLES:
        ruleset = RULESETS[ruleset_id]
        for policy in sorted(ruleset.bots):
            n = games_of(ruleset_id, policy, games)
            digest = hashlib.sha256()
            for i in range(n):
                record = play_game(ruleset, [policy] * seats, f"chk-{i}")
                digest.update(json.dumps([record.events, record.commands, record.outcome, record.state],
                                         sort_keys=True).encode())
            out[f"{ruleset_id}/{seats}/{policy}"] = [n, digest.hexdigest()]
            print(f"{ruleset_id} {seats} {policy}: {n} games {digest.hexdigest()[:16]}", file=sys.stderr)
    for ruleset_id, seats in QUESTIONED:
        ruleset = RULESETS[ruleset_id]
        digest = hashlib.sha256()

        def ask(state, _batch, ruleset=ruleset, seats=seats, digest=digest):
            decisions = ruleset.pending(state)
            digest.update(repr([(d.seat, d.kind, d.default, d.code, d.label) for d in decisions]).encode())
            for seat in range(seats):
                digest.update(repr(ruleset.legal_commands(state, seat)).encode())

        for i in range(games // 3):
            play_game(ruleset, ["random"] * seats, f"q-{i}", on_step=ask)
        out[f"questions/{ruleset_id}/{seats}"] = digest.hexdigest()
        print(f"questions {ruleset_id} {seats}: {digest.hexdigest()[:16]}", file=sys.stderr)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", help="where to write the digests (JSON)")
    parser.add_argument("--games", type=int, default=300, help="random-bot games per table")
    parser.add_argument("--compare", help="digests of the other checkout to compare with")
    args = parser.parse_args()
    found = digests(args.games)
    with open(args.out, "w") as f:
        json.dump(found, f, indent=1, sort_keys=True)
    if not args.compare:
        return 0
    with open(args.compare) as f:
        expected = json.load(f)
    differ = sorted(k for k in expected.keys() | found.keys() if expected.get(k) != found.get(k))
    print("same logs" if not differ else f"DIFFERENT: {', '.join(differ)}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
