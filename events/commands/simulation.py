"""Playing whole games in process, with no store and no service.

``play_game`` runs one game between bot policies exactly the way the service
would (the same ``setup``/``decide``/``evolve`` calls and the same seeded
randomness), so a simulated game can be replayed or verified like a real one.
``simulate`` plays many and summarises them (``stranded simulate``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable

from events.games.bots import chooser
from events.games.contract import Ruleset
from events.table.randomness import LazyRandom, rng_for

#: A game that takes more commands than this is a bug in the rules or a bot.
MAX_STEPS = 20_000


class GameDidNotEnd(RuntimeError):
    """Raised when a game is still running after ``max_steps`` commands."""


@dataclass
class GameRecord:
    """One finished game.

    Attributes:
        outcome: ``ruleset.outcome(state)`` at the end.
        events: every event, setup included, in order.
        turns: the number of commands decided (every turn, reaction and
            choice counts one).
        state: the final state.
        commands: ``(seat, command)`` for every command decided.
    """

    outcome: dict
    events: list[dict]
    turns: int
    state: Any
    commands: list[tuple[int, dict]] = field(default_factory=list)


def _first_pending_seat(ruleset: Ruleset) -> Callable[[Any], int | None]:
    """``Ruleset.acting_seat`` for a game without it: the seat of the first pending decision."""
    def acting_seat(state):
        pending = ruleset.pending(state)
        return pending[0].seat if pending else None
    return acting_seat


def play_game(ruleset: Ruleset, policies: list[str], seed: str, options: dict | None = None,
              on_step: Callable[[Any, list[dict]], None] | None = None,
              max_steps: int = MAX_STEPS) -> GameRecord:
    """Play one game; ``policies[seat]`` names the bot for each seat.

    The rules' randomness is the service's (``rng_for(seed, version)`` with the
    version the game's stream would be at: ``GameCreated`` is version 1), so the
    game is the one the service would play with this seed and these commands,
    and verifies like it; the bots draw from one
    generator per game (seeded from ``seed``), which is cheaper than the
    service's generator per bot move and as good for statistics.
    ``options`` are the game's options: ``setup`` reads its own, a bot those it names (the
    expert's ``think_ms``).
    ``on_step(state, events)`` is called after setup and after every decided
    command with the live state and that batch's events. The game owns its
    state and decides on it in place where the ruleset can
    (``Ruleset.decide_in_place``), so the state handed to ``on_step`` changes
    as the game goes on: copy it (``ruleset.copy_state``) to keep it.
    """
    events = ruleset.setup(options or {}, len(policies), rng_for(seed, 0))
    state = ruleset.fold(events)
    if on_step:
        on_step(state, events)
    commands: list[tuple[int, dict]] = []
    bot_rng = rng_for(seed, 0, salt="bots")
    acting_seat = ruleset.acting_seat or _first_pending_seat(ruleset)
    decide = ruleset.decide_in_place or ruleset.decide_and_evolve   # the state is ours: no copy
    picks = [chooser(ruleset, policy, options) for policy in policies]   # ``choose``, built once per seat
    rules_rng = partial(LazyRandom, "rules", seed)   # ``rng_for(seed, version)``, one call fewer a command
    while True:
        seat = acting_seat(state)
        if seat is None:
            break
        if len(commands) >= max_steps:
            raise GameDidNotEnd(f"game {seed!r} did not end within {max_steps} commands")
        version = len(events) + 1      # the stream's version: GameCreated is version 1
        command = picks[seat](state, seat, bot_rng)
        batch, state = decide(state, seat, command, rules_rng(version))
        events.extend(batch)
        commands.append((seat, command))
        if on_step:
            on_step(state, batch)
    return GameRecord(outcome=ruleset.outcome(state), events=events, turns=len(commands),
                      state=state, commands=commands)


def _winners(outcome: dict | None) -> list[int]:
    """The seats that won: ``outcome["winners"]`` if the game names several,
    else ``[outcome["winner"]]``, else none."""
    outcome = outcome or {}
    if outcome.get("winners") is not None:
        return list(outcome["winners"])
    return [] if outcome.get("winner") is None else [outcome["winner"]]


@dataclass
class GameSummary:
    """What ``simulate`` keeps of one game: the seating, the winners, the result, the
    score of seat 0 (one-seat games), the commands and the turns, as the game counts them
    (the outcome's ``turns``: One Against the Dead counts rounds; an outcome without it:
    the ``TurnStarted`` events)."""

    seating: list[str]
    winners: list[int]
    result: str | None
    score: float | None
    commands: int
    turns: int


def _score(outcome: dict) -> float | None:
    scores = outcome.get("scores")
    if isinstance(scores, dict):
        return scores.get("0")
    return outcome.get("score")


def _play_range(ruleset_id: str, policies: list[str], seed_prefix: str, rotate: bool,
                first: int, stop: int, options: dict | None = None, paired: bool = False) -> list[GameSummary]:
    """Play games ``first .. stop - 1`` of a simulation (in whichever process runs it); ``paired``:
    see :func:`simulate`."""
    from events.games import get_ruleset

    ruleset = get_ruleset(ruleset_id)
    n = len(policies)
    out = []
    for i in range(first, stop):
        shift = i % n if rotate else 0
        seating = policies[shift:] + policies[:shift]
        record = play_game(ruleset, seating, f"{seed_prefix}-{i // n if paired else i}", options)
        outcome = record.outcome or {}
        turns = outcome.get("turns")
        if not isinstance(turns, int):
            turns = sum(1 for e in record.events if e["type"] == "TurnStarted")
        out.append(GameSummary(seating, _winners(outcome), outcome.get("result"), _score(outcome), record.turns,
                               turns))
    return out


def simulate(ruleset: Ruleset, policies: list[str], games: int, seed_prefix: str = "sim",
             progress: Callable[[GameSummary], None] | None = None,
             rotate: bool = False, jobs: int = 1, options: dict | None = None, paired: bool = False) -> dict:
    """Play ``games`` games and summarise them.

    Args:
        policies: a bot name per seat.
        games: how many games; game ``i`` uses seed ``f"{seed_prefix}-{i}"``.
        progress: called once per finished game with its :class:`GameSummary`.
        rotate: if true, game ``i`` rotates the seating by ``i`` places so
            every policy sits in every seat equally often; the per-policy
            figures then compare policies, the per-seat ones compare seats.
        paired: with ``rotate``, every deal is played in every seating: game ``i`` uses seed
            ``f"{seed_prefix}-{i // n}"`` (``n`` seats) rotated by ``i % n``, so a deal that favours
            a seat favours every policy alike (a duel on distinct seeds attributes each deal's seat
            advantage to whichever policy sits there: strong against strong on 40 Zombie Edition
            seeds, alternating, read 7 wins to 14).
        jobs: processes to share the games among (the figures do not depend
            on it: game ``i`` is the same game in any process).
        options: the games' options (``play_game``), e.g. ``{"think_ms": 100}``.

    The outcome convention (``events.games.schema.outcome``): ``winners`` lists
    the winning seats (older outcomes: ``winner``); ``result`` names how the
    game ended; ``scores`` (or an older ``score``) gives seat 0's score.

    Returns:
        ``{"games", "wins_by_seat", "win_rate_by_seat", "wins_by_policy",
        "win_rate_by_policy", "no_winner_rate", "results", "mean_score_by_policy",
        "mean_commands", "mean_turns"}`` (``mean_turns``: see :class:`GameSummary`). Per-policy rates are per
        game played by that policy's seats, so they add up across seats of
        one policy; ``results`` counts each ``result`` value; the mean score is
        over games whose outcome has a score (empty if none has).
    """
    n = len(policies)
    if jobs > 1 and games > 1:
        from concurrent.futures import ProcessPoolExecutor

        bounds = [(games * j // jobs, games * (j + 1) // jobs) for j in range(jobs)]
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            parts = pool.map(_play_range, *zip(*[(ruleset.id, policies, seed_prefix, rotate, a, b, options, paired)
                                                 for a, b in bounds]))
            played = []
            for part in parts:
                played += part
                if progress:
                    for game in part:
                        progress(game)
    else:
        played = []
        for i in range(games):
            played += _play_range(ruleset.id, policies, seed_prefix, rotate, i, i + 1, options, paired)
            if progress:
                progress(played[-1])
    wins_seat = [0] * n
    wins_policy = {p: 0 for p in policies}
    scores_policy: dict[str, list[float]] = {p: [] for p in policies}
    results: dict[str, int] = {}
    no_winner = 0
    for game in played:
        if not game.winners:
            no_winner += 1
        for seat in game.winners:
            wins_seat[seat] += 1
            wins_policy[game.seating[seat]] += 1
        if game.result is not None:
            results[game.result] = results.get(game.result, 0) + 1
        if game.score is not None:
            scores_policy[game.seating[0]].append(game.score)
    games = max(games, 1)
    return {
        "games": games,
        "policies": list(policies),
        "wins_by_seat": wins_seat,
        "win_rate_by_seat": [w / games for w in wins_seat],
        "wins_by_policy": wins_policy,
        "win_rate_by_policy": {p: wins_policy[p] / games for p in wins_policy},
        "no_winner_rate": no_winner / games,
        "results": results,
        "mean_score_by_policy": {p: sum(v) / len(v) for p, v in scores_policy.items() if v},
        "mean_commands": sum(g.commands for g in played) / games,
        "mean_turns": sum(g.turns for g in played) / games,
    }


def ladder_games(ruleset: Ruleset, bots: list[str], games: int, seed_prefix: str = "ladder",
                 options: dict | None = None, jobs: int = 1,
                 progress: Callable[[GameSummary], None] | None = None) -> dict[tuple[str, ...], list[GameSummary]]:
    """Play the games of a ladder between ``bots``: at a two-seat table (the game's smallest of
    two or more), every pair of bots plays ``games`` games, each deal in both seatings (``simulate``'s
    ``paired``: games ``2k`` and ``2k + 1`` of every pair on seed ``f"{seed_prefix}-{k}"``, so every
    pair plays the same deals and no deal's seat advantage goes to one bot); a one-seat game
    plays each bot alone on the same ``games`` seeds instead. Returns ``{seating: [GameSummary]}``
    (a pair ``(a, b)``, or ``(bot,)`` alone); ``progress`` is called once per game."""
    seats = min(max(2, ruleset.min_seats), ruleset.max_seats)
    if seats == 1:
        tables = [(bot,) for bot in bots]
    else:
        tables = [(a, b) for i, a in enumerate(bots) for b in bots[i + 1:]]
    out: dict[tuple[str, ...], list[GameSummary]] = {}
    for table in tables:
        played: list[GameSummary] = []

        def keep(game: GameSummary, played=played) -> None:
            played.append(game)
            if progress:
                progress(game)
        simulate(ruleset, list(table), games, seed_prefix, progress=keep, rotate=len(table) > 1, jobs=jobs,
                 options=options, paired=len(table) > 1)
        out[table] = played
    return out
