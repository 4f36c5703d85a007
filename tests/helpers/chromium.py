"""Debian's Chromium for the browser tests: where it is, how it starts, and the phone and display it plays.

Phones at a real table open the laptop's LAN address over plain HTTP, which is not a secure context. Chromium maps
LAN_HOST to 127.0.0.1, so a server whose pages are opened under that name is seen as such a LAN address while
every byte still goes over loopback.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

CHROMIUM_CANDIDATES = ("chromium", "chromium-browser", "google-chrome")
LAN_HOST = "table.lan"
CHROMIUM_ARGS = [f"--host-resolver-rules=MAP {LAN_HOST} 127.0.0.1", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True,
         "has_touch": True}
DISPLAY = {"viewport": {"width": 1280, "height": 800}}


def find_chromium() -> str | None:
    """The Chromium executable, from COMPANION_CHROMIUM or the PATH."""
    configured = os.environ.get("COMPANION_CHROMIUM")
    if configured:
        return configured if Path(configured).exists() else None
    for name in CHROMIUM_CANDIDATES:
        found = shutil.which(name)
        if found:
            return found
    return None
