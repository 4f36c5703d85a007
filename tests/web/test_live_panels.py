"""The live stream carries each screen's new panel itself: no screen needs a request of its own to follow a tap."""

import re
import threading

from tests.helpers.http_phones import act, join
from tests.helpers.http_tables import live_app
from tests.helpers.postgres_cluster import BOTH_DATABASES

VERSION = re.compile(r'id="panel"[^>]*data-version="(\d+)"')


def next_event(chunks) -> tuple[str, str]:
    """The stream's next event (name and data, its 'data:' lines joined), skipping heartbeats."""
    text = ""
    while not text.endswith("\n\n") or text.startswith((":", "retry", "event: beat")):
        if text.endswith("\n\n"):
            text = ""
        text += next(chunks).decode()
    lines = text.rstrip("\n").split("\n")
    name = lines[0].removeprefix("event: ")
    return name, "\n".join(line.removeprefix("data: ") for line in lines[1:])


@BOTH_DATABASES
def test_each_screen_gets_its_own_new_panel_over_its_stream(tmp_path, database):
    app, display, token = live_app(tmp_path, database)
    ana, ben = join(app, token, 1, "Ana"), join(app, token, 2, "Ben")
    streams = {who: client.get(f"/t/{token}/live?view={view}", buffered=False)
               for who, client, view in (("ana", ana, "seat"), ("ben", ben, "seat"), ("display", display, "display"))}
    try:
        for response in streams.values():
            assert response.status_code == 200
            assert next_event(response.response)[0] == "version"  # on connecting: the page was just loaded
        # The tap's answer is closed as a server closes it: only then are the other screens told.
        threading.Timer(0.2, lambda: act(ben, token, type="adjust_wounds", seat=2, delta=1).close()).start()
        got = {who: next_event(response.response) for who, response in streams.items()}
    finally:
        for response in streams.values():
            response.close()
    assert {name for name, _html in got.values()} == {"panel"}
    anas, bens, displays = got["ana"][1], got["ben"][1], got["display"][1]
    now = display.get(f"/t/{token}/version").get_json()["version"]
    assert {int(VERSION.search(html).group(1)) for html in (anas, bens, displays)} == {now}
    assert '<h1 class="me-name">Ana</h1>' in anas and "wounds 1" in anas  # Ana's own view, with Ben's wound
    assert '<h1 class="me-name">Ben</h1>' in bens and 'class="card me"' not in displays
    # What the stream carries is what a re-fetch of that screen gets.
    assert ana.get(f"/t/{token}/panel?view=seat", headers={"HX-Request": "true"}).get_data(as_text=True) == anas


def test_without_a_view_the_stream_tells_the_version_only(tmp_path):
    app, display, token = live_app(tmp_path)
    before = display.get(f"/t/{token}/version").get_json()["version"]
    response = display.get(f"/t/{token}/live", buffered=False)
    try:
        assert next_event(response.response) == ("version", str(before))
        threading.Timer(0.2, lambda: act(display, token, type="adjust_slack", seat=1, delta=1).close()).start()
        assert next_event(response.response) == ("version", str(before + 1))
    finally:
        response.close()


@BOTH_DATABASES
def test_a_phone_whose_seat_was_freed_gets_no_panel_over_its_stream(tmp_path, database):
    app, display, token = live_app(tmp_path, database)
    ana = join(app, token, 1, "Ana")
    response = ana.get(f"/t/{token}/live?view=seat", buffered=False)
    try:
        assert next_event(response.response)[0] == "version"
        threading.Timer(0.2, lambda: act(display, token, type="free_seat", seat=1).close()).start()
        name, data = next_event(response.response)
    finally:
        response.close()
    assert (name, data) == ("version", str(display.get(f"/t/{token}/version").get_json()["version"]))
    assert ana.get(f"/t/{token}/panel?view=seat", headers={"HX-Request": "true"}).status_code == 403
