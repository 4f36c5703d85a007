"""On phones, what a player needs is there (issue 57): a Sergeant plays Demotion and Denounce!, and reads why
there is no Promotion; a New Job that brings out a job nobody entered asks its holder for the numbers at once,
and the game goes on."""

from playwright.sync_api import expect

from tests.helpers.browser_steps import (
    PROPAGATION_MS,
    advance_to,
    enter_jobs,
    give_job,
    join,
    open_table,
    scan_qr,
    start,
    table_of_three,
    unfold,
)


def test_a_sergeant_plays_demotion_and_denounce_from_the_phone(browser, file_server):
    ana, ben, cleo = table_of_three(browser, file_server)  # Ana Private, Ben Corporal, Cleo Sergeant
    unfold(cleo, "whenever")
    expect(cleo.get_by_test_id("withheld-promote")).to_contain_text("A Sergeant cannot be promoted.")
    expect(cleo.get_by_test_id("play-promotion")).to_have_count(0)
    cleo.locator("#demote-target-seat").select_option(label="Ben (Corporal)")
    cleo.get_by_test_id("play-demotion").click()
    expect(ben.get_by_test_id("my-rank")).to_have_text("Private", timeout=PROPAGATION_MS)

    unfold(cleo, "whenever")
    cleo.locator("#denounce-target-seat").select_option(label="Ana (Private)")
    cleo.get_by_test_id("play-denounce").click()
    for screen in (ana, ben, cleo):
        expect(screen.get_by_test_id("denounce")).to_contain_text("Cleo denounces Ana.", timeout=PROPAGATION_MS)


def test_a_new_job_to_a_blank_job_asks_its_holder_for_the_numbers_and_the_game_goes_on(browser, file_server):
    display = open_table(browser, file_server, seats="2", game="geek")
    url = scan_qr(display)
    ana, ben = join(browser, url, 1, "Ana"), join(browser, url, 2, "Ben")
    enter_jobs(display, {"slacker": ("3", "25"), "temp": ("2", "22")}, {"slacker": "2"})  # Web Designer left blank
    give_job(display, 1, "Slacker")
    give_job(display, 2, "Temp")
    start(display, (ana, ben), dealer=2)

    unfold(ben, "job-change")
    ben.locator("#change-job-seat").select_option(label="Web Designer")
    ben.get_by_role("button", name="Change the job").click()
    numbers = ben.get_by_test_id("job-numbers-2")
    expect(numbers).to_contain_text("Copy the numbers of your job card: Web Designer", timeout=PROPAGATION_MS)
    expect(display.get_by_test_id("job-numbers-2")).to_contain_text("the job card of Ben: Web Designer",
                                                                     timeout=PROPAGATION_MS)
    expect(ana.get_by_test_id("job-numbers-2")).to_have_count(0)
    numbers.locator("input[name=income]").fill("3")
    numbers.locator("input[name=free_time]").fill("2")
    numbers.locator("input[name=goal]").fill("21")
    numbers.get_by_test_id("save-job-numbers").click()
    expect(ben.get_by_test_id("job-numbers-2")).to_have_count(0, timeout=PROPAGATION_MS)
    expect(display.get_by_test_id("job-numbers-2")).to_have_count(0, timeout=PROPAGATION_MS)

    advance_to(ana, "Discard")
    ana.get_by_test_id("advance").click()  # End the turn: Ben's Web Designer now has its numbers
    for screen in (ana, ben, display):
        expect(screen.get_by_test_id("turn-player")).to_have_text("Ben", timeout=PROPAGATION_MS)
    expect(ben.get_by_test_id("income-left")).to_have_text("Income left: 3")
