"""A table's history is its own (issue 17, item 22): its finished games, their stories and its log are read by the
table's display and seats, and by whoever holds the share link the display makes, until it is revoked. Anyone
else gets the 404 of a page that does not exist, and a fresh browser's front page lists nobody's games."""

import re
import sqlite3
from pathlib import Path

from companion.app import create_app
from tests.helpers.http_phones import act, join

OLD_DATABASE = Path(__file__).parent / "data" / "archive_before_m006.sql"


def won(app, client, token):
    """Ana and Ben play; Ana wins. Returns their phones."""
    ana, ben = join(app, token, 1, "Ana"), join(app, token, 2, "Ben")
    act(ana, token, type="adjust_slack", seat=1, delta=5)
    act(ben, token, type="adjust_slack", seat=2, delta=3)
    act(client, token, type="adjust_slack", seat=1, delta=15)
    return ana, ben


def history_urls(token):
    """Every address that tells a finished game's story or the table's log."""
    return ("/games/1/1", f"/t/{token}/story", f"/t/{token}/log")


def share_link(client, token):
    """The display makes a share link and reads it off its page; returns the link's path."""
    assert client.post(f"/t/{token}/share").status_code == 303
    page = client.get(f"/t/{token}/display").get_data(as_text=True)
    return re.search(r'data-testid="share-url">http://127\.0\.0\.1:5999(/shared/[^<]+)<', page).group(1)


def test_a_stranger_gets_404_for_every_story_and_log_even_with_the_tables_token(app, client, table):
    won(app, client, table)
    stranger = app.test_client()
    for url in history_urls(table):
        assert stranger.get(url).status_code == 404, url
    assert stranger.get("/games/99/1").status_code == 404  # the same answer as for a game that does not exist
    assert "Ana" not in stranger.get("/games").get_data(as_text=True)


def test_the_display_and_every_seat_read_the_story_and_the_log(app, client, table):
    ana, ben = won(app, client, table)
    for reader in (client, ana, ben):
        assert reader.get(f"/t/{table}/story").headers["Location"] == "/games/1/1"
        assert 'data-testid="story-winner">Ana won<' in reader.get("/games/1/1").get_data(as_text=True)
        assert reader.get(f"/t/{table}/log").status_code == 200
        assert 'href="/games/1/1"' in reader.get("/").get_data(as_text=True)
        assert 'href="/games/1/1"' in reader.get("/games").get_data(as_text=True)


def test_a_phone_whose_seat_was_freed_no_longer_reads_the_history(app, client, table):
    ana, _ben = won(app, client, table)
    act(client, table, type="free_seat", seat=1)
    for url in history_urls(table):
        assert ana.get(url).status_code == 404, url
    assert "/games/1/1" not in ana.get("/").get_data(as_text=True)


def test_a_fresh_browser_and_another_tables_display_see_only_their_own_games(app, client, table):
    won(app, client, table)
    other = app.test_client()
    token = other.post("/tables",
                       data={"game": "guevara", "seats": "2", "language": "en"}).headers["Location"].split("/")[2]
    join(app, token, 1, "Zoe")
    act(other, token, type="adjust_slack", seat=1, delta=20)
    mine, theirs = client.get("/").get_data(as_text=True), other.get("/").get_data(as_text=True)
    assert 'href="/games/1/1"' in mine and "/games/2/" not in mine and "Zoe" not in mine
    assert 'href="/games/2/1"' in theirs and "/games/1/" not in theirs and "Ana" not in theirs
    assert other.get("/games/1/1").status_code == 404 and client.get("/games/2/1").status_code == 404
    fresh = app.test_client().get("/").get_data(as_text=True)
    assert 'data-testid="archive"' not in fresh and "Finished games" not in fresh


def test_a_share_link_shows_the_games_until_it_is_revoked(app, client, table):
    won(app, client, table)
    path = share_link(client, table)
    assert len(path.split("/")[2]) >= 32 and table not in path  # its own random key, not the table's token
    holder = app.test_client()
    listing = holder.get(path).get_data(as_text=True)
    assert f'href="{path}/1"' in listing and "<b>Ana 20</b>, Ben 3" in listing and table not in listing
    story = holder.get(path + "/1").get_data(as_text=True)
    assert 'data-testid="story-winner">Ana won<' in story and table not in story
    assert holder.get(path + "/2").status_code == 404
    for url in history_urls(table):  # the link opens the finished games, not the table
        assert holder.get(url).status_code == 404, url
    assert client.post(f"/t/{table}/share/revoke").status_code == 303
    for url in (path, path + "/1"):
        assert holder.get(url).status_code == 404
    assert "no longer works" in holder.get(path).get_data(as_text=True)
    act(client, table, type="undo")
    act(client, table, type="redo")  # the key is not in the log: undo and redo cannot bring it back
    assert holder.get(path).status_code == 404
    assert "share-url" not in client.get(f"/t/{table}/display").get_data(as_text=True)


def test_a_new_share_link_replaces_the_old_one_and_only_the_display_makes_one(app, client, table):
    ana, _ben = won(app, client, table)
    first, second = share_link(client, table), share_link(client, table)
    holder = app.test_client()
    assert first != second
    assert holder.get(first).status_code == 404 and holder.get(second).status_code == 200
    assert ana.post(f"/t/{table}/share").status_code == 403
    assert ana.post(f"/t/{table}/share/revoke").status_code == 403
    assert holder.get(second).status_code == 200


def test_archives_of_a_database_made_before_become_private(tmp_path):
    database = sqlite3.connect(tmp_path / "companion.sqlite")
    database.executescript(OLD_DATABASE.read_text())
    database.close()
    token, key = re.search(r"table token (\S+), display key (\S+);", OLD_DATABASE.read_text()).groups()
    app = create_app({"TESTING": True, "PUBLIC_URL": "http://127.0.0.1:5999"}, instance_path=str(tmp_path))
    stranger = app.test_client()
    assert "/games/1/1" not in stranger.get("/").get_data(as_text=True)
    for url in history_urls(token):
        assert stranger.get(url).status_code == 404, url
    assert stranger.get("/games/1/1", headers={"Authorization": f"Bearer {key}"}).status_code == 200
    display = app.test_client()
    assert display.get(f"/t/{token}/display?key={key}").status_code == 303
    assert 'href="/games/1/1"' in display.get("/").get_data(as_text=True)
    assert 'data-testid="story-winner">Ana won<' in display.get("/games/1/1").get_data(as_text=True)
    assert share_link(display, token).startswith("/shared/")
