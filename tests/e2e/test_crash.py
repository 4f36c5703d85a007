"""kill -9 in the middle of a burst of taps: every acknowledged tap is kept, retries count once."""

from __future__ import annotations

import http.client
import json
import threading
import time
import urllib.error
import urllib.request


def call(url, body=None, key=None, timeout=5):
    request = urllib.request.Request(url, data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    if key:
        request.add_header("Authorization", f"Bearer {key}")
    with urllib.request.urlopen(request, timeout=timeout) as response:
        return json.load(response)


def test_nothing_acknowledged_is_lost_when_the_server_is_killed(server):
    table = call(server.url + "/api/tables", {"game": "guevara", "seats": 3, "language": "en"})
    token = table["token"]
    keys = {seat: call(f"{server.url}/t/{token}/join.json", {"seat": seat, "name": f"P{seat}"})["seat_key"]
            for seat in (1, 2, 3)}
    acknowledged, attempted = [], []
    lock = threading.Lock()

    def tap(seat):
        for n in range(400):
            action_id = f"crash-{seat}-{n:04d}"
            with lock:
                attempted.append((seat, action_id))
            try:
                call(f"{server.url}/t/{token}/actions", {"type": "adjust_wounds", "seat": seat,
                                                         "args": {"delta": 1}, "action_id": action_id},
                     keys[seat], timeout=2)
            except (urllib.error.URLError, http.client.HTTPException, OSError):  # killed mid-answer: no ack
                return
            with lock:
                acknowledged.append((seat, action_id))

    threads = [threading.Thread(target=tap, args=(seat,)) for seat in keys]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 30
    while len(acknowledged) < 60 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert len(acknowledged) >= 60, "the burst did not get going"
    server.kill()
    for thread in threads:
        thread.join(10)

    server.start()
    state = call(f"{server.url}/t/{token}/state.json")
    for seat in keys:
        acked = sum(1 for s, _ in acknowledged if s == seat)
        assert state["seats"][seat - 1]["wounds"] >= acked
    # Wounds, because Slack would end the game at the goal; any counter shows the same thing.
    # Phones retry what got no answer, with the same ids: each tap then counts exactly once.
    done = set(acknowledged)
    for seat, action_id in attempted:
        if (seat, action_id) not in done:
            call(f"{server.url}/t/{token}/actions", {"type": "adjust_wounds", "seat": seat, "args": {"delta": 1},
                                                     "action_id": action_id}, keys[seat])
    state = call(f"{server.url}/t/{token}/state.json")
    for seat in keys:
        assert state["seats"][seat - 1]["wounds"] == sum(1 for s, _ in attempted if s == seat)
    assert state["version"] == 1 + 3 + len(attempted)
