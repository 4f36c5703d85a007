"""Chez Goth and the combined game on three phones: a rolled Income, a Heartache lost, a TV card, a job change."""

import re

from playwright.sync_api import expect

from tests.helpers.browser_steps import (
    GOTH_INCOME,
    GOTH_NUMBERS,
    PROPAGATION_MS,
    advance_to,
    enter_jobs,
    give_job,
    join,
    open_table,
    play,
    scan_qr,
    start,
)

# What a table would copy from its job cards: only the Artist's 1/4, the Temp's 1/4 and the Porn Shop Clerk's
# goal 18 are printed in the rulebooks (and come prefilled).
COMBINED_NUMBERS = {"artist": ("2", "20"), "slacker": ("3", "25"), "drummer": ("3", "20"), "temp": ("2", "22")}
COMBINED_INCOME = {"slacker": "2", "drummer": "1"}


def test_chez_goth_turns_with_a_rolled_income_a_heartache_lost_and_a_tv_card(browser, file_server):
    display = open_table(browser, file_server, seats="3", game="goth")
    url = scan_qr(display)
    ana, ben, cleo = (join(browser, url, seat, name) for seat, name in ((1, "Ana"), (2, "Ben"), (3, "Cleo")))
    expect(display.get_by_text("Lay your purple job cards face up")).to_be_visible()
    expect(display.locator("#job-income-artist")).to_have_value("1/4")
    expect(display.locator("#job-goal-porn_shop_clerk")).to_have_value("18")
    enter_jobs(display, GOTH_NUMBERS, GOTH_INCOME)

    ana.locator("#my-job").select_option(label="Artist")  # Ana enters the job she was dealt on her own phone
    ana.get_by_role("button", name="Set the job").click()
    expect(display.get_by_test_id("job-1")).to_have_text("Artist", timeout=PROPAGATION_MS)
    give_job(display, 2, "Poet")
    give_job(display, 3, "Barista")
    start(display, (ana, ben, cleo))

    # The Artist's Income 1/4 was rolled as the turn began, and every screen shows the roll and the result.
    roll = int(display.get_by_test_id("last-roll").locator(".die").inner_text())
    income = 1 if roll <= 3 else 4
    for screen in (ana, ben, cleo, display):
        expect(screen.get_by_test_id("last-roll")).to_contain_text("the job's Income", timeout=PROPAGATION_MS)
        expect(screen.get_by_test_id("last-roll").locator(".die")).to_have_text(str(roll))
        expect(screen.get_by_test_id("income-left")).to_have_text(f"Income left: {income}")
    expect(ana.locator(".log li").nth(1)).to_contain_text(f"rolled {roll} for the job's Income — Artist")
    expect(ben.get_by_test_id("seat-job-1")).to_contain_text("Artist · goal 20")

    # Ana has two Heartache; after Call People with nobody in her room she loses one, for all to see.
    ana.get_by_role("button", name="+1 Heartache for Ana").click()
    expect(ana.get_by_test_id("my-total")).to_have_text("1", timeout=PROPAGATION_MS)
    ana.get_by_role("button", name="+1 Heartache for Ana").click()
    expect(ana.get_by_test_id("my-total")).to_have_text("2", timeout=PROPAGATION_MS)
    advance_to(ana, "Call People")
    expect(ana.locator(".reminder")).to_contain_text("loses 1 Heartache")
    advance_to(ana, "Free Time")
    for screen in (ana, ben, cleo, display):
        expect(screen.get_by_test_id("heartache-1").first).to_have_text("Heartache 1", timeout=PROPAGATION_MS)
        expect(screen.get_by_test_id("total-1")).to_have_text("1")
    expect(ben.locator(".log li").first).to_contain_text("Ana has nobody in the room after Call People")

    # Ana announces an Activity; Ben plays a TV card on it: the Activity goes, Ana keeps the TV for 1 Slack.
    play(ana, "Moping", card_type="activity", slack="3")
    expect(ben.get_by_test_id("window")).to_contain_text("Moping", timeout=PROPAGATION_MS)
    ben.fill("#tv-name-seat", "Vampire Soaps")
    ben.get_by_test_id("watch-tv").click()
    for screen in (ana, ben, cleo, display):
        expect(screen.get_by_test_id("window")).to_have_count(0, timeout=PROPAGATION_MS)
        expect(screen.get_by_test_id("tent-1")).to_contain_text("Vampire Soaps")
        expect(screen.get_by_test_id("tent-1")).not_to_contain_text("Moping")
        expect(screen.get_by_test_id("total-1")).to_have_text("2")
    expect(ana.get_by_test_id("free-time-left")).to_contain_text("Free Time left: 1")
    expect(ana.locator(".log li").first).to_contain_text("the Free Time goes on TV")

    # Five phases and no Heal: after Discard the turn passes to Ben.
    advance_to(ana, "Discard")
    expect(ana.get_by_test_id("advance")).to_have_text("End the turn")
    ana.get_by_test_id("advance").click()
    for screen in (ana, ben, cleo, display):
        expect(screen.get_by_test_id("turn-player")).to_have_text("Ben", timeout=PROPAGATION_MS)
    expect(ben.get_by_test_id("income-left")).to_have_text("Income left: 1")


def test_combined_game_a_goth_changes_to_a_normal_job(browser, file_server):
    display = open_table(browser, file_server, seats="3", game="geekgoth")
    url = scan_qr(display)
    ana, ben, cleo = (join(browser, url, seat, name) for seat, name in ((1, "Ana"), (2, "Ben"), (3, "Cleo")))
    expect(display.locator("tr[data-job='artist'] input[type=checkbox]")).to_be_checked()
    expect(display.locator("tr[data-job='slacker'] input[type=checkbox]")).not_to_be_checked()
    enter_jobs(display, COMBINED_NUMBERS, COMBINED_INCOME)
    for seat, job in ((1, "Artist"), (2, "Slacker"), (3, "Drummer")):
        give_job(display, seat, job)
    start(display, (ana, ben, cleo))

    # Only the Goth job sees Heartache buttons.
    expect(ben.get_by_role("button", name="+1 Heartache for Ben")).to_have_count(0)
    for _ in range(2):
        before = ana.get_by_test_id("my-total").inner_text()
        ana.get_by_role("button", name="+1 Heartache for Ana").click()
        expect(ana.get_by_test_id("my-total")).not_to_have_text(before, timeout=PROPAGATION_MS)
    expect(cleo.get_by_test_id("heartache-1")).to_have_text("Heartache 2", timeout=PROPAGATION_MS)

    # You're Fired! The Artist becomes a Temp: Heartache is lost, 1 Slack stays on the job.
    ana.click(".job-change summary")
    ana.select_option("#change-why-seat", "fired")
    ana.locator("#change-job-seat").select_option(label="Temp")
    ana.get_by_role("button", name="Change the job").click()
    for screen in (ana, ben, cleo, display):
        expect(screen.get_by_test_id("seat-job-1")).to_contain_text("Temp · goal 22", timeout=PROPAGATION_MS)
        expect(screen.get_by_test_id("total-1")).to_have_text("1")
        expect(screen.get_by_test_id("heartache-1")).to_have_count(0)
        expect(screen.get_by_test_id("detail-1").first).to_contain_text("+1 Slack on the job")
    expect(ana.get_by_test_id("my-job")).to_have_text("Temp")
    expect(ben.locator(".seat-row[data-seat='1']")).to_contain_text("counts as Drummer, Poet for cards that name a job")
    expect(ben.locator(".log li").first).to_contain_text(
        re.compile("Ana plays You're Fired! and is now Temp — loses 2 Heartache — \\+1 Slack on the job"))
    expect(ana.get_by_role("button", name="+1 Heartache for Ana")).to_have_count(0)
