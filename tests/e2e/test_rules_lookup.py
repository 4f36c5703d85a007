"""A phone looks a rule up mid-game, in its own language, and comes back to its seat."""

from playwright.sync_api import expect

from tests.helpers.browser_steps import join, open_table, scan_qr, tap
from tests.helpers.chromium import PHONE


def test_a_refusal_opens_its_rule_and_the_phone_returns_to_its_seat(browser, file_server):
    display = open_table(browser, file_server, seats="2")
    ana = join(browser, scan_qr(display), 1, "Ana")
    tap(ana, "−1 Slack for Ana")
    expect(ana.locator(".error")).to_contain_text("Slack cannot drop below zero.")
    ana.locator(".error .help").click()
    expect(ana.locator("article.rule")).to_have_attribute("data-section", "guevara.goal")
    ana.get_by_role("link", name="Back to the game").click()
    expect(ana.locator(".me-name")).to_have_text("Ana")


def test_a_german_phone_asks_in_german(browser, file_server):
    display = open_table(browser, file_server, seats="2")
    url = scan_qr(display)
    context = browser.new_context(**PHONE, locale="de-DE")
    phone = context.new_page()
    phone.goto(url)
    expect(phone.get_by_role("button", name="Hinsetzen")).to_be_visible()
    phone.goto(file_server.url + "/rules")
    phone.fill("#q", "was passiert bei einer 6 beim Überfall")
    phone.get_by_role("button", name="Suchen").click()
    first = phone.locator("article.rule").first
    expect(first).to_have_attribute("data-section", "guevara.raid.roll")
    expect(first.locator("mark").first).to_be_visible()
    expect(display.get_by_role("heading", name="Scan to join")).to_be_visible()
