"""The tests' throwaway PostgreSQL cluster does not outlive a test run that is killed before it could stop it."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.helpers.postgres_cluster import MISSING, REQUIRED, server_binaries

ROOT = Path(__file__).resolve().parents[1]
HOLDS_A_CLUSTER = ("from tests.helpers.postgres_cluster import started_cluster; import sys, time; "
                   "cluster = started_cluster(); print(cluster.folder, flush=True); sys.stdin.read()")


def gone(pid: int) -> bool:
    """Whether no process has this id any more (a zombie of ours is reaped)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_a_killed_run_leaves_no_cluster_running_and_no_folder():
    if server_binaries() is None:
        (pytest.fail if REQUIRED else pytest.skip)(MISSING)
    holder = subprocess.Popen([sys.executable, "-c", HOLDS_A_CLUSTER], cwd=ROOT, text=True,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    folder = Path(holder.stdout.readline().strip())
    server = int((folder / "data" / "postmaster.pid").read_text().split()[0])
    assert not gone(server)
    holder.send_signal(signal.SIGKILL)
    holder.wait()
    deadline = time.monotonic() + 30
    while (not gone(server) or folder.exists()) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert gone(server), "the cluster's server still runs after the run that started it was killed"
    assert not folder.exists(), f"{folder} is left behind"
