"""PostgreSQL stopped for 20 s mid-game and started again, under two servers that share it (issue 30, item 4):
a tap during the outage answers 503 within 2 s, taps are recorded again within 5 s of the database's return,
the live streams on both servers hear the next tap, and nothing acknowledged is lost."""

from __future__ import annotations

import http.client
import json
import threading
import time

from companion.testing.loopback_clients import call, open_table, tap
from companion.testing.real_server import Server

OUTAGE_SECONDS = 20


class VersionStream:
    """A live stream of a table read in a thread, as a spectator's page holds it: the newest version heard."""

    def __init__(self, port: int, token: str):
        self.newest, self.heard = -1, threading.Condition()
        self._connection = http.client.HTTPConnection("127.0.0.1", port, timeout=90)
        self._connection.request("GET", f"/t/{token}/live")
        self._response = self._connection.getresponse()
        assert self._response.status == 200
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        event = None
        for raw in self._response:
            line = raw.decode().strip()
            if line.startswith("event: "):
                event = line.removeprefix("event: ")
            elif line.startswith("data: ") and event == "version":
                with self.heard:
                    self.newest = max(self.newest, int(line.removeprefix("data: ")))
                    self.heard.notify_all()

    def hears(self, version: int, seconds: float) -> bool:
        """Whether the stream tells of `version` (or a newer one) within `seconds`."""
        with self.heard:
            return self.heard.wait_for(lambda: self.newest >= version, seconds)

    def close(self) -> None:
        self._connection.close()


def slack_of_seat_one(port: int, table: dict) -> int:
    """Seat 1's Slack as the table's state says."""
    status, data, _ = call(port, "GET", f"/t/{table['token']}/state.json",
                           headers={"Authorization": f"Bearer {table['display_key']}"})
    assert status == 200, data
    return next(seat["slack"] for seat in json.loads(data)["seats"] if seat["seat"] == 1)


def test_a_database_away_for_20_seconds_answers_fast_comes_back_by_itself_and_loses_nothing(own_cluster, tmp_path):
    url = own_cluster.fresh_database()
    first = Server(tmp_path / "first", database=url).start()
    second = Server(tmp_path / "second", database=url).start()
    streams = []
    try:
        table = open_table(first.port)
        acknowledged = sum(tap(port, table)[0] == 200 for port in (first.port, second.port, first.port))
        assert acknowledged == 3
        streams = [VersionStream(server.port, table["token"]) for server in (first, second)]

        own_cluster.halt()
        halted = time.monotonic()
        for port in (first.port, second.port):
            status, _, took = tap(port, table, timeout=10)
            assert status == 503 and took < 2.0, (status, took)
            status, _, took = call(port, "GET", "/healthz", timeout=10)
            assert status == 503 and took < 2.0, (status, took)
        time.sleep(max(0.0, OUTAGE_SECONDS - (time.monotonic() - halted)))

        own_cluster.resume()
        back = time.monotonic()
        while (status := tap(first.port, table, timeout=10)[0]) != 200:
            assert status == 503, status
            assert time.monotonic() - back < 5.0, "no tap recorded within 5 s of the database's return"
            time.sleep(0.2)
        acknowledged += 1
        newest = json.loads(call(first.port, "GET", f"/t/{table['token']}/version")[1])["version"]
        assert all(stream.hears(newest, 5.0) for stream in streams), [stream.newest for stream in streams]
        assert call(second.port, "GET", "/healthz")[0] == 200
        assert slack_of_seat_one(second.port, table) == acknowledged
    finally:
        for stream in streams:
            stream.close()
        first.stop()
        second.stop()
