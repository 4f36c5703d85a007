"""What every screen of a table shows alike is rendered once per version, and each phone still sees its own panel."""

import re

from companion.app import create_app
from companion.web.render_cache import KeptByContent
from tests.helpers.http_phones import act, join
from tests.helpers.http_tables import started, to_phase
from tests.helpers.renders import parts_kept

HX = {"HX-Request": "true"}
MINE = re.compile(r'class="seat-row mine[^"]*" data-seat="(\d+)"')


def panel(client, token, view="seat"):
    return client.get(f"/t/{token}/panel?view={view}", headers=HX).get_data(as_text=True)


def rendered_alone(app, phone, token, view="seat"):
    """The panel as it is when nothing is shared between screens or kept from an earlier render."""
    kept = app.extensions["render_cache"]
    app.extensions["render_cache"] = KeptByContent()
    try:
        return phone.get(f"/t/{token}/panel?view={view}",
                         headers={**HX, "Cache-Control": "no-cache"}).get_data(as_text=True)
    finally:
        app.extensions["render_cache"] = kept


def test_each_phone_sees_its_own_row_and_tools_among_the_shared_rows(app, client, table):
    ana, ben = started(app, client, table)
    to_phase(ana, table, 1, "Free Time")
    act(ana, table, type="play_card", seat=1, name="Rum", card_type="thing", slack=1, cost=0, categories="booze")
    act(ana, table, type="advance", seat=1, phase="freetime", turn=1)  # the Rum is in Ana's tent now
    act(ben, table, type="adjust_wounds", seat=2, delta=1)
    cleo = join(app, table, 3, "Cleo")
    seen = {phone: panel(phone, table) for phone in (ana, ben, cleo)}  # the first renders the shared rows
    for phone, html in seen.items():
        assert rendered_alone(app, phone, table) == html
    anas, bens = seen[ana], seen[ben]
    assert MINE.findall(anas) == ["1"] and MINE.findall(bens) == ["2"] and MINE.findall(seen[cleo]) == ["3"]
    # Ana's own tent has its tools (markers, remove); on the other phones her Rum is shown without them.
    assert 'aria-label="One marker more on Rum"' in anas
    assert "Rum" in bens and 'aria-label="One marker more on Rum"' not in bens
    # The display's rows keep every seat's tally buttons; the phones' rows of other seats have none.
    display = panel(client, table, view="display")
    assert 'aria-label="+ wound for Ben"' in display and 'aria-label="+ wound for Ben"' not in anas


def test_a_version_written_by_another_process_is_shown_not_the_kept_one(app, table, tmp_path):
    ana = join(app, table, 1, "Ana")
    before = panel(ana, table)
    assert "wounds 0" in before
    # A second app on the same database stands for another server process: it writes, this one is not told.
    other = create_app({"TESTING": True, "PUBLIC_URL": "http://127.0.0.1:5999"}, instance_path=app.instance_path)
    phone = other.test_client()
    name = app.config["SESSION_COOKIE_NAME"]
    phone.set_cookie(name, ana.get_cookie(name).value)
    assert act(phone, table, type="adjust_wounds", seat=1, delta=1).status_code == 200
    after = panel(ana, table)
    assert "wounds 1" in after and after != before


def test_a_tap_on_a_tally_leaves_the_dice_card_and_the_seat_tools_as_they_were_on_every_screen(app, client, table):
    ana, ben = join(app, table, 1, "Ana"), join(app, table, 2, "Ben")
    screens = [(client, "display"), (ana, "seat"), (ben, "seat")]
    for phone, view in screens:
        panel(phone, table, view)
    parts = parts_kept(app)
    act(ben, table, type="adjust_wounds", seat=2, delta=1)
    shown = [panel(phone, table, view) for phone, view in screens]
    assert all("wounds 1" in html for html in shown)
    # no screen rendered its dice card, setup forms or seats' tools again: only Ben's row (his own, as the other
    # phones and as the display see it), his own card, his now bar and the log (once, for every screen)
    assert parts_kept(app) == parts + 6
    act(ana, table, type="roll_die", seat=1, purpose="call", value=5)
    for phone, view in screens:
        assert '<span class="die">5</span>' in panel(phone, table, view)
    assert parts_kept(app) == parts + 6 + len(screens) + 1  # the dice card, once per screen, and the log
