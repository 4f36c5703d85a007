"""The story's chart fits a phone and a display in Chromium: nothing cut off at the right (issue 17, item 26)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.helpers.api_tables import api
from tests.helpers.chromium import DISPLAY, PHONE

# Long and wide names, in two alphabets; the winner's total is the widest number.
PLAYERS = ((1, "Александра"), (2, "WOLFGANG"), (3, "Maximiliane"), (4, "Jo"))
CHANGES = ((1, "slack", 3), (2, "slack", 5), (3, "wounds", 2), (1, "slack", 4), (2, "wounds", 3), (4, "slack", 6),
           (3, "slack", 1), (2, "slack", 7), (4, "wounds", 1), (1, "slack", 5), (4, "slack", 4), (1, "slack", 9))


@pytest.fixture
def story_url(server):
    """A finished four-player game, played through the API; returns its story's address."""
    table = api(server, "/api/tables", {"seats": 4, "language": "en"})
    for seat, name in PLAYERS:
        api(server, f"/t/{table['token']}/join.json", {"seat": seat, "name": name})
    for seat, kind, delta in CHANGES:
        api(server, f"/t/{table['token']}/actions", {"type": f"adjust_{kind}", "seat": seat, "args": {"delta": delta}},
            table["display_key"])
    return table["display_url"], server.url + "/games/1/1"  # the story is the table's: its display opens it


def inside(box, outer):
    """Whether a box lies within another (half a pixel of rounding allowed)."""
    return (box["x"] >= outer["x"] - 0.5 and box["y"] >= outer["y"] - 0.5
            and box["x"] + box["width"] <= outer["x"] + outer["width"] + 0.5
            and box["y"] + box["height"] <= outer["y"] + outer["height"] + 0.5)


@pytest.mark.parametrize("device", [PHONE, DISPLAY], ids=["phone-390", "display-1280"])
def test_the_chart_and_every_final_label_fit_the_screen(browser, story_url, device):
    page = browser.new_context(**device).new_page()
    display_url, story = story_url
    page.goto(display_url)
    page.goto(story)
    expect(page.get_by_test_id("story-winner")).to_have_text("Александра won")
    width, height = device["viewport"]["width"], device["viewport"]["height"]
    # The page does not scroll sideways, nor is it zoomed out to make room.
    assert page.evaluate("innerWidth") == width
    assert page.evaluate("document.documentElement.scrollWidth") <= width

    chart = page.get_by_test_id("chart")
    chart.scroll_into_view_if_needed()
    svg = chart.bounding_box()
    assert inside(svg, {"x": 0, "y": 0, "width": width, "height": height}), svg
    assert svg["width"] >= width * 0.8 or svg["width"] >= 900  # the chart uses the room it has, it is not a stamp

    labels = page.locator("text.chart-label")
    expect(labels).to_have_count(4)
    assert labels.all_text_contents() == ["Александра 21", "WOLFGANG 9", "Maximilia… -1", "Jo 9"]
    viewport = {"x": 0, "y": 0, "width": width, "height": height}
    for label in labels.all():
        expect(label).to_be_visible()
        box = label.bounding_box()
        assert inside(box, svg) and inside(box, viewport), (label.text_content(), box, svg)
    for text in page.locator("svg.chart text").all():  # ticks, goal and axis labels are not cut off either
        assert inside(text.bounding_box(), svg), (text.text_content(), text.bounding_box(), svg)
    sizes = page.locator("text.chart-label").first.evaluate("t => t.getBoundingClientRect().height")
    assert sizes >= 11  # still readable on the phone, where the chart is drawn small
