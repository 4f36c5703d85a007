"""A long game's log is read a page at a time, the newest first, with links to earlier and newer entries."""

import html as markup
import re

from companion.web.views import seat as seat_views
from tests.helpers.http_phones import act
from tests.helpers.http_tables import open_table


def page(client, path: str) -> tuple[list[str], str | None, str | None]:
    """A log page's lines (entities decoded), and where its 'Earlier entries' and 'Newer entries' links lead."""
    html = markup.unescape(client.get(path).get_data(as_text=True))
    lines = re.findall(r"<li[^>]*>(.*?)</li>", html.split('<ol class="log">')[1].split("</ol>")[0], re.DOTALL)
    earlier = re.search(r'<a href="([^"]+)" data-testid="log-earlier">', html)
    newer = re.search(r'<a href="([^"]+)" data-testid="log-newer">', html)
    return lines, earlier and earlier[1], newer and newer[1]


def test_the_log_shows_the_newest_page_and_leads_to_earlier_and_newer_ones(app, client, monkeypatch):
    monkeypatch.setattr(seat_views, "LOG_PAGE", 10)
    table = open_table(client, "guevara")
    for tap in range(24):  # after the table's opening: 25 events
        assert act(client, table, type="adjust_slack", seat=1 + tap // 8, delta=1).status_code == 200
    lines, earlier, newer = page(client, f"/t/{table}/log")
    assert len(lines) == 10 and newer is None and earlier
    assert "Seat 3" in lines[0] and "Seat 3" in lines[7] and "Seat 2" in lines[8]  # the newest first
    seen = list(lines)
    while earlier:
        lines, earlier, back = page(client, earlier)
        assert back  # every earlier page leads back toward the newest
        seen += lines
    assert len(seen) == 25 and "opened the table" in seen[-1]  # every entry once, down to the opening
    assert len(lines) == 5


def test_an_undo_names_what_it_took_back_even_when_that_is_on_an_earlier_page(app, client, monkeypatch):
    monkeypatch.setattr(seat_views, "LOG_PAGE", 5)
    table = open_table(client, "guevara")
    assert act(client, table, type="adjust_wounds", seat=2, delta=1).status_code == 200  # event 2
    for _ in range(6):  # events 3 to 8
        assert act(client, table, type="adjust_slack", seat=1, delta=1).status_code == 200
    for _ in range(7):  # events 9 to 15: the seventh undo takes back the wound
        assert act(client, table, type="undo").status_code == 200
    lines, earlier, _newer = page(client, f"/t/{table}/log")  # events 11 to 15
    assert "undid" in lines[0] and "wound" in lines[0], lines[0]
    _lines, earlier, _newer = page(client, earlier)  # events 6 to 10
    html = markup.unescape(client.get(earlier).get_data(as_text=True))  # events 1 to 5
    wound = re.search(r"<li [^>]*class=\"([^\"]*)\">\s*<time>[^<]*</time> <b>[^<]*Seat 2</b>[^<]*wound", html)
    assert wound and wound[1] == "undone", html.split('<ol class="log">')[1][:600]


def test_a_page_address_that_is_no_number_shows_the_newest_page(app, client):
    table = open_table(client, "guevara")
    act(client, table, type="adjust_slack", seat=1, delta=1)
    assert page(client, f"/t/{table}/log?before=x") == page(client, f"/t/{table}/log")
    assert page(client, f"/t/{table}/log?before=-5")[0]  # before the first entry: the first page there is
