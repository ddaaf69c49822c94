"""Learn the afterstate values the Selfish: Space Edition ``strong`` bot plays by.

    python scripts/train_selfish_space_values.py --games 100000 --rounds 2

Round 0 plays ``base_bot`` (cautious, plus the solved solo endgame) against
``random`` in two-player games, seats alternating, and records every
afterstate of the learning seat -- the moment its turn ends -- as
``(distance, oxygen, Action cards, rival's distance, rival alive)`` with
whether that seat went on to win. Each further round plays ``strong`` on the
previous round's table and records again (policy improvement). The last
table is written to ``events/games/selfish_space/values.json``.

Only the game package is used (no store, no service); games run on every core.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from events.games.selfish_space import RULESET as RULES, bots, values  # noqa: E402
from events.games.selfish_space.cards import ACTIONS, oxygen  # noqa: E402
from events.games.selfish_space.state import active_seat  # noqa: E402


def afterstate(state, me: int) -> tuple[int, int, int, int, int]:
    """The table cell of ``me``'s afterstate (see ``values``)."""
    rival = 1 - me
    return (len(state["tracks"][me]), min(values.O_CAP, oxygen(state["hands"][me])),
            min(values.A_CAP, sum(1 for k in state["hands"][me] if k in ACTIONS)),
            len(state["tracks"][rival]), int(state["alive"][rival]))


def play(job: tuple[str, int, int, dict | None]) -> dict:
    """Play games ``first..first+count`` with policy ``name``; returns ``{cell: [wins, visits]}``."""
    name, first, count, table = job
    if table is not None:
        values.use_table({tuple(map(int, k.split(","))): v for k, v in table.items()})
    policy = {"base": bots.base_bot, "strong": bots.strong_bot}[name]
    counts: dict[str, list[int]] = {}
    for g in range(first, first + count):
        me, rng = g % 2, random.Random(f"train-{name}-{g}")
        state = RULES.fold(RULES.setup({}, 2, rng))
        seen = []
        while not state["over"]:
            seat = active_seat(state)
            legal = RULES.legal_commands(state, seat)
            bot = policy if seat == me else bots.random_bot
            cmd = bot(RULES.view(state, seat), legal, rng)
            before = state["turn"]
            for event in RULES.decide(state, seat, cmd, rng):
                state = RULES.evolve(state, event)
            if before == me and state["turn"] != me and state["alive"][me] and not state["over"]:
                seen.append(afterstate(state, me))
        won = int(state["winner"] == me)
        for cell in seen:
            c = counts.setdefault(",".join(map(str, cell)), [0, 0])
            c[0] += won
            c[1] += 1
    return counts


def collect(name: str, games: int, table: dict | None, workers: int) -> dict:
    """Play ``games`` games with ``name`` across ``workers`` processes and merge the counts."""
    chunk = max(1, games // (workers * 8))
    jobs = [(name, first, min(chunk, games - first), table) for first in range(0, games, chunk)]
    merged: dict[str, list[int]] = {}
    with Pool(workers) as pool:
        for counts in pool.imap_unordered(play, jobs):
            for key, (wins, visits) in counts.items():
                c = merged.setdefault(key, [0, 0])
                c[0] += wins
                c[1] += visits
    return merged


def main() -> None:
    """Run round 0 and ``--rounds`` improvement rounds; write the last table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000, help="games per round")
    parser.add_argument("--rounds", type=int, default=2, help="improvement rounds after round 0")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=values.TABLE_FILE)
    args = parser.parse_args()
    table = None
    for round_ in range(args.rounds + 1):
        start = time.perf_counter()
        table = collect("base" if round_ == 0 else "strong", args.games, table, args.workers)
        print(f"round {round_}: {len(table)} cells from {args.games} games in {time.perf_counter() - start:.0f} s",
              flush=True)
    args.out.write_text(json.dumps(dict(sorted(table.items())), separators=(",", ":")))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
