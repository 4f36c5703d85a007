"""The count of each address's connections that the workers share (companion.serve.shares): exact for every
address however many come and go, shared across forked processes, and a dead worker's count cleared by its
replacement."""

from __future__ import annotations

import os
import random
import signal
import threading
from collections import Counter

import psutil

from companion.serve.shares import AddressShares
from companion.testing.real_server import wait_for


def test_every_address_gets_exactly_its_share_however_many_come_and_go():
    shares, model, rng = AddressShares(per_client=3, addresses=300), Counter(), random.Random(30)
    addresses = [f"10.0.{i // 250}.{i % 250}" for i in range(1000)]
    for _ in range(30_000):
        address = rng.choice(addresses[: rng.choice((40, 300, 1000))])
        if model[address] and rng.random() < 0.5:
            shares.give_back(address)
            model[address] -= 1
            if not model[address]:
                del model[address]
        elif address in model or len(model) < 300:  # never more addresses at once than it was made for
            taken = shares.take(address)
            assert taken == (model[address] < 3), address
            model[address] += taken
    assert all(shares.held(address) == model[address] for address in addresses)


def test_workers_count_together_and_a_dead_workers_count_is_cleared_by_its_replacement():
    shares = AddressShares(per_client=5, workers=2)
    shares.as_worker(0)
    assert all(shares.take("10.0.0.9") for _ in range(2))
    child = os.fork()
    if child == 0:  # worker 1: takes the rest of the share and dies without giving anything back
        shares.as_worker(1)
        taken = [shares.take("10.0.0.9") for _ in range(4)]
        os._exit(0 if taken == [True, True, True, False] else 1)
    _, status = os.waitpid(child, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert shares.held("10.0.0.9") == 5 and not shares.take("10.0.0.9")
    shares.give_back("10.0.0.9")  # worker 0 gives back one of its own
    assert shares.held("10.0.0.9") == 4
    replacement = os.fork()
    if replacement == 0:
        shares.as_worker(1)  # worker 1's replacement starts its column afresh
        os._exit(0)
    os.waitpid(replacement, 0)
    assert shares.held("10.0.0.9") == 1


class StopsMidWrite:
    """A worker's view of the shared counts that stops its process (SIGSTOP, as a debugger or a stall would) just
    before it writes: the worst moment, inside whatever the worker holds while it counts."""

    def __init__(self, counts):
        self._counts = counts

    def __getitem__(self, index):
        return self._counts[index]

    def __setitem__(self, index, value):
        os.kill(os.getpid(), signal.SIGSTOP)
        self._counts[index] = value


def test_a_worker_stopped_while_it_counts_never_holds_up_the_others():
    shares = AddressShares(per_client=5, workers=2)
    shares.as_worker(0)
    child = os.fork()
    if child == 0:  # worker 1, stopped in the middle of counting a connection
        shares.as_worker(1)
        shares._counts = StopsMidWrite(shares._counts)
        shares.take("10.0.0.7")
        os._exit(0)
    try:
        assert wait_for(lambda: psutil.Process(child).status() == psutil.STATUS_STOPPED)
        answered = threading.Event()
        threading.Thread(target=lambda: (shares.take("10.0.0.8"), shares.give_back("10.0.0.8"),
                                         shares.held("10.0.0.7"), answered.set()), daemon=True).start()
        assert answered.wait(1.0), "the other worker waited for the stopped one"
    finally:
        os.kill(child, signal.SIGKILL)
        os.waitpid(child, 0)
