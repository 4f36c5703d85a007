"""Everyone sees the dice that decide (issue 17 item 12), and what a screen reader or voice control hears matches
what is shown (item 18)."""

import re

from tests.helpers.http_phones import act, join
from tests.helpers.http_tables import started, to_phase


def test_every_phone_sees_each_raid_round_including_the_tie_break(app, client, table):
    ana, ben = started(app, client, table)  # Ana Private, Ben Corporal, seat 3 Sergeant, seat 4 Private
    cleo, dan = join(app, table, 3, "Cleo"), join(app, table, 4, "Dan")
    for seat, rank in ((3, "private"), (2, "private"), (1, "corporal")):
        act(client, table, type="set_rank", seat=seat, rank=rank)
    to_phase(ana, table, 1, "Free Time")
    act(ana, table, type="call_raid", seat=1, name="Raid the Village", loot=2)
    for seat, phone, value in ((1, ana, 5), (2, ben, 5), (3, cleo, 2), (4, dan, 1)):
        act(phone, table, type="raid_roll", seat=seat, value=value)
    html = dan.get(f"/t/{table}/seat").get_data(as_text=True)  # Dan is out of the tie-break, and still sees it
    earlier = re.search(r'data-testid="raid-earlier">(.*?)</p>', html, re.S).group(1)
    assert "Round 1:" in earlier and "Ana 5" in earlier and "Cleo 2" in earlier and "Dan 1" in earlier
    act(ana, table, type="raid_roll", seat=1, value=4)
    act(ben, table, type="raid_roll", seat=2, value=3)
    html = cleo.get(f"/t/{table}/seat").get_data(as_text=True)
    assert 'data-testid="raid-earlier"' in html and re.search(r'data-testid="raid-roll-1">Ana: <b>4</b>', html)


def test_the_denounce_panel_shows_what_counts_before_and_after_the_roll(app, client, table):
    ana, ben = started(app, client, table)  # Ben is a Corporal: the profile's penalty is 1
    to_phase(ana, table, 1, "Free Time")
    act(ana, table, type="play_card", seat=1, name="Sayings of Chairman Mao", card_type="thing", slack=1, cost=0)
    act(ana, table, type="advance", seat=1, phase="freetime", turn=1)
    act(client, table, type="move_card", seat=1,
        card=client.get(f"/t/{table}/state.json").get_json()["seats"][0]["tent"][0]["id"], to=2)
    act(ana, table, type="denounce", seat=1, target=2)
    html = ana.get(f"/t/{table}/seat").get_data(as_text=True)
    terms = re.search(r'data-testid="denounce-terms">(.*?)</ul>', html, re.S).group(1)
    assert "Sayings of Chairman Mao <b>+1</b>" in terms and "Penalty of the rank Corporal <b>-1</b>" in terms
    act(ben, table, type="denounce_roll", seat=2, value=2, extra=1)
    html = ana.get(f"/t/{table}/seat").get_data(as_text=True)
    assert "Rolled 2, Things +1, other +1, rank's penalty −1: 3" in html


def test_rule_links_are_named_by_their_title_and_buttons_by_their_visible_label(app, client, table):
    ana, _ben = started(app, client, table)
    html = ana.get(f"/t/{table}/seat").get_data(as_text=True)
    assert "The rule: guevara." not in html
    assert 'aria-label="The rule: Draw"' in html or re.search(r'aria-label="The rule: [A-Z][a-z]', html)
    for label in re.findall(r'<button class="plus" aria-label="([^"]+)">([^<]+)</button>', html):
        assert label[0].startswith(label[1])
    assert re.search(r'<h2 class="turn-who">', html)
    assert re.search(r'<li class="now" aria-current="step">Draw</li>', html)
