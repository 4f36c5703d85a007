"""What the screens offer comes from rules.offers: state.json tells each caller, and no page shows a control the
rules forbid."""

from tests.helpers.http_phones import act, join
from tests.helpers.http_tables import started, to_phase


def test_state_json_tells_each_caller_what_it_may_do_now(app, client, table):
    ana, ben = started(app, client, table)
    mine = ana.get(f"/t/{table}/state.json").get_json()["offers"]
    theirs = ben.get(f"/t/{table}/state.json").get_json()["offers"]
    assert mine["acts_for"] == [1] and mine["advance"]["phase"] == "draw"
    assert theirs["acts_for"] == [2] and "advance" not in theirs
    display = client.get(f"/t/{table}/state.json").get_json()["offers"]
    assert display["acts_for"] == [1, 2, 3, 4] and display["advance"]["seat"] == 1
    assert app.test_client().get(f"/t/{table}/state.json").get_json()["offers"] is None


def test_a_seat_key_gets_its_seats_offers(app, client, table):
    started(app, client, table)
    joined = app.test_client().post(f"/t/{table}/join.json", json={"seat": 3, "name": "Cleo"}).get_json()
    offers = app.test_client().get(f"/t/{table}/state.json",
                                   headers={"Authorization": f"Bearer {joined['seat_key']}"}).get_json()["offers"]
    assert offers["acts_for"] == [3] and "advance" not in offers


def test_the_glorious_leader_offers_no_roll_to_send_it_away(app, client, table):
    ana, _ben = started(app, client, table)
    to_phase(ana, table, 1, "Call People")
    act(ana, table, type="play_card", seat=1, name="Glorious Leader", card_type="person", slack=0)
    act(ana, table, type="advance", seat=1, phase="call", turn=1)
    for phase in ("freetime", "discard", "heal"):
        act(ana, table, type="advance", seat=1, phase=phase, turn=1)
    for turn, seat in ((2, 2), (3, 3), (4, 4)):
        for phase in ("draw", "roll", "call", "freetime", "discard", "heal"):
            act(client, table, type="advance", seat=seat, phase=phase, turn=turn)
    act(ana, table, type="advance", seat=1, phase="draw", turn=5)
    html = ana.get(f"/t/{table}/seat").get_data(as_text=True)
    assert 'data-testid="turn-phase">Roll<' in html and "Glorious Leader" in html
    assert "Roll to send away" not in html


def test_after_the_win_phones_offer_nothing_but_undo(app, client, table):
    ana, ben = started(app, client, table)
    act(client, table, type="adjust_slack", seat=2, delta=25)
    for phone in (ana, ben):
        html = phone.get(f"/t/{table}/seat").get_data(as_text=True)
        assert "has won" in html
        for control in ("Next phase", "Roll the die", "+1 Slack", "Play Promotion", "Cancel it"):
            assert control not in html, control
        assert "Undo" in html
    assert "Rematch with the same seats" in client.get(f"/t/{table}/display").get_data(as_text=True)


def test_a_phone_says_why_a_corporal_cannot_countermand_and_why_the_private_cannot_go_on_yet(app, client, table):
    ana, ben = started(app, client, table)  # Ana Private, Ben Corporal, Cleo Sergeant, seat 4 Private
    cleo = join(app, table, 3, "Cleo")
    to_phase(ana, table, 1, "Free Time")
    act(ana, table, type="play_card", seat=1, name="Hammock Time", card_type="activity", slack=2)
    window = ana.get(f"/t/{table}/state.json").get_json()["window"]["id"]
    assert act(cleo, table, type="pull_rank", seat=3, window=window, name="Drill", slack=1).status_code == 200
    page = ben.get(f"/t/{table}/seat").get_data(as_text=True)
    assert 'data-testid="withheld-pull_rank"' in page
    assert "Only a rank higher than the first order&#39;s can countermand it." in page
    assert 'data-section="guevara.pull_rank.countermand"' in page
