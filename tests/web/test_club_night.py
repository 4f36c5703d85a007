"""The club night page (issue 48): the host sees the evening's tables, their games and the standings by name (case
and accents ignored), merges two spellings and takes it back, downloads the CSV; nobody else sees any of it."""

import csv
import io
import re
import time
import types

import pytest

from companion.storage import store
from tests.helpers.bgstats_plays import links_in, play_of
from tests.helpers.host import made_host
from tests.helpers.http_phones import act, join
from tests.helpers.postgres_cluster import BOTH_DATABASES

# Three tables of two players, two games each: (names, [(seat 1's Slack, seat 2's Slack) per game]).
TABLES = [(("Zoë", "Ben"), [(20, 5), (3, 20)]),
          (("zoe", "Benny"), [(20, 7), (20, 2)]),
          (("ZOE", "ben"), [(4, 20), (20, 7)])]


@pytest.fixture
def clock(monkeypatch):
    """The store's clock: tables and events are stamped with it."""
    now = [time.time()]
    monkeypatch.setattr(store, "time", types.SimpleNamespace(time=lambda: now[0]))
    return now


def play_table(app, names, games, game="guevara"):
    """A two-seat table whose players count Slack up to the goal, a rematch between its games."""
    display = app.test_client()
    token = display.post("/tables",
                         data={"game": game, "seats": "2", "language": "en"}).headers["Location"].split("/")[2]
    phones = [join(app, token, seat, name) for seat, name in enumerate(names, start=1)]
    for number, slack in enumerate(games):
        if number:
            assert act(display, token, type="rematch").status_code == 200
        for seat in sorted((1, 2), key=lambda s: slack[s - 1]):  # the winner last
            assert act(display, token, type="adjust_slack", seat=seat, delta=slack[seat - 1]).status_code == 200
    return display, token, phones


@pytest.fixture
def evening(app, clock):
    """Last week's table (not tonight's), then the three tables of tonight; the host's browser."""
    clock[0] -= 7 * 24 * 3600
    play_table(app, ("Old", "Timer"), [(20, 1)])
    clock[0] += 7 * 24 * 3600
    tables = [play_table(app, names, games) for names, games in TABLES]
    return made_host(app, app.test_client()), tables


def standings(html):
    """The standings table as rows of text."""
    body = html.split('data-testid="club-standings"')[1].split("</table>")[0]
    return [[re.sub(r"<[^>]+>", "", cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row)]
            for row in re.findall(r'<tr data-testid="standing">(.*?)</tr>', body)]


def csv_rows(response):
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert response.headers["Content-Disposition"].startswith("attachment")
    text = response.get_data(as_text=True)
    assert text.startswith("\ufeff")  # spreadsheets then read "Zoë" as written
    return list(csv.reader(io.StringIO(text[1:])))


@BOTH_DATABASES
def test_standings_of_three_tables_with_two_games_each(evening):
    host, tables = evening
    html = host.get("/club").get_data(as_text=True)  # tonight by default
    assert html.count('data-testid="club-table"') == 3 and html.count('data-testid="club-game"') == 6
    assert "Old" not in html and "Timer" not in html  # last week's table is not tonight's
    assert standings(html) == [["Zoë", "6", "4", "14.5", "20"],  # Zoë, zoe and ZOE are one player
                               ["Ben", "4", "2", "13.0", "20"],  # Ben and ben too
                               ["Benny", "2", "0", "4.5", "7"]]
    assert "Game 2: Ben won" in html and "Game 1: zoe won" in html
    links = links_in(html)
    assert len(links) == 6 and len({play_of(link)["sourcePlayId"] for link in links}) == 6
    table_page = tables[0][0].get(f"/t/{tables[0][1]}/display").get_data(as_text=True)
    assert links_in(table_page) == [links[1]]  # the newest game's link, as the table's own display shows it
    earlier = host.get("/club?since=" + time.strftime("%Y-%m-%dT%H:%M", time.localtime(time.time() - 8 * 86400)))
    assert [row[0] for row in standings(earlier.get_data(as_text=True))] == ["Zoë", "Ben", "Old", "Benny", "Timer"]
    german = host.get("/club", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "Rangliste" in german and standings(german)[0] == ["Zoë", "6", "4", "14,5", "20"]


@BOTH_DATABASES
def test_the_host_merges_two_spellings_and_takes_it_back(evening):
    host, _tables = evening
    merged = host.post("/club/merges", data={"spelling": "Benny", "into": "ben"})
    assert merged.status_code == 303
    html = host.get(merged.headers["Location"]).get_data(as_text=True)
    assert "Merged: the two spellings count as one player." in html
    assert standings(html) == [["Zoë", "6", "4", "14.5", "20"], ["Ben", "6", "2", "10.2", "20"]]
    assert "Benny counts as Ben" in html
    again = host.post("/club/merges", data={"spelling": "BENNY", "into": "Ben"})
    assert again.status_code == 409 and "already count as one player" in again.get_data(as_text=True)

    undo = re.search(r'action="(/club/merges/\d+/undo[^"]*)"', html).group(1).replace("&amp;", "&")
    undone = host.post(undo)
    assert undone.status_code == 303
    html = host.get(undone.headers["Location"]).get_data(as_text=True)
    assert "Merge undone: the two spellings count as two players again." in html
    assert ["Benny", "2", "0", "4.5", "7"] in standings(html) and "Merged spellings" not in html
    second = host.post(undo)
    assert second.status_code == 409 and "already undone" in second.get_data(as_text=True)


def test_the_csv_holds_every_game_and_the_standings(evening):
    host, _tables = evening
    host.post("/club/merges", data={"spelling": "Benny", "into": "Ben"})
    games = csv_rows(host.get("/club/games.csv"))
    assert games[0] == ["table", "game", "number", "won_at_utc", "player", "counted_as", "total", "winner",
                        "bgstats_link"]
    assert len(games) == 1 + 12 and {row[1] for row in games[1:]} == {"Chez Guevara"}
    assert [row[4:8] for row in games[1:5]] == [["Zoë", "Zoë", "20", "1"], ["Ben", "Ben", "5", "0"],
                                                ["Zoë", "Zoë", "3", "0"], ["Ben", "Ben", "20", "1"]]
    assert ["Benny", "Ben", "7", "0"] in [row[4:8] for row in games]
    assert all(play_of(row[8])["sourceName"] == "Chez Companion" for row in games[1:])
    assert csv_rows(host.get("/club/standings.csv")) == [
        ["player", "games", "wins", "average_total", "best_total"],
        ["Zoë", "6", "4", "14.5", "20"], ["Ben", "6", "2", "10.2", "20"]]


def test_a_name_a_spreadsheet_would_run_stays_text_in_the_csv(app, clock):
    play_table(app, ("=1+1", "Ann"), [(20, 1)])
    host = made_host(app, app.test_client())
    assert ["'=1+1", "1", "1", "20.0", "20"] in csv_rows(host.get("/club/standings.csv"))


def test_nobody_but_the_host_sees_the_club_night(app, evening):
    host, tables = evening
    display = tables[0][0]
    made = app.test_client().post("/api/tables", json={"game": "guevara", "seats": 3, "language": "en"}).get_json()
    phone = tables[1][2][0]  # zoe's phone, at one of tonight's tables
    strangers = {"a table's display": (display, {}),
                 "a table's display key": (app.test_client(), {"Authorization": f"Bearer {made['display_key']}"}),
                 "a phone": (phone, {})}
    for name, (browser, headers) in strangers.items():
        for path in ("/club", "/club/games.csv", "/club/standings.csv"):
            assert browser.get(path, headers=headers).status_code == 403, (name, path)
        assert browser.post("/club/merges", data={"spelling": "Benny", "into": "Ben"},
                            headers=headers).status_code == 403, name
        assert browser.post("/club/location", data={"location": "Here"}, headers=headers).status_code == 403, name
        assert 'data-testid="club-link"' not in browser.get("/").get_data(as_text=True), name
    assert 'data-testid="club-link"' in host.get("/").get_data(as_text=True)  # the host's way in
    html = host.get("/club").get_data(as_text=True)
    assert ["Benny", "2", "0", "4.5", "7"] in standings(html)  # nothing merged
    assert 'value=""' in html.split('name="location"')[1][:20]  # no place set


def test_bad_input_is_refused_with_a_reason_and_changes_nothing(evening):
    host, _tables = evening
    bad_since = host.get("/club?since=yesterday-ish")
    assert bad_since.status_code == 400 and "Give the start of the evening" in bad_since.get_data(as_text=True)
    blank = host.post("/club/merges", data={"spelling": "Benny", "into": " "})
    assert blank.status_code == 400 and "Please enter a name." in blank.get_data(as_text=True)
    hidden = host.post("/club/merges", data={"spelling": "Ben\u202e", "into": "Benny"})
    assert hidden.status_code == 400
    long_place = host.post("/club/location", data={"location": "x" * 61})
    assert long_place.status_code == 400 and "at most 60 characters" in long_place.get_data(as_text=True)
    russian = host.post("/club/merges?since=nonsense", data={"spelling": "Benny", "into": "Ben"},
                        headers={"Accept-Language": "ru"})
    assert russian.status_code == 400 and "Укажите начало вечера" in russian.get_data(as_text=True)
    html = host.get("/club").get_data(as_text=True)
    assert ["Benny", "2", "0", "4.5", "7"] in standings(html) and "Merged spellings" not in html
    assert 'value=""' in html.split('name="location"')[1][:20]


def test_two_seats_of_one_game_with_like_names_are_two_players(app, clock):
    """Found by a new group trying the club night: "Ana" and "ana" at one table counted as one player, who then
    had played more games than the evening had."""
    play_table(app, ("Ana", "ana"), [(20, 3)])
    play_table(app, ("ANA", "Ben"), [(5, 20)])
    rows = standings(made_host(app, app.test_client()).get("/club").get_data(as_text=True))
    assert sorted(rows) == sorted([["Ana", "2", "1", "12.5", "20"], ["ana", "1", "0", "3.0", "3"],
                                   ["Ben", "1", "1", "20.0", "20"]])


def test_the_evening_holds_the_games_won_since_its_start_at_tables_opened_before(app, clock):
    display, token, _phones = play_table(app, ("Ana", "Ben"), [(20, 3)])
    clock[0] += 3 * 3600  # the evening begins; the same table plays on
    assert act(display, token, type="rematch").status_code == 200
    act(display, token, type="adjust_slack", seat=2, delta=20)
    since = time.strftime("%Y-%m-%dT%H:%M", time.localtime(clock[0] - 60))
    html = made_host(app, app.test_client()).get(f"/club?since={since}").get_data(as_text=True)
    assert sorted(standings(html)) == [["Ana", "1", "0", "0.0", "0"], ["Ben", "1", "1", "20.0", "20"]]


def test_a_merge_names_someone_who_played_this_evening(evening):
    host, _tables = evening
    nobody = host.post("/club/merges", data={"spelling": "Nobody", "into": "Ben"})
    assert nobody.status_code == 400 and "Nobody played under that name this evening." in nobody.get_data(as_text=True)
    assert "Merged spellings" not in host.get("/club").get_data(as_text=True)


@pytest.mark.parametrize("since", ["0001-01-01T00:00", "0001-01-01", "1999-12-31"])
def test_a_start_before_any_club_night_is_refused_with_a_reason(evening, since):
    host, _tables = evening
    answer = host.get(f"/club?since={since}")
    assert answer.status_code == 400 and "Give the start of the evening" in answer.get_data(as_text=True)


@pytest.mark.parametrize(("now", "start"), [("2026-11-28 02:30", "2026-11-27 00:00"),
                                            ("2026-11-28 19:00", "2026-11-28 00:00")])
def test_by_default_the_evening_began_at_the_last_midnight_or_the_one_before_in_the_small_hours(monkeypatch, now,
                                                                                               start):
    from datetime import datetime

    from companion.web.views import club_pages

    class Clock(datetime):
        @classmethod
        def now(cls, tz=None):
            return datetime.strptime(now, "%Y-%m-%d %H:%M")

    monkeypatch.setattr(club_pages, "datetime", Clock)
    assert club_pages.since_of(None).strftime("%Y-%m-%d %H:%M") == start
