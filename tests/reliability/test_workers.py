"""serve --workers N: N processes answer on one port, end with their parent however it ends, and a worker that
dies is replaced."""

from __future__ import annotations

import os
import signal
import urllib.request

import psutil
import pytest

from companion.__main__ import parse_args
from companion.serve import workers
from companion.testing.real_server import Server, wait_for
from tests.helpers.server_processes import gone


def answers(server: Server) -> bool:
    with urllib.request.urlopen(server.loopback_url + "/healthz", timeout=10) as response:
        return response.status == 200


def test_the_default_is_one_worker_per_core():
    assert parse_args(["serve"]).workers == workers.default_count() == (os.cpu_count() or 1)


def test_with_a_worker_for_every_core_each_keeps_to_its_own():
    assert [workers.core_of(n, 2, [0, 1]) for n in range(2)] == [0, 1]
    assert [workers.core_of(n, 3, [2, 5]) for n in range(3)] == [2, 5, 2]  # the cores this process may use
    assert workers.core_of(0, 2, [0, 1, 2, 3]) is None  # fewer workers than cores: each may use any
    assert workers.core_of(1, 2, [0]) is None  # one core: nothing to choose


def test_two_workers_on_two_cores_run_on_one_core_each(two):
    allowed = sorted(os.sched_getaffinity(0))
    if len(allowed) == 2:
        expected = [[allowed[0]], [allowed[1]]]
    else:  # one core, or more cores than workers: the workers are left to roam
        expected = [allowed, allowed]
    # each worker keeps to its core once it runs, which under load can be a moment after the parent forked it
    assert wait_for(lambda: sorted(psutil.Process(pid).cpu_affinity() for pid in two.workers()) == expected)


def test_two_workers_serve_one_port(two):
    assert len(two.workers()) == 2
    assert all(answers(two) for _ in range(20))


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["sigterm", "ctrl-c"])
def test_the_workers_stop_with_their_parent(two, signum):
    children = two.workers()
    two.process.send_signal(signum)
    two.process.wait(20)
    assert wait_for(lambda: gone(children)), "a worker outlived its parent"


def test_the_workers_end_when_their_parent_is_killed(two):
    children = two.workers()
    two.process.send_signal(signal.SIGKILL)
    two.process.wait(20)
    assert wait_for(lambda: gone(children)), "a worker outlived its killed parent"


def test_a_worker_that_dies_is_replaced_and_the_port_keeps_answering(two):
    first, second = two.workers()
    cores = psutil.Process(first).cpu_affinity()
    os.kill(first, signal.SIGKILL)
    assert answers(two)
    assert wait_for(lambda: set(two.workers()) - {first, second})  # one list: the killed one may linger as a zombie
    replacement, = set(two.workers()) - {first, second}
    assert second in two.workers() and answers(two)
    # it takes the place, and (once it runs, which under load can be a moment after its fork) the core, of the one lost
    assert wait_for(lambda: psutil.Process(replacement).cpu_affinity() == cores)
