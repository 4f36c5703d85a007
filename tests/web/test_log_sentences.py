"""Log lines read as sentences: a verb after every name, passing told only for phases passed with nothing done,
one's own tent, a Thing joining a trip, where the last "let it pass" sent the card, a short undo label."""

import html as markup
import re

from tests.helpers.http_phones import act, join, state
from tests.helpers.http_tables import started, to_phase


def ok(response):
    """The tap was taken."""
    assert response.status_code == 200, (
        markup.unescape(response.get_data(as_text=True)).split('class="error"')[-1][:300])


def lines(phone, table) -> list[str]:
    """The log's lines, newest first, as text: the player's name, then the sentence (the time left out)."""
    page = markup.unescape(phone.get(f"/t/{table}/log").get_data(as_text=True))
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", line)).strip().split(" ", 1)[1]
            for line in re.findall(r'<li[^>]*>(.*?)</li>', page.split('<ol class="log">')[1].split("</ol>")[0], re.S)]


def undo_label(phone, table) -> str:
    """What the undo button says it would take back."""
    page = markup.unescape(phone.get(f"/t/{table}/seat").get_data(as_text=True))
    form = page.split('value="undo"')[1].split("</form>")[0]
    return re.sub(r"\s+", " ", re.search(r"<small[^>]*>([^<]*)<", form)[1])


def test_a_turn_told_as_sentences_from_the_card_to_its_end(app, client, table):
    ana, ben = started(app, client, table)  # Ana Private, Ben Corporal, Cleo Sergeant, Dan Private; Ana's turn 1
    cleo, dan = join(app, table, 3, "Cleo"), join(app, table, 4, "Dan")
    to_phase(ana, table, 1, "Free Time")
    ok(act(ana, table, type="play_card", seat=1, name="Hammock Time", card_type="activity", slack=2))
    window = state(client, table)["window"]["id"]
    for phone, seat in ((ben, 2), (cleo, 3), (dan, 4)):
        ok(act(phone, table, type="pass_card", seat=seat, window=window))
    # the last answer says where the card went
    assert "Dan let it pass — Hammock Time goes into the tent of Ana" in lines(ana, table)
    ok(act(ana, table, type="advance", seat=1, phase="freetime", turn=1, to="end"))
    told = lines(ana, table)
    assert told[1] == "Ana ends the turn, with nothing done in Discard, Heal"  # Free Time saw a card
    assert ("Ana moves on to Roll" in told and "Ana moves on to Discard" not in told
            and "Ana moves on to Heal" not in told)
    label = undo_label(ana, table)
    assert label.startswith("Ana: ends the turn") and ";" not in label and len(label) <= 100
    ok(act(ben, table, type="adjust_wounds", seat=2, delta=1))
    assert lines(ana, table)[0] == "Ben takes 1 wound"


def test_ones_own_tent_and_a_thing_joining_a_trip_are_told_as_such(app, client, table):
    ana, _ben = started(app, client, table)
    to_phase(ana, table, 1, "Call People")
    ok(act(ana, table, type="play_card", seat=1, name="Camp Cook", card_type="person", slack=2, target=1))
    assert lines(ana, table)[0] == "Ana calls Camp Cook into their own tent"
    ok(act(ana, table, type="roll_for_card", seat=1, value=6))
    to_phase(ana, table, 1, "Free Time")
    ok(act(ana, table, type="play_card", seat=1, name="Soap", slack=1))
    ok(act(ana, table, type="play_card", seat=1, name="Tequila", card_type="thing", slack=1, cost=1,
           categories="booze"))
    assert lines(ana, table)[0] == "Ana adds Tequila to the scrounging trip"


def test_a_rematch_is_one_short_line_not_every_card_leaving_its_tent(app, client, table):
    ana, _ben = started(app, client, table)
    to_phase(ana, table, 1, "Free Time")
    ok(act(ana, table, type="play_card", seat=1, name="Siesta", card_type="activity", categories="sleep", slack=2))
    ok(act(ana, table, type="advance", seat=1, phase="freetime", turn=1))
    ok(act(client, table, type="adjust_slack", seat=1, delta=20))
    ok(act(client, table, type="rematch"))
    assert lines(ana, table)[0] == "Display started a rematch with the same seats"
