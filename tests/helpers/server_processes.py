"""The processes of a real server (companion.testing.real_server): which worker holds a connection, every process it
started, and whether they have all ended."""

from __future__ import annotations

import http.client
import os
import signal
import socket
from pathlib import Path

import psutil

from companion.testing.real_server import Server

EXITING = 0x4  # Linux's PF_EXITING in /proc/<pid>/stat's flags: the process is in its exit


def holder(server: Server, connection: http.client.HTTPConnection | socket.socket) -> int:
    """The pid of the worker that holds the server's end of this connection."""
    return server.holder(connection.sock if isinstance(connection, http.client.HTTPConnection) else connection)


def descendants(pid: int) -> list[int]:
    """Every process `pid` started, and those they started, down to a photo reader's children."""
    try:
        return [child.pid for child in psutil.Process(pid).children(recursive=True)]
    except psutil.NoSuchProcess:
        return []


def gone(pids: list[int]) -> bool:
    """Whether none of these processes runs any more (a zombie waiting for its parent counts as ended)."""
    for pid in pids:
        try:
            if psutil.Process(pid).status() != psutil.STATUS_ZOMBIE:
                return False
        except psutil.NoSuchProcess:
            pass
    return True


def gone_or_dying(pids: list[int]) -> bool:
    """Whether each of these processes has ended or been killed and is ending (Linux: SIGKILL pending, or its exit
    under way). A photo's reading runs at idle priority, and killed on a machine whose cores are all busy it finishes
    dying only when a core has a moment for it, seconds later."""
    for pid in pids:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
            state, *fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # it ended
        pending = [int(line.split()[1], 16) for line in status.splitlines() if line.startswith(("SigPnd", "ShdPnd"))]
        killed = any(mask & 1 << (signal.SIGKILL - 1) for mask in pending)
        if not (killed or int(fields[5]) & EXITING or state == "Z"):
            return False
    return True


def running(pids: list[int]) -> list[str]:
    """What the processes among `pids` that still run are (for a failure's message)."""
    named = []
    for pid in pids:
        try:
            process = psutil.Process(pid)
            if process.status() != psutil.STATUS_ZOMBIE:
                policy = getattr(os, "sched_getscheduler", lambda _pid: None)(pid)
                named.append(f"{pid} ({process.status()}, policy {policy}) {' '.join(process.cmdline())[:80]}")
        except psutil.NoSuchProcess:
            pass
    return named
