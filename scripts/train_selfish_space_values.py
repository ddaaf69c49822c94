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

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the project
sys.path.insert(0, str(Path(__file__).resolve().parent))  # value_training, beside this script

from events.games.selfish_space import RULESET as RULES, bots, values  # noqa: E402
from events.games.selfish_space.cards import ACTIONS, oxygen  # noqa: E402
from events.games.selfish_space.state import active_seat  # noqa: E402
from value_training import chunks, collect, merge, training_command  # noqa: E402


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
            merge(counts, {",".join(map(str, cell)): [won, 1]})
    return counts


def collect_round(round_: int, games: int, table: dict | None, workers: int) -> dict:
    """Round 0 plays ``base``, later rounds ``strong`` on ``table``; the merged counts."""
    name = "base" if round_ == 0 else "strong"
    return collect(play, [(name, first, count, table) for first, count in chunks(games, workers)], workers)


main = training_command(__doc__, collect_round, values.TABLE_FILE, rounds=2)


if __name__ == "__main__":
    main()
