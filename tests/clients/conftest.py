"""Fixtures of the generated-client conformance tests: the committed spec, the generators (pinned:
openapi-python-client and openapi-generator-cli in the test extra, @hey-api/openapi-ts and
TypeScript in ts/package-lock.json, installed by ``npm ci`` here when .ci/run has not) and a real
``stranded serve`` for the generated clients to play against."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
import requests

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "openapi.yaml"
TS_DIR = Path(__file__).resolve().parent / "ts"
#: The scripts of the virtual environment the tests run in (openapi-python-client, ruff, openapi-generator-cli).
BIN = Path(sys.executable).parent


def run(cmd: list, cwd: Path | None = None, timeout: float = 300, env: dict | None = None) -> tuple[int, str]:
    """Run ``cmd``; its exit status and its output (stdout and stderr together)."""
    proc = subprocess.run([str(part) for part in cmd], cwd=cwd, capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", **(env or {})})
    return proc.returncode, proc.stdout + proc.stderr


@pytest.fixture(scope="session")
def ts_tools() -> Path:
    """``tests/clients/ts/node_modules/.bin`` with the pinned TypeScript tools (``npm ci`` if missing)."""
    tools = TS_DIR / "node_modules" / ".bin"
    if not (tools / "openapi-ts").exists() or not (tools / "tsc").exists():
        status, output = run(["npm", "ci", "--no-audit", "--no-fund"], cwd=TS_DIR, timeout=600)
        assert status == 0, f"npm ci in {TS_DIR} failed:\n{output}"
    return tools


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def served(tmp_path_factory) -> str:
    """The base URL of a ``stranded serve`` (``REDIS_URL``'s Redis, else its embedded one) whose keys
    have a prefix of their own, without a worker (the programs play every seat themselves); stopped
    at the end of the test module."""
    folder = tmp_path_factory.mktemp("served")
    port = free_port()
    env = {**os.environ, "STRANDED_KEY_PREFIX": f"clients-{uuid.uuid4().hex[:8]}", "STRANDED_RATE_LIMITS": "off"}
    cmd = [sys.executable, "-m", "service.cli.commands", "serve", "--port", str(port), "--data-dir", str(folder / "data"),
           "--no-worker"]
    with open(folder / "serve.log", "w") as log:
        proc = subprocess.Popen(cmd, env=env, cwd=ROOT, start_new_session=True, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                if requests.get(f"{base}/healthz", timeout=5).ok:
                    break
            except requests.RequestException:
                time.sleep(0.2)
        else:
            raise AssertionError("stranded serve did not answer: " + (folder / "serve.log").read_text())
        yield base
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
