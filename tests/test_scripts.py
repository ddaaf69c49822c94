"""The value-table training scripts run end to end on a few games and write a table the bots can read."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("game", ["selfish_space", "selfish_zombie"])
def test_training_script_writes_a_table_of_wins_and_visits(game, tmp_path):
    out = tmp_path / "values.json"
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / f"train_{game}_values.py"),
                           "--games", "40", "--rounds", "1", "--workers", "1", "--out", str(out)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "round 1:" in done.stdout and f"wrote {out}" in done.stdout
    table = json.loads(out.read_text())
    assert table and all(0 <= wins <= visits and visits > 0 for wins, visits in table.values())


@pytest.mark.parametrize("mode", ["view", "hands", "clairvoyant"])
def test_the_zombie_expert_ceiling_plays_both_seatings_and_leaves_the_expert_as_it_was(mode):
    # given the ceiling experiment, on two deals with a small budget
    sys.path.insert(0, str(ROOT))
    from bench.zombie_expert_ceiling import ceiling
    from events.games.selfish_zombie import expert

    sample = expert.sample
    # when it plays them
    result = ceiling(mode, range(0, 2), playouts_per_ms=0.05)
    # then it counts the wins of four games (each deal in both seatings), and the module's own
    # expert deals from its view again
    assert result["mode"] == mode and result["deals"] == [0, 2]
    assert 0 <= result["expert"] + result["strong"] <= 4
    assert expert.sample is sample and expert.PLAYOUTS_PER_MS == 1.0


def test_the_zombie_expert_ceiling_changes_the_search_for_its_games_only():
    # given the ceiling experiment with the search's doubt, its draw and its playouts changed
    sys.path.insert(0, str(ROOT))
    from bench.zombie_expert_ceiling import ceiling
    from events.games.selfish import searching

    shipped = searching.Z, searching.DRAW
    # when it plays two deals
    result = ceiling("view", range(0, 2), playouts_per_ms=0.05, z=1.0, draw=0.65, explore=0.1)
    # then it reports the settings it played with, and the shipped search is as it was
    assert (result["z"], result["draw"], result["explore"]) == (1.0, 0.65, 0.1)
    assert 0 <= result["expert"] + result["strong"] <= 4
    assert (searching.Z, searching.DRAW) == shipped == (0.5, 0.5)


def test_the_ceilings_exploring_playouts_are_strong_at_zero_and_random_at_one():
    # given a real two-seat Zombie Edition decision with several legal commands
    import random

    sys.path.insert(0, str(ROOT))
    from bench.zombie_expert_ceiling import exploring
    from events.commands.simulation import play_game
    from events.games import RULESETS
    from events.games.selfish_zombie import bots
    from events.games.selfish_zombie.legal import legal_commands
    from events.games.selfish_zombie.views import view

    ruleset = RULESETS["selfish-zombie"]
    decisions = []

    def keep(state, events) -> None:
        for seat in range(2):
            legal = legal_commands(state, seat)
            if len(legal) > 2:
                decisions.append((view(state, seat), legal))

    play_game(ruleset, ["strong", "strong"], "bench-bots-0", on_step=keep)
    assert decisions
    # when exploring(0) and exploring(1) choose
    rng = random.Random(1)
    # then at 0 every choice is strong's, and at 1 the choices are random legal commands, not strong's alone
    assert all(exploring(0.0)(v, legal, rng) == bots.strong_bot(v, legal, rng) for v, legal in decisions)
    chosen = [exploring(1.0)(v, legal, rng) for v, legal in decisions]
    assert all(c in legal for c, (_, legal) in zip(chosen, decisions))
    assert any(c != bots.strong_bot(v, legal, rng) for c, (v, legal) in zip(chosen, decisions))
