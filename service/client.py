"""The reference web client: static files served at ``/`` and ``/web/``.

The client (``service/web/``: ``index.html``, plain ES modules, CSS and the
vendored Preact + htm) is an outside front end that happens to be served by
the same process: it talks to the server only through the documented REST
API and its Server-Sent Events, never through an endpoint of its own. This
blueprint only hands out its files; it is not part of ``/openapi.json``.
"""
from __future__ import annotations

from pathlib import Path

from flask import Blueprint, send_from_directory

WEB_DIR = Path(__file__).with_name("web")

blp = Blueprint("client", __name__, static_folder=str(WEB_DIR), static_url_path="/web")


@blp.get("/")
def index():
    """The client's single page (lobby, play, watch and replay are routes after ``#``)."""
    response = send_from_directory(WEB_DIR, "index.html", max_age=0)
    response.headers["Cache-Control"] = "no-cache"
    return response
