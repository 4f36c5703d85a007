"""Real dice in the browser: a Chez Goth table rolling its own die for the Artist's Income 1/4 (the turn waits, the
phone enters the roll), and a Person sent away by a physical die from the Roll phase's list."""

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
    set_up,
    start,
)


def three_phones(browser, server, game):
    """A three-seat table of `game` and the phones of Ana, Ben and Cleo, who scanned its QR code."""
    display = open_table(browser, server, seats="3", game=game)
    url = scan_qr(display)
    return display, [join(browser, url, seat, name) for seat, name in ((1, "Ana"), (2, "Ben"), (3, "Cleo"))]


def test_the_artists_phone_enters_the_real_die_and_every_screen_shows_the_income(browser, file_server):
    display, (ana, ben, cleo) = three_phones(browser, file_server, "goth")
    enter_jobs(display, GOTH_NUMBERS, GOTH_INCOME)
    display.get_by_label("A job's two-value Income or Free Time is rolled").select_option(label="with our own die")
    display.get_by_test_id("job-die-setting").get_by_role("button", name="Use").click()
    expect(display.locator(".log li").first).to_contain_text("the table now rolls its own die", timeout=PROPAGATION_MS)
    for seat, job in ((1, "Artist"), (2, "Poet"), (3, "Barista")):
        give_job(display, seat, job)
    start(display, (ana, ben, cleo))

    # The turn waits for Ana's die: no "Next phase" yet, and the card says what the roll decides.
    expect(ana.get_by_test_id("job-roll-card")).to_contain_text("1-3 gives 1, 4-6 gives 4")
    expect(ana.get_by_test_id("advance")).to_have_count(0)
    expect(display.get_by_test_id("job-roll-card")).to_be_visible()  # the display may enter it too
    ana.get_by_role("button", name="I rolled 5").click()
    for screen in (ana, ben, cleo, display):
        expect(screen.get_by_test_id("income-left")).to_have_text("Income left: 4", timeout=PROPAGATION_MS)
        expect(screen.get_by_test_id("last-roll")).to_contain_text("physical die")
    expect(ana.get_by_test_id("job-roll-card")).to_have_count(0)
    expect(ana.get_by_test_id("advance")).to_be_visible()


def test_a_physical_die_sends_a_person_to_another_tent_from_the_roll_phase(browser, file_server):
    display, (ana, ben, cleo) = three_phones(browser, file_server, "guevara")
    set_up(display, (ana, ben, cleo))
    advance_to(ana, "Call People")
    ana.select_option("#pc-target-seat", label="Ben")
    play(ana, "Drunk Uncle", card_type="person", slack="0")  # uninvited: he lands in Ben's tent at once
    expect(display.get_by_test_id("tent-2")).to_contain_text("Drunk Uncle", timeout=PROPAGATION_MS)
    advance_to(ana, "Heal")
    ana.get_by_test_id("advance").click()  # end the turn

    expect(ben.get_by_test_id("turn-player")).to_have_text("Ben", timeout=PROPAGATION_MS)
    advance_to(ben, "Roll")
    card = ben.get_by_test_id("get-rid-card")
    card.get_by_label("Send Drunk Uncle to").select_option(label="Cleo")
    card.get_by_role("button", name="I rolled 5").click()
    expect(display.get_by_test_id("tent-3")).to_contain_text("Drunk Uncle", timeout=PROPAGATION_MS)
    expect(display.get_by_test_id("tent-2")).not_to_contain_text("Drunk Uncle")
    expect(ben.get_by_test_id("get-rid-card")).to_have_count(0)
