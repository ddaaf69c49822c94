"""Figure 8: the bots. The expert against strong, how long an expert move takes, and the engine
figures search stands on.

* ``bot_expert_vs_strong``: per ruleset, ``expert`` against ``strong`` at a two-seat table, each
  deal played in both seatings (games ``2k`` and ``2k + 1`` on seed ``bench-bots-<k>``: a deal's seat
  advantage goes to neither bot), each bot's win rate with its Wilson 95 % interval;
  One Against the Dead (one seat) plays both on the same seeds and gives each one's win rate.
* ``bot_move_p99_ms``: the 99th percentile of the wall time of an expert decision in those games
  (in process, at the default ``think_ms`` of 200: the budget is p99 <= think_ms + 50 ms).
* ``selfplay_instructions_per_game``: ``bench/instructions.py --modes selfplay`` (callgrind; 4-seat
  Selfish: Space, random bots) when valgrind is installed.
* ``quickplay_selfplay_games_per_cpu_s``: two random bots of Zombies!!! Quickplay, games per CPU second.
"""
from __future__ import annotations

import dataclasses
import shutil
import time

from events.games import RULESETS
from events.commands.simulation import play_game
from service.cli.simulation_report import rate

#: Games of each duel (full run, quick run). One Against the Dead plays 100 deals and Quickplay 40
#: games (20 deals) since 2026-11-27 (40 and 12 before): with 40 deals the 95 % interval of each
#: bot's win rate is some 15 points either way, too wide to tell the +10 points the target asks
#: for; 12 games could not tell 60 % from 40 %. Zombie Edition plays 200 games (100 deals) since
#: 2026-11-28 (60 before): half its two-seat games end with no winner, so 60 games left some 30 to
#: judge the share by, give or take 18 points.
DUELS = {"selfish-space": (60, 6), "selfish-zombie": (200, 6), "one-against-the-dead": (100, 4),
         "zombies-quickplay": (40, 2)}


class _Timed:
    """A bot that records the wall time of each of its decisions (ms) in ``times``."""

    def __init__(self, bot, times: list[float]):
        self.bot, self.times = bot, times
        self.settings = getattr(bot, "settings", ())

    def __call__(self, view, legal, rng, **settings):
        start = time.perf_counter()
        try:
            return self.bot(view, legal, rng, **settings)
        finally:
            self.times.append((time.perf_counter() - start) * 1000)


def duel(ruleset_id: str, games: int, times: list[float]) -> dict:
    """``expert`` against ``strong`` over ``games`` seeded games: ``{"games", "expert": rate,
    "strong": rate}`` (``rate``: count, of, rate, ci95), expert decisions timed into ``times``."""
    base = RULESETS[ruleset_id]
    ruleset = dataclasses.replace(base, bots={**base.bots, "expert": _Timed(base.bots["expert"], times)})
    wins = {"expert": 0, "strong": 0}
    seats = min(max(2, base.min_seats), base.max_seats)
    for i in range(games):
        if seats == 1:
            for bot in wins:
                wins[bot] += bool(play_game(ruleset, [bot], f"bench-bots-{i}").outcome["winners"])
            continue
        seating = ["expert", "strong"] if i % 2 == 0 else ["strong", "expert"]
        for seat in play_game(ruleset, seating, f"bench-bots-{i // 2}").outcome["winners"]:
            wins[seating[seat]] += 1
    return {"games": games, **{bot: rate(n, games) for bot, n in wins.items()}}


def p99(values: list[float]) -> float:
    """The 99th percentile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, -(-99 * len(ordered) // 100) - 1))]


def bench_bots(quick: bool, figures: dict, log) -> None:
    """Fill the figures of this module's docstring into ``figures``; ``log(line)`` prints."""
    times: list[float] = []
    figures["bot_expert_vs_strong"] = duels = {}
    for ruleset_id, (full, short) in DUELS.items():
        duels[ruleset_id] = result = duel(ruleset_id, short if quick else full, times)
        log(f"  {ruleset_id}: expert won {result['expert']['rate']:.1%} {_ci(result['expert'])}, strong "
            f"{result['strong']['rate']:.1%} {_ci(result['strong'])} of {result['games']} games")
    figures["bot_move_p99_ms"] = p99(times)
    figures["bot_moves_timed"] = len(times)
    log(f"  expert decision, wall time: p99 {figures['bot_move_p99_ms']:.0f} ms over {len(times)} decisions")
    if "selfplay" in figures and "zombies-quickplay" in figures["selfplay"]:
        qp = figures["selfplay"]["zombies-quickplay"]["random"]
    else:
        from bench.inprocess import bench_self_play

        qp = bench_self_play(2 if quick else 10, "zombies-quickplay", "random", 2)[0]
    figures["quickplay_selfplay_games_per_cpu_s"] = qp
    log(f"  zombies-quickplay, 2 random bots: {qp:.1f} games/CPU s")
    if shutil.which("valgrind") and shutil.which("callgrind_control"):
        from bench.instructions import count

        per_game = count("selfplay", 20 if quick else 100)
        figures["selfplay_instructions_per_game"] = per_game
        log(f"  selfish-space, 4 random bots: {per_game:,} instructions per game (callgrind)")


def _ci(figure: dict) -> str:
    low, high = figure["ci95"]
    return f"(95 % CI {low:.0%} to {high:.0%})"
