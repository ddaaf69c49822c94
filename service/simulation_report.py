"""What ``stranded simulate`` reports: every figure of a batch of bot games with its 95 % confidence interval.

A rate (a win rate, a result's share) gets the Wilson score interval, which
stays inside [0, 1] and is sound for rates near 0 or 1 and for few games; a
mean (commands, turns, score) gets Student's t interval (``mean ± t ·
s / √n``). Both are 95 % intervals; with one game a mean has none (null).

The report is plain data (:func:`report`), printed as text (:func:`text`) or
JSON (``--json``), and drawn by ``service.plots`` (``--plot``).
"""
from __future__ import annotations

import math
from statistics import NormalDist, mean, median, stdev

#: The two-sided 95 % quantile of the normal distribution (1.95996...).
Z95 = NormalDist().inv_cdf(0.975)
#: Student's t two-sided 95 % quantiles for 1 to 30 degrees of freedom; beyond, a
#: Cornish-Fisher correction of the normal quantile (within 0.1 % of t from 31 on).
T95 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
       2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
       2.045, 2.042]


def t95(df: int) -> float:
    """Student's t quantile for a two-sided 95 % interval with ``df`` (≥ 1) degrees of freedom."""
    if df <= len(T95):
        return T95[df - 1]
    z = Z95
    return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)


def wilson(successes: int, trials: int) -> list[float]:
    """The 95 % Wilson score interval ``[low, high]`` of a rate ``successes / trials`` (trials ≥ 1)."""
    p, n, z = successes / trials, trials, Z95
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return [max(0.0, centre - half), min(1.0, centre + half)]


def rate(successes: int, trials: int) -> dict:
    """``{"count", "of", "rate", "ci95"}``: a rate with its Wilson interval."""
    successes = min(successes, trials)
    return {"count": successes, "of": trials, "rate": successes / trials, "ci95": wilson(successes, trials)}


def spread(values: list[float]) -> dict:
    """``{"mean", "ci95", "min", "median", "max", "n"}`` of ``values`` (t interval; null for one value)."""
    n, centre = len(values), mean(values)
    ci = None
    if n > 1:
        half = t95(n - 1) * stdev(values) / math.sqrt(n)
        ci = [centre - half, centre + half]
    return {"mean": centre, "ci95": ci, "min": min(values), "median": median(values), "max": max(values), "n": n}


def report(ruleset, policies: list[str], games: list, seed: str, rotate: bool) -> dict:
    """The figures of ``games`` (``events.simulation.GameSummary`` each, in order) of ``ruleset``
    with ``policies`` per seat: win rate per seat (null policy when the seating rotates) and per
    policy (the games a policy won with any seat it held), the no-winner rate, each result's
    share, seat 0's mean score per policy (games with a score), and the length of a game in
    commands and in turns as the game counts them (``GameSummary.turns``)."""
    n = len(games)
    seats = []
    for seat in range(len(policies)):
        wins = sum(seat in game.winners for game in games)
        seats.append({"seat": seat, "policy": None if rotate else policies[seat], **rate(wins, n)})
    by_policy = []
    for policy in dict.fromkeys(policies):
        wins = sum(any(game.seating[seat] == policy for seat in game.winners) for game in games)
        by_policy.append({"policy": policy, **rate(wins, n)})
    results: dict[str, int] = {}
    for game in games:
        if game.result is not None:
            results[game.result] = results.get(game.result, 0) + 1
    scores = []
    for policy in dict.fromkeys(policies):
        values = [game.score for game in games if game.score is not None and game.seating[0] == policy]
        if values:
            scores.append({"policy": policy, **spread(values)})
    return {
        "ruleset": ruleset.id, "name": ruleset.name, "games": n, "seats": list(policies), "seed": seed,
        "rotate": rotate, "confidence": 0.95,
        "win_rate_by_seat": seats, "win_rate_by_policy": by_policy,
        "no_winner": rate(sum(not game.winners for game in games), n),
        "results": [{"result": result, **rate(count, n)} for result, count in sorted(results.items())],
        "seat0_score_by_policy": scores,
        "commands": spread([game.commands for game in games]),
        "turns": spread([game.turns for game in games]),
    }


def _pct(figure: dict) -> str:
    low, high = figure["ci95"]
    return f"{figure['rate']:.1%} (95 % CI {low:.1%} to {high:.1%})"


def _mean(figure: dict, digits: int = 1) -> str:
    ci = figure["ci95"]
    around = f" (95 % CI {ci[0]:.{digits}f} to {ci[1]:.{digits}f})" if ci else ""
    return f"{figure['mean']:.{digits}f}{around}"


def text(figures: dict) -> str:
    """The report as lines for a terminal."""
    lines = [f"{figures['games']} games of {figures['name']}, {len(figures['seats'])} seat(s): "
             f"{', '.join(figures['seats'])}" + (" (seating rotated each game)" if figures["rotate"] else "")]
    if not figures["rotate"]:
        for seat in figures["win_rate_by_seat"]:
            lines.append(f"seat {seat['seat']} ({seat['policy']}): won {_pct(seat)}")
    for policy in figures["win_rate_by_policy"]:
        lines.append(f"policy {policy['policy']}: won {_pct(policy)} of the games (any seat it held)")
    lines.append(f"no winner: {_pct(figures['no_winner'])}")
    for result in figures["results"]:
        lines.append(f"result {result['result']}: {_pct(result)}")
    for score in figures["seat0_score_by_policy"]:
        lines.append(f"policy {score['policy']}: mean score {_mean(score, 2)}")
    lines.append(f"game length: {_mean(figures['commands'])} commands, {_mean(figures['turns'])} turns on average")
    return "\n".join(lines)
