"""Instructions per request, counted by valgrind's callgrind: a yardstick a busy machine cannot move.

    python bench/instructions.py [--requests 300] [--modes command,bare,view,bare-view,selfplay]

Each mode runs in its own Python under ``valgrind --tool=callgrind --instr-atstart=no``:
it sets up (imports, seeded two-seat Selfish: Space games on the Redis of
``REDIS_URL``), then this script switches counting on (``callgrind_control -i on``)
for exactly ``--requests`` requests through the Flask test client and off again.
Modes: ``command`` (``POST .../commands`` on Stranded), ``bare`` (the bare app's
one-``XADD`` command, ``bench/bare_app.py``), ``view`` and ``bare-view``. The
difference between ``command`` and ``bare`` is what Stranded adds to a request, in
user-space instructions (the kernel's share of a socket call is not counted; both
make one round trip). The same seeds give the same games, so a change shows as a
difference of a few hundred instructions, not as noise. Mode ``selfplay`` counts
the figure ``selfplay_games_per_cpu_s`` of ``bench/run.py`` stands on instead: one
"request" is one whole game of Selfish: Space between four ``random`` bots, in
process, the games ``bench_self_play`` plays (seeds ``bench-0``, ``bench-1``...), so
its count is instructions per game (mode ``quickplay``: the same for the two-seat
Zombies!!! Quickplay games of ``quickplay_selfplay_games_per_cpu_s``; mode ``zombie``: four-seat random Selfish:
Zombie Edition games on the same seeds; mode ``verify``: the audit of stored Selfish: Space games, counted
per event audited, under ``verify_events_per_s``) -- what the code costs, whatever the machine's
speed that hour (the games-per-CPU-second figure moved from 482 to 1,438 with the
machine's state on the same code). Every child runs with ``PYTHONHASHSEED=0`` so
that set orders, and so the count, repeat. The count is of the install as it runs: the
modules of ``events/accelerated.py`` compiled where the install built them (``selfplay`` 5.43M
instructions a game from source, 4.19M compiled, on the morning of 2026-11-28; 5.46M and 3.18M that
afternoon, with the declarations files, ``--requests 30``); ``STRANDED_PURE_PYTHON=1``
counts every module from its source. Needs valgrind (Debian's ``valgrind`` package). Nothing
here asserts.
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODES = ("command", "bare", "view", "bare-view", "selfplay", "quickplay", "zombie", "verify")
GAME_MODES = ("selfplay", "quickplay", "zombie")
#: Games the ``verify`` mode stores and audits in turn (its "requests" cycle over them).
VERIFY_GAMES = 20


def child(mode: str, requests: int, flag_dir: Path) -> None:
    """Set up, say so (``ready``), wait to be counted (``go``), run the requests, say ``done``."""
    sys.path.insert(0, str(ROOT))
    if mode in GAME_MODES:
        step = {"selfplay": _self_play_step, "quickplay": _quickplay_step, "zombie": _zombie_step}[mode]()
        _counted(step, requests, flag_dir)
        return
    if mode == "verify":
        _verify_counted(requests, flag_dir)
        return
    os.environ["BENCH_PREFIX"] = prefix = f"bench:instructions:{os.getpid()}"
    import bench.bare_app as bare
    from bench.common import cleanup
    from events.log.connection import connect
    from service.http.app import create_app
    from service.cli.serving import tune_gc

    from service.http import observe

    observe.log_lines_to(os.open(os.devnull, os.O_WRONLY))   # as `stranded serve` logs each request, into nothing
    redis = connect(os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/13")
    app = create_app(redis, prefix=prefix, config={"RATE_LIMITS": False})
    client, bare_client = app.test_client(), bare.app.test_client()
    seeds = iter(range(10 ** 6))

    def new_game():
        body = client.post("/v1/games", json={"ruleset": "selfish-space", "seats": [{"name": "A"}, {"name": "B"}],
                                              "options": {"seed": f"s{next(seeds)}", "stack": {}}}).get_json()
        return [body["id"], {t["seat"]: t["token"] for t in body["tokens"]}, body["to_act"][0]["seat"]]

    games = [new_game() for _ in range(requests // 10 + 20)]
    current = [games.pop()]

    def command():
        game_id, tokens, seat = current[0]
        resp = client.post(f"/v1/games/{game_id}/commands", json={"type": "Breathe"},
                           headers={"Authorization": f"Bearer {tokens[seat]}"})
        body = resp.get_json()
        if resp.status_code != 200:
            current[0] = games.pop()
            return
        types = [e["type"] for e in body["events"]]
        turns = [e["data"]["seat"] for e in body["events"] if e["type"] == "TurnStarted"]
        if "SeedRevealed" in types:
            current[0] = games.pop()
        else:
            current[0][2] = turns[-1] if turns else 1 - seat

    def view():
        game_id, tokens, seat = current[0]
        assert client.get(f"/v1/games/{game_id}/view", headers={"Authorization": f"Bearer {tokens[seat]}"}
                          ).status_code == 200

    redis.set(f"{prefix}:bare:view", "x" * 300)
    step = {"command": command, "view": view,
            "bare": lambda: bare_client.post("/v1/games/g1/commands", json={"type": "Breathe"}).get_json(),
            "bare-view": lambda: bare_client.get("/v1/games/g1/view").get_json()}[mode]
    for _ in range(20):
        step()
    tune_gc()                                      # as a `stranded serve` worker does once its app is loaded
    _counted(step, requests, flag_dir)
    cleanup(redis, prefix)


def _self_play_step():
    """One whole game a call: ``bench_self_play``'s games (Selfish: Space, four ``random`` bots,
    seeds ``bench-0``, ``bench-1``...), each record dropped once played, as there."""
    from bench.common import RULESET_ID
    from events.games import RULESETS
    from events.commands.simulation import play_game

    ruleset, seeds = RULESETS[RULESET_ID], iter(range(10 ** 6))
    return lambda: play_game(ruleset, ["random"] * 4, f"bench-{next(seeds)}")


def _quickplay_step():
    """One whole game a call: the games ``quickplay_selfplay_games_per_cpu_s`` plays (Zombies!!!
    Quickplay, two ``random`` bots, seeds ``bench-0``, ``bench-1``...)."""
    from events.games import RULESETS
    from events.commands.simulation import play_game

    ruleset, seeds = RULESETS["zombies-quickplay"], iter(range(10 ** 6))
    return lambda: play_game(ruleset, ["random"] * 2, f"bench-{next(seeds)}")


def _zombie_step():
    """One whole game a call: Selfish: Zombie Edition, four ``random`` bots, seeds ``bench-0``,
    ``bench-1``... (the Space games' machine with the other edition's cards)."""
    from events.games import RULESETS
    from events.commands.simulation import play_game

    ruleset, seeds = RULESETS["selfish-zombie"], iter(range(10 ** 6))
    return lambda: play_game(ruleset, ["random"] * 4, f"bench-{next(seeds)}")


def _verify_counted(requests: int, flag_dir: Path) -> None:
    """Mode ``verify``: the figure ``verify_events_per_s`` stands on. :data:`VERIFY_GAMES` finished
    four-seat Selfish: Space games of ``random`` bots are written to Redis as ``bench/run.py`` writes
    them (``bench.replay.store_games``, seeds ``replay-seed-0000000``...); one "request" is
    ``projections.audit.verify`` of one of them, read from Redis, in turn. The events audited are
    written to ``events`` in the flag folder so the count can be given per event."""
    from bench.common import cleanup
    from bench.replay import store_games
    from events.log.connection import connect
    from events.log.store import EventStore
    from projections.audit import verify

    prefix = f"bench:instructions:{os.getpid()}"
    redis = connect(os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/13")
    store = EventStore(redis, prefix)
    ids, audited = store_games(store, "selfish-space", VERIFY_GAMES), [0]
    verify(store, ids[0])                          # warm: imports and first-call caches

    def step(turn=iter(range(10 ** 9))):
        audited[0] += verify(store, ids[next(turn) % len(ids)]).events
    _counted(step, requests, flag_dir)
    (flag_dir / "events").write_text(str(audited[0]))
    cleanup(redis, prefix)


def _counted(step, requests: int, flag_dir: Path) -> None:
    """Say ``ready``, wait for ``go`` (counting is on), run ``step`` ``requests`` times, say ``done``
    and wait until counting is off."""
    (flag_dir / "ready").write_text(str(os.getpid()))
    while not (flag_dir / "go").exists():
        time.sleep(0.05)
    for _ in range(requests):
        step()
    (flag_dir / "done").write_text("")
    while (flag_dir / "done").exists():
        time.sleep(0.05)


def count(mode: str, requests: int) -> int:
    """Instructions per request of ``mode`` (one valgrind run)."""
    with tempfile.TemporaryDirectory() as folder:
        flags = Path(folder)
        out = flags / "callgrind.out"
        proc = subprocess.Popen(["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}",
                                 sys.executable, __file__, "--child", mode, "--requests", str(requests),
                                 "--flags", folder], cwd=str(ROOT), stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True, env=dict(os.environ, PYTHONHASHSEED="0"))
        wait_for(flags / "ready", proc)
        subprocess.run(["callgrind_control", "-i", "on", str(proc.pid)], check=True, capture_output=True)
        (flags / "go").write_text("")
        wait_for(flags / "done", proc)
        subprocess.run(["callgrind_control", "-i", "off", str(proc.pid)], check=True, capture_output=True)
        (flags / "done").unlink()
        _, err = proc.communicate(timeout=600)
        events = int((flags / "events").read_text()) if (flags / "events").exists() else 0
    collected = re.search(r"Collected : (\d+)", err)
    if proc.returncode != 0 or collected is None:
        raise RuntimeError(f"valgrind run of {mode} failed:\n{err[-2000:]}")
    return int(collected.group(1)) // (events or requests)


def wait_for(path: Path, proc: subprocess.Popen, timeout: float = 900) -> None:
    """Wait until ``path`` exists; raise if ``proc`` exits first or ``timeout`` passes."""
    deadline = time.monotonic() + timeout
    while not path.exists():
        if proc.poll() is not None:
            raise RuntimeError(f"the counted process exited early:\n{proc.stderr.read()[-2000:]}")
        if time.monotonic() > deadline:
            raise TimeoutError(f"no {path.name} within {timeout} s")
        time.sleep(0.1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--modes", default=",".join(MODES))
    parser.add_argument("--child", choices=MODES, help=argparse.SUPPRESS)
    parser.add_argument("--flags", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.requests, Path(args.flags))
        return
    counts = {mode: count(mode, args.requests) for mode in args.modes.split(",")}
    for mode, per_request in counts.items():
        print(f"{mode:10s} {per_request:>12,} instructions per {'game' if mode in GAME_MODES else 'event' if mode == 'verify' else 'request'}")
    if "command" in counts and "bare" in counts:
        print(f"a command adds {counts['command'] - counts['bare']:,} to the bare XADD request")
    if "view" in counts and "bare-view" in counts:
        print(f"a view adds {counts['view'] - counts['bare-view']:,} to the bare GET request")


if __name__ == "__main__":
    main()
