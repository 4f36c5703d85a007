"""Assets work offline: htmx is vendored as recorded, and no page refers to another host."""

import hashlib
import re
from pathlib import Path

import rjsmin

from companion.web import assets

ROOT = Path(__file__).resolve().parents[2]


def test_every_vendored_file_matches_its_recorded_checksum_and_is_used():
    vendor = ROOT / "static" / "vendor"
    record = (vendor / "VENDORED.md").read_text()
    recorded = dict(re.findall(r"^\| ([\w.-]+\.(?:js|webm|mp4)) \|.*\| ([0-9a-f]{64}) \|$", record, re.MULTILINE))
    files = {path.name for path in vendor.iterdir() if path.name != "VENDORED.md"}
    assert set(recorded) == files == {"htmx-2.0.11.min.js", "idiomorph-ext-0.8.0.min.js", "htmx-ext-sse-2.2.4.min.js",
                                      "nosleep-0.12.0.min.js", "nosleep-0.12.0.webm", "nosleep-0.12.0.mp4"}
    settings = ROOT / "templates" / "partials" / "_settings.html"
    users = {".js": ROOT / "companion" / "web" / "assets.py", ".webm": settings, ".mp4": settings}
    for name, digest in recorded.items():
        assert hashlib.sha256((vendor / name).read_bytes()).hexdigest() == digest, name
        assert name in users[Path(name).suffix].read_text(), name


def test_the_keep_awake_videos_are_served_as_video_from_this_server(client):
    for name, kind in (("nosleep-0.12.0.webm", "video/webm"), ("nosleep-0.12.0.mp4", "video/mp4")):
        response = client.get(f"/static/vendor/{name}")
        assert response.status_code == 200 and response.mimetype == kind
        assert response.data == (ROOT / "static" / "vendor" / name).read_bytes()


def test_the_policy_lets_media_come_from_this_server_only(client):
    policy = dict(part.strip().split(" ", 1) for part in client.get("/").headers["Content-Security-Policy"].split(";"))
    assert policy["media-src"] == "'self'"  # the keep-awake video is a file here, never a data: URI
    assert policy["manifest-src"] == "'self'"


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


def test_pages_name_static_files_by_their_content_and_those_names_are_kept_for_a_year(client):
    page = client.get("/").get_data(as_text=True)
    names = re.findall(r'(?:href|src)="(/static/[^"]+)"', page)
    assert "/static/app.css" not in names and len(names) >= 5
    for name in names:
        plain = re.sub(r"\.[0-9a-f]{12}(\.\w+)$", r"\1", name)
        assert plain != name, name  # the file's name carries its hash
        if plain == f"/static/{assets.PAGE_SCRIPTS}":  # its parts' hashes
            hashes = [hashlib.sha256((ROOT / "static" / part).read_bytes()).hexdigest()[:12] for part in assets.SCRIPTS]
            digest = hashlib.sha256(" ".join(hashes).encode()).hexdigest()[:12]
        else:
            digest = hashlib.sha256((ROOT / plain.removeprefix("/")).read_bytes()).hexdigest()[:12]
        assert f".{digest}." in name
        response = client.get(name)
        assert response.status_code == 200
        assert set(response.headers["Cache-Control"].split(", ")) == {"public", "max-age=31536000", "immutable"}


def test_old_and_outdated_static_names_are_still_served_but_checked_each_time(client):
    shipped = rjsmin.jsmin((ROOT / "static" / "app.js").read_text()).encode()  # the file, minified
    for name in ("/static/app.js", "/static/app.0123456789ab.js"):  # a bookmarked name; a page from before an update
        response = client.get(name)
        assert response.status_code == 200 and response.data == shipped
        assert "immutable" not in response.headers["Cache-Control"] and "no-cache" in response.headers["Cache-Control"]
    assert client.get("/static/nothing.0123456789ab.js").status_code == 404


def test_our_scripts_and_styles_are_shipped_minified_and_work_the_vendored_ones_as_recorded(client):
    """A phone on poor Wi-Fi gets our files without their comments and spaces (a third of their bytes): the same
    code, which the browser tests run; the vendored files are sent as they are (their checksums are recorded)."""
    for name in ("app.js", "place.js", "card_form.js", "app.css"):
        source = (ROOT / "static" / name).read_text()
        shipped = client.get(f"/static/{name}").get_data(as_text=True)
        assert len(shipped) < 0.8 * len(source), name
        assert "\n//" not in shipped and "/* " not in shipped, name
    vendored = client.get("/static/vendor/htmx-2.0.11.min.js")
    assert vendored.data == (ROOT / "static" / "vendor" / "htmx-2.0.11.min.js").read_bytes()


def test_a_page_fetches_its_scripts_as_one_file_made_of_every_script_as_shipped_in_order(client):
    """A phone joining on weak Wi-Fi asks for two scripts (the theme before the first paint, then the rest) instead
    of sixteen; the one file holds each script as it would be shipped alone, in the order they ran as files."""
    page = client.get("/").get_data(as_text=True)
    scripts = re.findall(r'<script src="(/static/[^"]+)"', page)
    assert [re.sub(r"\.[0-9a-f]{12}\.js$", ".js", name) for name in scripts] == ["/static/theme.js",
                                                                              f"/static/{assets.PAGE_SCRIPTS}"]
    assert 'defer' in page.split(scripts[1])[1].split(">")[0] and 'defer' not in page.split(scripts[0])[1].split(">")[0]
    shipped = client.get(scripts[1]).data
    parts = [client.get(f"/static/{part}").data for part in assets.SCRIPTS]
    assert shipped == b";\n".join(parts)
    assert parts[0] == (ROOT / "static" / "vendor" / "htmx-2.0.11.min.js").read_bytes()
    assert set(assets.SCRIPTS) == {path.relative_to(ROOT / "static").as_posix()
                                   for path in (ROOT / "static").rglob("*.js") if path.name != "theme.js"}
