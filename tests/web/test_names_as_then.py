"""A seat that changes hands after a win: the display's race, the log and the undo button name who tapped then."""

from tests.helpers.http_phones import act, join, state
from tests.helpers.http_tables import open_table


def test_after_mallory_takes_the_winners_seat_the_race_log_and_undo_still_name_ana(app, client):
    token = open_table(client, "guevara", seats=2)
    ana = join(app, token, 1, "Ana")
    join(app, token, 2, "Bo")
    assert act(ana, token, type="adjust_slack", seat=1, delta=20).status_code == 200
    assert state(client, token)["winner"] == 1
    assert act(client, token, type="free_seat", seat=1).status_code == 200
    join(app, token, 1, "Mallory")
    display = client.get(f"/t/{token}/display").get_data(as_text=True)
    lane = display.split('class="lane-name">')[1].split("<")[0]
    assert lane == "Ana"
    log = display.split('<ol class="log">')[1].split("</ol>")[0]
    assert "<b>Ana</b> +20 Slack" in log and "<b>Mallory</b> +20 Slack" not in log
    assert "<b>Mallory</b> joined" in log.split("</li>")[0]
    assert "↶ Undo</button> <small>Ana: +20 Slack</small>" in " ".join(display.split())
