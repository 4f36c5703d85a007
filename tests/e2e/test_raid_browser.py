"""Four phones and the display through a raid (rolls, a wound, a promotion, loot picks) and a denounce answered by
sweet revenge."""

from playwright.sync_api import expect

from tests.helpers.browser_steps import PROFILE, PROPAGATION_MS, advance_to, join, open_table, scan_qr

PENALTY = {"private": "0", "corporal": "1", "sergeant": "2"}
RANKS = ((1, "Corporal"), (2, "Private"), (3, "Private"), (4, "Private"))


def set_up_four(display, phones):
    """Ana is the only Corporal; Dan deals, so Ana plays first."""
    for field, per_rank in {**PROFILE, "penalty": PENALTY}.items():
        for rank, value in per_rank.items():
            display.fill(f"#{field}_{rank}", value)
    display.get_by_role("button", name="Save the rank cards").click()
    for seat, rank in RANKS:
        display.locator(f".rank-list li[data-seat='{seat}']").get_by_role("button", name=rank).click()
        expect(display.locator(f".rank-list li[data-seat='{seat}'] button.chosen")).to_have_text(rank)
    display.locator(".dealer-list li[data-seat='4']").get_by_role("button", name="Make dealer").click()
    display.get_by_role("button", name="Start the game").click()
    for phone in phones:
        expect(phone.get_by_test_id("turn-player")).to_have_text("Ana", timeout=PROPAGATION_MS)


def rank_of(screen, seat):
    return screen.locator(f".seat-row[data-seat='{seat}'] .rank")


def raid_roll(phone, value):
    phone.get_by_test_id("raid-roll-form").get_by_role("button", name=f"I rolled {value}").click()


def test_a_raid_and_a_denounce_answered_by_sweet_revenge(browser, server):
    display = open_table(browser, server, seats="4")
    url = scan_qr(display)
    phones = [join(browser, url, seat, name) for seat, name in ((1, "Ana"), (2, "Ben"), (3, "Cleo"), (4, "Dan"))]
    ana, ben, cleo, dan = phones
    set_up_four(display, phones)

    advance_to(ana, "Free Time")
    expect(ben.locator(".call-raid summary")).to_contain_text("Hand Ana a Raid card")
    ana.locator(".call-raid summary").click()
    ana.fill("#raid-name-seat", "Raid the Village")
    ana.fill("#raid-loot-seat", "2")
    ana.get_by_role("button", name="Call the raid").click()
    expect(cleo.get_by_test_id("window")).to_contain_text("calls a raid: Raid the Village", timeout=PROPAGATION_MS)
    expect(cleo.get_by_test_id("raid-roll-form")).to_have_count(0)  # the leader's roll puts the card in play
    raid_roll(ana, 3)
    for phone, value in ((ben, 6), (cleo, 2), (dan, 1)):
        expect(phone.get_by_test_id("raid-roll-form")).to_be_visible(timeout=PROPAGATION_MS)
        raid_roll(phone, value)
    for screen in (*phones, display):  # Ben's 6 is the highest roll: wounded and promoted on the same raid
        expect(rank_of(screen, 2)).to_have_text("Corporal", timeout=PROPAGATION_MS)
        expect(screen.locator(".seat-row[data-seat='2'] .seat-detail")).to_contain_text("wounds 1")
        expect(screen.get_by_test_id("loot-turn")).to_contain_text("Ana picks from the loot")
    expect(display.get_by_test_id("last-roll")).to_contain_text("raid")
    expect(ben.get_by_role("button", name="Take this Thing")).to_have_count(0)

    ana.fill("#loot-name-seat", "Cigars")
    ana.fill("#loot-slack-seat", "2")
    ana.get_by_role("button", name="Take this Thing").click()
    ana.get_by_role("button", name="Dan picks second").click()
    expect(dan.get_by_test_id("loot-turn")).to_contain_text("Dan picks from the loot", timeout=PROPAGATION_MS)
    dan.fill("#loot-name-seat", "Rum")
    dan.fill("#loot-slack-seat", "1")
    dan.get_by_role("button", name="Take this Thing").click()
    for screen in (*phones, display):
        expect(screen.get_by_test_id("raid")).to_have_count(0, timeout=PROPAGATION_MS)
        expect(screen.get_by_test_id("tent-1")).to_contain_text("Cigars")
        expect(screen.get_by_test_id("tent-4")).to_contain_text("Rum")
        expect(screen.get_by_test_id("total-4")).to_have_text("2")  # Private 1 + Rum 1

    # Ana denounces Ben; Ben is innocent (5 - the Corporal's penalty 1 = 4) and strikes back.
    ana.click(".whenever summary >> nth=-1")
    ana.select_option("#denounce-target-seat", "2")
    ana.get_by_test_id("play-denounce").click()
    expect(ben.get_by_test_id("denounce")).to_contain_text("Ana denounces Ben.", timeout=PROPAGATION_MS)
    expect(ana.get_by_role("button", name="Roll for the denouncement")).to_have_count(0)
    ben.get_by_test_id("action-bar").get_by_role("button", name="I rolled 5").click()
    expect(ben.get_by_test_id("denounce-verdict")).to_contain_text("Ben is innocent", timeout=PROPAGATION_MS)
    ben.get_by_role("button", name="Sweet revenge with a Denounce! card").click()
    for screen in (*phones, display):
        expect(rank_of(screen, 1)).to_have_text("Private", timeout=PROPAGATION_MS)
        expect(screen.get_by_test_id("denounce-verdict")).to_contain_text("Sweet revenge: Ana is demoted.")
    ben.get_by_role("button", name="Leave it").click()
    for screen in (*phones, display):
        expect(screen.get_by_test_id("denounce")).to_have_count(0, timeout=PROPAGATION_MS)
    expect(display.locator(".log li").first).to_contain_text("ends the denouncement")
    ana.get_by_role("button", name="Undo").click()  # anyone may take back the last step
    expect(display.get_by_test_id("denounce")).to_contain_text("Leave it", timeout=PROPAGATION_MS)
