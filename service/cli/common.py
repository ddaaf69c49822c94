"""What the ``stranded`` commands share: the data folder, the version, the Redis they work on.

Imports only click (the command line must start at once:
``service.cli.commands``); the rest is imported when a command runs.
"""
from __future__ import annotations

import os

import click


def default_data_dir() -> str:
    """Where the embedded Redis keeps its data: ``STRANDED_DATA_DIR``, else the per-user data folder."""
    from events.settings import read

    if read().data_dir:
        return read().data_dir
    import platformdirs   # imports tempfile and more: only when a command needs the folder

    return platformdirs.user_data_dir("stranded", appauthor=False)


def version() -> str:
    """The installed version of Stranded: the ``Version:`` of its ``stranded-*.dist-info/METADATA`` on
    ``sys.path`` (read directly: ``importlib.metadata`` takes longer to import than the rest of
    the command line), else what ``importlib.metadata`` finds, else ``0+unknown``."""
    import glob
    import sys

    for folder in sys.path:
        for found in glob.glob(os.path.join(folder or ".", "stranded-*.dist-info", "METADATA")):
            with open(found, encoding="utf-8") as fh:
                for line in fh:
                    if line.startswith("Version:"):
                        return line.split(":", 1)[1].strip()
                    if not line.strip():
                        break
    from importlib import metadata

    try:
        return metadata.version("stranded")
    except metadata.PackageNotFoundError:
        return "0+unknown"


def data_dir_option(fn):
    """``--data-dir``: where the embedded Redis keeps its data (no REDIS_URL)."""
    return click.option("--data-dir", default=default_data_dir, show_default="STRANDED_DATA_DIR, else the per-user "
                        "data folder: on Linux $XDG_DATA_HOME/stranded, or ~/.local/share/stranded",
                        help="Embedded Redis data (used when REDIS_URL is unset).")(fn)


def redis_for(data_dir: str):
    """A client for ``REDIS_URL``, else for the embedded server of ``data_dir``: the one running
    there (``stranded serve``'s, never stopped by this command), or one started for this command
    and stopped when it ends (``events.log.embedded``)."""
    from events.log.connection import connect

    if os.environ.get("REDIS_URL"):
        return connect()
    from events.log.embedded import client_name, open_embedded

    ctx = click.get_current_context(silent=True)
    server = open_embedded(data_dir, command=f"stranded {ctx.info_name}" if ctx else "stranded")
    client = connect(server.url, client_name=client_name())
    client._stranded_embedded = server
    if ctx is not None:
        ctx.call_on_close(lambda: (client.close(), server.release()))
    return client


def store_and_url(data_dir: str):
    """``(EventStore, url)``: the store on ``REDIS_URL`` or the embedded server, and that Redis's
    URL, which the extra processes of a ``--jobs`` command connect to."""
    from events.log.store import EventStore

    client = redis_for(data_dir)
    url = os.environ.get("REDIS_URL") or client._stranded_embedded.url
    return EventStore(client), url
