"""The suite's CPU reading (benchmarks/suite_cpu.py) counts the machine's busy time, this process's own included."""

import time

from benchmarks.suite_cpu import machine_busy_seconds


def test_the_machines_busy_time_holds_at_least_what_this_process_spent():
    busy, own = machine_busy_seconds(), time.process_time()
    while time.process_time() - own < 0.3:
        pass
    assert machine_busy_seconds() - busy >= time.process_time() - own - 0.05  # /proc/stat counts in ticks
