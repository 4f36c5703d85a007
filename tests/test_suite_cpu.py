"""The suite's CPU reading (`python -m benchmarks.suite_cpu`, run as a command: no test imports the benchmarks) shows
how busy the cores were in each stretch of a run, a command's own busy core included."""

import os
import subprocess
import sys


def test_the_busy_share_of_each_stretch_shows_a_core_kept_busy():
    spin = "import time\nstart = time.process_time()\nwhile time.process_time() - start < 1.2: pass"
    printed = subprocess.run([sys.executable, "-m", "benchmarks.suite_cpu", "--every", "0.05", "--stretch", "0.25",
                              "--", sys.executable, "-c", spin], capture_output=True, text=True, check=True).stdout
    shares = [int(share.rstrip("%")) for share in printed.splitlines()[-1].partition(": ")[2].split()]
    assert len(shares) >= 4
    # One core at least, all of them at most. Each core counts its busy time in clock ticks of 10 ms, so at either
    # end of a stretch of 250 ms every core's count may be a tick off: 2 * 10 / 250, 8 points either way.
    off = 2 * 10 / 250 * 100
    assert all(70 / os.cpu_count() <= share <= 100 + off for share in shares), printed


def test_a_process_of_no_known_kind_is_named_by_its_command_line():
    spin = "import time\nstart = time.process_time()\nwhile time.process_time() - start < 0.5: pass  # unnamed spinner"
    printed = subprocess.run([sys.executable, "-m", "benchmarks.suite_cpu", "--every", "0.05", "--width", "200",
                              "--", sys.executable, "-c", spin], capture_output=True, text=True, check=True).stdout
    named = printed.partition("The others, by command line")[2]
    assert "unnamed spinner" in named, printed
