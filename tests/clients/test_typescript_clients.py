"""The TypeScript generators front ends use read the committed spec whole.

Given the committed openapi.yaml:

* when @hey-api/openapi-ts (pinned in ts/package-lock.json) generates a client from it, then it
  warns of nothing; a program using only that client (ts/play.ts) compiles with ``tsc --strict``
  and plays a game of every ruleset to the end against a real ``stranded serve`` (random legal
  commands; the options of ``test_python_client.OPTIONS`` keep Quickplay short);
* when openapi-generator's typescript-fetch (pinned: openapi-generator-cli in the test extra, which
  ships the generator's jar and runs it with Java 17) generates a client, then it warns of nothing
  but what it says of any 3.1 spec (:data:`GENERATOR_NOTICES`), and the client compiles with
  ``tsc --strict``.
"""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from events.games import RULESETS
from tests.clients.conftest import BIN, SPEC, TS_DIR, run
from tests.clients.test_python_client import OPTIONS

pytestmark = pytest.mark.e2e

#: What openapi-generator 7.26 says whatever the spec: 3.1 support is in beta; and the line its 3.1
#: normalizer logs once for any map that may be null (``anyOf: [{additionalProperties: ...}, null]``,
#: as a finished game's ``scores``; a one-property spec gives it too), naming no schema. The
#: client it then writes compiles with --strict (test_the_typescript_fetch_client_compiles_with_tsc_strict).
GENERATOR_NOTICES = ("OpenAPI 3.1 support is still in beta", "Failed to get the schema name: null")
#: The ANSI colour codes @hey-api/openapi-ts writes.
ANSI = re.compile(r"\x1b\[[0-9;]*m")


@pytest.fixture(scope="module")
def hey_api(tmp_path_factory, ts_tools) -> tuple[Path, str]:
    """A folder with ts/play.ts, ts/tsconfig.json and the hey-api client in ``generated/``, and what the
    generator said."""
    folder = tmp_path_factory.mktemp("hey-api")
    for name in ("play.ts", "tsconfig.json"):
        shutil.copy(TS_DIR / name, folder / name)
    (folder / "node_modules").symlink_to(TS_DIR / "node_modules")
    status, output = run([ts_tools / "openapi-ts", "--input", SPEC, "--output", folder / "generated"], cwd=folder)
    assert status == 0, output
    return folder, ANSI.sub("", output)


def test_hey_api_openapi_ts_generates_the_client_without_a_warning(hey_api):
    _, output = hey_api
    assert not re.search(r"warn|error|skipp|unsupported|invalid", output, re.IGNORECASE), output
    assert "✓" in output


def test_a_program_using_only_the_hey_api_client_compiles_with_tsc_strict(hey_api, ts_tools):
    folder, _ = hey_api
    status, output = run([ts_tools / "tsc", "-p", folder / "tsconfig.json", "--strict"], cwd=folder)
    assert status == 0, output
    assert (folder / "out" / "play.js").exists()


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_a_program_using_only_the_hey_api_client_plays_the_ruleset_to_the_end(hey_api, ts_tools, served, ruleset):
    folder, _ = hey_api
    if not (folder / "out" / "play.js").exists():
        status, output = run([ts_tools / "tsc", "-p", folder / "tsconfig.json"], cwd=folder)
        assert status == 0, output
    options = json.dumps(OPTIONS.get(ruleset, {}))
    status, output = run(["node", folder / "out" / "play.js", served, ruleset, "1", options], cwd=folder, timeout=550)
    assert status == 0, output
    summary = json.loads(output.strip().splitlines()[-1])
    assert summary["status"] == "finished" and summary["failed"] == 0 and summary["commands"] >= 1


@pytest.fixture(scope="module")
def typescript_fetch(tmp_path_factory) -> tuple[Path, str]:
    """The folder of the typescript-fetch client openapi-generator makes, and what it said."""
    folder = tmp_path_factory.mktemp("typescript-fetch")
    status, output = run([BIN / "openapi-generator-cli", "generate", "-g", "typescript-fetch", "-i", SPEC,
                          "-o", folder / "client"], timeout=550)
    assert status == 0, output
    return folder / "client", output


def test_openapi_generator_typescript_fetch_warns_about_nothing_in_our_spec(typescript_fetch):
    _, output = typescript_fetch
    warnings = [line for line in output.splitlines() if re.search(r"\b(WARN|ERROR)\b", line)
                and not any(notice in line for notice in GENERATOR_NOTICES)]
    assert warnings == [], "\n".join(warnings)


def test_the_typescript_fetch_client_compiles_with_tsc_strict(typescript_fetch, ts_tools):
    client, _ = typescript_fetch
    (client / "tsconfig.json").write_text(json.dumps({"compilerOptions": {
        "strict": True, "target": "ES2022", "lib": ["ES2022", "DOM", "DOM.Iterable"], "module": "commonjs", "noEmit": True},
        "include": ["**/*.ts"]}))
    status, output = run([ts_tools / "tsc", "-p", client / "tsconfig.json"], cwd=client)
    assert status == 0, output
