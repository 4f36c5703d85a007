"""kill -9 in the middle of a burst of taps: every acknowledged tap is kept, retries count once.

Run on one process and on two behind one port, on SQLite and on a real PostgreSQL (the `served` fixture); with
two processes one of them is also killed alone while the other goes on serving.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import threading
import time
import urllib.error
import urllib.request

FAILED = (urllib.error.URLError, http.client.HTTPException, OSError)  # killed mid-answer: no ack


def call(url, body=None, key=None, timeout=5):
    request = urllib.request.Request(url, data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    if key:
        request.add_header("Authorization", f"Bearer {key}")
    with urllib.request.urlopen(request, timeout=timeout) as response:
        return json.load(response)


class Burst:
    """Three phones tapping +1 wound as fast as answers come, remembering what was tried and what acknowledged."""

    def __init__(self, url: str, taps: int = 400, retry: bool = False):
        self.url, self.taps, self.retry = url, taps, retry
        table = call(url + "/api/tables", {"game": "guevara", "seats": 3, "language": "en"})
        self.token = table["token"]
        self.keys = {seat: call(f"{url}/t/{self.token}/join.json", {"seat": seat, "name": f"P{seat}"})["seat_key"]
                     for seat in (1, 2, 3)}
        self.acknowledged, self.attempted = [], []
        self.lock = threading.Lock()
        self.threads = [threading.Thread(target=self._tap, args=(seat,)) for seat in self.keys]

    def send(self, seat: int, action_id: str, timeout: float = 5) -> dict:
        return call(f"{self.url}/t/{self.token}/actions", {"type": "adjust_wounds", "seat": seat,
                                                          "args": {"delta": 1}, "action_id": action_id},
                    self.keys[seat], timeout=timeout)

    def _tap(self, seat: int) -> None:
        for n in range(self.taps):
            action_id = f"crash-{seat}-{n:04d}"
            with self.lock:
                self.attempted.append((seat, action_id))
            for _attempt in range(20 if self.retry else 1):  # a phone retries a tap that got no answer
                try:
                    self.send(seat, action_id, timeout=5)
                    break
                except FAILED:
                    if not self.retry:
                        return
                    time.sleep(0.1)
            else:
                return
            with self.lock:
                self.acknowledged.append((seat, action_id))

    def start(self, until_acknowledged: int) -> None:
        """Start tapping and return once `until_acknowledged` taps were answered."""
        for thread in self.threads:
            thread.start()
        deadline = time.monotonic() + 60
        while len(self.acknowledged) < until_acknowledged and time.monotonic() < deadline:
            time.sleep(0.01)
        assert len(self.acknowledged) >= until_acknowledged, "the burst did not get going"

    def join(self) -> None:
        for thread in self.threads:
            thread.join(120)

    def wounds(self) -> dict[int, int]:
        state = call(f"{self.url}/t/{self.token}/state.json")
        return {seat: state["seats"][seat - 1]["wounds"] for seat in self.keys}

    def check_nothing_lost_and_repeats_exact(self) -> None:
        """Every acknowledged tap is there; the phones then retry the rest with the same ids, and each counts once."""
        wounds = self.wounds()
        for seat in self.keys:
            assert wounds[seat] >= sum(1 for s, _ in self.acknowledged if s == seat)
        # Wounds, because Slack would end the game at the goal; any counter shows the same thing.
        done = set(self.acknowledged)
        for seat, action_id in self.attempted:
            if (seat, action_id) not in done:
                self.send(seat, action_id)
        for seat, action_id in self.attempted[:30]:  # and an acknowledged tap sent again is a repeat
            assert self.send(seat, action_id)["repeated"]
        wounds = self.wounds()
        for seat in self.keys:
            assert wounds[seat] == sum(1 for s, _ in self.attempted if s == seat)
        assert call(f"{self.url}/t/{self.token}/state.json")["version"] == 1 + 3 + len(self.attempted)


def test_nothing_acknowledged_is_lost_when_the_server_is_killed(served):
    burst = Burst(served.url)
    burst.start(until_acknowledged=60)
    served.kill()
    burst.join()
    served.start()
    burst.check_nothing_lost_and_repeats_exact()


def test_a_table_served_by_two_processes_loses_nothing_when_one_is_killed_mid_burst(two_processes):
    workers = two_processes.workers()
    assert len(workers) == 2
    burst = Burst(two_processes.url, taps=150, retry=True)
    burst.start(until_acknowledged=60)
    os.kill(workers[0], signal.SIGKILL)
    burst.join()
    assert len(burst.acknowledged) == len(burst.attempted) == 450, "the other process did not go on serving"
    burst.check_nothing_lost_and_repeats_exact()
