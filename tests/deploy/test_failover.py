"""kill -9 of the machine that serves a table, in the middle of a burst of taps through nginx: nginx sends the
phones to the other machine, the screens' streams reconnect there, every acknowledged tap is kept exactly once and
every screen shows the last one within 5 s."""

from __future__ import annotations

import http.client
import json
import threading
import time

from companion.testing.loopback_clients import call, open_table
from companion.testing.real_server import wait_for
from tests.helpers.live_screens import Screen

TAPS_PER_PHONE = 100
TRUTH_SECONDS = 5.0


class Phones:
    """Three phones tapping +1 wound through nginx as fast as answers come; a tap with no answer is sent again with
    the same action id, as the page does."""

    def __init__(self, port: int, table: dict):
        self.port, self.token = port, table["token"]
        self.keys = {}
        for seat in (1, 2, 3):
            status, data, _ = call(
                port, "POST", f"/t/{self.token}/join.json", {"seat": seat, "name": f"P{seat}"}
            )
            assert status == 201, data
            self.keys[seat] = json.loads(data)["seat_key"]
        self.acknowledged: list[tuple[int, str]] = []
        self.lock = threading.Lock()
        self.threads = [threading.Thread(target=self._tap, args=(seat,)) for seat in self.keys]

    def _tap(self, seat: int) -> None:
        for n in range(TAPS_PER_PHONE):
            action = {
                "type": "adjust_wounds",
                "seat": seat,
                "args": {"delta": 1},
                "action_id": f"kill-{seat}-{n:03d}",
            }
            for _attempt in range(50):
                try:
                    status, _, _ = call(
                        self.port,
                        "POST",
                        f"/t/{self.token}/actions",
                        action,
                        timeout=10,
                        headers={"Authorization": f"Bearer {self.keys[seat]}"},
                    )
                except http.client.HTTPException:  # the machine died while its answer passed through nginx
                    status = 0
                if status == 200:
                    break
                time.sleep(0.1)
            else:
                return
            with self.lock:
                self.acknowledged.append((seat, action["action_id"]))

    def start(self, until_acknowledged: int) -> None:
        for thread in self.threads:
            thread.start()
        deadline = time.monotonic() + 60
        while len(self.acknowledged) < until_acknowledged and time.monotonic() < deadline:
            time.sleep(0.005)
        assert len(self.acknowledged) >= until_acknowledged, "the burst did not get going"

    def join(self) -> None:
        for thread in self.threads:
            thread.join(180)


def test_killing_the_tables_machine_mid_burst_moves_its_phones_and_screens_and_loses_nothing(convention):
    proxy = convention.proxy
    table = open_table(proxy.port)
    phones = Phones(proxy.port, table)
    owner = convention.owner(table["token"])
    survivor = convention.other(owner)
    screens = [Screen(proxy.port, table["token"]) for _ in range(4)]
    try:
        assert all(screen.connected(1, 10.0) for screen in screens)
        phones.start(until_acknowledged=60)
        owner.kill()
        phones.join()
        done = time.monotonic()
        assert len(phones.acknowledged) == 3 * TAPS_PER_PHONE, "the phones were not sent to the other machine"
        status, data, _ = call(
            survivor.port,
            "GET",
            f"/t/{table['token']}/state.json",
            headers={"Authorization": f"Bearer {table['display_key']}"},
        )
        assert status == 200, data
        state = json.loads(data)
        assert [seat["wounds"] for seat in state["seats"]] == [TAPS_PER_PHONE] * 3  # each tap counted once
        assert state["version"] == 1 + 3 + 3 * TAPS_PER_PHONE
        left = TRUTH_SECONDS - (time.monotonic() - done)
        assert all(screen.hears(state["version"], left) for screen in screens), [
            screen.newest for screen in screens
        ]
        assert all(screen.connections >= 2 for screen in screens), "a stream was not cut and opened again"
    finally:
        for screen in screens:
            screen.close()

    def held_on() -> list[int]:  # nginx logs a stream when it ends
        return [
            tried[-1] for _method, uri, _status, tried in proxy.routes() if uri == f"/t/{table['token']}/live"
        ]

    assert wait_for(lambda: held_on().count(survivor.port) >= len(screens), 10.0), held_on()
