"""A first game of Chez Guevara teaches itself (issue 61): three phones, Ana (English) and Ben (German) new, Cleo
(Russian) not, through the first round with a pull rank, a raid and a denouncement; each moment's explanation
appears on the new phone whose moment it is, once, in its language, above the action bar and the control it
explains, and not after a reload; Cleo's phone shows nothing more than before; a tap sends nothing more than
before; at 320x568, 360x640 and 390x844 the explanation and the control it explains lie on the first screen above
the action bar. The display acts over HTTP; the phones are only looked at."""

from playwright.sync_api import expect

from tests.helpers.api_tables import GUEVARA, RANKS
from tests.helpers.browser_steps import PROPAGATION_MS, uncovered_at_every_size
from tests.helpers.learning_phones import DIG_HOLES, SIESTA, LearningTable, an_invited_person_called


def test_a_first_round_of_chez_guevara_explains_each_moment_once_on_the_new_phones(browser, file_server):
    table = LearningTable(file_server, "guevara")
    act = table.act
    ana, ben, cleo = table.phones(browser)
    act("set_profile", **RANKS)
    for seat, rank in ((1, "private"), (2, "corporal"), (3, "sergeant")):
        act("set_rank", seat, rank=rank)
    act("set_dealer", 3)
    act("start_game")
    for phone in (ana, ben, cleo):
        expect(phone.page.get_by_test_id("turn-player")).to_have_text("Ana", timeout=PROPAGATION_MS)

    # Draw: Ana's moment alone; dismissed with a tap, it stays dismissed.
    ana.explains("draw", "[data-testid=turn]")
    ben.explains_nothing()
    assert cleo.page.locator("[data-testid=explain]").count() == 0

    # A tap on a new phone sends what it sent before: one post, answered with the panel.
    sent = []
    ana.page.on("request", lambda request: sent.append((request.method, request.url)))
    ana.page.get_by_test_id("advance").click()
    expect(ana.page.get_by_test_id("turn-phase")).to_have_attribute("data-phase", "roll")
    assert [method for method, _url in sent] == ["POST"], sent
    ana.explains("roll", "[data-testid=turn]")

    # Call People: the explanation and the card's name field lie on the first screen at every size.
    act("advance", 1, phase="roll", turn=1)
    expect(ana.page.locator("[data-testid=explain][data-moment=call]")).to_be_visible(timeout=PROPAGATION_MS)
    uncovered_at_every_size(ana.page, ["[data-moment=call]", "#pc-name-seat", "[data-testid=go-play_card]"],
                            "Call People's explanation and card field")
    ana.explains("call", ".play-card")

    # An invited Person: Ana rolls for it once the others had their chance; Ben may cancel it.
    an_invited_person_called(act, ana, ben, cleo)

    # Free Time: Ana's Activity; Ben, a Corporal, may pull rank on the Private; then he does.
    act("advance", 1, phase="call", turn=1)
    ana.explains("free_time", ".play-card")
    window = act("play_card", 1, cards=[SIESTA])["state"]["window"]["id"]
    ana.explains("announced_activity", "[data-testid=window]")
    ben.explains("pull_rank", "[data-testid=window]")
    act("pull_rank", 2, window=window, card=DIG_HOLES)
    ana.explains("ordered", "[data-testid=window]")
    cleo.explains_nothing()  # a Sergeant could countermand: not explained on a phone that is not new
    cleo.lets_it_pass()

    # Discard and Heal end Ana's turn; then Ben's turn begins on his phone, in German.
    act("advance", 1, phase="freetime", turn=1)
    ana.explains("discard", "[data-testid=turn]")
    act("advance", 1, phase="discard", turn=1)
    ana.explains("heal", "[data-testid=turn]")
    act("advance", 1, phase="heal", turn=1)
    expect(ben.page.get_by_test_id("turn-player")).to_have_text("Ben", timeout=PROPAGATION_MS)
    ben.explains("draw", "[data-testid=turn]")
    ana.explains_nothing()
    cleo.explains_nothing()

    # Cleo, the Sergeant, leads a raid in her Free Time: everyone else rolls, then picks from the loot.
    table.through(2, 2, GUEVARA)
    table.through(3, 3, GUEVARA[:3])
    act("call_raid", 3, name="Raid the Village", loot=3)
    act("raid_roll", 3, value=5)
    ana.explains("raid_roll", "[data-testid=raid]")
    ben.explains("raid_roll", "[data-testid=raid]")
    cleo.explains_nothing()
    act("raid_roll", 1, value=2)
    act("raid_roll", 2, value=3)
    act("take_loot", 3, name="Cigars", slack=2)
    act("name_second", 3, **{"with": 1})
    ana.explains("raid_loot", "[data-testid=raid]")
    act("take_loot", 1, name="Soap", slack=1)
    ben.explains("raid_loot", "[data-testid=raid]")
    act("take_loot", 2, name="Vodka", slack=1)

    # Ana denounces Ben: he rolls, guilty; her move follows.
    act("denounce", 1, target=2)
    ben.explains("denounced", "[data-testid=denounce]")
    ana.explains_nothing()
    act("denounce_roll", 2, value=1)
    ana.explains("denounce_move", "[data-testid=denounce]")
    cleo.explains_nothing()
    act("denounce_done", 1)

    # The round ends; Ana's second turn explains nothing she has already read.
    table.through(3, 3, GUEVARA[3:])
    expect(ana.page.get_by_test_id("turn-player")).to_have_text("Ana", timeout=PROPAGATION_MS)
    ana.explains_nothing()
    assert cleo.page.locator("[data-testid=explain]").count() == 0
