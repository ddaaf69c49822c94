"""Learn the afterstate values the Selfish: Zombie Edition ``strong`` bot plays by.

    python scripts/train_selfish_zombie_values.py --games 100000 --rounds 3

Round 0 plays ``base_bot`` (the heuristic without the table) against ``random``
in two-player games, seats alternating, and records every afterstate of the
learning seat -- the moment its turn ends, as its own view shows it
(``values.view_cell``) -- with whether that seat went on to win. Half the
games make one exploring move (a random way to end one of the first turns:
Rest, Travel or Abandoned Vehicle) and record only what follows it, so that
afterstates the policy never chooses (resting early, keeping a Vehicle) get
values too. Each further round plays ``strong`` on the previous round's table
and records again (policy improvement). The last table is written to
``events/games/selfish_zombie/values.json``. Seeds are ``train-<round>-<game>``,
never the measurement seeds ``sim-<n>``. 100,000 games x 4 rounds take about
11 minutes on two busy cores.

Notes from the tuning runs (10,000 games against ``random`` on seeds other
than ``sim-<n>``): ending *every* turn by the lookahead on such a table won
39-44% (the table's noise and its blind spots outweigh the exact odds), below
the heuristic's 46-47%; using it only where the top card is known and for
putting Scout and Zombie Trap cards back wins about 1 point more than the
heuristic alone, which is what ``strong`` does.

Only the game package is used (no store, no service); games run on ``--workers`` processes.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the project
sys.path.insert(0, str(Path(__file__).resolve().parent))  # value_training, beside this script

from events.games.selfish_zombie import RULESET as RULES
from events.games.selfish_zombie import bots, values
from events.games.selfish_zombie.state import active_seat
from value_training import chunks, collect, merge, training_command

#: Share of games with one exploring move (a random way to end one turn, among the first
#: ``2 * EXPLORE_WITHIN``); only the afterstates from that move on are recorded.
EXPLORE, EXPLORE_WITHIN = 0.5, 5


def _ends(legal: list[dict]) -> list[dict]:
    """The ways to end (or go on with) a turn the lookahead chooses between: Rest, one Travel,
    Abandoned Vehicle."""
    travel = [c for c in legal if c["type"] == "Travel"][:1]
    return [c for c in legal if c["type"] == "Rest" or c.get("card") == "abandoned_vehicle"] + travel


def play(job: tuple[str, int, int, int, dict | None]) -> dict:
    """Play games ``first..first+count`` of round ``round_`` with policy ``name`` for the learning
    seat; returns ``{"p,s,v,i,d,j,k,a": [wins, visits]}``."""
    name, round_, first, count, table = job
    if table is not None:
        values.use_table({tuple(map(int, k.split(","))): v for k, v in table.items()})
    policy = {"base": bots.base_bot, "strong": bots.strong_bot}[name]
    counts: dict[str, list[int]] = {}
    for g in range(first, first + count):
        me, rng = g % 2, random.Random(f"train-{round_}-{g}")
        state = RULES.fold(RULES.setup({}, 2, rng))
        seen = []
        explore_at = rng.randrange(2 * EXPLORE_WITHIN) if rng.random() < EXPLORE else -1
        decisions = 0
        while not state["over"]:
            seat = active_seat(state)
            legal = RULES.legal_commands(state, seat)
            view = RULES.view(state, seat)
            if seat != me:
                cmd = bots.random_bot(view, legal, rng)
            else:
                cmd = policy(view, legal, rng)
                if view["phase"] == "turn" and (cmd["type"] in ("Rest", "Travel")
                                                or cmd.get("card") == "abandoned_vehicle"):
                    if decisions == explore_at:
                        cmd = rng.choice(_ends(legal))
                        seen = []          # only what follows the exploring move is on-policy
                    decisions += 1
            turns = state["turns"]
            for event in RULES.decide(state, seat, cmd, rng):
                state = RULES.evolve(state, event)
            if seat == me and state["turns"] != turns and state["alive"][me] and not state["over"]:
                seen.append(values.view_cell(RULES.view(state, me)))
        won = int(state["winner"] == me)
        for cell in seen:
            merge(counts, {",".join(map(str, cell)): [won, 1]})
    return counts


def collect_round(round_: int, games: int, table: dict | None, workers: int) -> dict:
    """Round 0 plays ``base``, later rounds ``strong`` on ``table``; the merged counts."""
    name = "base" if round_ == 0 else "strong"
    jobs = [(name, round_, first, count, table) for first, count in chunks(games, workers)]
    return collect(play, jobs, workers)


main = training_command(__doc__, collect_round, values.TABLE_FILE, rounds=2)


if __name__ == "__main__":
    main()
