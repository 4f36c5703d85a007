"""A phone's own tap is answered before the table's news reaches it: the news the live stream brought while the tap
was on its way waits for the tap's answer, so the answer never replaces a panel the player had begun to use (a fold
opened, a name typed), and news newer than the answer follows it."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.helpers.browser_steps import PROPAGATION_MS, table_of_three
from tests.helpers.counted_taps import Thumb


def test_the_news_waits_for_the_phones_own_tap_and_what_the_player_does_next_stays(browser, server):
    ana, ben, _cleo = table_of_three(browser, server, watched=("Ana", "Ben"))
    Thumb(ana).next_phase("Roll")
    held = []
    ana.route("**/act", lambda route: held.append((route, route.fetch())))
    ana.get_by_test_id("advance").click()  # on to Call People; its answer is held back on the way
    expect(ben.get_by_test_id("turn-phase")).to_have_text("Call People", timeout=PROPAGATION_MS)
    ben_total = str(int(ben.get_by_test_id("my-total").inner_text()) + 1)
    ben.get_by_role("button", name="+1 Slack for Ben").click()  # news newer than Ana's tap
    expect(ben.get_by_test_id("my-total")).to_have_text(ben_total, timeout=PROPAGATION_MS)
    expect(ana.locator("body")).to_have_attribute("data-news-held", re.compile(r"^\d+$"), timeout=PROPAGATION_MS)
    expect(ana.get_by_test_id("turn-phase")).to_have_text("Roll")  # the news came and waits: nothing moved
    expect(ana.get_by_test_id("total-2")).not_to_have_text(ben_total)
    expect(ana.locator(".tap-note.sending")).to_be_visible()

    route, answer = held[0]
    route.fulfill(response=answer)
    ana.unroute("**/act")
    expect(ana.get_by_test_id("turn-phase")).to_have_text("Call People", timeout=PROPAGATION_MS)
    expect(ana.get_by_test_id("total-2")).to_have_text(ben_total, timeout=PROPAGATION_MS)  # the held news, after it
    numbers = ana.locator(".play-card-form .card-numbers")
    numbers.locator("summary").click()
    ana.locator("#pc-name-seat").fill("Quokka Parade")
    ben_total = str(int(ben_total) + 1)
    ben.get_by_role("button", name="+1 Slack for Ben").click()  # the table's next news, while Ana is typing
    expect(ana.get_by_test_id("total-2")).to_have_text(ben_total, timeout=PROPAGATION_MS)
    expect(numbers).to_have_attribute("open", "")
    expect(ana.locator("#pc-name-seat")).to_have_value("Quokka Parade")
