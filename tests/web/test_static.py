"""Assets work offline: htmx is vendored as recorded, and no page refers to another host."""

import hashlib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_vendored_file_matches_its_recorded_checksum_and_is_loaded():
    record = (ROOT / "static" / "vendor" / "VENDORED.md").read_text()
    recorded = dict(re.findall(r"\| ([\w.-]+\.min\.js) \|.*\| ([0-9a-f]{64}) \|", record))
    files = {path.name for path in (ROOT / "static" / "vendor").glob("*.js")}
    assert set(recorded) == files == {"htmx-2.0.11.min.js", "idiomorph-ext-0.8.0.min.js"}
    for name, digest in recorded.items():
        assert hashlib.sha256((ROOT / "static" / "vendor" / name).read_bytes()).hexdigest() == digest
        assert name in (ROOT / "templates" / "base.html").read_text()


def test_no_template_or_asset_loads_anything_from_another_host():
    for path in list((ROOT / "templates").rglob("*.html")) + [ROOT / "static" / "app.css", ROOT / "static" / "app.js"]:
        text = path.read_text()
        assert not re.search(r"(src|href)=[\"']https?://", text), path
        assert "@import" not in text and "fonts.googleapis" not in text, path


def test_pages_carry_security_headers(client):
    headers = client.get("/").headers
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    assert "unsafe-inline" not in headers["Content-Security-Policy"]
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "same-origin"  # no-referrer would make the page's own posts `Origin: null`


def test_templates_have_no_inline_scripts_or_handlers():
    for path in (ROOT / "templates").rglob("*.html"):
        text = path.read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)", text), path
        assert not re.search(r"\son[a-z]+=", text), path
