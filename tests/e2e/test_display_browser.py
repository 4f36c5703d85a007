"""The table display as a scoreboard in Chromium: the race follows every tap live, highlights flash, the spectator
view follows and stops when revoked, and a win leads to the game's story."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.helpers.api_tables import api
from tests.helpers.browser_steps import PROPAGATION_MS, seated, tap, until
from tests.helpers.chromium import DISPLAY, PHONE


def test_the_race_follows_taps_live_and_a_win_leads_to_the_story(browser, file_server):
    table = api(file_server, "/api/tables", {"seats": 3, "language": "en"})
    display = browser.new_context(**DISPLAY).new_page()
    display.goto(table["display_url"])
    ana, ben = seated(browser, table["join_url"], 1, "Ana"), seated(browser, table["join_url"], 2, "Ben")
    expect(display.locator("#conn")).to_have_attribute("data-state", "live")

    tap(ana, "+1 Slack for Ana")
    expect(display.get_by_test_id("race-total-1")).to_have_text("1", timeout=PROPAGATION_MS)
    tap(ben, "+ wound for Ben")
    expect(display.get_by_test_id("race-total-2")).to_have_text("-1", timeout=PROPAGATION_MS)
    banner = display.locator(".announce.announce-now")
    expect(banner).to_have_text("1 wound to Ben")
    expect(banner).to_be_visible()
    expect(display.locator(".race-lane[data-seat='2']")).to_have_class("race-lane lane-2 flash")
    expect(display.locator(".race-lane[data-seat='2']")).to_contain_text("1 wound")
    until(ben, "window.buzzes")
    assert ben.evaluate("window.buzzes") == [[200, 100, 200]]  # Ben's phone buzzed, Ana's did not
    assert ana.evaluate("window.buzzes || []") == []

    display.get_by_role("button", name="Make a spectator link").click()
    watcher = browser.new_context(**DISPLAY).new_page()
    watcher.goto(display.get_by_test_id("spectator-url").inner_text())
    expect(watcher.locator("#conn")).to_have_attribute("data-state", "live")
    assert watcher.locator("form").count() == 0
    tap(ana, "+1 Slack for Ana")
    expect(watcher.get_by_test_id("race-total-1")).to_have_text("2", timeout=PROPAGATION_MS)

    api(file_server, f"/t/{table['token']}/actions", {"type": "adjust_slack", "seat": 1, "args": {"delta": 17}},
        table["display_key"])
    tap(ana, "+1 Slack for Ana")
    expect(display.get_by_test_id("race-winner")).to_have_text("Ana has won!", timeout=PROPAGATION_MS)
    expect(display.locator(".announce.announce-now")).to_have_text("Ana has won!")
    expect(watcher.get_by_test_id("race-winner")).to_have_text("Ana has won!", timeout=PROPAGATION_MS)

    display.get_by_test_id("story-link").click()
    expect(display.get_by_test_id("story-winner")).to_have_text("Ana won")
    expect(display.locator("polyline.chart-line")).to_have_count(3)
    expect(display.get_by_test_id("moments")).to_contain_text("Ana reaches the goal and wins")
    story = display.url
    display.go_back()

    display.get_by_role("button", name="Revoke the link").click()
    expect(watcher.locator("[role=alert]")).to_contain_text("no longer works", timeout=5000)
    display.goto(file_server.url + "/")  # the front page lists the games of the tables this browser hosts
    display.get_by_test_id("archive").get_by_role("link").first.click()
    assert display.url == story


def test_the_display_speaks_the_table_language_and_each_phone_its_own(browser, file_server):
    laptop = browser.new_context(**DISPLAY, locale="en-US").new_page()
    laptop.goto(file_server.url + "/")
    expect(laptop.locator("html")).to_have_attribute("lang", "en")
    laptop.select_option("#language", "de")
    laptop.get_by_test_id("first-game").uncheck()
    laptop.click("text=Open the table")
    expect(laptop.get_by_role("heading", name="Scannen und mitspielen")).to_be_visible()
    expect(laptop.locator("html")).to_have_attribute("lang", "de")
    expect(laptop.locator("#conn")).to_have_attribute("data-state", "live")
    join_url = laptop.get_by_test_id("join-url").inner_text()

    phone = browser.new_context(**PHONE, locale="ru-RU").new_page()
    phone.goto(join_url)
    expect(phone.locator("html")).to_have_attribute("lang", "ru")
    phone.check("input[name=seat][value='1']")
    phone.fill("#name", "Ana")
    phone.locator("form.join-form button[type=submit], form[action$='/join'] button[type=submit]").first.click()
    expect(phone.get_by_test_id("my-total")).to_have_text("0")
    expect(phone.locator("#conn")).to_have_attribute("data-state", "live")
    tap(phone, "+ рана: Ana")
    # the live refresh the tap brings the display is in the table's language too
    expect(laptop.locator(".announce.announce-now")).to_have_text("1 Wunde für Ana", timeout=PROPAGATION_MS)

    # the display's own settings choose another language
    laptop.locator("details.settings summary").click()
    laptop.select_option("#lang-select", "ru")
    laptop.locator(".lang-form button[type=submit]").click()
    expect(laptop.locator("html")).to_have_attribute("lang", "ru")
    expect(laptop.get_by_role("heading", name="Сканируй, чтобы играть")).to_be_visible()
    expect(phone.locator("html")).to_have_attribute("lang", "ru")
