"""Browser tests of the web client: a real ``stranded serve`` and Debian's Chromium.

``server`` starts ``stranded serve`` once for the package, with its embedded
Redis (no ``REDIS_URL``: the server's data stays apart from every other
test's database) and its worker, so bots and the event stream are real.
``browser`` is Chromium at ``/usr/bin/chromium`` driven by Playwright (no
browser download: ``.ci/run`` installs the Debian package). Each test gets a
fresh ``page`` (its own local storage) that fails the test on any uncaught
error in the page. Screenshots go to ``tests/browser/artifacts/``.
"""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

pytestmark = pytest.mark.browser

CHROMIUM = os.environ.get("STRANDED_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).with_name("artifacts")
ROOT = Path(__file__).resolve().parents[2]  # the checkout under test: its server is the one started
LAPTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="package")
def server(tmp_path_factory):
    """The base URL of a running ``stranded serve`` (embedded Redis, its own worker)."""
    workdir = tmp_path_factory.mktemp("serve")
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    log = open(workdir / "serve.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "service.cli.commands", "serve", "--port", str(port),
                             "--data-dir", str(workdir / "data")],
                            env=env, cwd=workdir, start_new_session=True, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                if requests.get(f"{base}/v1/rulesets", timeout=5).ok:
                    break
            except requests.RequestException:
                time.sleep(0.1)
        else:
            raise AssertionError("stranded serve did not answer: " + (workdir / "serve.log").read_text())
        yield base
    finally:
        _stop(proc, workdir / "data")
        log.close()


def _stop(proc: subprocess.Popen, data_dir: Path) -> None:
    """Stop ``stranded serve``: SIGINT (gunicorn's quick shutdown, then ``serve`` stops its worker
    and its embedded Redis); if a stream still holds a thread after a few seconds, SIGKILL the
    process group and stop the embedded Redis server (a daemon outside the group) ourselves."""
    os.killpg(proc.pid, signal.SIGINT)
    try:
        proc.wait(5)
        return
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(5)
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and Path(os.readlink(entry / "cwd")) == data_dir.resolve() \
                    and b"redis-server" in (entry / "cmdline").read_bytes():
                os.kill(int(entry.name), signal.SIGKILL)
        except OSError:
            continue


@pytest.fixture(scope="package")
def browser(server):
    """Chromium driven by Playwright; fails (never skips) when Chromium is missing.

    It depends on ``server`` so that it closes first: no stream left open
    holds the server's shutdown."""
    from playwright.sync_api import sync_playwright

    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: apt-get install -y chromium (see .ci/run)"
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the test item, so ``page`` knows whether the test failed."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"report_{report.when}", report)


@pytest.fixture
def page(request, browser, server):
    """A fresh page (its own storage) at laptop width; an uncaught page error fails the test.

    When the test fails, the page is saved as ``artifacts/FAILED-<test>.png``.
    """
    context = browser.new_context(viewport=LAPTOP, base_url=server)
    context.set_default_timeout(20_000)
    errors: list[str] = []
    tab = context.new_page()
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    yield tab
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(exist_ok=True)
        name = "".join(c if c.isalnum() or c in "-_" else "-" for c in request.node.name)
        tab.screenshot(path=ARTIFACTS / f"FAILED-{name}.png", full_page=True)
    context.close()
    assert not errors, f"errors in the page: {errors}"


@pytest.fixture(scope="package")
def artifacts() -> Path:
    """Where screenshots go (git-ignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
