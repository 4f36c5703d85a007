"""Tables set up through the Flask test client for the web tests: rank and job profiles, seats, a phase reached."""

import re

from companion.app import create_app
from tests.helpers.http_phones import act, join

PROFILE = {"count_private": 4, "count_corporal": 2, "count_sergeant": 2,
           "income_private": 2, "free_time_private": 2, "slack_private": 1,
           "income_corporal": 3, "free_time_corporal": 2, "slack_corporal": 2, "penalty_corporal": 1,
           "income_sergeant": 4, "free_time_sergeant": 1, "slack_sergeant": 3, "penalty_sergeant": 2,
           "perk_sergeant": "May pull rank on anyone"}

GOTH_NUMBERS = {"artist": ("1/4", "2", "20"), "barista": ("3", "2", "20"), "poet": ("1", "3", "21"),
                "porn_shop_clerk": ("2", "2", "18"), "morgue_watch": ("2", "2", "22")}


def set_up(app, client, table):
    """Profile, ranks by hand, dealer seat 4: seat 1 (Ana) starts."""
    assert act(client, table, type="set_profile", **PROFILE).status_code == 200
    for seat, rank in ((1, "private"), (2, "corporal"), (3, "sergeant"), (4, "private")):
        act(client, table, type="set_rank", seat=seat, rank=rank)
    act(client, table, type="set_dealer", seat=4)
    return join(app, table, 1, "Ana"), join(app, table, 2, "Ben")


def started(app, client, table):
    """Seats 1-4 Private, Corporal, Sergeant, Private; dealer 4, so Ana (seat 1) plays first."""
    act(client, table, type="set_profile", **PROFILE)
    for seat, rank in ((1, "private"), (2, "corporal"), (3, "sergeant"), (4, "private")):
        act(client, table, type="set_rank", seat=seat, rank=rank)
    act(client, table, type="set_dealer", seat=4)
    act(client, table, type="start_game")
    return join(app, table, 1, "Ana"), join(app, table, 2, "Ben")


def to_phase(phone, table, seat, phase):
    """The phone moves its first turn on until its seat page shows `phase`."""
    for _ in range(6):
        html = phone.get(f"/t/{table}/seat").get_data(as_text=True)
        if f'data-testid="turn-phase">{phase}<' in html:
            return
        current = html.split('name="phase" value="')[1].split('"')[0]
        act(phone, table, type="advance", seat=seat, phase=current, turn=1)


def open_table(client, game, seats=3, language="en"):
    """A table of the game (English unless said) opened by `client`, its display; returns the token."""
    response = client.post("/tables", data={"game": game, "seats": str(seats),
                                            "language": language})
    assert response.status_code == 303
    return response.headers["Location"].split("/")[2]


def profile_fields(page: str, numbers: dict[str, tuple[str, str, str]]) -> dict:
    """The job profile form as the display shows it, with the given jobs' Income, Free Time and goal filled in."""
    form = page.split('class="act profile-form job-profile-form"')[1].split("</form>")[0]
    fields = dict(re.findall(r'name="((?:key|name|income|free_time|goal|hand|perk|goth)_\d+)"[^>]*value="([^"]*)"',
                             form))
    for row in range(30):
        key = fields.get(f"key_{row}")
        if key in numbers:
            fields[f"income_{row}"], fields[f"free_time_{row}"], fields[f"goal_{row}"] = numbers[key]
    return fields


def set_up_goth(app, client, game="goth"):
    """Chez Goth (or both decks) with the job cards entered: Ana the Artist, Ben the Poet, Cleo the Barista, Cleo
    deals."""
    token = open_table(client, game)
    page = client.get(f"/t/{token}/display").get_data(as_text=True)
    assert act(client, token, type="set_job_profile", **profile_fields(page, GOTH_NUMBERS)).status_code == 200
    phones = [join(app, token, seat, name) for seat, name in ((1, "Ana"), (2, "Ben"), (3, "Cleo"))]
    for phone, seat, job in zip(phones, (1, 2, 3), ("artist", "poet", "barista")):
        assert act(phone, token, type="set_job", seat=seat, job=job).status_code == 200
    act(client, token, type="set_dealer", seat=3)
    return token, phones


def live_app(tmp_path, database: str | None = None):
    """An app whose streams last long enough for a loaded machine, its display and a fresh three-seat table (in
    the instance folder's SQLite file, or in `database`)."""
    config = {"TESTING": True, "PUBLIC_URL": "http://127.0.0.1:5999", "LIVE_STREAM_SECONDS": 60.0,
              "LIVE_HEARTBEAT_SECONDS": 0.5, **({"DATABASE": database} if database else {})}
    app = create_app(config, instance_path=str(tmp_path))
    display = app.test_client()
    token = display.post("/tables", data={"game": "guevara", "seats": "3", "language": "en"}
                         ).headers["Location"].split("/")[2]
    return app, display, token
