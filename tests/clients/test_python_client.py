"""openapi-python-client reads the committed spec whole, and its client plays every ruleset.

Given the committed openapi.yaml, when openapi-python-client (pinned in the test extra) generates
a client from it, then it says nothing but that it generated it; and a program that uses only that
client (play_with_python_client.py) plays a game of each ruleset to the end against a real
``stranded serve``, reading the spectator's and the acting seat's view at every step, with no call
failing or parsed into anything but its documented model.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from events.games import RULESETS
from tests.clients.conftest import BIN, SPEC, run

pytestmark = pytest.mark.e2e

PROGRAM = Path(__file__).resolve().parent / "play_with_python_client.py"
#: Options per ruleset that keep a game of random legal commands short: Zombies!!! Quickplay's tile
#: stack puts the Helipad third, and its first dice are sixes.
OPTIONS = {"zombies-quickplay": {"stack": {"tiles": ["crossroads", "straight", "helipad"], "dice": [6] * 30},
                                 "first_seat": 0}}


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> tuple[Path, str]:
    """The folder holding the generated package ``stranded_client``, and what the generator said."""
    folder = tmp_path_factory.mktemp("python-client")
    config = folder / "config.yaml"
    config.write_text("project_name_override: stranded-client\npackage_name_override: stranded_client\n")
    status, output = run([BIN / "openapi-python-client", "generate", "--path", SPEC, "--output-path",
                          folder / "stranded_client", "--meta", "none", "--config", config])
    assert status == 0, output
    return folder, output


def test_openapi_python_client_generates_the_whole_client_without_a_warning(generated):
    _, output = generated
    said = [line for line in output.splitlines() if line.strip() and not line.startswith("Generating ")]
    assert said == [], output


def test_the_generated_python_client_has_a_model_per_view_and_a_function_per_operation(generated):
    folder, _ = generated
    package = folder / "stranded_client"
    for ruleset in RULESETS:
        prefix = ruleset.replace("-", "_")
        assert (package / "models" / f"{prefix}_view_response.py").exists()
    functions = {path.stem for path in (package / "api").glob("*/*.py") if path.stem != "__init__"}
    assert {"get_view", "send_command", "create_game", "get_events", "get_legal_commands"} <= functions


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_a_program_using_only_the_generated_python_client_plays_the_ruleset_to_the_end(generated, served, ruleset):
    folder, _ = generated
    status, output = run([sys.executable, PROGRAM, served, ruleset, "1", json.dumps(OPTIONS.get(ruleset, {}))],
                         env={"PYTHONPATH": str(folder)}, timeout=550)
    assert status == 0, output
    summary = json.loads(output.strip().splitlines()[-1])
    assert summary["status"] == "finished" and summary["failed"] == 0
    assert summary["commands"] >= 1 and summary["views"] == 2 * summary["commands"] + 1
