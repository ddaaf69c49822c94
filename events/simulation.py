"""Playing whole games in process, with no store and no service.

``play_game`` runs one game between bot policies exactly the way the service
would (the same ``setup``/``decide``/``evolve`` calls and the same seeded
randomness), so a simulated game can be replayed or verified like a real one.
``simulate`` plays many and summarises them (``stranded simulate``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from events.games.contract import Ruleset
from events.randomness import rng_for

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


def play_game(ruleset: Ruleset, policies: list[str], seed: str, options: dict | None = None,
              on_step: Callable[[Any, list[dict]], None] | None = None,
              max_steps: int = MAX_STEPS) -> GameRecord:
    """Play one game; ``policies[seat]`` names the bot for each seat.

    ``on_step(state, events)`` is called after setup and after every decided
    command with the live state and that batch's events.
    """
    events = ruleset.setup(options or {}, len(policies), rng_for(seed, 0))
    state = ruleset.fold(events)
    if on_step:
        on_step(state, events)
    bots = [ruleset.bots[name] for name in policies]
    commands: list[tuple[int, dict]] = []
    while True:
        pending = ruleset.pending(state)
        if not pending:
            break
        if len(commands) >= max_steps:
            raise GameDidNotEnd(f"game {seed!r} did not end within {max_steps} commands")
        seat = pending[0].seat
        version = len(events)
        legal = ruleset.legal_commands(state, seat)
        command = bots[seat](ruleset.view(state, seat), legal, rng_for(seed, version, salt="bot"))
        batch = ruleset.decide(state, seat, command, rng_for(seed, version))
        for event in batch:
            state = ruleset.evolve(state, event)
        events.extend(batch)
        commands.append((seat, command))
        if on_step:
            on_step(state, batch)
    return GameRecord(outcome=ruleset.outcome(state), events=events, turns=len(commands),
                      state=state, commands=commands)


def simulate(ruleset: Ruleset, policies: list[str], games: int, seed_prefix: str = "sim",
             progress: Callable[[GameRecord], None] | None = None,
             rotate: bool = False) -> dict:
    """Play ``games`` games and summarise them.

    Args:
        policies: a bot name per seat.
        games: how many games; game ``i`` uses seed ``f"{seed_prefix}-{i}"``.
        progress: called once per finished game with its record.
        rotate: if true, game ``i`` rotates the seating by ``i`` places so
            every policy sits in every seat equally often; the per-policy
            figures then compare policies, the per-seat ones compare seats.

    Returns:
        ``{"games", "wins_by_seat", "win_rate_by_seat", "wins_by_policy",
        "win_rate_by_policy", "no_winner_rate", "mean_commands",
        "mean_turns_started"}`` (per-policy rates are per game played by
        that policy's seats, so they add up across seats of one policy).
    """
    n = len(policies)
    wins_seat = [0] * n
    wins_policy = {p: 0 for p in policies}
    seats_policy = {p: 0 for p in policies}
    no_winner = 0
    commands = 0
    turns_started = 0
    for i in range(games):
        shift = i % n if rotate else 0
        seating = policies[shift:] + policies[:shift]
        record = play_game(ruleset, seating, f"{seed_prefix}-{i}")
        for p in seating:
            seats_policy[p] += 1
        winner = (record.outcome or {}).get("winner")
        if winner is None:
            no_winner += 1
        else:
            wins_seat[winner] += 1
            wins_policy[seating[winner]] += 1
        commands += record.turns
        turns_started += sum(1 for e in record.events if e["type"] == "TurnStarted")
        if progress:
            progress(record)
    games = max(games, 1)
    return {
        "games": games,
        "policies": list(policies),
        "wins_by_seat": wins_seat,
        "win_rate_by_seat": [w / games for w in wins_seat],
        "wins_by_policy": wins_policy,
        "win_rate_by_policy": {p: wins_policy[p] / games for p in wins_policy},
        "no_winner_rate": no_winner / games,
        "mean_commands": commands / games,
        "mean_turns_started": turns_started / games,
    }
