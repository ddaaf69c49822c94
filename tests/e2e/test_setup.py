"""The README's two set-up commands work on a Python that refuses global installs (PEP 668), as
Debian's and Ubuntu's own ``python3`` does, and CI runs the very same test command.

The "system" Python here is the running interpreter's base installation, rebuilt in a
temporary folder (its executable copied, its standard library linked file by file, an
empty ``site-packages`` holding pip only) with the ``EXTERNALLY-MANAGED`` marker in its
standard-library folder, first on ``PATH`` as ``python3``. The commands run as pasted, in a
copy of this checkout: the first must serve, the second must install the test extras and
run pytest (here on one test: the whole suite inside the suite would run twice).
"""
from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

from tests.e2e.test_serve import free_port

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]
#: What the test command runs instead of the whole suite: a test that the tools of the
#: environment are found beside its interpreter, with the environment not activated.
ONE_TEST = "tests/test_cli_startup.py::test_the_stranded_script_beside_the_interpreter_answers_help_and_version"
MARKER = ("[externally-managed]\nError=This Python is managed by the system (a test of PEP 668): "
          "install into a virtual environment.\n")


def setup_commands() -> tuple[str, str]:
    """The README's first two ``console`` blocks: the command that serves, the one that tests."""
    blocks = re.findall(r"^```console\n(.*?)^```", (ROOT / "README.md").read_text(), flags=re.S | re.M)
    serve, test = (block.strip() for block in blocks[:2])
    assert "\n" not in serve and "\n" not in test, "each set-up command is one line"
    return serve, test


def test_ci_runs_the_readmes_test_command_in_a_fresh_virtual_environment():
    _, test = setup_commands()
    script = (ROOT / ".ci" / "run").read_text()
    assert test in script.splitlines()
    assert script.index("rm -rf .venv") < script.index(test)


@pytest.mark.parametrize("index", [0, 1], ids=["serve", "test"])
def test_no_setup_command_installs_into_the_python_it_was_given(index):
    command = setup_commands()[index]
    steps = [step.strip() for step in command.split("&&")]
    assert steps[0] == "python3 -m venv .venv"
    assert all(step.startswith(".venv/bin/") for step in steps[1:]), steps


def marked_python(folder: Path) -> Path:
    """A copy of the base installation of this interpreter that carries ``EXTERNALLY-MANAGED``;
    returns its ``bin`` folder (``python3`` in it)."""
    base, name = Path(sys.base_prefix), f"python{sys.version_info.major}.{sys.version_info.minor}"
    (folder / "bin").mkdir(parents=True)
    shutil.copy2(os.path.realpath(base / "bin" / name), folder / "bin" / name)
    (folder / "bin" / "python3").symlink_to(name)
    stdlib = folder / "lib" / name
    stdlib.mkdir(parents=True)
    for shared in (base / "lib").glob("libpython*"):
        (folder / "lib" / shared.name).symlink_to(shared)
    for entry in (base / "lib" / name).iterdir():
        if entry.name not in ("site-packages", "EXTERNALLY-MANAGED"):
            (stdlib / entry.name).symlink_to(entry)
    import pip

    shutil.copytree(Path(pip.__file__).parent, stdlib / "site-packages" / "pip")
    (stdlib / "EXTERNALLY-MANAGED").write_text(MARKER)
    return folder / "bin"


def checkout_copy(folder: Path) -> Path:
    """The files of this checkout (tracked, and new ones not ignored), copied into ``folder``."""
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT, check=True,
                            capture_output=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        if (ROOT / name).is_file():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, folder / name)
    return folder


# Each of the README's two commands installs the project, and each install compiles the modules
# of ``events/accelerated.py`` (80 since 2026-11-28: some 2-5 minutes on the shared 2-core machine
# in a fast hour, three times that in a slow one), hence the generous limits.
@pytest.mark.timeout(2700)
def test_the_readme_commands_serve_and_test_on_a_python_that_refuses_global_installs(tmp_path):
    # given a python3 with the EXTERNALLY-MANAGED marker first on PATH, and a copy of the checkout
    bin_folder = marked_python(tmp_path / "system-python")
    here = os.path.dirname(sys.executable)
    path = os.pathsep.join([str(bin_folder)] + [p for p in os.environ["PATH"].split(os.pathsep) if p != here])
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "REDIS_URL", "PYTHONPATH")}
    env.update(PATH=path, STRANDED_DATA_DIR=str(tmp_path / "data"))
    checkout = checkout_copy(tmp_path / "checkout")
    # then that Python refuses a global install, as Debian's does
    refused = subprocess.run(["python3", "-m", "pip", "install", "--dry-run", "requests"], env=env,
                             capture_output=True, text=True, timeout=300)
    assert refused.returncode != 0 and "externally-managed-environment" in refused.stderr, refused.stderr
    serve, test = setup_commands()
    # when the README's first command runs as pasted (on a free port)
    port = free_port()
    log = tmp_path / "serve.log"
    server = subprocess.Popen(["bash", "-c", f"{serve} --port {port}"], cwd=checkout, env=env,
                              start_new_session=True, stdout=open(log, "w"), stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 1800
        while time.monotonic() < deadline and server.poll() is None:
            try:
                if requests.get(f"http://127.0.0.1:{port}/readyz", timeout=5).ok:
                    break
            except requests.RequestException:
                time.sleep(1)
        # then it serves the games
        assert requests.get(f"http://127.0.0.1:{port}/v1/rulesets", timeout=10).ok, log.read_text()[-3000:]
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(120)
    assert "stranded: stopped cleanly" in log.read_text(), log.read_text()[-3000:]
    # and when the README's second command runs as pasted (on one test), then it passes
    done = subprocess.run(["bash", "-c", f"{test} -p no:cacheprovider {ONE_TEST}"], cwd=checkout, env=env,
                          capture_output=True, text=True, timeout=2100)
    assert done.returncode == 0 and "1 passed" in done.stdout, done.stdout[-3000:] + done.stderr[-3000:]
    assert (checkout / ".venv" / "bin" / "stranded").exists()
