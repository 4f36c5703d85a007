"""A German phone at the next table types a card another table of this server entered tonight: its chip is marked
"an einem anderen Tisch eingegeben", and one tap plays it here with that table's numbers, sent as copied (issue 60
item 5)."""

from __future__ import annotations

from urllib.parse import parse_qs

import pytest
from playwright.sync_api import expect

from tests.helpers.api_tables import Table
from tests.helpers.browser_steps import PROPAGATION_MS
from tests.helpers.lan_phones import sit_down

HAMMOCK = {"name": "Hängematte", "type": "activity", "slack": 2}


@pytest.fixture(scope="module")
def server_module(tmp_path_factory):
    from companion.testing.real_server import Server
    running = Server(tmp_path_factory.mktemp("elsewhere") / "instance").start()
    yield running
    running.stop()


def to_free_time(table: Table) -> None:
    table.set_up()
    for phase in ("draw", "roll", "call"):
        table.act("advance", 1, phase=phase, turn=1)


def test_a_card_another_table_entered_is_one_marked_tap_at_the_next(session_browser, server_module):
    first = Table(server_module, "guevara", "de")
    to_free_time(first)
    first.act("play_card", 1, cards=[HAMMOCK])
    table = Table(server_module, "guevara", "de")
    ana = sit_down(session_browser, table.join_url, 1, "Ana", "de", 320, 568)
    try:
        to_free_time(table)
        expect(ana.get_by_test_id("turn-phase")).to_have_attribute("data-phase", "freetime", timeout=PROPAGATION_MS)
        picker = ana.locator(".play-card-form [data-card-picker]")
        ana.locator("#pc-name-seat").fill("Hänge")
        chip = picker.get_by_test_id("pick").first
        expect(chip).to_contain_text("Hängematte")
        expect(chip.get_by_test_id("pick-elsewhere")).to_have_text("an einem anderen Tisch eingegeben")
        with ana.expect_request(lambda sent: sent.method == "POST" and "/act" in sent.url) as sent:
            chip.click()
        posted = parse_qs(sent.value.post_data)
        assert posted["name"] == ["Hängematte"] and posted["slack"] == ["2"] and posted["copied"] == ["1"], posted
        expect(ana.get_by_test_id("window")).to_contain_text("Hängematte", timeout=PROPAGATION_MS)
        # Typed over, the same name is this table's own now: no mark, and nothing said to be copied.
        ana.locator("#pc-name-seat").fill("Hänge")
        expect(picker).not_to_have_attribute("aria-busy", "true")  # the chips for what is typed now are shown
        expect(picker.get_by_test_id("pick").first).to_have_text("Hängematte")
        expect(picker.get_by_test_id("pick-elsewhere")).to_have_count(0)
    finally:
        ana.context.close()
