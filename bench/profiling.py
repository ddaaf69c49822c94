"""--profile: the command path in process (Flask test client, one thread) under cProfile."""
from __future__ import annotations

import cProfile
import io
import pstats
import time

from bench.common import BREATHE, PREFIX, RULESET_ID, log


def profile_commands(redis, commands: int, top: int = 25) -> cProfile.Profile:
    """Run ``commands`` Breathe commands through the Flask test client under cProfile; print the top."""
    from service.http.app import create_app

    app = create_app(redis, prefix=PREFIX, config={"RATE_LIMITS": False})   # one caller, many commands
    client = app.test_client()

    def new_game():
        resp = client.post("/v1/games", json={"ruleset": RULESET_ID, "seats": [{"name": "A"}, {"name": "B"}],
                                               "options": {}})
        body = resp.get_json()
        return body["id"], {t["seat"]: t["token"] for t in body["tokens"]}, body["to_act"][0]["seat"]

    games = [new_game() for _ in range(commands // 30 + 5)]

    def loop():
        done = 0
        game_id, tokens, seat = games.pop()
        while done < commands:
            resp = client.post(f"/v1/games/{game_id}/commands", json=BREATHE,
                               headers={"Authorization": f"Bearer {tokens[seat]}"})
            body = resp.get_json()
            if resp.status_code == 200:
                done += 1
                types = [e["type"] for e in body["events"]]
                nxt = [e["data"]["seat"] for e in body["events"] if e["type"] == "TurnStarted"]
                if "GameEnded" in types or "SeedRevealed" in types:
                    game_id, tokens, seat = games.pop() if games else new_game()
                else:
                    seat = nxt[-1] if nxt else 1 - seat
            elif body["error"]["code"] == "not_your_turn":
                seat = 1 - seat
            else:
                game_id, tokens, seat = games.pop() if games else new_game()

    prof = cProfile.Profile()
    start = time.perf_counter()
    prof.enable()
    loop()
    prof.disable()
    elapsed = time.perf_counter() - start
    log(f"\nprofile: {commands} commands through the Flask test client in {elapsed:.2f} s "
        f"({commands / elapsed:,.0f}/s under cProfile)")
    for key in ("tottime", "cumulative"):
        out = io.StringIO()
        pstats.Stats(prof, stream=out).strip_dirs().sort_stats(key).print_stats(top)
        text = out.getvalue()
        log(f"--- top {top} by {key} ---")
        log(text[text.find("   ncalls"):].rstrip())
    return prof
