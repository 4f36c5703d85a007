"""What stops the server from starting, or its store from working, said in one line a host can act on."""

from __future__ import annotations

import errno
import sqlite3
from pathlib import Path

from ..storage.store import storage_problem


def explain(error: BaseException, *, instance: Path, database: str | None = None, host: str = "",
            port: int = 0) -> str | None:
    """The one line that says what is wrong and what to do, for an error a host can mend; None for any other (a
    bug, to be shown in full)."""
    if isinstance(error, OSError) and error.errno in (errno.EADDRINUSE, errno.EACCES, errno.EADDRNOTAVAIL) \
            and error.filename is None:
        return _address(error, host, port)
    if isinstance(error, OSError) and error.filename is not None:
        return (f"The instance folder {instance} cannot be used ({error.strerror}: {error.filename}): "
                "choose another with --instance, or mend this one.")
    if isinstance(error, sqlite3.DatabaseError) or database:
        return storage_problem(error, database or instance / "companion.sqlite")
    return None


def _address(error: OSError, host: str, port: int) -> str:
    if error.errno == errno.EADDRINUSE:
        return (f"Port {port} on {host} is in use by another program (another companion?): stop it, or choose "
                "another port with --port.")
    if error.errno == errno.EACCES:
        return f"Port {port} needs administrator rights here: choose one above 1023 with --port."
    return f"{host} is not an address of this computer: choose one of its own with --host (or 0.0.0.0 for all)."
