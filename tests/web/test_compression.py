"""Pages, fragments and assets travel gzip-compressed to browsers that accept it; the live stream is left alone."""

import gzip
import re
from pathlib import Path

import rcssmin

from tests.helpers.http_phones import act, join
from tests.helpers.http_tables import PROFILE

ROOT = Path(__file__).resolve().parents[2]
GZIP = {"Accept-Encoding": "gzip, deflate, br"}
ASSET = re.compile(r'<(?:link[^>]+href|script[^>]+src|img[^>]+src)="(/[^"]+)"')
PAGE_BUDGET = 60 * 1024


def test_a_static_asset_is_sent_compressed_and_still_revalidates(client):
    plain = client.get("/static/app.css")
    packed = client.get("/static/app.css", headers=GZIP)
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in packed.headers["Vary"]
    shipped = rcssmin.cssmin((ROOT / "static" / "app.css").read_text()).encode()  # the file, its comments left out
    assert gzip.decompress(packed.get_data()) == shipped == plain.get_data()
    assert len(packed.get_data()) < len(plain.get_data()) / 2
    again = client.get("/static/app.css", headers={**GZIP, "If-None-Match": packed.headers["ETag"]})
    assert again.status_code == 304


def test_a_panel_is_sent_compressed(app, table):
    ana = join(app, table, 1, "Ana")
    packed = ana.get(f"/t/{table}/panel?view=seat", headers={"HX-Request": "true", **GZIP})
    assert packed.headers["Content-Encoding"] == "gzip"
    assert '<h1 class="me-name">Ana</h1>' in gzip.decompress(packed.get_data()).decode()


def test_the_live_stream_and_tiny_answers_are_not_compressed(client, table):
    stream = client.get(f"/t/{table}/live", headers=GZIP, buffered=False)
    assert stream.mimetype == "text/event-stream" and "Content-Encoding" not in stream.headers
    stream.close()
    assert "Content-Encoding" not in client.get("/healthz", headers=GZIP).headers


def test_the_seat_page_with_all_its_assets_stays_within_60_kb_compressed(app, client, table):
    """In the page's heaviest state: the phone whose turn it is, in Call People, with the card name list."""
    ana = join(app, table, 1, "Ana")
    act(client, table, type="set_profile", **PROFILE)
    for seat, rank in ((1, "private"), (2, "corporal"), (3, "sergeant"), (4, "private")):
        act(client, table, type="set_rank", seat=seat, rank=rank)
    act(client, table, type="set_dealer", seat=4)
    act(client, table, type="start_game")
    for phase in ("draw", "roll"):
        assert act(ana, table, type="advance", seat=1, phase=phase, turn=1).status_code == 200
    page = ana.get(f"/t/{table}/seat", headers=GZIP)
    html = gzip.decompress(page.get_data()).decode()
    assert 'id="card-names"' in html
    sizes = {"page": len(page.get_data())}
    for asset in ASSET.findall(html):
        answer = client.get(asset, headers=GZIP)
        sizes[asset] = len(answer.get_data())
        assert answer.status_code == 200, asset
        assert answer.headers.get("Content-Encoding") == "gzip" or sizes[asset] < 1024, asset
    plain = {re.sub(r"\.[0-9a-f]{12}(\.\w+)$", r"\1", name) for name in sizes}  # names carry the file's hash
    assert {"/static/app.css", "/static/pages.js"} <= plain
    assert b"htmx" in gzip.decompress(client.get(next(name for name in sizes if "pages." in name), headers=GZIP).data)
    assert sum(sizes.values()) <= PAGE_BUDGET, sizes
