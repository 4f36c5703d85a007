"""Undo and Redo say what they would take back in two lines, whatever it is: another player's long move or none at all
never moves the buttons below them (a tap aimed at "+1 Slack" must not land on another button)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.helpers.api_tables import SIESTA, Table
from tests.helpers.browser_steps import PROPAGATION_MS
from tests.helpers.lan_phones import sit_down

HEIGHTS = "() => [...document.querySelectorAll('#panel .undo small')].map(s => s.getBoundingClientRect().height)"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_undo_captions_keep_their_height_whatever_they_say(session_browser, server, lang):
    table = Table(server, "guevara", lang)
    ben = sit_down(session_browser, table.join_url, 2, "Ben", lang, 360, 640)
    try:
        heights = [ben.evaluate(HEIGHTS)]  # nothing to undo yet
        for step in (table.set_up, lambda: table.act("advance", 1, phase="draw", to="call", turn=1),
                     lambda: table.act("advance", 1, phase="call", turn=1),
                     lambda: table.act("play_card", 1, cards=[SIESTA]), lambda: table.act("undo")):
            version = ben.locator("#panel").get_attribute("data-version")
            step()
            expect(ben.locator("#panel")).not_to_have_attribute("data-version", version, timeout=PROPAGATION_MS)
            heights.append(ben.evaluate(HEIGHTS))
        assert all(shown == heights[0] for shown in heights), heights
    finally:
        ben.context.close()
