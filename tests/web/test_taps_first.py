"""A tap's answer comes first: a stream makes its panel only once the taps being answered in its process are done
(or after a short wait), so the person who tapped is not kept waiting behind five other screens' renders."""

import threading
import time

from companion.live.hub import Hub
from tests.helpers.http_phones import act, join
from tests.helpers.http_tables import live_app


def test_a_streams_panel_waits_while_a_tap_is_answered_and_goes_on_once_it_is():
    hub = Hub()
    hub.taps.started()
    made = threading.Event()
    threading.Thread(target=lambda: (hub.taps.wait(10.0), made.set()), daemon=True).start()
    assert not made.wait(0.2)  # the tap is still being answered
    hub.taps.answered()
    assert made.wait(2.0)


def test_a_tap_that_is_never_answered_holds_the_panels_only_briefly():
    hub = Hub()
    hub.taps.started()
    started = time.monotonic()
    hub.taps.wait(0.05)
    assert 0.04 <= time.monotonic() - started < 1.0


def test_accepted_refused_and_unseated_taps_all_count_as_answered(tmp_path):
    app, display, token = live_app(tmp_path)
    ana = join(app, token, 1, "Ana")
    assert act(ana, token, type="adjust_wounds", seat=1, delta=1).status_code == 200
    assert act(ana, token, type="adjust_wounds", seat=1, delta="lots").status_code == 400
    assert act(ana, token, type="heal", seat=1).status_code == 409
    assert act(app.test_client(), token, type="adjust_wounds", seat=1, delta=1).status_code == 403
    hub = app.extensions["play"].hub
    started = time.monotonic()
    hub.taps.wait(5.0)
    assert time.monotonic() - started < 1.0  # nothing is left "being answered"
