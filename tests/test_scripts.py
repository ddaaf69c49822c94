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
