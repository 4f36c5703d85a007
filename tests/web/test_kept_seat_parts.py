"""A phone's own tally, its now bar and every scoreboard row are kept by what they show, and still follow every tap,
undo, language, seat looking and address."""

import re

from companion.translations import translations
from tests.helpers.http_phones import act, join
from tests.helpers.renders import parts_kept

HX = {"HX-Request": "true"}
TALLY = "Slack tokens %(slack)d · wounds %(wounds)d · %(left)d to go"


def panel(client, token, view="seat", **options):
    return client.get(f"/t/{token}/panel?view={view}", headers={**HX, "Cache-Control": "no-cache"},
                      **options).get_data(as_text=True)


def my_tally(html):
    """What the phone's own card says of its Slack and wounds."""
    return re.search(r'<section class="card me".*?<p class="me-detail">(.*?)</p>', html, re.DOTALL).group(1).strip()


def row(html, seat):
    """One seat's scoreboard row."""
    return re.search(rf'<li class="seat-row[^"]*" data-seat="{seat}">.*?</li>', html, re.DOTALL).group(0)


def tally(wounds, lang="en"):
    """A seat's tally line with no Slack yet (the goal is 20, each wound one more to go)."""
    return translations(lang).ugettext(TALLY) % {"slack": 0, "wounds": wounds, "left": 20 + wounds}


def wounds(phone, table, seat, delta=1):
    assert act(phone, table, type="adjust_wounds", seat=seat, delta=delta).status_code == 200


def test_a_phones_own_tally_follows_its_taps_and_their_undo(app, table):
    ana = join(app, table, 1, "Ana")
    panel(ana, table)
    wounds(ana, table, 1)
    after_tap = panel(ana, table)
    assert tally(1) in my_tally(after_tap) and tally(1) in row(after_tap, 1)
    assert act(ana, table, type="undo").status_code == 200
    undone = panel(ana, table)
    assert tally(0) in my_tally(undone) and tally(0) in row(undone, 1)
    assert act(ana, table, type="redo").status_code == 200
    assert tally(1) in my_tally(panel(ana, table))


def test_every_phone_sees_another_seats_row_follow_its_taps(app, client, table):
    ana, ben = join(app, table, 1, "Ana"), join(app, table, 2, "Ben")
    for _ in range(2):
        wounds(ben, table, 2)
    for screen, view in ((ana, "seat"), (client, "display")):
        assert tally(2) in row(panel(screen, table, view), 2)
    assert act(ben, table, type="undo").status_code == 200
    for screen, view in ((ana, "seat"), (client, "display")):
        html = panel(screen, table, view)
        assert tally(1) in row(html, 2) and tally(0) in row(html, 1)
    assert tally(0) in my_tally(panel(ana, table))  # Ben's taps left Ana's own card as it was


def test_after_another_seats_tap_only_its_row_is_rendered_anew(app, table):
    ana, ben = join(app, table, 1, "Ana"), join(app, table, 2, "Ben")
    panel(ana, table)
    wounds(ben, table, 2)  # Ben's answer renders his panel, with his row as his own
    before = parts_kept(app)
    html = panel(ana, table)
    assert parts_kept(app) == before + 1  # Ben's row as the others see it; Ana's card and the other rows were kept
    assert tally(1) in row(html, 2)
    before = parts_kept(app)
    panel(join(app, table, 3, "Cy"), table)
    # Cy's own card, now bar, row, +/- buttons, dice card and tools, and the log of his joining: Ben's row was kept
    assert parts_kept(app) == before + 7


def test_each_seat_sees_its_own_row_as_its_own(app, client, table):
    ana, ben = join(app, table, 1, "Ana"), join(app, table, 2, "Ben")
    anas, bens, displays = panel(ana, table), panel(ben, table), panel(client, table, "display")
    assert 'class="seat-row mine' in row(anas, 1) and "mine" not in row(anas, 2)
    assert 'class="seat-row mine' in row(bens, 2) and "mine" not in row(bens, 1)
    assert "mine" not in row(displays, 1) + row(displays, 2)
    assert '<h1 class="me-name">Ben</h1>' in bens and '<h1 class="me-name">Ana</h1>' in anas
    # the display holds every seat's tally buttons, a phone none in the rows (its own are in its counters)
    assert 'name="type" value="adjust_wounds"' in row(displays, 2)
    assert 'name="type" value="adjust_wounds"' not in row(anas, 2) + row(anas, 1)


def test_a_phone_reads_its_own_tally_and_rows_in_its_own_language(app, table):
    ana, ben = join(app, table, 1, "Ana"), join(app, table, 2, "Ben")
    wounds(ben, table, 2)
    panel(ben, table)
    ana.post("/language", data={"lang": "de"})
    anas = panel(ana, table)
    assert tally(0, "de") in my_tally(anas) and tally(1, "de") in row(anas, 2)
    assert tally(0, "de") != tally(0)
    wounds(ben, table, 2, -1)
    bens = panel(ben, table)
    assert tally(0) in my_tally(bens) and tally(0) in row(bens, 1)
    assert tally(0, "de") in row(panel(ana, table), 2)


def test_the_forms_in_rows_post_to_the_address_the_panel_was_served_at(app, client, table):
    plain = panel(client, table, "display")
    assert f'action="/t/{table}/act"' in row(plain, 2)
    prefixed = panel(client, table, "display", base_url="http://localhost/companion")
    assert f'action="/companion/t/{table}/act"' in row(prefixed, 2)
    assert f'action="/t/{table}/act"' not in prefixed
