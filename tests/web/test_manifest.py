"""Installable: a seat page names a web app manifest that opens that seat full-screen, with icons from here."""

import re

from tests.helpers.http_phones import join

MANIFEST_LINK = re.compile(r'<link rel="manifest" href="([^"]+)">')


def test_a_seat_page_links_a_manifest_named_after_the_game_and_the_seat(app, client, table):
    ana = join(app, table, 2, "Ana")
    page = ana.get(f"/t/{table}/seat").get_data(as_text=True)
    href = MANIFEST_LINK.search(page).group(1).replace("&amp;", "&")
    response = app.test_client().get(href)  # browsers fetch manifests without cookies
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    manifest = response.get_json()
    assert manifest["name"] == "Chez Guevara — Ana"
    assert manifest["short_name"] == "Chez Guevara"
    assert manifest["start_url"] == f"/t/{table}/seat"
    assert manifest["start_url"].startswith(manifest["scope"])
    assert manifest["display"] == "standalone"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])


def test_the_manifest_icons_are_served_from_here_with_their_types(app, client, table):
    manifest = client.get(f"/t/{table}/manifest.webmanifest?seat=1").get_json()
    sizes = {icon["sizes"]: icon for icon in manifest["icons"]}
    assert set(sizes) == {"192x192", "512x512", "any"}
    for icon in manifest["icons"]:
        assert icon["src"].startswith("/static/")
        response = client.get(icon["src"])
        assert response.status_code == 200 and response.mimetype == icon["type"]
    assert sizes["any"]["type"] == "image/svg+xml"
    assert client.get(sizes["192x192"]["src"]).data.startswith(b"\x89PNG")


def test_an_unnamed_seat_or_none_gives_a_plain_name_and_an_unknown_table_nothing(client, table):
    assert client.get(f"/t/{table}/manifest.webmanifest?seat=3").get_json()["name"] == "Chez Guevara — Seat 3"
    assert client.get(f"/t/{table}/manifest.webmanifest").get_json()["name"] == "Chez Guevara"
    assert client.get(f"/t/{table}/manifest.webmanifest?seat=99").get_json()["name"] == "Chez Guevara"
    assert client.get("/t/" + "x" * 22 + "/manifest.webmanifest").status_code == 404


def test_the_theme_colour_follows_dark_mode_and_only_seat_pages_name_a_manifest(app, client, table):
    front = client.get("/").get_data(as_text=True)
    assert '<meta name="theme-color" content="#121311" media="(prefers-color-scheme: dark)">' in front
    assert '<meta name="theme-color" content="#2f6f3e" media="(prefers-color-scheme: light)">' in front
    assert not MANIFEST_LINK.search(front)
    assert not MANIFEST_LINK.search(client.get(f"/t/{table}/display").get_data(as_text=True))


def test_a_combined_game_is_named_by_both_decks(client):
    response = client.post("/tables", data={"game": "geekgoth", "seats": "3",
                                            "language": "en"})
    token = response.headers["Location"].split("/")[2]
    assert client.get(f"/t/{token}/manifest.webmanifest").get_json()["name"] == "Chez Geek + Chez Goth"
