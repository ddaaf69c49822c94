"""Without ``REDIS_URL`` pytest says why tests are skipped, before the run and after it (no ``-rs`` needed)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_without_redis_url_the_header_and_the_summary_say_why_tests_are_skipped():
    # given no REDIS_URL (and not on CI, where a skip fails the run)
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "CI", "STRANDED_TEST_CLUSTER_URL")}
    # when a test that needs a real Redis is run with one that does not
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider",
                           "tests/e2e/test_serve.py::test_real_redis_serve_runs_an_all_bot_game_and_it_verifies",
                           "tests/test_cli.py::test_version_prints_the_installed_version"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    out = done.stdout
    # then it passes, and says why one was skipped and how to run it, before and after the run
    assert done.returncode == 0 and "1 passed, 1 skipped" in out, out + done.stderr
    header, summary = out.split("why tests were skipped", 1)
    assert "REDIS_URL is not set: the tests that need a real Redis" in header
    assert "1 skipped: REDIS_URL is not set" in summary and "REDIS_URL=redis://127.0.0.1:6379/15" in summary
