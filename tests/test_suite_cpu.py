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
    # one core at least, all of them at most; each share is read in clock ticks, 10 ms per core in 250
    assert all(70 / os.cpu_count() <= share <= 105 for share in shares), printed


def test_a_process_of_no_known_kind_is_named_by_its_command_line():
    spin = "import time\nstart = time.process_time()\nwhile time.process_time() - start < 0.5: pass  # unnamed spinner"
    printed = subprocess.run([sys.executable, "-m", "benchmarks.suite_cpu", "--every", "0.05", "--width", "200",
                              "--", sys.executable, "-c", spin], capture_output=True, text=True, check=True).stdout
    named = printed.partition("The others, by command line")[2]
    assert "unnamed spinner" in named, printed
