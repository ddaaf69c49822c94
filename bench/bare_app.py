"""The baseline for the HTTP benchmark: a bare Flask endpoint that does one XADD.

Same route shape as Stranded's ``POST /v1/games/<id>/commands``: it parses the
JSON body, appends one entry to a Redis stream and returns a small JSON
object. Served by gunicorn exactly like ``bench/stranded_app.py``.

Environment: ``REDIS_URL`` (default ``redis://127.0.0.1:6379/13``) and
``BENCH_PREFIX`` (key prefix, default ``bench``).
"""
from __future__ import annotations

import os

from flask import Flask, jsonify, request

from events.connection import connect

URL = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/13"
PREFIX = os.environ.get("BENCH_PREFIX", "bench")
KEY = f"{PREFIX}:bare:stream"

redis = connect(URL)
app = Flask("bare")


@app.post("/v1/games/<game_id>/commands")
def command(game_id):
    body = request.get_json()
    entry = redis.xadd(KEY, {"game": game_id, "type": str(body.get("type", ""))})
    return jsonify({"game_id": game_id, "id": entry.decode()})
