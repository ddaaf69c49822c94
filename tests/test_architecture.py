"""The structure of DESIGN.md as checked rules.

- Imports go one way (``service | workers`` over ``projections`` over
  ``events``): the import-linter contracts in pyproject.toml.
- Game rules are pure: a game package under ``events.games`` imports only the
  standard library, its own package and the shared game modules (the contract,
  the schema builders, the expert's search, and for the two Selfish editions their shared package).
  An allow-list, so a new dependency is refused until someone decides it
  belongs there.
"""
import shutil
import subprocess
import sys
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[1]

#: What every game package may import besides the standard library and itself.
SHARED = {"events.games.contract", "events.games.schema", "events.games.sentences", "events.games.search"}
#: Further shared packages, per game package.
SHARED_BY_GAME = {"selfish_space": {"events.games.selfish"}, "selfish_zombie": {"events.games.selfish"}}


def lint_imports() -> str:
    """The ``lint-imports`` script of the running interpreter's environment (found
    beside ``sys.executable`` first, so an unactivated venv works), else on PATH."""
    beside = Path(sys.executable).parent / "lint-imports"
    found = str(beside) if beside.exists() else shutil.which("lint-imports")
    assert found, "import-linter is a test dependency"
    return found


def test_imports_go_one_way():
    run = subprocess.run([lint_imports(), "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "4 kept, 0 broken" in run.stdout


def forbidden_imports(root: str, games_package: str) -> list[str]:
    """Every import from a game package of ``games_package`` (a package of the
    importable package ``root``) that is neither the standard library, the game's own
    package nor an allowed shared module: ``["importer -> imported"]``."""
    graph = grimp.build_graph(root, include_external_packages=True)
    shared = {name.replace("events.games", games_package) for name in SHARED}
    problems = []
    for module in sorted(graph.find_descendants(games_package)):
        parts = module.split(".")
        game = parts[len(games_package.split("."))]
        own = f"{games_package}.{game}"
        allowed = shared | {name.replace("events.games", games_package) for name in SHARED_BY_GAME.get(game, ())}
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            top = imported.split(".")[0]
            if top in sys.stdlib_module_names:
                continue
            if imported == own or imported.startswith(own + ".") or imported == games_package:
                continue
            if any(imported == name or imported.startswith(name + ".") for name in allowed):
                continue
            problems.append(f"{module} -> {imported}")
    return problems


def test_a_game_package_imports_only_the_standard_library_and_its_own_package():
    assert forbidden_imports("events", "events.games") == []


@pytest.mark.parametrize("line", ["import redis", "from events.log.store import EventStore", "import flask",
                                  "from events.games.other_game import rules"])
def test_a_forbidden_import_in_a_game_package_is_caught(tmp_path, monkeypatch, line):
    package = tmp_path / "sandbox" / "games"
    (package / "good_game").mkdir(parents=True)
    (package / "other_game").mkdir()
    (tmp_path / "sandbox" / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    (package / "contract.py").write_text("")
    (package / "other_game" / "__init__.py").write_text("rules = 1\n")
    (package / "good_game" / "__init__.py").write_text(
        "import json\nfrom . import cards\nfrom sandbox.games import contract\n" + line + "\n")
    (package / "good_game" / "cards.py").write_text("import random\n")
    (tmp_path / "sandbox" / "store.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    problems = forbidden_imports("sandbox", "sandbox.games")
    assert len(problems) == 1 and problems[0].startswith("sandbox.games.good_game ->"), problems
