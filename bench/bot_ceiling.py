"""How strong can a Selfish: Space Edition bot be against ``random``? An experiment.

    python bench/bot_ceiling.py --games 100 --rollouts 16

Plays two-player games, seats alternating, between ``random`` and a flat
Monte Carlo player that, at each of its main-turn decisions, scores every
candidate command (each Action play, Swap, Breathe, the cheapest
BreatheWithActions, each Travel) by ``rollouts`` playouts to the end (itself
``cautious``, the rival ``random``) and picks the best. Two versions:

* ``oracle``: the playouts start from the *true* state (it sees the deck
  order and the rival's hand) -- a cheating upper bound, not a bot;
* ``view``: the playouts start from deals sampled consistently with the seat's
  view (``planner.determinize``) -- what an honest bot can do this way.

It prints the win rate and no-winner rate of each. Nothing here is used by
the server; it shows how much of the game lies in hidden cards, and why the
``strong`` bot scores options with learned values rather than plain playouts
(README, "Bots").
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from events.games import get_ruleset  # noqa: E402
from events.games.selfish_space import bots as B  # noqa: E402
from events.games.selfish_space.decide import decide  # noqa: E402
from events.games.selfish_space.evolve import evolve  # noqa: E402
from events.games.selfish_space.legal import legal_commands  # noqa: E402
from events.games.selfish_space.planner import determinize  # noqa: E402
from events.games.selfish_space.state import active_seat, copy_state  # noqa: E402
from events.games.selfish_space.views import view as view_of  # noqa: E402
from events.table.randomness import rng_for  # noqa: E402

RULES = get_ruleset("selfish-space")


def playout(state, me: int, rng: random.Random) -> bool:
    """Play ``state`` to the end (me: cautious, rival: random); True if ``me`` wins."""
    for _ in range(400):
        if state["over"]:
            break
        seat = active_seat(state)
        legal = legal_commands(state, seat)
        cmd = (B.cautious_bot if seat == me else B.random_bot)(view_of(state, seat), legal, rng)
        for event in decide(state, seat, cmd if cmd in legal else legal[0], rng):
            state = evolve(state, event)
    return state["winner"] == me


def candidates(legal: list[dict]) -> list[dict]:
    """Every legal command but BreatheWithActions, plus its cheapest pair."""
    pairs = [c for c in legal if c["type"] == "BreatheWithActions"]
    rest = [c for c in legal if c["type"] != "BreatheWithActions"]
    return rest + ([min(pairs, key=lambda c: sum(B.FODDER[k] for k in c["cards"]))] if pairs else [])


def choose(state, me: int, legal: list[dict], rollouts: int, oracle: bool, salt: int) -> dict:
    """The candidate with the most playout wins (same deals and dice for every candidate)."""
    view = view_of(state, me)
    cands = candidates(legal)
    if view["phase"] != "turn" or len(cands) == 1:
        return B.cautious_bot(view, legal, random.Random(salt))
    wins = [0] * len(cands)
    for k in range(rollouts):
        base = state if oracle else determinize(view, random.Random(salt * 1000 + k))
        for i, cmd in enumerate(cands):
            st, rng = copy_state(base), random.Random(salt * 1000 + k)
            for event in decide(st, me, cmd, rng):
                st = evolve(st, event)
            wins[i] += playout(st, me, rng)
    return cands[max(range(len(cands)), key=wins.__getitem__)]


def play(games: int, rollouts: int, oracle: bool) -> tuple[float, float]:
    """Win rate and no-winner rate of the Monte Carlo player over ``games`` games."""
    won = none = 0
    for g in range(games):
        seed, me = f"ceiling-{g}", g % 2
        events = RULES.setup({}, 2, rng_for(seed, 0))
        state, version = RULES.fold(events), len(events)
        while not state["over"]:
            seat = active_seat(state)
            legal = legal_commands(state, seat)
            if seat == me:
                cmd = choose(state, me, legal, rollouts, oracle, version + g)
            else:
                cmd = B.random_bot(None, legal, random.Random(version * 7 + g))
            batch = decide(state, seat, cmd, rng_for(seed, version))
            for event in batch:
                state = evolve(state, event)
            version += len(batch)
        won += state["winner"] == me
        none += state["winner"] is None
    return won / games, none / games


def main() -> None:
    """Run both versions and print their figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--rollouts", type=int, default=16)
    args = parser.parse_args()
    for oracle in (True, False):
        start = time.perf_counter()
        win, none = play(args.games, args.rollouts, oracle)
        name = "oracle (sees the decks: not a bot)" if oracle else "view (honest determinized MC)"
        print(f"{name}: win {win:.1%}, no winner {none:.1%} over {args.games} games, "
              f"{args.rollouts} rollouts, {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
