"""The README's walk-throughs work when pasted in order on a fresh server.

Every ```sh block of README.md runs, in order, in one bash session against a
real ``stranded serve`` on its embedded Redis (a fresh data folder, as the
README's first command starts it). Every ``curl`` in them must get a 2xx:
``curl`` is wrapped so an HTTP error (``--fail-with-body``) is recorded, and
the session must end with status 0.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.e2e.test_serve import serve  # noqa: F401  (the fixture)

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]
README_BASE = "http://127.0.0.1:8000"

PRELUDE = r"""
set -eu
curl() {
  local rc=0
  command curl --fail-with-body "$@" || rc=$?
  # 23: the reader (head) stopped early, as a reader of a stream does
  if [ "$rc" -ne 0 ] && [ "$rc" -ne 23 ]; then echo "curl $* -> exit $rc" >> "$CURL_FAILURES"; fi
  return 0
}
"""


def readme_blocks() -> list[str]:
    """The ```sh blocks of README.md, in order."""
    text = (ROOT / "README.md").read_text()
    return re.findall(r"^```sh\n(.*?)^```", text, flags=re.S | re.M)


def test_the_readme_has_a_walk_through_for_every_ruleset():
    from events.games import RULESETS

    script = "\n".join(readme_blocks())
    for ruleset_id in RULESETS:
        assert f'"ruleset": "{ruleset_id}"' in script, f"no walk-through creates a {ruleset_id} game"
    assert "shared/" not in (ROOT / "README.md").read_text() and "seeds/" not in (ROOT / "README.md").read_text()


def test_every_readme_shell_block_runs_against_a_fresh_stranded_serve(serve, tmp_path):  # noqa: F811
    assert shutil.which("jq") and shutil.which("curl"), "the walk-throughs need curl and jq"
    assert os.path.exists(os.path.join(os.path.dirname(sys.executable), "stranded")), "no stranded beside python"
    base = serve({}, drop_redis_url=True)
    failures = tmp_path / "curl-failures.txt"
    failures.touch()
    script = PRELUDE + "\n".join(block.replace(README_BASE, base) for block in readme_blocks())
    # the walk-throughs' `stranded` is this environment's, found beside sys.executable (as
    # `. .venv/bin/activate` would put it first on PATH), whether or not the venv is activated
    env = {**os.environ, "CURL_FAILURES": str(failures), "STRANDED_DATA_DIR": str(tmp_path / "data"),
           "PATH": os.pathsep.join([os.path.dirname(sys.executable), os.environ.get("PATH", "")])}
    env.pop("REDIS_URL", None)
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=300, env=env,
                          cwd=tmp_path)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert failures.read_text() == "", failures.read_text() + done.stdout[-2000:]
    assert "OK: " in done.stdout and "every event is what the rules give" in done.stdout
    assert '"to_act"' not in done.stderr


def test_the_readme_table_of_who_may_read_what_matches_the_spec_security():
    import yaml

    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    text = (ROOT / "README.md").read_text()
    table = text[text.index("| route | without a token"):].split("\n\n", 1)[0].splitlines()[2:]
    checked = 0
    for row in table:
        route, spectator, _ = [cell.strip() for cell in row.strip("|").split("|")]
        for method, path in re.findall(r"`(GET|POST) ([^`]+)`", route):
            path = path.replace("...", "/v1/games/{game_id}").replace("{id}", "{game_id}")
            if path == "/v1/rulesets/{game_id}":
                path = "/v1/rulesets/{ruleset_id}"
            if path.endswith("/join"):
                path = "/v1/games/{game_id}/seats/{seat}/join"
            # an operation's own security, else the document's; [] (none) or {} (optional) take no token
            security = spec["paths"][path][method.lower()].get("security", spec.get("security", [{}]))
            anyone = security == [] or {} in security
            assert anyone == spectator.startswith("yes"), (method, path, security, spectator)
            checked += 1
    assert checked >= 9
