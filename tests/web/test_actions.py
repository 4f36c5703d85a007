"""Tapping on a phone: tallies, dice, undo/redo, double taps, refusals, htmx and plain posts."""

from tests.helpers.http_phones import act, join, state
from tests.helpers.postgres_cluster import BOTH_DATABASES

pytestmark = BOTH_DATABASES  # the HTTP suite on SQLite and on a real PostgreSQL


def test_a_slack_tap_returns_the_panel_fragment_for_htmx(app, table):
    phone = join(app, table, 1, "Ana")
    response = act(phone, table, type="adjust_slack", seat=1, delta=2)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert html.lstrip().startswith("<section id=\"panel\"") and "<html" not in html
    assert 'data-testid="my-total">2<' in html
    assert "HX-Request" in response.headers["Vary"]


def test_a_plain_form_post_redirects_back_to_the_page(app, table):
    phone = join(app, table, 1, "Ana")
    response = act(phone, table, htmx=False, type="adjust_slack", seat=1, delta=2)
    assert response.status_code == 303 and response.headers["Location"] == f"/t/{table}/seat"
    assert "HX-Request" in response.headers["Vary"]
    assert state(phone, table)["seats"][0]["slack"] == 2


def test_the_change_shows_on_every_other_phone_and_the_display(app, client, table):
    ana, ben = join(app, table, 1, "Ana"), join(app, table, 2, "Ben")
    act(ana, table, type="adjust_slack", seat=1, delta=3)
    act(ana, table, type="adjust_wounds", seat=1, delta=1)
    for screen, path in ((ben, "seat"), (client, "display")):
        html = screen.get(f"/t/{table}/{path}").get_data(as_text=True)
        assert 'data-testid="total-1">2<' in html
        assert "Slack tokens 3 · wounds 1 · 18 to go" in html


def test_a_double_tap_with_the_same_action_id_counts_once(app, table):
    phone = join(app, table, 1, "Ana")
    before = state(phone, table)["version"]
    act(phone, table, type="adjust_slack", seat=1, delta=1, action_id="same-tap-0001")
    act(phone, table, type="adjust_slack", seat=1, delta=1, action_id="same-tap-0001")
    after = state(phone, table)
    assert after["seats"][0]["slack"] == 1
    assert after["version"] == before + 1


def test_a_phone_cannot_change_another_seat(app, table):
    ana = join(app, table, 1, "Ana")
    join(app, table, 2, "Ben")
    response = act(ana, table, type="adjust_slack", seat=2, delta=5)
    assert response.status_code == 403
    assert "A phone can only act for its own seat." in response.get_data(as_text=True)
    assert state(ana, table)["seats"][1]["slack"] == 0


def test_the_display_acts_for_any_seat(client, table):
    act(client, table, type="adjust_slack", seat=3, delta=4)
    assert state(client, table)["seats"][2]["slack"] == 4


def test_malformed_input_is_a_400_with_a_reason_and_changes_nothing(app, table):
    phone = join(app, table, 1, "Ana")
    version = state(phone, table)["version"]
    for fields in ({"type": "adjust_slack", "seat": 1, "delta": "lots"},
                   {"type": "adjust_slack", "seat": 1, "delta": 0},
                   {"type": "adjust_slack", "seat": 9, "delta": 1},
                   {"type": "teleport", "seat": 1},
                   {"type": "roll_die", "seat": 1, "value": 7}):
        response = act(phone, table, **fields)
        assert response.status_code == 400, fields
        assert 'class="error"' in response.get_data(as_text=True)
    assert state(phone, table)["version"] == version


def test_a_rule_violation_is_a_409_naming_the_rule(app, table):
    phone = join(app, table, 1, "Ana")
    response = act(phone, table, type="adjust_slack", seat=1, delta=-1)
    html = response.get_data(as_text=True)
    assert response.status_code == 409
    assert "Slack cannot drop below zero." in html and "guevara.goal" in html


def test_a_plain_form_post_without_an_action_id_gets_one_from_the_server(app, table):
    phone = join(app, table, 1, "Ana")
    for _ in range(2):  # without JavaScript no id is sent: each post is its own action
        response = phone.post(f"/t/{table}/act", data={"type": "adjust_slack", "seat": "1", "delta": "1"})
        assert response.status_code == 303
    assert state(phone, table)["seats"][0]["slack"] == 2


def test_a_browser_without_a_seat_cannot_act(app, table):
    stranger = app.test_client()
    response = act(stranger, table, type="adjust_slack", seat=1, delta=1)
    assert response.status_code == 403
    assert state(stranger, table)["seats"][0]["slack"] == 0


def test_undo_from_any_phone_and_the_log_says_who_undid_what(app, table):
    ana, ben = join(app, table, 1, "Ana"), join(app, table, 2, "Ben")
    act(ben, table, type="adjust_slack", seat=2, delta=2)
    act(ana, table, type="undo")
    assert state(ana, table)["seats"][1]["slack"] == 0
    log = ben.get(f"/t/{table}/seat").get_data(as_text=True)
    assert "<b>Ana</b> undid: Ben: +2 Slack" in log
    act(ben, table, type="redo")
    assert state(ana, table)["seats"][1]["slack"] == 2
    assert "<b>Ben</b> redid: Ben: +2 Slack" in ana.get(f"/t/{table}/seat").get_data(as_text=True)


def test_a_server_roll_is_shown_to_everyone_with_its_purpose(app, client, table):
    ana = join(app, table, 1, "Ana")
    act(ana, table, type="roll_die", seat=1, purpose="get_rid", note="Gordo", value="")
    roll = state(ana, table)["last_roll"]
    assert 1 <= roll["value"] <= 6 and roll["physical"] is False
    html = client.get(f"/t/{table}/display").get_data(as_text=True)
    assert f'<span class="die">{roll["value"]}</span>' in html
    assert "Ana · get rid of a person · Gordo" in html


def test_a_physical_roll_is_recorded_as_entered(app, table):
    ana = join(app, table, 1, "Ana")
    act(ana, table, type="roll_die", seat=1, purpose="call", value=5)
    assert state(ana, table)["last_roll"] == {"seat": 1, "purpose": "call", "note": "", "value": 5,
                                              "physical": True}
    assert "rolled a physical die: 5 for call a person" in ana.get(f"/t/{table}/seat").get_data(as_text=True)


def test_a_win_is_announced_and_ends_the_game_until_undone(app, client, table):
    ana = join(app, table, 1, "Ana")
    act(client, table, type="adjust_slack", seat=1, delta=20)
    assert "Ana has won!" in ana.get(f"/t/{table}/seat").get_data(as_text=True)
    refused = act(ana, table, type="adjust_slack", seat=1, delta=1)
    assert refused.status_code == 409
    act(ana, table, type="undo")
    assert state(ana, table)["winner"] is None


def test_the_whole_log_page_lists_every_event(app, table):
    ana = join(app, table, 1, "Ana")
    for _ in range(20):
        act(ana, table, type="adjust_slack", seat=1, delta=1)
    seat_page = ana.get(f"/t/{table}/seat").get_data(as_text=True)
    assert f'href="/t/{table}/log"' in seat_page
    log = ana.get(f"/t/{table}/log").get_data(as_text=True)
    assert log.count("<b>Ana</b> +1 Slack") == 20


def test_the_panel_fragment_and_the_page_agree(app, table):
    ana = join(app, table, 1, "Ana")
    fragment = ana.get(f"/t/{table}/panel?view=seat", headers={"HX-Request": "true"})
    page = ana.get(f"/t/{table}/panel?view=seat")
    assert "<html" not in fragment.get_data(as_text=True) and "<html" in page.get_data(as_text=True)
    assert fragment.headers["Vary"] == page.headers["Vary"]


def test_an_oversized_post_is_refused(app, table):
    phone = join(app, table, 1, "Ana")
    response = phone.post(f"/t/{table}/act", data={"type": "adjust_slack",
                                                    "note": "x" * 50_000})
    assert response.status_code == 413


def test_undo_hints_name_old_events_beyond_the_visible_log(app, table):
    ana = join(app, table, 1, "Ana")
    act(ana, table, type="adjust_wounds", seat=1, delta=3)
    for _ in range(20):
        act(ana, table, type="adjust_slack", seat=1, delta=1)
    for _ in range(20):
        act(ana, table, type="undo")
    html = ana.get(f"/t/{table}/seat").get_data(as_text=True)
    undo_part = html.split('value="undo"')[1].split("</form>")[0]
    assert "Ana: takes 3 wounds" in undo_part  # the next undo reaches back 41 events
    assert html.count("undid: Ana: +1 Slack") == 15  # the visible log names targets outside it too
