"""The fault round (issue 58): serve --workers 2 under a worker stopped while it counts connections, a worker hung
past its heartbeat, a worker that cannot start, and SIGTERM or SIGKILL in the middle of taps and photo readings:
the others keep answering, the hung one is replaced, the server halts with one line, nothing acknowledged is lost
or doubled, and no process of the server outlives it."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import signal
import socket
import sqlite3
import threading
import time
import uuid
from pathlib import Path

import psutil
import pytest

from companion.knowledge import photo_uploads
from companion.testing.card_photos import BOUNDARY, form_body, plain
from companion.testing.loopback_clients import call, open_stream, open_table
from companion.testing.real_server import Server, wait_for
from tests.helpers.api_tables import api
from tests.helpers.drawn_photos import draw
from tests.helpers.server_processes import descendants, gone, gone_or_dying, holder, running

HUNG_AFTER = 2.0  # the heartbeat timeout these tests give the server, to keep them short
needs_tesseract = pytest.mark.skipif(not photo_uploads.available(), reason="Tesseract with deu and rus is missing")


def shared_locks_of(pid: int, instance: Path) -> list[str]:
    """The POSIX record locks the kernel says process `pid` holds (/proc/locks) on anything but the database's files
    (SQLite's own locks, which it takes and waits for with a timeout)."""
    database = {str(part.stat().st_ino) for part in instance.glob("companion.sqlite*")}
    return [line for line in Path("/proc/locks").read_text().splitlines()
            if "POSIX" in line and f" {pid} " in line and line.split()[5].split(":")[-1] not in database]


def fresh_tap(port: int, table: dict) -> tuple[int, float]:
    """A tap on a connection of its own (the kernel gives it to whichever worker accepts): its status and seconds."""
    started = time.monotonic()
    status = call(port, "GET", f"/t/{table['token']}/version", timeout=5)[0]
    return status, time.monotonic() - started


def storm(port: int, until: threading.Event) -> None:
    """New connections as fast as a thread can make them, each asking /healthz, until `until` is set."""
    while not until.is_set():
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
                sock.sendall(f"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
                sock.recv(4096)
        except OSError:
            pass


def test_a_worker_stopped_while_it_counts_connections_leaves_the_other_answering_within_a_second(tmp_path):
    """The worst moment: stopped while it holds whatever it shares with the other worker (before issue 58, the
    lock around every connection's count: 5 taps over 20 s timed out)."""
    server = Server(tmp_path / "instance", workers=2).start()
    table = open_table(server.port)
    until = threading.Event()
    storms = [threading.Thread(target=storm, args=(server.port, until)) for _ in range(4)]
    for each in storms:
        each.start()
    victim = server.workers()[0]
    seconds, held = [], 0
    try:
        # A stop landed inside the victim's counting a few times in a hundred while it held a lock (before issue
        # 58): 300 stops find such a moment, should one come back, and every fifteenth is tried whatever it holds.
        for attempt in range(300):
            os.kill(victim, signal.SIGSTOP)
            try:
                stopped_by = time.monotonic() + 5
                while psutil.Process(victim).status() != psutil.STATUS_STOPPED:
                    assert time.monotonic() < stopped_by
                holding = bool(shared_locks_of(victim, server.instance))
                held += holding
                if holding or attempt % 15 == 0:
                    for _ in range(3):
                        status, took = fresh_tap(server.port, table)
                        assert status == 200
                        seconds.append(took)
            finally:
                os.kill(victim, signal.SIGCONT)
            if held:
                break
            time.sleep(0.002)
    finally:
        until.set()
        for each in storms:
            each.join()
        server.kill()
    assert seconds and max(seconds) < 1.0, (held, seconds)


def stream_in(server: Server, table: dict, worker: int) -> socket.socket:
    """A live stream of the table held by `worker`."""
    opened = []
    try:
        for _ in range(200):
            status, stream = open_stream(server.port, table["token"], "127.0.0.1")
            assert status == 200
            if holder(server, stream) == worker:
                return stream
            opened.append(stream)
    finally:
        for other in opened:
            other.close()
    raise AssertionError("no stream reached the worker")


def test_a_hung_worker_is_killed_and_replaced_and_its_live_streams_end_so_phones_reconnect(tmp_path):
    server = Server(tmp_path / "instance", workers=2, extra_args=("--worker-timeout", str(HUNG_AFTER))).start()
    try:
        table = open_table(server.port)
        victim, other = server.workers()
        stream = stream_in(server, table, victim)
        os.kill(victim, signal.SIGSTOP)  # hung: alive, holding its connections, answering nothing
        stopped = time.monotonic()
        stream.settimeout(HUNG_AFTER + 10)
        try:
            while stream.recv(4096):
                pass
        except ConnectionResetError:
            pass
        ended = time.monotonic() - stopped
        assert HUNG_AFTER - 0.5 < ended < HUNG_AFTER + 5, ended
        assert wait_for(lambda: gone([victim]) and len(server.workers()) == 2 and other in server.workers())
        assert fresh_tap(server.port, table)[0] == 200
        status, reopened = open_stream(server.port, table["token"], "127.0.0.1")
        assert status == 200
        reopened.close()
    finally:
        server.kill()


def test_a_live_stream_or_a_long_request_never_counts_as_hung(tmp_path):
    """A worker whose threads are all busy streaming beats all the same."""
    server = Server(tmp_path / "instance", workers=2, extra_args=("--worker-timeout", str(HUNG_AFTER))).start()
    try:
        table = open_table(server.port)
        before = set(server.workers())
        streams = [open_stream(server.port, table["token"], "127.0.0.1")[1] for _ in range(8)]
        deadline = time.monotonic() + 3 * HUNG_AFTER
        while time.monotonic() < deadline:
            assert fresh_tap(server.port, table)[0] == 200
            time.sleep(0.2)
        assert set(server.workers()) == before
        for stream in streams:
            stream.settimeout(0.1)
            try:
                assert stream.recv(4096) != b""  # still open
            except TimeoutError:
                pass
            stream.close()
    finally:
        server.kill()


def damage(database: Path) -> None:
    """Overwrite the database file in place with bytes that are no SQLite database (a disk fault, a bad copy)."""
    size = database.stat().st_size
    with open(database, "r+b") as file:
        file.write(b"\x5a" * size)
        file.flush()
        os.fsync(file.fileno())


def test_a_damaged_database_answers_503_with_its_reason_in_every_worker_and_a_worker_that_cannot_start_halts(
        tmp_path):
    server = Server(tmp_path / "instance", workers=2).start()
    try:
        log_start = server.log.tell()
        for part in ("companion.sqlite", "companion.sqlite-wal", "companion.sqlite-shm"):
            damage(server.instance / part)
        reasons = {}
        deadline = time.monotonic() + 20
        # a worker's /healthz that saw a write commit within the last second answers 200 until that second is over
        while not (len(reasons) == 2 and all(status == 503 for status, _why in reasons.values())) \
                and time.monotonic() < deadline:
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
            connection.request("GET", "/healthz")
            answer = connection.getresponse()
            body = json.loads(answer.read())
            reasons[holder(server, connection)] = (answer.status, body.get("storage", ""))
            connection.close()
        assert len(reasons) == 2
        assert all(status == 503 and "companion.sqlite is damaged" in why for status, why in reasons.values()), reasons

        started = time.monotonic()
        os.kill(server.workers()[0], signal.SIGKILL)  # its replacement cannot open the database
        server.process.wait(60)
        took = time.monotonic() - started
        assert server.process.returncode != 0
        server.log.flush()
        said = (server.instance.parent / f"server-{server.port}.log").read_bytes()[log_start:].decode()
        lines = [line for line in said.splitlines() if line.strip() and "storage fault" not in line]
        assert "Traceback" not in said
        assert lines[-1].startswith("The server stopped:") and "companion.sqlite is damaged" in lines[-1], lines
        assert took < 40, took
    finally:
        server.kill()


def burst(port: int, table: dict, until: threading.Event, acknowledged: list[str]) -> None:
    """Taps under fresh action ids until `until` is set, noting those the server answered 200."""
    step = 0
    while not until.is_set():
        action_id = uuid.uuid4().hex
        action = {"type": "adjust_slack", "seat": 1, "args": {"delta": 1 - 2 * (step % 2)}, "action_id": action_id}
        step += 1
        try:
            status = call(port, "POST", f"/t/{table['token']}/actions", action, timeout=10,
                          headers={"Authorization": f"Bearer {table['display_key']}"})[0]
        except OSError:
            status = 0
        if status == 200:
            acknowledged.append(action_id)
        elif status == 0:
            time.sleep(0.05)


def reading(server: Server, token: str, key: str, photo: bytes) -> threading.Thread:
    """A photo sent in a thread of its own (its answer, if any, is not needed)."""
    body = form_body(photo)

    def send():
        try:
            with socket.create_connection(("127.0.0.1", server.port), timeout=60) as sock:
                sock.sendall((f"POST /t/{token}/card-photo HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                              f"Content-Type: multipart/form-data; boundary={BOUNDARY}\r\n"
                              f"Content-Length: {len(body)}\r\nAuthorization: Bearer {key}\r\n\r\n").encode() + body)
                sock.recv(65536)
        except OSError:
            pass

    thread = threading.Thread(target=send, daemon=True)
    thread.start()
    return thread


def photo_readings(server: Server) -> list[int]:
    """The processes reading a photo for the server right now: each reader's child for a photo."""
    readers, parents = set(), {}
    for pid in descendants(server.process.pid):
        try:
            process = psutil.Process(pid)
            parents[pid] = process.ppid()
            if "spawn_main" in " ".join(process.cmdline()):
                readers.add(pid)
        except psutil.NoSuchProcess:  # it ended meanwhile (a zombie included)
            pass
    return [pid for pid, parent in parents.items() if parent in readers]


@needs_tesseract
def test_a_photo_being_read_never_counts_as_hung(tmp_path):
    server = Server(tmp_path / "instance", workers=2, extra_args=("--worker-timeout", str(HUNG_AFTER))).start()
    try:
        made = api(server, "/api/tables", {"game": "guevara", "seats": 3, "language": "en"})
        before = set(server.workers())
        photos = [reading(server, made["token"], made["display_key"], draw(None, 8, "en", table="wood", others=1))
                  for _ in range(4)]  # read to the end of the budget, one after another in each worker
        assert wait_for(lambda: photo_readings(server), 60)
        deadline = time.monotonic() + 2 * HUNG_AFTER
        while time.monotonic() < deadline and any(photo.is_alive() for photo in photos):
            assert set(server.workers()) == before
            time.sleep(0.2)
        for photo in photos:
            photo.join(60)
        assert set(server.workers()) == before
    finally:
        server.kill()


@needs_tesseract
def test_sigterm_during_taps_and_photo_readings_loses_nothing_acknowledged_and_leaves_no_process(tmp_path):
    server = Server(tmp_path / "instance", workers=2).start()
    table = open_table(server.port)
    made = api(server, "/api/tables", {"game": "guevara", "seats": 3, "language": "en"})
    photo = draw(None, 8, "en", table="wood", others=1)  # read to the end of the reader's budget
    readings = [reading(server, made["token"], made["display_key"], photo) for _ in range(2)]
    assert wait_for(lambda: photo_readings(server), 60)
    until, acknowledged = threading.Event(), []
    tappers = [threading.Thread(target=burst, args=(server.port, table, until, acknowledged)) for _ in range(4)]
    for each in tappers:
        each.start()
    try:
        assert wait_for(lambda: len(acknowledged) >= 20, 30)
        processes = descendants(server.process.pid)
        stopping = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        server.process.wait(30)
        took = time.monotonic() - stopping
    finally:
        until.set()
        for each in tappers:
            each.join()
        for each in readings:
            each.join(5)
        server.kill()
    assert took < 10 + 3, took  # within the graceful deadline
    assert wait_for(lambda: gone_or_dying(processes), 5), running(processes)
    assert wait_for(lambda: gone(processes), 60), running(processes)
    with sqlite3.connect(server.instance / "companion.sqlite") as db:
        table_id, = db.execute("SELECT id FROM tables WHERE token = ?", (table["token"],)).fetchone()
        recorded = {row[0] for row in db.execute("SELECT action_id FROM actions WHERE table_id = ?", (table_id,))}
        unrecorded, = db.execute("SELECT count(*) FROM events e WHERE table_id = ? AND type = 'slack_adjusted' AND "
                                 "NOT EXISTS (SELECT 1 FROM actions a WHERE a.table_id = e.table_id AND a.seq = e.seq)",
                                 (table_id,)).fetchone()
    assert set(acknowledged) <= recorded  # none lost
    assert unrecorded == 0  # every tap's event belongs to one recorded action id: none doubled


@needs_tesseract
@pytest.mark.parametrize("workers", [1, 2])
def test_no_photo_reader_or_its_reading_outlives_a_server_killed_with_sigkill(tmp_path, workers):
    server = Server(tmp_path / "instance", workers=workers).start()
    try:
        made = api(server, "/api/tables", {"game": "guevara", "seats": 3, "language": "en"})
        reading(server, made["token"], made["display_key"], draw(None, 8, "en", table="wood", others=1))
        assert wait_for(lambda: photo_readings(server), 60)
        processes = descendants(server.process.pid)
        server.process.send_signal(signal.SIGKILL)
        server.process.wait(10)
        assert wait_for(lambda: gone_or_dying(processes), 5), running(processes)
        assert wait_for(lambda: gone(processes), 60), running(processes)
    finally:
        server.kill()


def send_photo(server: Server, token: str, key: str, photo: bytes, lang: str) -> tuple[int, dict]:
    """A card photo sent to the table: the answer's status and JSON."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    try:
        connection.request("POST", f"/t/{token}/card-photo", body=form_body(photo),
                           headers={"Content-Type": f"multipart/form-data; boundary={BOUNDARY}",
                                    "Authorization": f"Bearer {key}", "Accept-Language": lang})
        answer = connection.getresponse()
        return answer.status, json.loads(answer.read())
    finally:
        connection.close()


@needs_tesseract
def test_a_photo_not_read_in_time_is_answered_in_the_phones_language_and_its_reading_stopped(tmp_path):
    server = Server(tmp_path / "instance", extra_args=("--photo-seconds", "8")).start()
    try:
        made = api(server, "/api/tables", {"game": "guevara", "seats": 3, "language": "de"})
        token, key = made["token"], made["display_key"]
        send_photo(server, token, key, draw("Seife", 4, "de", **plain()), "de")  # the reader is started
        answers = []
        sender = threading.Thread(target=lambda: answers.append(
            send_photo(server, token, key, draw(None, 8, "de", table="wood", others=1), "de")))
        sender.start()
        # The reading stalls (a machine busy with other work, taken to the extreme): each of its processes is
        # stopped as soon as it is found, until the answer comes, as a second look may start after a first ended.
        stalled: set[int] = set()
        while sender.is_alive():
            for pid in set(photo_readings(server)) - stalled:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGSTOP)
                stalled.add(pid)
            sender.join(0.01)
        assert stalled, "the photo was answered before any reading of it was seen"
        assert answers[0] == (503, {"error": "Das Foto konnte nicht rechtzeitig gelesen werden, weil der Server "
                                             "ausgelastet ist: tippe den Namen der Karte stattdessen ein."})
        assert wait_for(lambda: gone_or_dying(stalled), 5), running(stalled)
        assert wait_for(lambda: gone(stalled), 60), running(stalled)
    finally:
        server.kill()
