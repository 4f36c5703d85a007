"""The story of a job game shows each player's own goal, their job's, not Chez Guevara's 20 (issue 17, item 25)."""

import re

from tests.helpers.http_phones import act, join
from tests.helpers.http_tables import open_table, profile_fields

# Ana is the Web Designer (goal 21), Ben the Slacker (goal 25), Cleo the Drummer (goal 21, like Ana).
NUMBERS = {"web_designer": ("3", "2", "21"), "slacker": ("2", "3", "25"), "drummer": ("2", "2", "21")}


def job_table(app, client, numbers):
    """A Chez Geek table: the job profile entered, Ana, Ben and Cleo seated with their jobs."""
    token = open_table(client, "geek", seats=3)
    page = client.get(f"/t/{token}/display").get_data(as_text=True)
    assert act(client, token, type="set_job_profile", **profile_fields(page, numbers)).status_code == 200
    for seat, name, job in ((1, "Ana", "web_designer"), (2, "Ben", "slacker"), (3, "Cleo", "drummer")):
        join(app, token, seat, name)
        assert act(client, token, type="set_job", seat=seat, job=job).status_code == 200
    return token


def story_of(client, token):
    """The story page of the table's finished game."""
    return client.get(client.get(f"/t/{token}/story").headers["Location"]).get_data(as_text=True)


def standing(html, name):
    """The standings line of one player, tags stripped."""
    item = re.search(rf"<li class=\"lane-\d[^\"]*\">(?:(?!</li>).)*?{name} (?:(?!</li>).)*</li>", html, re.S).group(0)
    return " ".join(re.sub(r"<[^>]+>", " ", item).split())


def chart_value(html, y):
    """A height in the chart read back as a total with the chart's own axis labels."""
    ticks = [(int(v), float(at)) for at, v in re.findall(r'<text class="chart-tick" x="[\d.]+" y="([\d.]+)" dx="-6"'
                                                         r' dy="4" text-anchor="end">(-?\d+)</text>', html)]
    (v1, y1), (v2, y2) = ticks[0], ticks[-1]
    return round(v1 + (y - y1) * (v2 - v1) / (y2 - y1))


def test_the_story_of_a_job_game_shows_each_players_own_goal(app, client):
    token = job_table(app, client, NUMBERS)
    act(client, token, type="set_dealer", seat=3)
    assert act(client, token, type="start_game").status_code == 200
    act(client, token, type="adjust_slack", seat=2, delta=6)
    act(client, token, type="adjust_slack", seat=1, delta=21)
    html = story_of(client, token)
    assert 'data-testid="story-winner">Ana won<' in html
    assert "goal 20" not in html  # Chez Guevara's goal has no place at this table
    assert standing(html, "Ana") == "Ana 21 goal 21"
    assert standing(html, "Ben") == "Ben 6 goal 25"
    assert standing(html, "Cleo") == "Cleo 0 goal 21"
    assert "each job's Slack goal" in html
    # One dashed line per goal, in a player's colour where the goal is that player's alone.
    goals = re.findall(r'<line class="chart-goal( lane-\d)?" data-goal="(\d+)"[^>]* y1="([\d.]+)"', html)
    assert [(lane, int(goal), chart_value(html, float(y))) for lane, goal, y in goals] == [("", 21, 21),
                                                                                           (" lane-2", 25, 25)]
    labels = re.findall(r'<text class="chart-goal-label( lane-\d)?"[^>]*>([^<]+)</text>', html)
    assert labels == [("", "goal 21"), (" lane-2", "goal 25")]


def test_a_player_whose_job_has_no_goal_yet_says_so(app, client):
    token = job_table(app, client, {key: NUMBERS[key] for key in ("web_designer", "slacker")})
    act(client, token, type="adjust_slack", seat=1, delta=21)  # a table that counts Slack without the turn
    html = story_of(client, token)
    assert standing(html, "Cleo") == "Cleo 0 goal unknown" and standing(html, "Ana") == "Ana 21 goal 21"
    assert "goal 20" not in html and 'data-goal="21"' in html and 'data-goal="25"' in html


def test_a_chez_guevara_story_keeps_one_goal_for_everyone(app, client, table):
    join(app, table, 1, "Ana")
    act(client, table, type="adjust_slack", seat=1, delta=20)
    html = story_of(client, table)
    assert "goal 20 Slack" in html and "goal unknown" not in html
    assert standing(html, "Ana") == "Ana 20"
    assert len(re.findall(r'<line class="chart-goal"', html)) == 1
