"""The dependency direction of DESIGN.md is a checked rule (import-linter contracts in pyproject.toml)."""
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_imports_go_one_way():
    lint = shutil.which("lint-imports")
    assert lint, "import-linter is a test dependency"
    run = subprocess.run([lint, "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "2 kept, 0 broken" in run.stdout
