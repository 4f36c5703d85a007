"""The processes of a real server (companion.testing.real_server): which worker holds a connection, every process it
started, and whether they have all ended."""

from __future__ import annotations

import http.client
import socket

import psutil

from companion.testing.real_server import Server


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


def running(pids: list[int]) -> list[str]:
    """What the processes among `pids` that still run are (for a failure's message)."""
    named = []
    for pid in pids:
        try:
            process = psutil.Process(pid)
            if process.status() != psutil.STATUS_ZOMBIE:
                named.append(f"{pid} {' '.join(process.cmdline())[:80]}")
        except psutil.NoSuchProcess:
            pass
    return named
