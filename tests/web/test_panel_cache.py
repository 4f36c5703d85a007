"""The panel is rendered once per table version and viewer, the same bytes for every browser of that viewer."""

import re
from contextlib import contextmanager

from flask import template_rendered

from companion.app import create_app
from tests.helpers.http_phones import act, join
from tests.helpers.http_tables import PROFILE

HX = {"HX-Request": "true"}


@contextmanager
def panel_renders(app):
    """The seats (None for the display) whose panel the server rendered meanwhile."""
    rendered = []

    def record(sender, template, context, **extra):
        if template.name == "partials/_panel.html":
            rendered.append(context.get("me"))

    template_rendered.connect(record, app)
    try:
        yield rendered
    finally:
        template_rendered.disconnect(record, app)


def panel(client, token, view="seat", **headers):
    return client.get(f"/t/{token}/panel?view={view}", headers={**HX, **headers})


def as_second_browser(app, phone):
    """Another browser holding the same seat (its cookie copied, as a second device of the player would)."""
    other, name = app.test_client(), app.config["SESSION_COOKIE_NAME"]
    other.set_cookie(name, phone.get_cookie(name).value)
    return other


def test_a_phone_fetching_the_same_version_again_gets_the_same_bytes_without_a_new_render(app, table):
    ana = join(app, table, 1, "Ana")
    first = panel(ana, table)
    with panel_renders(app) as rendered:
        second = panel(ana, table)
    assert rendered == []
    assert second.get_data() == first.get_data() and second.headers["ETag"] == first.headers["ETag"]
    html = second.get_data(as_text=True)
    assert 'name="csrf"' not in html and 'name="action_id"' not in html  # the browser makes the ids


def test_two_browsers_of_one_seat_get_byte_identical_panels(app, table):
    ana = join(app, table, 1, "Ana")
    act(ana, table, type="adjust_wounds", seat=1, delta=1)
    other = as_second_browser(app, ana)
    with panel_renders(app) as rendered:
        mine, theirs = panel(ana, table), panel(other, table)
    assert rendered == []  # the tap's answer was rendered once, and both browsers get that render
    assert "wounds 1" in mine.get_data(as_text=True)
    assert theirs.get_data() == mine.get_data() and theirs.headers["ETag"] == mine.headers["ETag"]
    assert panel(other, table, **{"If-None-Match": mine.headers["ETag"]}).status_code == 304


def test_each_seat_and_the_display_get_their_own_view(app, client, table):
    ana, ben = join(app, table, 1, "Ana"), join(app, table, 2, "Ben")
    for _ in range(2):
        panel(ana, table)
    with panel_renders(app) as rendered:
        bens = panel(ben, table).get_data(as_text=True)
        displays = panel(client, table, view="display").get_data(as_text=True)
    assert rendered == [2, None]
    assert '<h1 class="me-name">Ben</h1>' in bens and "Ana</h1>" not in bens
    assert 'class="card me"' not in displays


def test_a_new_event_or_another_language_is_rendered_anew(app, client, table):
    ana, ben = join(app, table, 1, "Ana"), join(app, table, 2, "Ben")
    before = panel(ana, table).get_data(as_text=True)
    assert act(ben, table, type="adjust_wounds", seat=2, delta=1).status_code == 200
    with panel_renders(app) as rendered:
        after = panel(ana, table).get_data(as_text=True)
        ana.set_cookie("lang", "de")
        german = panel(ana, table).get_data(as_text=True)
    assert rendered == [1, 1]
    assert "What happened" in after and "Was passiert ist" in german
    assert after.count("<li") > before.count("<li")  # Ben's wound is in Ana's log


def test_the_kept_panel_is_what_a_fresh_render_shows(app, client, table):
    ana, ben = join(app, table, 1, "Ana"), join(app, table, 2, "Ben")
    act(client, table, type="adjust_slack", seat=1, delta=2)
    act(ben, table, type="adjust_wounds", seat=2, delta=1)
    for viewer, view in ((ana, "seat"), (client, "display"), (client, "seat")):
        kept = panel(viewer, table, view)
        with panel_renders(app) as rendered:
            fresh = panel(viewer, table, view, **{"Cache-Control": "no-cache"})
        assert len(rendered) == 1
        assert kept.get_data() == fresh.get_data()


def test_the_answer_to_a_tap_is_the_new_panel_and_a_refusal_is_never_kept(app, table):
    ana = join(app, table, 1, "Ana")
    refused = act(ana, table, type="adjust_wounds", seat=1, delta=-1)
    assert refused.status_code == 409 and 'role="alert"' in refused.get_data(as_text=True)
    assert 'role="alert"' not in panel(ana, table).get_data(as_text=True)
    tapped = act(ana, table, type="adjust_wounds", seat=1, delta=1).get_data(as_text=True)
    assert "wounds 1" in tapped
    with panel_renders(app) as rendered:
        again = panel(ana, table).get_data(as_text=True)
    assert rendered == [] and "wounds 1" in again


def test_an_unchanged_panel_is_a_304_for_the_same_browser_only(app, client, table):
    ana, ben = join(app, table, 1, "Ana"), join(app, table, 2, "Ben")
    first = panel(ana, table)
    tag = first.headers["ETag"]
    assert first.headers["Cache-Control"] == "private, no-cache"
    unchanged = panel(ana, table, **{"If-None-Match": tag})
    assert unchanged.status_code == 304 and unchanged.get_data() == b""
    other = panel(ben, table, **{"If-None-Match": tag})
    assert other.status_code == 200 and '<h1 class="me-name">Ben</h1>' in other.get_data(as_text=True)
    act(ben, table, type="adjust_wounds", seat=2, delta=1)
    assert panel(ana, table, **{"If-None-Match": tag}).status_code == 200


def test_the_display_shows_at_once_what_another_table_taught_the_server(app, client, table):
    """The display prefills rank values the server remembers from other tables: no table version covers them."""
    assert 'value="May pull rank on anyone"' not in panel(client, table, view="display").get_data(as_text=True)
    other = app.test_client()
    created = other.post("/tables", data={"game": "guevara", "seats": "3",
                                          "language": "en"})
    act(other, created.headers["Location"].split("/")[2], type="set_profile", **PROFILE)
    again = panel(client, table, view="display", **{"If-None-Match": "*"})
    assert again.status_code == 200 and 'value="May pull rank on anyone"' in again.get_data(as_text=True)


def test_a_tap_on_a_phone_reaches_the_live_streams_once_its_answer_is_out(tmp_path):
    app = create_app({"TESTING": True, "PUBLIC_URL": "http://127.0.0.1:5999", "LIVE_STREAM_SECONDS": 3.0,
                      "LIVE_HEARTBEAT_SECONDS": 0.3}, instance_path=str(tmp_path))
    display = app.test_client()
    created = display.post("/tables", data={"game": "guevara", "seats": "3",
                                            "language": "en"})
    token = created.headers["Location"].split("/")[2]
    ana = join(app, token, 1, "Ana")
    live = display.get(f"/t/{token}/live", buffered=False)
    stream = live.response
    assert next(stream) == b"retry: 1000\n\n" and next(stream).startswith(b"event: version")
    tapped = act(ana, token, type="adjust_wounds", seat=1, delta=1)
    version = re.search(r'data-version="(\d+)"', tapped.get_data(as_text=True)).group(1)
    assert next(stream) == b"event: beat\ndata: \n\n"  # the answer is not out yet
    tapped.close()  # as the WSGI server does once it has sent the answer
    assert next(stream) == f"event: version\ndata: {version}\n\n".encode()
    live.close()
