"""A tap survives a live refresh: the panel is updated in place, so pressing and releasing a button while
another phone's change arrives still counts; and what the player typed, ticked or unfolded stays as it was."""

from playwright.sync_api import expect

from tests.helpers.browser_steps import (
    PROPAGATION_MS,
    advance_to,
    join,
    open_numbers,
    open_table,
    scan_qr,
    table_of_three,
)


def test_a_tap_held_across_another_phones_change_still_counts(browser, file_server):
    display = open_table(browser, file_server, seats="2")
    url = scan_qr(display)
    ana, ben = join(browser, url, 1, "Ana"), join(browser, url, 2, "Ben")
    plus = ana.get_by_role("button", name="+1 Slack for Ana")
    box = plus.bounding_box()
    ana.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    ana.mouse.down()
    ben.get_by_role("button", name="+1 Slack for Ben").click()
    expect(ana.get_by_test_id("total-2")).to_have_text("1", timeout=PROPAGATION_MS)  # Ana's panel refreshed
    ana.mouse.up()
    for screen in (ana, ben, display):
        expect(screen.get_by_test_id("total-1")).to_have_text("1", timeout=PROPAGATION_MS)


def test_what_the_player_typed_ticked_and_unfolded_stays_through_another_phones_change(browser, file_server):
    ana, ben, _cleo = table_of_three(browser, file_server)
    advance_to(ana, "Free Time")
    ana.fill("#pc-name-seat", "Quokka Parade")  # a new card, its numbers being copied
    open_numbers(ana)
    ana.locator("label[for='pc-type-thing-seat']").click()
    ana.fill("#pc-slack-seat", "3")
    ana.fill("#pc-cost-seat", "2")  # the field in focus; the others typed before it
    bens = int(ana.get_by_test_id("total-2").text_content())
    ben.get_by_role("button", name="+1 Slack for Ben").click()
    expect(ana.get_by_test_id("total-2")).to_have_text(str(bens + 1), timeout=PROPAGATION_MS)  # Ana's panel refreshed
    expect(ana.locator("#pc-name-seat")).to_have_value("Quokka Parade")
    expect(ana.locator("#pc-slack-seat")).to_have_value("3")
    expect(ana.locator("#pc-cost-seat")).to_have_value("2")
    expect(ana.locator("#pc-cost-seat")).to_be_focused()
    expect(ana.locator("#pc-type-thing-seat")).to_be_checked()
    expect(ana.locator(".play-card-form .card-numbers")).to_have_attribute("open", "")
