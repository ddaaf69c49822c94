"""The baseline for the HTTP benchmark: bare Flask endpoints doing one Redis call each.

``POST /v1/games/<id>/commands`` parses the JSON body, appends one entry to a
Redis stream (one ``XADD``) and returns a small JSON object; ``GET
/v1/games/<id>/view`` reads one key (one ``GET``) and returns it as JSON.
Served by ``bench/bare_serve.py`` with the gunicorn settings of ``stranded
serve``.

Environment: ``REDIS_URL`` (default ``redis://127.0.0.1:6379/13``) and
``BENCH_PREFIX`` (key prefix, default ``bench``).
"""
from __future__ import annotations

import os

from flask import Flask, jsonify, request

from events.log.connection import connect

URL = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/13"
PREFIX = os.environ.get("BENCH_PREFIX", "bench")
KEY = f"{PREFIX}:bare:stream"

redis = connect(URL)
app = Flask("bare")


@app.get("/v1/games/<game_id>/view")
def view(game_id):
    value = redis.get(f"{PREFIX}:bare:view")
    return jsonify({"game_id": game_id, "view": value.decode() if value else None})


@app.post("/v1/games/<game_id>/commands")
def command(game_id):
    body = request.get_json()
    entry = redis.xadd(KEY, {"game": game_id, "type": str(body.get("type", ""))})
    return jsonify({"game_id": game_id, "id": entry.decode()})
