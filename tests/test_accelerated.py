"""The compiled modules (``events/accelerated.py``) are the same rules as their sources.

The install compiles the engine of every game (rules, views, bots and the expert's search) and the
audit's path through a log with Cython from the very ``.py`` files the rules are written in.
These tests play and audit the same seeded games in two fresh processes -- every listed module
compiled, and every one from source (``STRANDED_PURE_PYTHON``) -- and hold the two to the same
events, states, outcomes, commands and verdicts, a tampered log's included; and they check the
rule that an edited source wins over its older compiled module.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Plays and audits seeded games; prints one JSON line: the modules compiled, and a digest of
#: everything the games and the audits gave.
PLAY_AND_AUDIT = r"""
import dataclasses, hashlib, json, sys
import fakeredis, orjson
import bench.replay
from bench.replay import store_games
from events.accelerated import COMPILED, EXTENSIONS, compiled, extension
from events.commands.simulation import play_game
from events.games import RULESETS
from events.log.store import EventStore
from projections.audit import verify

digest = hashlib.sha256()
def add(value):
    digest.update(orjson.dumps(value, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS, default=repr))

games = int(sys.argv[1])
keys = iter(range(10 ** 6))     # stored games with the same audit keys and times in both processes
bench.replay.new_audit_key = lambda: f"{next(keys):064x}"
bench.replay.now_ms = lambda: 1_795_000_000_000
store = EventStore(fakeredis.FakeRedis(decode_responses=False), "parity")
#: each ruleset: its seatings of the game's bots, the games of each, the seats of its stored games
RULESETS_PLAYED = (
    ("selfish-space", (["random"] * 4, ["strong", "random", "cautious"], ["strong", "strong"]), games, 4),
    ("selfish-zombie", (["random"] * 4, ["strong", "random", "random"], ["strong", "strong"]), games, 4),
    ("zombies-quickplay", (["random"] * 2, ["strong", "random", "random"], ["strong", "strong"]), games // 6, 2),
    ("one-against-the-dead", (["random"], ["strong"]), games, 1),
)
for ruleset_id, seatings, played, seats in RULESETS_PLAYED:
    ruleset = RULESETS[ruleset_id]
    for seating in seatings:
        for i in range(played):
            record = play_game(ruleset, seating, f"parity-{i}")
            add([ruleset_id, seating, i, record.events, record.outcome, record.commands, record.state])
    # the expert's search, its wall-clock stop stopped (so its moves depend on the seed alone)
    stopped = dataclasses.replace(ruleset.bots["expert"], clock=lambda: 0.0)
    searching = dataclasses.replace(ruleset, bots={**ruleset.bots, "expert": stopped})
    for i in range(2):
        seating = ["expert", "strong"] if ruleset.max_seats > 1 else ["expert"]
        record = play_game(searching, seating, f"parity-expert-{i}", {"think_ms": 20})
        add([ruleset_id, "expert", i, record.events, record.outcome, record.commands])
    # the audit of stored games (stream layout 2, the keyed chain), then of one tampered with
    for game_id in store_games(store, ruleset_id, max(1, played // 3), seats=seats, prefix=ruleset_id):
        verdict = verify(store, game_id)
        assert verdict.code == 0, verdict.problems
        add(dataclasses.asdict(verdict))
    key = store.key(f"{ruleset_id}-0", "events")
    _, fields = store.redis.xrange(key, "5-0", "5-0")[0]
    store.redis.xadd(key, {**fields, b"e": fields[b"e"].replace(b"}", b',"x":1}', 1)}, id="999999-0")
    store.redis.xdel(key, "5-0")
    tampered = verify(store, f"{ruleset_id}-0")
    assert tampered.problems, "the tampered log verified"
    add(dataclasses.asdict(tampered))
print(json.dumps({"compiled": len(compiled()), "listed": len(COMPILED), "digest": digest.hexdigest(),
                  "extensions": [name for name in EXTENSIONS if extension(name) is not None]}))
"""


def run(script: str, *args: str, pure: bool, path: Path = ROOT) -> dict:
    """Run ``script`` in a fresh Python on ``path``'s packages; its last line, read as JSON."""
    env = {k: v for k, v in os.environ.items() if k != "STRANDED_PURE_PYTHON"}
    env["PYTHONPATH"] = str(path)
    if pure:
        env["STRANDED_PURE_PYTHON"] = "1"
    done = subprocess.run([sys.executable, "-c", script, *args], cwd=str(path), env=env, capture_output=True,
                          text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_compiled_engine_and_audit_give_what_their_sources_give():
    # given the same seeded games, played and audited once compiled and once from source
    compiled = run(PLAY_AND_AUDIT, "30", pure=False)
    source = run(PLAY_AND_AUDIT, "30", pure=True)
    # then the install compiled every listed module, and STRANDED_PURE_PYTHON ran none of them
    assert compiled["compiled"] == compiled["listed"], (
        f"the install compiled {compiled['compiled']} of the {compiled['listed']} modules of events/accelerated.py "
        "(setup.py builds them with Cython and a C compiler: reinstall with `pip install -e .`)")
    assert source["compiled"] == 0
    # and it built the Cython-only fast paths (OpenSSL's SHA-256 states: Debian's libssl-dev), which
    # STRANDED_PURE_PYTHON leaves aside too
    from events.accelerated import EXTENSIONS

    assert compiled["extensions"] == list(EXTENSIONS), "setup.py built no events/log/sha256_states (libssl-dev?)"
    assert source["extensions"] == []
    # and every event, state, outcome, command and verdict is the same
    assert compiled["digest"] == source["digest"]


WHICH = r"""
import json, sys, importlib
from events.accelerated import COMPILED
print(json.dumps({"from_source": [n for n in COMPILED if importlib.import_module(n).__file__.endswith(".py")]}))
"""


def _copy_with_one_file_edited(tmp_path: Path, edited_name: str) -> None:
    """Copy the packages with their compiled modules into ``tmp_path``; append a comment to
    ``events/games/selfish/<edited_name>`` and date it after the compiled table."""
    for package in ("events", "projections"):
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__", "*.c"))
    edited = tmp_path / "events" / "games" / "selfish" / edited_name
    edited.write_text(edited.read_text() + "\n# edited\n")
    compiled_files = (tmp_path / "events" / "games" / "selfish").glob("table.*.so")
    compiled_at = max(p.stat().st_mtime for p in compiled_files)
    os.utime(edited, (compiled_at + 10, compiled_at + 10))


#: The shared Selfish table, and the compiled modules whose declarations cimport it: directly, each
#: edition's table (``resolve``); through those, each edition's command handlers (``decide``); through
#: the Space Edition's handlers, its legal commands (``legal`` cimports ``phase_of``).
TABLE_AND_ITS_CIMPORTERS = ["events.games.selfish.table", "events.games.selfish_space.decide",
                            "events.games.selfish_space.legal", "events.games.selfish_space.resolve",
                            "events.games.selfish_zombie.decide", "events.games.selfish_zombie.resolve"]


def test_a_source_edited_after_the_install_runs_instead_of_its_compiled_module(tmp_path):
    # given a copy of the packages with their compiled modules, the shared table's source edited since
    _copy_with_one_file_edited(tmp_path, "table.py")
    # when a fresh Python imports every listed module from the copy
    found = run(WHICH, pure=False, path=tmp_path)
    # then the edited one comes from its source, and so does every module compiled against its
    # compiled table (which a table run from source is not); every other one is compiled
    assert sorted(found["from_source"]) == TABLE_AND_ITS_CIMPORTERS


def test_edited_declarations_send_their_module_and_its_cimporters_to_their_sources(tmp_path):
    # given a copy of the packages with their compiled modules, the table's declarations edited since
    _copy_with_one_file_edited(tmp_path, "table.pxd")
    # when a fresh Python imports every listed module from the copy
    found = run(WHICH, pure=False, path=tmp_path)
    # then the table and the modules compiled against its old declarations run from source
    assert sorted(found["from_source"]) == TABLE_AND_ITS_CIMPORTERS


EXTENSION_USED = r"""
import json
from events.log import chain
print(json.dumps({"states": chain._STATES is not None}))
"""


def test_a_fast_path_edited_after_the_install_is_left_aside(tmp_path):
    # given a copy of the packages with their compiled modules, the C states' .pyx edited since
    for package in ("events", "projections"):
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__", "*.c"))
    assert run(EXTENSION_USED, pure=False, path=tmp_path)["states"], "the copy's fast path is not in use to begin with"
    edited = tmp_path / "events" / "log" / "sha256_states.pyx"
    edited.write_text(edited.read_text() + "\n# edited\n")
    built = max(p.stat().st_mtime for p in edited.parent.glob("sha256_states.*.so"))
    os.utime(edited, (built + 10, built + 10))
    # when a fresh Python links a chain, then it links with hashlib (the plain path), not the stale build
    assert not run(EXTENSION_USED, pure=False, path=tmp_path)["states"]


def test_pure_python_runs_every_listed_module_from_its_source():
    # when STRANDED_PURE_PYTHON is set, then no listed module is compiled
    from events.accelerated import COMPILED

    assert run(WHICH, pure=True)["from_source"] == list(COMPILED)
