"""A tap's answer comes first: a stream makes its panel only once the taps being answered in its process are done
(or after a short wait), so the person who tapped is not kept waiting behind five other screens' renders."""

import sys
import threading
import time

from companion.live.hub import Hub
from tests.helpers.http_phones import act, join
from tests.helpers.http_tables import live_app


def test_a_streams_panel_waits_while_a_tap_is_answered_and_goes_on_once_it_is():
    hub = Hub()
    hub.taps.started()
    made = threading.Event()
    stream = threading.Thread(target=lambda: (hub.taps.wait(10.0), made.set()), daemon=True)
    stream.start()
    deadline = time.monotonic() + 5
    while not made.is_set() and not waiting_in_taps_first(stream) and time.monotonic() < deadline:
        time.sleep(0.001)
    assert not made.is_set() and waiting_in_taps_first(stream)  # the tap is still being answered
    hub.taps.answered()
    assert made.wait(2.0)


def waiting_in_taps_first(thread: threading.Thread) -> bool:
    """Whether the thread is blocked on the condition inside TapsFirst.wait (the event a held panel shows)."""
    frame = sys._current_frames().get(thread.ident)
    names = []
    while frame is not None:
        names.append(frame.f_code.co_qualname)
        frame = frame.f_back
    return len(names) > 1 and names[0] == "Condition.wait" and "TapsFirst.wait" in names


def test_a_tap_that_is_never_answered_holds_the_panels_only_briefly():
    hub = Hub()
    hub.taps.started()
    started = time.monotonic()
    hub.taps.wait(0.05)
    assert 0.04 <= time.monotonic() - started < 1.0


def test_accepted_refused_and_unseated_taps_all_count_as_answered(tmp_path):
    app, _display, token = live_app(tmp_path)
    ana = join(app, token, 1, "Ana")
    assert act(ana, token, type="adjust_wounds", seat=1, delta=1).status_code == 200
    assert act(ana, token, type="adjust_wounds", seat=1, delta="lots").status_code == 400
    assert act(ana, token, type="heal", seat=1).status_code == 409
    assert act(app.test_client(), token, type="adjust_wounds", seat=1, delta=1).status_code == 403
    hub = app.extensions["play"].hub
    started = time.monotonic()
    hub.taps.wait(5.0)
    assert time.monotonic() - started < 1.0  # nothing is left "being answered"
