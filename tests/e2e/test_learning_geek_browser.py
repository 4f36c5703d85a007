"""A first game of Chez Geek teaches itself (issue 61): Ana (English) and Ben (German) new, Cleo (Russian) not,
through the first round: Ana's job die, an invited Person, an Activity Ben answers with a TV card. Each moment's
explanation appears on the new phone whose moment it is, once, in its language, above the action bar, and not
after a reload; at 320x568, 360x640 and 390x844 the job die's explanation and its roll lie on the first screen.
The display acts over HTTP; the phones are only looked at."""

from playwright.sync_api import expect

from tests.helpers.api_tables import GEEK, JOBS
from tests.helpers.browser_steps import PROPAGATION_MS, uncovered_at_every_size
from tests.helpers.learning_phones import SIESTA, LearningTable, an_invited_person_called

# Ana's job prints two Incomes, so each of her turns waits for the table's die.
TWO_INCOMES = [{**JOBS[0], "income": [2, 4]}, *JOBS[1:]]


def test_a_first_round_of_chez_geek_explains_the_job_die_and_the_tv_once_on_the_new_phones(browser, file_server):
    table = LearningTable(file_server, "geek")
    act = table.act
    ana, ben, cleo = table.phones(browser)
    act("set_job_profile", jobs=TWO_INCOMES)
    for seat, job in ((1, "slacker"), (2, "temp"), (3, "drummer")):
        act("set_job", seat, job=job)
    act("set_job_die", physical=True)
    act("set_dealer", 3)
    act("start_game")

    # The job die: its explanation and its roll on the first screen at every size, on Ana's phone alone.
    expect(ana.page.locator("[data-testid=explain][data-moment=job_roll]")).to_be_visible(timeout=PROPAGATION_MS)
    uncovered_at_every_size(ana.page, ["[data-moment=job_roll]", ".job-roll-bar"], "the job die's explanation")
    ana.explains("job_roll", "#action-bar")
    ben.explains_nothing()
    cleo.explains_nothing()
    act("job_roll", 1, value=5)
    ana.explains("draw", "[data-testid=turn]")

    # An invited Person: Ben may cancel it; Cleo, who has played before, sees the window as before.
    table.through(1, 1, GEEK[:2])
    an_invited_person_called(act, ana, ben, cleo)

    # Ana's Activity in her Free Time: Ben, who has read how to answer a card, learns the TV card, and plays one.
    act("advance", 1, phase="call", turn=1)
    window = act("play_card", 1, cards=[SIESTA])["state"]["window"]["id"]
    ben.explains("tv", "[data-testid=window]")
    cleo.explains_nothing()
    act("watch_tv", 2, window=window, name="Reruns")
    expect(ana.page.get_by_test_id("window")).to_have_count(0, timeout=PROPAGATION_MS)

    # Ben's turn begins on his phone, in German; the round ends and Ana's job die waits again, explained no more.
    table.through(1, 1, GEEK[3:])
    expect(ben.page.get_by_test_id("turn-player")).to_have_text("Ben", timeout=PROPAGATION_MS)
    ben.explains("draw", "[data-testid=turn]")
    table.through(2, 2, GEEK)
    table.through(3, 3, GEEK)
    expect(ana.page.locator(".job-roll-bar")).to_be_visible(timeout=PROPAGATION_MS)
    ana.explains_nothing()
    assert cleo.page.locator("[data-testid=explain]").count() == 0
