"""How much better could Selfish: Zombie Edition's ``expert`` be against ``strong``? An experiment.

    python bench/zombie_expert_ceiling.py view --deals 0:100 [--playouts-per-ms 1.0]

Plays the bench's duel (``bench/bots.py``: two seats, deal ``bench-bots-<k>`` in both seatings) with
the expert's search unchanged but its imagined states (``sample``) taken from elsewhere, the clock
stopped (every decision spends its whole budget), and prints one JSON line: each bot's wins and the
expert's share of the games one of them won. Modes:

* ``view``: the expert as it plays (states dealt from its seat's view);
* ``hands``: the *true* hands and face-down cards, the decks' unknown parts shuffled again -- what
  knowing the rival's hand would be worth;
* ``clairvoyant``: the true state, deck orders included -- a cheating bound, not a bot.

``--playouts-per-ms`` changes the budget (``expert.PLAYOUTS_PER_MS``; 200 ms of ``think_ms``);
``--z`` and ``--draw`` the search's doubt and its worth of a game nobody won
(``selfish.searching.Z``, ``DRAW``), ``--explore`` the share of random commands in the playouts.
Measured on 2026-11-28 (deals 0-99 unless said): ``view`` 63 to 45 (58.3 %; 67 to 43 on deals
100-199), with five times the playouts 59 to 42 (58.4 %); ``hands`` 56 to 47 (54.4 %);
``clairvoyant`` 123 to 8 (93.9 %). The rival's hand is worth nothing to this search and more
playouts nothing either: what it misses is the order of the decks, which no honest bot can know.
One-level search over ``strong`` playouts has reached what it can give here; more would take a
better policy than ``strong`` in the playouts (README, "Where the rest would come from"). Over
deals 0-499 (1,000 games, ``--deals 0:500``, about 6.5 minutes on one core) ``view`` gives 298 to 244
(55.0 %), and ``--z 0``/``1.0``, ``--draw 0.35``/``0.65`` and ``--explore 0.1`` 53.3 to 55.2 %,
``--explore 0.3`` 54.1 %: deals 0-99 flatter the expert, and the playouts' policy matters little.
Nothing here is used by the server.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from events.commands.simulation import play_game  # noqa: E402
from events.games import RULESETS  # noqa: E402
from events.games.selfish import searching as searching_module  # noqa: E402
from events.games.selfish_zombie import bots, expert  # noqa: E402
from events.games.selfish_zombie.state import copy_state  # noqa: E402

MODES = ("view", "hands", "clairvoyant")


def exploring(share: float):
    """``strong`` with a random legal command instead, at ``share`` (0 to 1) of its decisions: a
    playout policy for the expert that tries what ``strong`` never plays."""
    def policy(view, legal, rng):
        if share and rng.random() < share:
            return rng.choice(legal)
        return bots.strong_bot(view, legal, rng)
    return policy


def ceiling(mode: str, deals: range, playouts_per_ms: float = expert.PLAYOUTS_PER_MS, z: float | None = None,
            draw: float | None = None, explore: float = 0.0) -> dict:
    """Play ``deals`` (both seatings each) between ``strong`` and an expert whose imagined states
    come from ``mode`` (see the module doc); ``z`` and ``draw`` replace ``selfish.searching.Z`` and
    ``DRAW`` for the game (``None``: as shipped), ``explore`` the share of random commands in its
    playouts (``exploring``). Returns ``{"mode", "expert", "strong", "share", ...}``; the modules
    are left as they were."""
    live: dict = {}

    def clairvoyant(view: dict, rng) -> dict:
        return copy_state(live["state"])

    def hands(view: dict, rng) -> dict:
        state = copy_state(live["state"])
        rng.shuffle(state["game_deck"])
        known = len(view["known_wasteland_top"] or [])          # the top cards the seat has seen stay
        unknown = state["wasteland_deck"][known:]
        rng.shuffle(unknown)
        state["wasteland_deck"][known:] = unknown
        return state

    sample = {"view": expert.sample, "hands": hands, "clairvoyant": clairvoyant}[mode]
    kept = expert.sample, expert.PLAYOUTS_PER_MS, searching_module.Z, searching_module.DRAW
    expert.sample, expert.PLAYOUTS_PER_MS = sample, playouts_per_ms     # read by make_expert
    searching_module.Z = kept[2] if z is None else z                     # read by make_expert
    searching_module.DRAW = kept[3] if draw is None else draw            # read as each playout is scored
    wins = {"expert": 0, "strong": 0}
    try:
        searcher = expert.make_expert(bots.strong_bot, exploring(explore))
        searcher.clock = lambda: 0.0                 # no wall-clock stop: the whole budget, every time
        base = RULESETS["selfish-zombie"]
        ruleset = dataclasses.replace(base, bots={**base.bots, "expert": searcher})

        def keep(state, events) -> None:
            live["state"] = state

        for deal in deals:
            for seating in (["expert", "strong"], ["strong", "expert"]):
                for seat in play_game(ruleset, seating, f"bench-bots-{deal}", on_step=keep).outcome["winners"]:
                    wins[seating[seat]] += 1
    finally:
        expert.sample, expert.PLAYOUTS_PER_MS, searching_module.Z, searching_module.DRAW = kept
    decided = wins["expert"] + wins["strong"]
    return {"mode": mode, "playouts_per_ms": playouts_per_ms, "z": searching_module.Z if z is None else z,
            "draw": searching_module.DRAW if draw is None else draw, "explore": explore,
            "deals": [deals.start, deals.stop], **wins,
            "share": round(wins["expert"] / decided, 4) if decided else None}


def main() -> None:
    """Parse the arguments, play, print one JSON line."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", choices=MODES)
    ap.add_argument("--deals", default="0:100", help="first:last deal, as range() reads them (default 0:100)")
    ap.add_argument("--playouts-per-ms", type=float, default=expert.PLAYOUTS_PER_MS)
    ap.add_argument("--z", type=float, help=f"standard errors before leaving the prior (shipped: {searching_module.Z})")
    ap.add_argument("--draw", type=float, help=f"a game nobody won, to the search (shipped: {searching_module.DRAW})")
    ap.add_argument("--explore", type=float, default=0.0, help="share of random commands in the playouts (0 to 1)")
    args = ap.parse_args()
    first, _, last = args.deals.partition(":")
    started = time.perf_counter()
    result = ceiling(args.mode, range(int(first), int(last)), args.playouts_per_ms, args.z, args.draw, args.explore)
    print(json.dumps({**result, "seconds": round(time.perf_counter() - started, 1)}))


if __name__ == "__main__":
    main()
