"""What ``stranded simulate`` reports: every figure of a batch of bot games with its 95 % confidence interval.

A rate (a win rate, a result's share) gets the Wilson score interval, which
stays inside [0, 1] and is sound for rates near 0 or 1 and for few games; a
mean (commands, turns, score) gets Student's t interval (``mean ± t ·
s / √n``). Both are 95 % intervals; with one game a mean has none (null).

The report is plain data (:func:`report`), printed as text (:func:`text`) or
JSON (``--json``), and drawn by ``service.cli.plots`` (``--plot``).
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
    """The figures of ``games`` (``events.commands.simulation.GameSummary`` each, in order) of ``ruleset``
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


# -- the ladder -----------------------------------------------------------------------------
#: The Elo scale: a 400-point gap is 10-to-1 odds.
ELO_SCALE = 400.0
#: Where the ladder's ratings are anchored: ``random`` (or the first bot) is rated this.
ELO_ANCHOR = 1000.0


def _pair_results(table: tuple, games: list) -> list[tuple[str, str, float]]:
    """``(a, b, score of a)`` per game: 1 a win, 0 a loss, 0.5 neither or both won. A one-seat
    ladder has no pairs here (see :func:`ladder_report`)."""
    out = []
    for game in games:
        won = {game.seating[seat] for seat in game.winners}
        a, b = table
        score = 0.5 if (a in won) == (b in won) else (1.0 if a in won else 0.0)
        out.append((a, b, score))
    return out


def elo(bots: list[str], results: list[tuple[str, str, float]]) -> dict[str, float]:
    """Elo ratings fitted to ``results`` (``(a, b, score of a)``, a draw 0.5) by the Bradley-Terry
    maximum likelihood (minorise-maximise iterations, Hunter 2004), with one virtual draw per pair
    so a bot that won every game still gets a finite rating; ``random`` (else the first bot) is
    anchored at :data:`ELO_ANCHOR`."""
    wins = {b: 0.0 for b in bots}
    meetings: dict[tuple[str, str], float] = {}
    for a, b, score in results + [(a, b, 0.5) for i, a in enumerate(bots) for b in bots[i + 1:]]:
        wins[a] += score
        wins[b] += 1 - score
        meetings[a, b] = meetings.get((a, b), 0) + 1
        meetings[b, a] = meetings.get((b, a), 0) + 1
    gamma = {b: 1.0 for b in bots}
    for _ in range(2000):
        new = {}
        for b in bots:
            denominator = sum(n / (gamma[b] + gamma[o]) for (x, o), n in meetings.items() if x == b)
            new[b] = wins[b] / denominator if denominator else gamma[b]
        scale = math.exp(sum(math.log(g) for g in new.values()) / len(new))
        new = {b: g / scale for b, g in new.items()}
        done = max(abs(new[b] - gamma[b]) for b in bots) < 1e-10
        gamma = new
        if done:
            break
    anchor = "random" if "random" in bots else bots[0]
    return {b: ELO_ANCHOR + ELO_SCALE * math.log10(gamma[b] / gamma[anchor]) for b in bots}


def ladder_report(ruleset, bots: list[str], played: dict, seed: str, options: dict | None = None) -> dict:
    """The figures of a ladder (``events.commands.simulation.ladder_games``'s ``{seating: [GameSummary]}``):
    per pair of bots the games, each bot's win rate and the no-winner rate (Wilson 95 % intervals),
    and each bot's share of the games either won; a one-seat game gives each bot's win rate and
    mean score on the same seeds, and per pair the seeds one won and the other lost. Elo ratings
    (:func:`elo`) from the pairs' results."""
    pairs, results, solo = [], [], []
    if all(len(table) == 1 for table in played):
        by_bot = {table[0]: games for table, games in played.items()}
        for bot, games in by_bot.items():
            scores = [g.score for g in games if g.score is not None]
            solo.append({"bot": bot, "won": rate(sum(bool(g.winners) for g in games), len(games)),
                         "score": spread(scores) if scores else None})
        for i, a in enumerate(bots):
            for b in bots[i + 1:]:
                games = list(zip(by_bot[a], by_bot[b]))
                a_only = sum(bool(x.winners) and not y.winners for x, y in games)
                b_only = sum(bool(y.winners) and not x.winners for x, y in games)
                n = len(games)
                pairs.append({"a": a, "b": b, "games": n, "a_wins": rate(a_only, n), "b_wins": rate(b_only, n),
                              "neither_or_both": rate(n - a_only - b_only, n)})
                results += [(a, b, 1.0)] * a_only + [(a, b, 0.0)] * b_only + [(a, b, 0.5)] * (n - a_only - b_only)
    else:
        for table, games in played.items():
            a, b = table
            n = len(games)
            a_won = sum(any(g.seating[s] == a for s in g.winners) for g in games)
            b_won = sum(any(g.seating[s] == b for s in g.winners) for g in games)
            decided = a_won + b_won
            pairs.append({"a": a, "b": b, "games": n, "a_wins": rate(a_won, n), "b_wins": rate(b_won, n),
                          "no_winner": rate(n - decided, n),
                          "a_share_of_decided": rate(a_won, decided) if decided else None})
            results += _pair_results(table, games)
    ratings = elo(bots, results)
    return {"ruleset": ruleset.id, "name": ruleset.name, "games_per_pair": min(len(g) for g in played.values()),
            "seed": seed, "options": dict(options or {}), "confidence": 0.95, "bots": list(bots),
            "solo": solo, "pairs": pairs,
            "elo": [{"bot": b, "elo": round(ratings[b], 1)} for b in sorted(bots, key=lambda b: -ratings[b])]}


def ladder_text(figures: dict) -> str:
    """The ladder as lines for a terminal: a table of pairs, then the Elo ratings."""
    lines = [f"Ladder of {figures['name']}: {', '.join(figures['bots'])}; {figures['games_per_pair']} games "
             f"per {'bot' if figures['solo'] else 'pair'} (seeds '{figures['seed']}-<i>')"
             + (f", options {figures['options']}" if figures["options"] else "")]
    for entry in figures["solo"]:
        score = f", mean score {_mean(entry['score'], 2)}" if entry["score"] else ""
        lines.append(f"{entry['bot']}: won {_pct(entry['won'])}{score}")
    for pair in figures["pairs"]:
        if figures["solo"]:
            lines.append(f"{pair['a']} vs {pair['b']} on the same deals: only {pair['a']} won {_pct(pair['a_wins'])}, "
                         f"only {pair['b']} won {_pct(pair['b_wins'])}")
            continue
        share = pair["a_share_of_decided"]
        lines.append(f"{pair['a']} vs {pair['b']}: {pair['a']} won {_pct(pair['a_wins'])}, {pair['b']} won "
                     f"{_pct(pair['b_wins'])}, no winner {_pct(pair['no_winner'])}"
                     + (f"; {pair['a']} won {_pct(share)} of the games someone won" if share else ""))
    lines.append("Elo: " + ", ".join(f"{e['bot']} {e['elo']:.0f}" for e in figures["elo"]))
    return "\n".join(lines)
