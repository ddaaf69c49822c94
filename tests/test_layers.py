"""The layers of the code keep their doors (docs/architecture.md).

import-linter checks who may import whom (pyproject.toml); these tests check what it cannot:
that only ``events.log`` knows the stream layout, that every ``STRANDED_*`` variable is read in
``events.settings``, that the write loop and the after-commit step exist once, and that no module
has grown into two things (400 lines).
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from events import settings
from events.settings import SettingError

ROOT = Path(__file__).resolve().parents[1]
PRODUCT = ("events", "service", "workers", "projections")
MAX_LINES = 400


def product_modules(*packages: str) -> list[Path]:
    """Every non-test Python module of ``packages`` (default: the product's)."""
    return sorted(p for package in packages or PRODUCT for p in (ROOT / package).rglob("*.py"))


def offenders(pattern: str, allowed: str, *packages: str) -> list[str]:
    """``path:line`` of every line matching ``pattern`` outside the folder or file ``allowed``."""
    regex = re.compile(pattern)
    found = []
    for path in product_modules(*packages):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith(allowed):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if regex.search(line):
                found.append(f"{rel}:{number}")
    return found


def test_no_module_is_longer_than_400_lines():
    modules = product_modules(*PRODUCT, "bench", "scripts")
    long = {p.relative_to(ROOT).as_posix(): n for p in modules
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert len(modules) > 100
    assert long == {}


def test_only_the_log_reads_or_writes_a_games_stream():
    # given the stream commands of Redis and the key of a game's stream
    stream_commands = r"\.x(add|range|revrange|read|len|trim|del)\("
    stream_key = r"""key\([^)]*["']events["']\)"""
    # then no module outside events/log issues one or names the key
    assert offenders(stream_commands, "events/log/") == []
    assert offenders(stream_key, "events/log/") == []
    # and the log does (the test would see it)
    assert offenders(stream_commands, "events/games/", "events")


def test_every_stranded_setting_is_read_in_events_settings():
    read = r"""(environ|getenv)[^\n]*["']STRANDED_"""
    assert offenders(read, "events/settings.py") == []
    assert re.search(read, 'level=os.environ.get("STRANDED_LOG", "INFO")')   # what the pattern finds


def test_the_write_loop_and_the_after_commit_step_exist_once():
    assert [o.split(":")[0] for o in offenders(r"range\(MAX_RETRIES\)", "-")] == ["events/commands/transact.py"]
    assert [o.split(":")[0] for o in offenders(r"^MAX_RETRIES = ", "-")] == ["events/commands/transact.py"]
    assert [o.split(":")[0] for o in offenders(r"\.on_commit\(", "-")] == ["events/commands/transact.py"]
    assert offenders(r"\.after_append\(", "-") == []          # only ever handed over as on_commit


def test_settings_default_when_unset():
    read = settings.read({})
    assert read == settings.DEFAULTS
    assert (read.key_prefix, read.redis_connections, read.rate_limit_tarpit_s) == ("stranded", 64, 1.0)


def test_settings_read_each_variable_typed():
    read = settings.read({"STRANDED_REDIS_CLUSTER": "yes", "STRANDED_MAX_ACTIVE_GAMES": "12",
                          "STRANDED_RATE_LIMIT_TARPIT_S": "99", "STRANDED_CORS_ORIGINS": "https://a.test, https://b.test",
                          "STRANDED_REQUEST_LOG": "off", "STRANDED_STREAM_MAX_S": "2.5"})
    assert read.redis_cluster is True and read.max_active_games == 12
    assert read.rate_limit_tarpit_s == 10.0                       # clamped to 0..10
    assert read.cors_origins == ("https://a.test", "https://b.test")
    assert read.request_log is False and read.stream_max_s == 2.5


@pytest.mark.parametrize("name, value", [("STRANDED_REDIS_CONNECTIONS", "many"), ("STRANDED_REDIS_CONNECTIONS", "0"),
                                         ("STRANDED_MAX_BODY_BYTES", "1.5"), ("STRANDED_STREAM_MAX_S", "soon")])
def test_a_malformed_setting_is_refused_by_name(name, value):
    with pytest.raises(SettingError, match=name):
        settings.read({name: value})


def test_a_malformed_setting_stops_any_command_with_one_sentence(tmp_path):
    # given a malformed STRANDED_* variable
    from click.testing import CliRunner

    from service.cli.commands import main
    # when any stranded command starts
    result = CliRunner().invoke(main, ["rebuild", "--data-dir", str(tmp_path)],
                                env={"STRANDED_STREAM_MAX_S": "soon", "REDIS_URL": ""})
    # then it stops before doing anything, naming the variable, without a traceback
    assert result.exit_code == 1
    assert "STRANDED_STREAM_MAX_S must be a number, not 'soon'." in result.output
    assert "Traceback" not in result.output and list(tmp_path.iterdir()) == []
