"""Debian's nginx in front of real servers, configured by the repository's own deploy/nginx.conf.

The test's copy changes only the upstream's `server` lines (the test's servers), the `listen` line (127.0.0.1 and a
free port) and, to turn routing off, drops the `hash` line (nginx then takes turns). nginx runs in a temporary
folder (`-p`, pid, logs and temporary files there), in the foreground, as `nobody` when the tests run as root.
"""

from __future__ import annotations

import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from companion.testing.real_server import held_port

CONF = Path(__file__).resolve().parents[2] / "deploy" / "nginx.conf"  # the checkout's, as docs/deploy.md uses it
MISSING = "nginx is not installed (Debian/Ubuntu: apt-get install nginx-light): the deployment tests need it"

MAIN = """daemon off;
worker_processes 1;
worker_rlimit_nofile 16384;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
events {{ worker_connections 8192; }}
http {{
    log_format route '$request_method $uri $status $upstream_addr';
    access_log {folder}/access.log route;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    include {folder}/companion.conf;
}}
"""


def find_nginx() -> str | None:
    """Debian's nginx binary, or None."""
    return shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if os.access(p, os.X_OK)), None)


class NginxMissing(RuntimeError):
    """No nginx to start (the deployment tests skip on it, or fail where CI requires nginx)."""


def required_nginx() -> str:
    """The nginx binary, or NginxMissing."""
    found = find_nginx()
    if found is None:
        raise NginxMissing(MISSING)
    return found


def site(upstreams: list[int], port: int, routing: bool = True) -> str:
    """deploy/nginx.conf with the test's servers on loopback, listening on 127.0.0.1:`port`."""
    text = CONF.read_text()
    server_line = re.compile(r"^( +)server [\w.]+:\d+( [^;]*);$")
    kept, placed = [], False
    for line in text.splitlines():
        found = server_line.match(line)
        if found and not placed:
            kept += [f"{found[1]}server 127.0.0.1:{upstream}{found[2]};" for upstream in upstreams]
        if not found:
            kept.append(line)
        placed = placed or bool(found)
    assert placed, "deploy/nginx.conf has no upstream server lines"
    text = "\n".join(kept) + "\n"
    text, listens = re.subn(r"^( +)listen 80;$", rf"\1listen 127.0.0.1:{port};", text, flags=re.MULTILINE)
    assert listens == 1, "deploy/nginx.conf should have one `listen 80;` line"
    if not routing:
        text, hashes = re.subn(r"^ +hash \$companion_route consistent;\n", "", text, flags=re.MULTILINE)
        assert hashes == 1, "deploy/nginx.conf should route by `hash $companion_route consistent;`"
    return text


class Proxy:
    """nginx on 127.0.0.1 in front of servers on the given loopback ports; `routing=False` makes it take turns."""

    def __init__(self, upstreams: list[int], routing: bool = True):
        self.binary = required_nginx()
        # Held until nginx starts: another test's server taking it meanwhile answered in nginx's place (nginx itself
        # gave up binding), so requests "through nginx" reached a stranger and nginx logged none of them.
        self._placeholder: socket.socket | None = held_port()
        self.port = self._placeholder.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.folder = Path(tempfile.mkdtemp(prefix="companion-nginx-"))
        (self.folder / "companion.conf").write_text(site(upstreams, self.port, routing))
        (self.folder / "nginx.conf").write_text(MAIN.format(folder=self.folder))
        self.process: subprocess.Popen | None = None

    def start(self) -> Proxy:
        """Check the configuration, start nginx and wait until it accepts connections."""
        user = pwd.getpwnam("nobody") if os.geteuid() == 0 else None
        as_user = {"user": user.pw_uid, "group": user.pw_gid, "extra_groups": []} if user else {}
        if user:
            os.chown(self.folder, user.pw_uid, user.pw_gid)
        command = [
            self.binary,
            "-p",
            str(self.folder),
            "-c",
            str(self.folder / "nginx.conf"),
            "-e",
            str(self.folder / "error.log"),
        ]
        checked = subprocess.run(
            [*command, "-t"], check=False, capture_output=True, text=True, timeout=30, **as_user
        )
        assert checked.returncode == 0, checked.stderr
        if self._placeholder is not None:
            self._placeholder.close()
            self._placeholder = None
        self.process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **as_user
        )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.errors()
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("nginx did not start in 20 s: " + self.errors())

    def errors(self) -> str:
        """nginx's error log so far."""
        path = self.folder / "error.log"
        return path.read_text() if path.exists() else ""

    def routes(self) -> list[tuple[str, str, int, list[int]]]:
        """What nginx has logged: each finished request's method, path, status and the upstream ports it tried."""
        path = self.folder / "access.log"
        found = []
        for line in path.read_text().splitlines() if path.exists() else ():
            method, uri, status, upstreams = line.split(" ", 3)
            found.append(
                (
                    method,
                    uri,
                    int(status),
                    [int(port) for port in re.findall(r"127\.0\.0\.1:(\d+)", upstreams)],
                )
            )
        return found

    def stop(self) -> None:
        """Stop nginx at once (open streams are cut) and remove its folder."""
        if self._placeholder is not None:  # never started
            self._placeholder.close()
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        shutil.rmtree(self.folder, ignore_errors=True)
