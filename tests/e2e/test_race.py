"""Five phones post 200 taps each at the same moment: exactly 1000 events, no duplicates, totals add up."""

from __future__ import annotations

import json
import threading
import urllib.request


def call(url, body=None, key=None):
    request = urllib.request.Request(url, data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    if key:
        request.add_header("Authorization", f"Bearer {key}")
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


def test_five_phones_racing_at_one_table_lose_and_double_nothing(served):
    table = call(served.url + "/api/tables", {"game": "guevara", "seats": 5, "language": "en"})
    token = table["token"]
    keys = {seat: call(f"{served.url}/t/{token}/join.json", {"seat": seat, "name": f"P{seat}"})["seat_key"]
            for seat in range(1, 6)}
    start = call(f"{served.url}/t/{token}/state.json")["version"]
    barrier = threading.Barrier(5)
    repeated = []

    def phone(seat):
        barrier.wait()
        for n in range(200):
            body = {"type": "adjust_wounds", "seat": seat, "args": {"delta": 1 + n % 2},
                    "action_id": f"race-{seat}-{n:04d}"}
            call(f"{served.url}/t/{token}/actions", body, keys[seat])
            if n % 20 == 0:  # a retry of the same tap, as a phone on flaky Wi-Fi would send
                repeated.append(call(f"{served.url}/t/{token}/actions", body, keys[seat])["repeated"])

    threads = [threading.Thread(target=phone, args=(seat,)) for seat in keys]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)

    state = call(f"{served.url}/t/{token}/state.json")
    assert state["version"] == start + 1000
    assert all(repeated) and len(repeated) == 50
    for seat in state["seats"]:
        assert seat["wounds"] == 100 * 1 + 100 * 2
