"""Whether card photos slow another table's taps: one table taps while 15 phones at other tables send card
photos.

    python -m benchmarks.bench_photo_load [--phones 15] [--seconds 20] [--rounds 3]

The real server on loopback with its default photo readers (one per core but one) and queue. One table taps
(`adjust_slack`, five taps a second, each on a kept-alive connection, as a phone does), in rounds that take
turns: alone, then while each phone sends a generated photo (companion/testing/card_photos.py, as the page sends
it), waits for its answer and sends the next after one to three seconds, or after the two seconds a "busy"
answer asks; `--rounds` times each. The ratio compared is that of the medians of the rounds' tap p95s, so that
one burst of unrelated load on the machine does not decide it. Prints each round, and every photo's answer:
read, busy, or lost (no answer within the readers' longest wait and a minute).
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import random
import statistics
import threading
import time

from benchmarks.bench_card_photo import _photo, sample
from benchmarks.measure import Served, new_table, percentile, served
from companion.knowledge.photo_readers import READING_SECONDS

TAPS_PER_SECOND = 5
BOUNDARY = "bench-photo"


def body_of(photo: bytes) -> bytes:
    """The photo in a multipart form's field `photo`, as the page sends it."""
    head = (f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="card.jpg"\r\n'
            "Content-Type: image/jpeg\r\n\r\n")
    return head.encode() + photo + f"\r\n--{BOUNDARY}--\r\n".encode()


def tapping(server: Served, made: dict, seconds: float) -> list[float]:
    """Taps at the table `made` for `seconds`: each one's latency (s)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {made['display_key']}"}
    took, ends, number = [], time.monotonic() + seconds, 0
    while time.monotonic() < ends:
        number += 1
        body = json.dumps({"type": "adjust_slack", "seat": 2, "args": {"delta": 1 if number % 2 else -1}})
        started = time.perf_counter()
        connection.request("POST", f"/t/{made['token']}/actions", body, headers)
        answer = connection.getresponse()
        answer.read()
        took.append(time.perf_counter() - started)
        assert answer.status == 200, answer.status
        time.sleep(max(0.0, 1 / TAPS_PER_SECOND - took[-1]))
    connection.close()
    return took


def phone(
    server: Served, made: dict, photos: list[bytes], stop: threading.Event, outcomes: list[tuple[str, float]]
) -> None:
    """One phone at its own table `made`: a photo, its answer, a pause; until stopped."""
    chooser = random.Random(made["token"])
    while not stop.is_set():
        body = body_of(chooser.choice(photos))
        started = time.perf_counter()
        try:
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=READING_SECONDS + 60)
            connection.request(
                "POST",
                f"/t/{made['token']}/card-photo",
                body,
                {
                    "Content-Type": f"multipart/form-data; boundary={BOUNDARY}",
                    "Authorization": f"Bearer {made['display_key']}",
                },
            )
            answer = connection.getresponse()
            answer.read()
            connection.close()
            kind = {200: "read", 503: "busy"}.get(answer.status, f"status {answer.status}")
        except (OSError, http.client.HTTPException) as error:
            kind = f"lost ({type(error).__name__})"
        outcomes.append((kind, time.perf_counter() - started))
        stop.wait(2.0 if kind == "busy" else chooser.uniform(1, 3))


def phones_at(server: Served, tables: list[dict], photos: list[bytes], stop, results) -> None:
    """A phone at each of `tables` sending photos until `stop` is set; their outcomes put on `results` at the
    end."""
    done, outcomes = threading.Event(), []
    threads = [threading.Thread(target=phone, args=(server, made, photos, done, outcomes)) for made in tables]
    for each in threads:
        each.start()
    stop.wait()
    done.set()
    for each in threads:
        each.join()
    results.put(outcomes)


def ms(values: list[float], p: int) -> float:
    """The p-th percentile in milliseconds."""
    return 1000 * percentile(values, p)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=15)
    parser.add_argument("--seconds", type=float, default=20, help="each round's length")
    parser.add_argument("--rounds", type=int, default=3, help="rounds alone, and as many with photos")
    args = parser.parse_args()
    photos = [_photo(name, lang, seed) for name, lang, seed, _kind in sample("held-out", 6, 0)]
    rounds: list[tuple[str, list[float], float]] = []  # (alone or beside, the taps' latencies, load average)
    outcomes: list[tuple[str, float]] = []
    with served("--photo-seconds", str(READING_SECONDS)) as server:  # a table's own deadline
        tapper, tables = new_table(server.url), [new_table(server.url) for _ in range(args.phones)]
        for _round in range(args.rounds):
            rounds.append(("alone", tapping(server, tapper, args.seconds), os.getloadavg()[0]))
            # The phones in a process of their own, as phones are: their threads must not slow the
            # tapper's.
            stop, results = multiprocessing.Event(), multiprocessing.Queue()
            phones = multiprocessing.Process(
                target=phones_at, args=(server, tables, photos, stop, results)
            )
            phones.start()
            time.sleep(2)  # the phones' first photos are on their way
            rounds.append(("beside", tapping(server, tapper, args.seconds), os.getloadavg()[0]))
            stop.set()
            outcomes += results.get(timeout=READING_SECONDS + 120)
            phones.join()
    print(
        f"{os.cpu_count()} cores; {args.phones} phones; {args.rounds} rounds alone and {args.rounds} beside "
        f"the photos, {args.seconds:.0f} s each, taking turns\n"
    )
    print("| round | tapping table | load average | taps | median ms | p95 ms | max ms |")
    print("| ---: | --- | ---: | ---: | ---: | ---: | ---: |")
    for number, (kind, took, load) in enumerate(rounds):
        label = "alone" if kind == "alone" else f"while {args.phones} phones send photos"
        print(
            f"| {number // 2 + 1} | {label} | {load:.1f} | {len(took)} | {ms(took, 50):.1f} "
            f"| {ms(took, 95):.1f} | {1000 * max(took):.1f} |"
        )
    alone = statistics.median(ms(took, 95) for kind, took, _load in rounds if kind == "alone")
    beside = statistics.median(ms(took, 95) for kind, took, _load in rounds if kind == "beside")
    each = ", ".join(
        f"{ms(rounds[at + 1][1], 95) / ms(rounds[at][1], 95):.2f}x" for at in range(0, len(rounds), 2)
    )
    print(
        f"\nMedian tap p95 alone {alone:.1f} ms, beside the photos {beside:.1f} ms: "
        f"{beside / alone:.2f}x (round by round: {each})\n"
    )
    print("| photo answer | photos | median s | p95 s | max s |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for kind in sorted({kind for kind, _took in outcomes}):
        took = [seconds for each, seconds in outcomes if each == kind]
        print(
            f"| {kind} | {len(took)} | {statistics.median(took):.2f} | {ms(took, 95) / 1000:.2f} "
            f"| {max(took):.2f} |"
        )
    print("\nA p95 of 21 samples or fewer lies between the largest two (statistics.quantiles, inclusive).")


if __name__ == "__main__":
    main()
