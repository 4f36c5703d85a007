"""A table's finished games in Chromium (issue 17, item 22): the display shares them with a link it can revoke; a
phone at the table finds them on its front page, a stranger's front page shows none."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.helpers.api_tables import api
from tests.helpers.browser_steps import seated
from tests.helpers.chromium import DISPLAY, PHONE


def test_the_display_shares_the_finished_games_and_revokes_the_link(browser, server):
    table = api(server, "/api/tables", {"seats": 2, "language": "en"})
    display = browser.new_context(**DISPLAY).new_page()
    display.goto(table["display_url"])
    ana = seated(browser, table["join_url"], 1, "Ana")
    api(server, f"/t/{table['token']}/actions", {"type": "adjust_slack", "seat": 1, "args": {"delta": 20}},
        table["display_key"])

    stranger = browser.new_context(**PHONE).new_page()
    stranger.goto(server.url + "/")
    expect(stranger.get_by_role("heading", name="Open a table")).to_be_visible()
    expect(stranger.get_by_test_id("archive")).to_have_count(0)
    assert stranger.goto(server.url + "/games/1/1").status == 404

    ana.goto(server.url + "/")  # Ana's phone sat at the table: its front page lists the game
    ana.get_by_test_id("archive").get_by_role("link").first.click()
    expect(ana.get_by_test_id("story-winner")).to_have_text("Ana won")

    display.reload()
    display.get_by_role("button", name="Make a share link").click()
    link = display.get_by_test_id("share-url")
    expect(link).to_be_visible()
    assert "/shared/" in link.inner_text() and table["token"] not in link.inner_text()
    friend = browser.new_context(**PHONE).new_page()
    friend.goto(link.inner_text())
    friend.get_by_test_id("archive").get_by_role("link").first.click()
    expect(friend.get_by_test_id("story-winner")).to_have_text("Ana won")
    shared_story = friend.url

    display.get_by_role("button", name="Revoke the share link").click()
    expect(display.get_by_test_id("share-url")).to_have_count(0)
    expect(display.get_by_role("button", name="Make a share link")).to_be_visible()
    assert friend.goto(shared_story).status == 404
    expect(friend.get_by_role("alert")).to_contain_text("This link no longer works")
