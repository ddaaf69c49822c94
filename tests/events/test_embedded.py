"""One embedded Redis per data folder: the process that starts it owns it, others join it and never
stop it, and the last process out stops a server whose owner has left (``events.log.embedded``)."""
from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest
import redis

from events.log.embedded import FolderInUse, in_use, open_embedded

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def in_other_process(code: str) -> subprocess.CompletedProcess:
    """Run ``code`` (with ``from events.log.embedded import *``) in a fresh interpreter."""
    return subprocess.run([sys.executable, "-c", "from events.log.embedded import *\n" + code], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


@pytest.fixture
def folder(tmp_path):
    yield tmp_path / "data"
    running = in_use(tmp_path / "data")
    if running:
        os.kill(running["pid"], 9)


def test_a_process_that_joins_the_server_of_a_folder_never_stops_it(folder):
    # given a server this process started, holding a key
    owner = open_embedded(folder, "test")
    owner.client().set("kept", "yes")
    # when another process joins it, reads the key and is done with it
    joined = in_other_process(f"s = open_embedded({str(folder)!r}, 'stranded verify')\n"
                              "print(s.owned, s.client().get('kept'))\nprint(s.release())")
    # then it did not own it, did not stop it, and the server still answers its owner
    assert joined.stdout.split() == ["False", "b'yes'", "False"], joined.stderr
    assert owner.client().get("kept") == b"yes"
    assert owner.release() is True and in_use(folder) is None


def test_a_second_exclusive_opener_is_refused_naming_the_owner_pid_and_the_folder(folder):
    owner = open_embedded(folder, "stranded serve", exclusive=True)
    refused = in_other_process(f"try:\n    open_embedded({str(folder)!r}, 'stranded serve', exclusive=True)\n"
                               "except FolderInUse as exc:\n    print(exc)")
    assert refused.stdout.strip() == f"the data folder {folder.resolve()} is in use by stranded serve (PID {os.getpid()})"
    assert owner.release() is True


def test_the_owner_leaves_a_server_others_still_use_running_and_the_last_one_out_stops_it(folder):
    # given a server this process owns and a client of another process connected to it
    owner = open_embedded(folder, "test")
    other = subprocess.Popen([sys.executable, "-c", "import redis, sys\n"
                              f"c = redis.Redis(unix_socket_path={owner.socket_file!r}); c.ping()\n"
                              "sys.stdin.readline()"], stdin=subprocess.PIPE, cwd=ROOT)
    try:
        client = owner.client()
        for _ in range(300):
            if len(client.client_list()) >= 2:
                break
            time.sleep(0.1)
        # when the owner is done, then the server keeps running without an owner
        assert owner.release() is False
        assert in_use(folder)["owner"] is None and client.ping()
    finally:
        other.communicate(b"\n", timeout=30)
    # and the next process done with it (none other connected) stops it
    joined = open_embedded(folder, "stranded verify")
    assert joined.owned is False and joined.release() is True and in_use(folder) is None


def test_a_server_whose_owner_died_is_adopted_by_the_next_exclusive_opener(folder):
    died = in_other_process(f"s = open_embedded({str(folder)!r}, 'stranded serve', exclusive=True)\n"
                            "import os; os._exit(0)")
    assert died.returncode == 0 and in_use(folder)["owner"] != os.getpid()
    adopted = open_embedded(folder, "stranded serve", exclusive=True)
    assert adopted.owned and in_use(folder)["owner"] == os.getpid()
    assert adopted.release() is True


def test_shutdown_without_saving_stops_it_and_a_fresh_start_finds_the_last_saved_data(folder):
    first = open_embedded(folder, "test")
    first.client().set("saved", 1)
    first.release()                 # saves
    second = open_embedded(folder, "test")
    second.client().set("unsaved", 1)
    second.shutdown(save=False)
    third = open_embedded(folder, "test")
    try:
        assert third.client().get("saved") == b"1" and third.client().get("unsaved") is None
    finally:
        third.shutdown(save=False)
    with pytest.raises(redis.ConnectionError):
        redis.Redis(unix_socket_path=third.socket_file, retry=None).ping()


def test_a_long_folder_path_gets_its_socket_in_a_short_temporary_folder(tmp_path):
    deep = tmp_path / ("d" * 60) / ("e" * 60)
    server = open_embedded(deep, "test")
    try:
        assert len(server.socket_file) <= 100 and server.client().ping()
    finally:
        server.shutdown(save=False)
    assert not os.path.exists(os.path.dirname(server.socket_file))


def test_folder_in_use_names_the_folder_the_pid_and_the_command(tmp_path):
    exc = FolderInUse(tmp_path, 42, "stranded serve")
    assert str(exc) == f"the data folder {tmp_path} is in use by stranded serve (PID 42)"
