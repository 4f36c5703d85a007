"""Debian's Chromium for the browser tests: where it is, how it starts, and the phone and display it plays.

Phones at a real table open the laptop's LAN address over plain HTTP, which is not a secure context. Chromium maps
LAN_HOST to 127.0.0.1, so a server whose pages are opened under that name is seen as such a LAN address while
every byte still goes over loopback.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import psutil

# Playwright's own convention: headless runs on Chromium's headless shell, which costs about half the CPU per phone;
# the full browser only for what the shell does not have (wake lock, visibility, installing, full screen).
HEADLESS_CANDIDATES = ("chromium-headless-shell",)
FULL_CANDIDATES = ("chromium", "chromium-browser", "google-chrome")
LAN_HOST = "table.lan"
CHROMIUM_ARGS = [f"--host-resolver-rules=MAP {LAN_HOST} 127.0.0.1", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True,
         "has_touch": True}
DISPLAY = {"viewport": {"width": 1280, "height": 800}}
# Chromium 156 starts, for each window (each new context), two renderers for the address bar's suggestion popup
# (chrome://omnibox-popup.top-chrome); a headless test never opens it, and they cost about 0.7 CPU-s per context.
SPARED_FEATURES = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup")
_PLAYWRIGHT_SWITCHES: dict[str, list[str]] = {}  # by Chromium executable


def playwright_disabled_switches(browser_type, executable_path: str) -> list[str]:
    """The --disable-features switches Playwright starts this Chromium with, read once per process from the command
    line of a first, short start (in /proc: a headless shell has no chrome://version)."""
    if executable_path not in _PLAYWRIGHT_SWITCHES:
        probe = browser_type.launch(executable_path=executable_path, args=CHROMIUM_ARGS)
        try:
            words = _browser_command_line()
        finally:
            probe.close()
        _PLAYWRIGHT_SWITCHES[executable_path] = [word for word in words if word.startswith("--disable-features=")]
    return _PLAYWRIGHT_SWITCHES[executable_path]


def _browser_command_line() -> list[str]:
    """The command line of the Chromium browser process this process started last (through Playwright's driver)."""
    def words(process) -> list[str]:
        try:
            return process.cmdline()
        except psutil.Error:  # ended meanwhile, or a zombie
            return []

    lines = [words(child) for child in sorted(psutil.Process().children(recursive=True), key=lambda c: c.pid)]
    return [line for line in lines if "--remote-debugging-pipe" in line
            and not any(word.startswith("--type=") for word in line)][-1]


# A phone on the LAN name keeps its screen awake with NoSleep's looping video (static/awake.js), which costs Chromium
# a frame of it after another for as long as the test goes on. Played at a sixteenth of its speed it still plays, and
# the page and its indicator see no difference; the tests of the video itself run in the full browser, unslowed.
SLOW_KEEP_AWAKE = """document.addEventListener("playing", event => {
  if (event.target.classList && event.target.classList.contains("keep-awake-video")) event.target.playbackRate = 0.0625;
}, true);"""


def slowing_keep_awake(browser) -> None:
    """Every context the browser makes from now on plays the keep-awake video slowly (SLOW_KEEP_AWAKE)."""
    new_context = browser.new_context

    def slowed(*args, **kwargs):
        context = new_context(*args, **kwargs)
        context.add_init_script(SLOW_KEEP_AWAKE)
        return context

    browser.new_context = slowed


def launch(browser_type, executable_path: str, args: list[str] = CHROMIUM_ARGS):
    """Chromium started with `args` and without the features it need not run, Playwright's own list of disabled
    features kept: Chromium keeps only the last --disable-features switch, so the two lists go in one."""
    switches = playwright_disabled_switches(browser_type, executable_path)
    features = [name for switch in switches for name in switch.partition("=")[2].split(",") if name]
    disabled = "--disable-features=" + ",".join(dict.fromkeys([*features, *SPARED_FEATURES]))
    return browser_type.launch(executable_path=executable_path, args=[*args, disabled], ignore_default_args=switches)


def find_chromium(full: bool = False) -> str | None:
    """The Chromium executable for the browser tests: the headless shell (COMPANION_CHROMIUM, else the PATH, else the
    full browser); with `full`, the full browser (COMPANION_FULL_CHROMIUM, else the PATH)."""
    configured = os.environ.get("COMPANION_FULL_CHROMIUM" if full else "COMPANION_CHROMIUM")
    if configured:
        return configured if Path(configured).exists() else None
    for name in FULL_CANDIDATES if full else (*HEADLESS_CANDIDATES, *FULL_CANDIDATES):
        found = shutil.which(name)
        if found:
            return found
    return None
