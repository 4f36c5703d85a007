"""Card photos sent to the real server: the one 4 MiB limit refused as JSON in the phone's language, a photo
that arrives as slowly as poor Wi-Fi sends it, and photos beyond what the readers can take answered "busy" at
once, none lost."""

from __future__ import annotations

import http.client
import json
import os
import select
import socket
import subprocess
import sys
import threading
import time

import pytest

from companion.knowledge import photo_readers, photo_uploads, tesseract
from companion.testing.card_photos import BOUNDARY, plain
from companion.testing.card_photos import form_body as body_of
from companion.testing.real_server import Server
from tests.helpers.api_tables import api
from tests.helpers.drawn_photos import draw

pytestmark = pytest.mark.skipif(
    not photo_uploads.available(), reason="Tesseract with deu and rus is not installed"
)
LIMIT = 4 * 2**20


def padded_to(photo: bytes, size: int) -> bytes:
    """A form of exactly `size` bytes: the photo with bytes after its end, which a JPEG's reader passes
    over."""
    return body_of(photo + b"\0" * (size - len(body_of(photo))))


def table(server, lang="en"):
    made = api(server, "/api/tables", {"game": "guevara", "seats": 3, "language": lang})
    return made["token"], made["display_key"]


def send(
    server,
    token,
    key,
    body: bytes,
    lang="en",
    pace: float | None = None,
    timeout: float = photo_readers.READING_SECONDS + 30,
    together: threading.Barrier | None = None,
):
    """POST the form (at `pace` bytes a second, else at once; its last byte once every phone `together` has
    sent the rest); the status, the JSON answer and its type, or None when the server closed the connection
    without one. The readers run below the server's priority: on a machine busy with other work a photo is read
    late, but answered (read, or busy) within the readers' longest wait."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=timeout)
    connection.putrequest("POST", f"/t/{token}/card-photo")
    for name, value in (
        ("Content-Type", f"multipart/form-data; boundary={BOUNDARY}"),
        ("Content-Length", str(len(body))),
        ("Authorization", f"Bearer {key}"),
        ("Accept-Language", lang),
    ):
        connection.putheader(name, value)
    connection.endheaders()
    try:
        if together is not None:
            connection.send(body[:-1])
            together.wait()
            connection.send(body[-1:])
        elif pace is None:
            connection.send(body)
        else:
            step = int(pace / 10)
            for start in range(0, len(body), step):
                connection.send(body[start : start + step])
                time.sleep(0.1)
        answer = connection.getresponse()
        return answer.status, json.loads(answer.read() or b"null"), answer.getheader("Content-Type")
    except (TimeoutError, ConnectionError, http.client.RemoteDisconnected):
        return None
    finally:
        connection.close()


def test_a_photo_of_4_mib_is_read_and_one_byte_more_refused_as_json_in_the_phones_language(server):
    token, key = table(server, "de")
    photo = draw("Seife", 4, "de", **plain())
    status, answer, _kind = send(server, token, key, padded_to(photo, LIMIT), "de")
    assert status == 200 and answer["candidates"][0]["name"] == "Seife"
    status, answer, kind = send(server, token, key, padded_to(photo, LIMIT + 1), "de")
    assert (status, kind) == (413, "application/json")
    assert answer["error"] == "Das Foto ist zu groß: höchstens 4 MiB."
    status, answer, _kind = send(server, token, key, padded_to(photo, 3 * LIMIT), "ru")
    assert status == 413 and answer["error"] == "Фото слишком большое: не более 4 МиБ."


@pytest.fixture
def impatient(tmp_path):
    """The real server with a 2 s request deadline, so a slow photo outlasts it many times over."""
    running = Server(tmp_path / "instance", extra_args=("--request-timeout", "2")).start()
    yield running
    running.stop()


def test_a_photo_sent_at_100_kb_a_second_is_read_while_a_dripping_tap_is_cut_off(impatient):
    token, key = table(impatient)
    photo = padded_to(draw("Soap", 2, "en", **plain()), 600_000)
    cut = []

    def drip():  # a tap's body arriving at 10 bytes a second: cut off at the deadline as before
        connection = socket.create_connection(("127.0.0.1", impatient.port), timeout=20)
        connection.sendall(
            f"POST /t/{token}/actions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 200\r\n"
            "Content-Type: application/json\r\n\r\n".encode()
        )
        started = time.monotonic()
        try:
            for _ in range(200):
                connection.sendall(b" ")
                time.sleep(0.1)
        except OSError:
            cut.append(time.monotonic() - started)
        else:
            cut.append(None if connection.recv(1) else time.monotonic() - started)
        connection.close()

    dripping = threading.Thread(target=drip)
    dripping.start()
    started = time.monotonic()
    status, answer, _kind = send(impatient, token, key, photo, pace=100_000)
    assert time.monotonic() - started > 5  # it took longer than twice the deadline
    assert status == 200 and answer["candidates"][0]["name"] == "Soap"
    dripping.join()
    assert cut[0] is not None and cut[0] < 6


def test_a_photo_slower_than_its_time_gets_a_reason_in_the_phones_language_not_a_closed_socket(impatient):
    """Below the slowest speed a photo is given time for, the phone is told why, as JSON (before, the connection
    was closed without a word: a 1.5 MB photo at 40 KB/s was cut at 36 s)."""
    token, key = table(impatient, "de")
    body = padded_to(draw("Seife", 4, "de", **plain()), 200_000)  # given 2 s + 8 s; sent at 5 KB/s it needs 40
    with socket.create_connection(("127.0.0.1", impatient.port), timeout=30) as sock:
        sock.sendall((f"POST /t/{token}/card-photo HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Language: de\r\n"
                      f"Content-Type: multipart/form-data; boundary={BOUNDARY}\r\nContent-Length: {len(body)}\r\n"
                      f"Authorization: Bearer {key}\r\n\r\n").encode())
        started, answer, unsent = time.monotonic(), b"", 0
        for start in range(0, len(body), 500):
            if select.select([sock], [], [], 0.1)[0]:  # the server answered while the photo still arrives
                unsent = len(body) - start
                break
            sock.sendall(body[start : start + 500])
        while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
            chunk = sock.recv(65536)
            assert chunk, answer
            answer += chunk
    head, _, json_body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408") and b"application/json" in head
    assert json.loads(json_body) == {"error": "Das Foto kam zu langsam an: geh näher ans WLAN, oder tippe den "
                                              "Namen der Karte stattdessen ein."}
    # Told at its time, not once the whole photo is in: most of it was still to come (a busy machine slows this
    # test's own sending too, so the time is checked against what the whole photo takes, not to the second).
    assert unsent > len(body) / 2, unsent
    assert time.monotonic() - started < 2 + 8 + 10


@pytest.fixture
def one_reader(tmp_path):
    """The real server with one photo reader and one photo waiting for it."""
    running = Server(
        tmp_path / "instance", extra_args=("--photo-readers", "1", "--photo-waiting", "1")
    ).start()
    yield running
    running.stop()


def test_photos_beyond_the_readers_get_busy_at_once_and_none_is_lost(one_reader):
    token, key = table(one_reader, "ru")
    soap = body_of(draw("Мыло", 6, "ru", **plain(font="PT Sans")))
    assert (
        send(one_reader, token, key, soap, "ru")[1]["candidates"][0]["name"] == "Мыло"
    )  # a reader is started
    # Six phones finish sending at the same moment a photo of a bare table each, which is read to the end of
    # the budget (no name ends it early): one is read, one waits, the others are told at once to try again.
    bare = body_of(draw(None, 8, "ru", table="wood", others=1))
    released: list[float] = []
    together = threading.Barrier(6, action=lambda: released.append(time.monotonic()))
    answers: list[tuple[float, tuple]] = []

    def phone():
        answer = send(one_reader, token, key, bare, "ru", together=together)
        answers.append((time.monotonic(), answer))

    phones = [threading.Thread(target=phone) for _ in range(6)]
    for each in phones:
        each.start()
    for each in phones:
        each.join()
    assert len(answers) == 6 and all(answer is not None for _at, answer in answers)
    read = [answer for _at, answer in answers if answer[0] == 200]
    busy = [(at, answer) for at, answer in answers if answer[0] == 503]
    assert len(read) + len(busy) == 6 and len(read) >= 2 and len(busy) >= 1
    assert all(answer["candidates"] == [] for _status, answer, _kind in read)
    first_read = min(at for at, answer in answers if answer[0] == 200)
    for at, (_status, answer, _kind) in busy:
        assert at < first_read and at - released[0] < 1.0  # told at once, not after waiting for a reader
        assert answer == {
            "error": "Сейчас читаются другие фото: попробуйте ещё раз через минуту.",
            "busy": True,
        }
    assert send(one_reader, token, key, soap, "ru")[0] == 200  # the queue emptied


def lowliness() -> tuple[object, int]:
    """This process's scheduling policy (None where there are none) and niceness."""
    return getattr(os, "sched_getscheduler", lambda _pid: None)(0), os.nice(0)


def test_a_reader_runs_below_the_servers_priority():
    readers = photo_readers.Readers(1, 0)
    try:
        _policy, niceness = readers._executor().submit(lowliness).result(timeout=120)
    finally:
        readers.close()
    assert niceness == min(19, os.nice(0) + photo_readers.NICENESS)


def loaded_models() -> list[str]:
    """The Tesseract models this process has loaded."""
    return sorted(tesseract._READERS)


def test_a_reader_loads_the_tables_tesseract_models_once_for_every_photo_it_reads():
    readers = photo_readers.Readers(1, 0)
    try:
        photo = draw("Seife", 4, "de", **plain())
        for _ in range(2):
            reading = readers.read(photo, [], ("de", "en", "ru"))
            assert reading.candidates == [] and "Seife" in reading.text
        assert readers._executor().submit(loaded_models).result(timeout=30) == ["deu", "eng+rus"]
    finally:
        readers.close()


def spun(cpu_seconds: float) -> tuple[int, int]:
    """Work of `cpu_seconds` of CPU time; the scheduling policy and the process it ran in."""
    ends = time.process_time() + cpu_seconds
    while time.process_time() < ends:
        pass
    return os.sched_getscheduler(0), os.getpid()


def refused() -> None:
    raise photo_uploads.NotAPhoto("not a photo")


@pytest.fixture
def reader():
    """One photo reader process, as the server starts it."""
    readers = photo_readers.Readers(1, 0)
    try:
        yield readers._executor()
    finally:
        readers.close()


def test_a_photo_is_read_at_idle_priority_while_a_core_is_free(reader):
    reader_pid = reader.submit(os.getpid).result(timeout=120)
    # One look, after a minute: on a machine busy with other work, idle work gets a moment now and then.
    policy, pid = reader.submit(photo_readers.idle_first, spun, 0.01, look=60).result(timeout=90)
    assert policy == os.SCHED_IDLE and pid != reader_pid
    with pytest.raises(photo_uploads.NotAPhoto):
        reader.submit(photo_readers.idle_first, refused, look=60).result(timeout=90)


def test_a_photo_is_read_all_the_same_when_other_work_keeps_every_core_busy(reader):
    core = min(os.sched_getaffinity(0))
    reader.submit(os.sched_setaffinity, 0, {core}).result(timeout=30)
    reader_pid = reader.submit(os.getpid).result(timeout=30)
    # Other work on the reader's only core, above the reader's priority (nice 5: beside the rest of the suite it
    # takes less from the other tests than a loop at the suite's own), spinning before the photo is read.
    busy = subprocess.Popen(
        [sys.executable, "-c", f"import os\nos.sched_setaffinity(0, {{{core}}})\nos.nice(5)\nprint(flush=True)\n"
         "while True: pass"], stdout=subprocess.PIPE
    )
    try:
        busy.stdout.readline()
        # At idle priority beside a busy loop on its only core, a tenth of a second of work would take minutes:
        # the child waits for the core, and another reads it at the reader's own priority.
        policy, pid = reader.submit(photo_readers.idle_first, spun, 0.1).result(timeout=120)
    finally:
        busy.kill()
        busy.wait()
    assert policy == os.SCHED_OTHER and pid != reader_pid  # in a child of its own
