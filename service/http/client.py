"""The reference web client: static files served at ``/`` and ``/web/``.

The client (``service/http/web/``: ``index.html``, plain ES modules, CSS and the
vendored Preact + htm) is an outside front end that happens to be served by
the same process: it talks to the server only through the documented REST
API and its Server-Sent Events, never through an endpoint of its own. This
blueprint only hands out its files, and the rules pages of ``docs/rules/`` as
HTML at ``/rules/<ruleset>`` (the ``rules`` URL the API gives each ruleset);
it is not part of ``/openapi.json``.
"""
from __future__ import annotations

import html
import re
from pathlib import Path

from flask import Blueprint, abort, make_response, send_from_directory

WEB_DIR = Path(__file__).with_name("web")

blp = Blueprint("client", __name__, static_folder=str(WEB_DIR), static_url_path="/web")


@blp.get("/")
def index():
    """The client's single page (lobby, play, watch and replay are routes after ``#``)."""
    response = send_from_directory(WEB_DIR, "index.html", max_age=0)
    response.headers["Cache-Control"] = "no-cache"
    return response


RULES_DIR = Path(__file__).resolve().parents[2] / "docs" / "rules"
_PAGE_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_RULES_PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="referrer" content="no-referrer">
  <title>{title} — Stranded</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="/web/style.css">
</head>
<body>
  <nav class="top" aria-label="Site"><a href="/#/" class="brand">Stranded</a><a href="/docs">API docs</a></nav>
  <main class="rules-page">
{body}
  </main>
</body>
</html>
"""


def _markdown():
    """The Markdown renderer of the rules pages: CommonMark with tables; raw HTML is escaped."""
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False}).enable("table")


@blp.get("/rules/<page>")
def rules(page: str):
    """A rules page of ``docs/rules/`` as HTML: ``/rules/<ruleset>`` is the ruleset's rules
    reference (the ``rules`` URL of ``GET /v1/rulesets/{id}``); links between the pages are kept."""
    name = page[:-3] if page.endswith(".md") else page
    source = RULES_DIR / f"{name}.md"
    if not _PAGE_NAME.fullmatch(name) or not source.is_file():
        abort(404)
    text = source.read_text(encoding="utf-8")
    body = _markdown().render(text)
    body = re.sub(r'href="([a-z0-9-]+)\.md(#[^"]*)?"', lambda m: f'href="/rules/{m.group(1)}{m.group(2) or ""}"', body)
    title = next((line.lstrip("# ").strip() for line in text.splitlines() if line.startswith("# ")), name)
    response = make_response(_RULES_PAGE.format(title=html.escape(title), body=body))
    response.headers["Content-Type"] = "text/html; charset=utf-8"
    response.headers["Cache-Control"] = "no-cache"
    return response
