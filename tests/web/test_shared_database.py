"""Two server processes on one database (an SQLite file, or a real PostgreSQL): what one records, the other's
live streams and pages show, kicks included. Each process is an app of its own, sharing nothing but the database,
as `serve --workers 2` or two machines run them."""

from __future__ import annotations

import re
import time

import pytest

from companion.app import create_app
from companion.storage import store
from companion.web.connection import get_db
from tests.helpers.postgres_cluster import BOTH_DATABASES

pytestmark = BOTH_DATABASES
WAIT = 30.0  # generous on a loaded machine; the benchmark measures the real delay


@pytest.fixture
def processes(tmp_path, database):
    """Two apps on the same database and instance folder (so the same secret key)."""
    config = {"TESTING": True, "PUBLIC_URL": "http://127.0.0.1:5999", "LIVE_HEARTBEAT_SECONDS": 0.2,
              "LIVE_CHECK_SECONDS": 0.2}
    if database:
        config["DATABASE"] = database
    first, second = (create_app(config, instance_path=str(tmp_path)) for _ in range(2))
    yield first, second
    for app in (first, second):
        app.extensions["play"].hub.shutdown()


def open_table(app) -> tuple[str, dict[int, str], object]:
    """A three-seat table opened on `app`: its token, seat keys and the display's client."""
    display = app.test_client()
    token = display.post("/tables", data={"game": "guevara", "seats": "3", "language": "en"}
                         ).headers["Location"].split("/")[2]
    keys = {seat: app.test_client().post(f"/t/{token}/join.json", json={"seat": seat, "name": f"P{seat}"}
                                         ).get_json()["seat_key"] for seat in (1, 2)}
    return token, keys, display


def tap(app, token: str, key: str, seat: int, action_id: str) -> dict:
    """+1 wound through the JSON API of `app`."""
    response = app.test_client().post(f"/t/{token}/actions", json={
        "type": "adjust_wounds", "seat": seat, "args": {"delta": 1}, "action_id": action_id},
        headers={"Authorization": f"Bearer {key}"})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def read_until(stream, wanted: bytes) -> bytes:
    """Read a live stream until a message starting with `wanted` arrives (heartbeats in between)."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        message = next(stream)
        if message.startswith(wanted):
            return message
    raise AssertionError(f"no {wanted!r} within {WAIT} s")


def test_a_tap_in_one_process_reaches_the_live_streams_held_by_the_other(processes):
    first, second = processes
    token, keys, _display = open_table(first)
    live = first.test_client().get(f"/t/{token}/live", buffered=False)
    stream = live.response
    assert next(stream) == b"retry: 1000\n\n" and read_until(stream, b"event: version")
    for n in range(3):
        version = tap(second, token, keys[1], 1, f"other-process-{n}")["version"]
        assert read_until(stream, b"event: version") == f"event: version\ndata: {version}\n\n".encode()
    live.close()


def test_taps_at_several_tables_each_reach_their_own_streams_in_the_other_process(processes):
    first, second = processes
    tables = [open_table(first) for _ in range(3)]
    streams = []
    for token, _keys, _display in tables:
        live = first.test_client().get(f"/t/{token}/live", buffered=False)
        assert next(live.response) == b"retry: 1000\n\n" and read_until(live.response, b"event: version")
        streams.append(live)
    # Only some tables move on in a round, some twice in a row: each stream hears exactly its own table's news.
    for n, index in enumerate((0, 0, 2, 0, 2, 2)):
        token, keys, _display = tables[index]
        version = tap(second, token, keys[1], 1, f"several-{n}")["version"]
        heard = read_until(streams[index].response, b"event: version")
        assert heard == f"event: version\ndata: {version}\n\n".encode()
    for live in streams:
        live.close()


def test_versions_are_each_tables_newest_event_and_leave_out_tables_without_events(processes):
    first, _second = processes
    (token, keys, _), (other, *_) = open_table(first), open_table(first)
    for n in range(3):
        tap(first, token, keys[1], 1, f"newest-{n}")
    with first.app_context():
        db = get_db()
        ids = {t: store.table_by(db, "token", t).id for t in (token, other)}
        expected = {ids[t]: store.version(db, ids[t]) for t in (token, other)}
        assert expected[ids[token]] > expected[ids[other]] > 0
        assert store.versions(db, [ids[token], ids[other], 999_999]) == expected
        assert store.versions(db, []) == {}


def test_each_process_shows_what_the_other_recorded(processes):
    first, second = processes
    token, keys, _display = open_table(first)
    state = lambda app: app.test_client().get(f"/t/{token}/state.json").get_json()  # noqa: E731
    assert state(first)["seats"][0]["wounds"] == 0  # the first process now holds the table's state
    for n in range(5):
        tap(second if n % 2 else first, token, keys[1], 1, f"both-processes-{n}")
    assert state(first) == state(second) and state(first)["seats"][0]["wounds"] == 5
    again = tap(first, token, keys[1], 1, "both-processes-3")  # a repeat, though the other process took it
    assert again["repeated"] and state(second)["seats"][0]["wounds"] == 5


def test_a_spectator_link_revoked_in_one_process_ends_the_spectator_stream_held_by_the_other(processes):
    first, second = processes
    token, _keys, display = open_table(second)
    display.post(f"/t/{token}/spectator")
    key = re.search(r"/watch/([A-Za-z0-9_-]+)", display.get(f"/t/{token}/display").get_data(as_text=True)).group(1)
    live = first.test_client().get(f"/watch/{key}/live", buffered=False)
    stream = live.response
    assert read_until(stream, b"event: version")
    display.post(f"/t/{token}/spectator/revoke")
    assert read_until(stream, b"event: gone")
    live.close()


def test_a_table_deleted_in_one_process_ends_the_other_processes_streams_and_its_id_is_not_given_again(processes):
    first, second = processes
    token, keys, display = open_table(second)
    tap(first, token, keys[1], 1, "before-delete-1")
    assert first.test_client().get(f"/t/{token}/state.json").get_json()["seats"][0]["wounds"] == 1
    live = first.test_client().get(f"/t/{token}/live", buffered=False)
    stream = live.response
    assert read_until(stream, b"event: version")
    assert display.post(f"/t/{token}/delete").status_code in (200, 303)
    assert read_until(stream, b"event: gone")
    live.close()
    newer, new_keys, _ = open_table(second)
    assert first.test_client().get(f"/t/{newer}/state.json").get_json()["seats"][0]["wounds"] == 0
