"""A new card in few taps (issue 47 item 2), at 320x568, 360x640 and 390x844 in English, German and Russian: the type
is a row of large buttons (a tap on one moves on to the Slack), numbers come from the numeric keypad, the categories
asked are only those the chosen type carries (none for People in Chez Guevara). The tap benchmark's turn with four
unseen cards, counting the taps that only give a field focus, took 26 taps with the type in a select and 22 with the
type as buttons; with the numbers opening by themselves for a new card and the keyboard's Next key moving through its
fields, it takes 10, its Activity's Slack rolled included (issue 60). A German 320x568 turn with a known Person and one
unseen rolled Activity takes 8 taps and its 15 letters."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.helpers.api_tables import Table
from tests.helpers.browser_steps import PROPAGATION_MS, open_numbers, table_of_three
from tests.helpers.counted_taps import UNSEEN_CARDS, Thumb, play_short_turn, play_turn
from tests.helpers.lan_phones import sit_down

SIZES = ((320, 568), (360, 640), (390, 844))
THING_CATEGORIES = 4  # Chez Guevara: Food, Booze, Cigarettes, Pet
ACTIVITY_CATEGORIES = 4  # Sleep, Nookie, Raid, Cancel
SHOWN = "set => [...set.querySelectorAll('label[data-types]')].filter(l => l.checkVisibility()).length"


def type_buttons(page, kinds, where):
    """The type's buttons: one row, each a thumb's size (measured at one moment, together)."""
    boxes = page.evaluate("""kinds => kinds.map(kind => {
        const box = document.querySelector(`label[for='pc-type-${kind}-seat']`).getBoundingClientRect();
        return {y: Math.round(box.top), width: box.width, height: box.height}; })""", list(kinds))
    assert all(box["width"] >= 44 and box["height"] >= 44 for box in boxes), (where, boxes)
    assert len({box["y"] for box in boxes}) == 1, (where, boxes)


# A control the action bar does not cover.
ABOVE_BAR = """el => el.getBoundingClientRect().bottom
    <= document.getElementById('action-bar').getBoundingClientRect().top"""


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
def test_a_new_cards_form_asks_its_type_in_one_tap_and_only_its_categories(session_browser, file_server, lang):
    table = Table(file_server, "guevara", lang)
    ana = sit_down(session_browser, table.join_url, 1, "Ana", lang, *SIZES[0])
    try:
        table.set_up()
        for phase in ("draw", "roll"):
            table.act("advance", 1, phase=phase, turn=1)
        expect(ana.get_by_test_id("turn-phase")).to_have_attribute("data-phase", "call", timeout=PROPAGATION_MS)
        open_numbers(ana)
        for width, height in SIZES:  # Call People: Person or Cat; People carry no category here, pests do
            ana.set_viewport_size({"width": width, "height": height})
            type_buttons(ana, ("person", "cat"), f"{lang} call at {width}")
            expect(ana.get_by_test_id("card-categories")).to_have_count(0)
            assert ana.locator("#pc-slack-seat").get_attribute("inputmode") == "numeric"
        # A rulebook Person whose Slack nobody entered yet: its chip opens the Slack to copy, in view, instead of a
        # refusal that pushed the field under the bar (the outsider's German turn: Gordo).
        ana.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
        gordo = {"ru": "Гордо"}.get(lang, "Gordo")
        ana.locator("#pc-name-seat").fill(gordo)
        ana.locator(".play-card-form .card-picker").get_by_role("button", name=gordo, exact=True).click()
        expect(ana.locator("#pc-slack-seat")).to_be_focused()
        assert ana.locator("#pc-slack-seat").evaluate(ABOVE_BAR), f"{lang}: the Slack to copy is under the bar"
        expect(ana.get_by_test_id("turn-phase")).to_have_attribute("data-phase", "call")  # nothing was sent
        ana.locator("#pc-name-seat").fill("")
        table.act("advance", 1, phase="call", turn=1)
        expect(ana.get_by_test_id("turn-phase")).to_have_attribute("data-phase", "freetime", timeout=PROPAGATION_MS)
        open_numbers(ana)
        categories = ana.get_by_test_id("card-categories")
        for width, height in SIZES:
            ana.set_viewport_size({"width": width, "height": height})
            where = f"{lang} free time at {width}"
            type_buttons(ana, ("activity", "thing"), where)
            ana.locator("#pc-slack-seat").fill("")
            ana.locator("label[for='pc-type-thing-seat']").click()
            expect(ana.locator("#pc-slack-seat")).to_be_focused()  # the next thing to copy, without a tap
            assert categories.evaluate(SHOWN) == THING_CATEGORIES, where
            expect(ana.locator("#pc-cost-seat")).to_be_visible()  # a Thing is asked its Cost
            ana.locator("#pc-cost-seat").fill("2")
            ana.locator("label[for='pc-type-activity-seat']").click()
            assert categories.evaluate(SHOWN) == ACTIVITY_CATEGORIES, where
            rolled = ana.locator("label[for='pc-die-seat'], label:has(#pc-die-seat)")
            assert rolled.evaluate(ABOVE_BAR), f"{where}: 'Its Slack is rolled' under the bar once Activity is tapped"
            expect(ana.locator("#pc-cost-seat")).to_be_hidden()  # an Activity is not, nor keeps a Cost typed before
            assert ana.locator("#pc-cost-seat").input_value() == "", where
            # a rolled Activity's Slack is left empty: the keyboard's Next walks to the rolled box; ticked, on to
            # its modifier
            ana.locator("#pc-slack-seat").focus()
            ana.keyboard.press("Enter")
            die = ana.locator("#pc-die-seat")
            expect(die).to_be_focused()
            assert ana.locator("label[for='pc-die-seat'], label:has(#pc-die-seat)").evaluate(ABOVE_BAR), where
            ana.keyboard.press("Space")
            expect(ana.locator("#pc-mod-seat")).to_be_focused()
            # left empty, the die's own number counts: the field says +0, not "fixed" (the outsider's guess)
            expect(ana.locator("#pc-mod-seat")).to_have_attribute("placeholder", "0")
            die.uncheck()
    finally:
        ana.context.close()


# The form fits between the header and the action bar: scrolled to, all of it is in view at once.
ROOM = """form => {
    const card = form.closest('.play-card'), head = document.querySelector('body > .bar');
    window.scrollBy(0, card.getBoundingClientRect().top - head.getBoundingClientRect().bottom);
    const box = card.getBoundingClientRect();
    return {top: box.top, bottom: box.bottom, room: document.getElementById('action-bar').getBoundingClientRect().top};
}"""


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
def test_a_new_cards_whole_form_fits_one_screen_at_390_by_844_and_goes_by_the_keyboard(
    session_browser, file_server, lang
):
    table = Table(file_server, "guevara", lang)
    ana = sit_down(session_browser, table.join_url, 1, "Ana", lang, 390, 844)
    try:
        table.set_up()
        for phase, kind, name in (("call", "person", "Quokka Parade"), ("freetime", "thing", "Wombat Stew")):
            if phase == "freetime":
                table.act("advance", 1, phase="call", turn=1)
            else:
                for earlier in ("draw", "roll"):
                    table.act("advance", 1, phase=earlier, turn=1)
            expect(ana.get_by_test_id("turn-phase")).to_have_attribute("data-phase", phase, timeout=PROPAGATION_MS)
            ana.locator("#pc-name-seat").fill(name)
            numbers = ana.locator(".play-card-form .card-numbers")
            expect(numbers).to_have_attribute("open", "")  # a name no deck has: its numbers open by themselves
            ana.keyboard.press("Enter")  # the keyboard's Next: on to the type, which a new card needs first
            expect(ana.locator("input[name=card_type]").first).to_be_focused()
            ana.locator(f"label[for='pc-type-{kind}-seat']").click()
            expect(ana.locator("#pc-slack-seat")).to_be_focused()
            box = ana.locator(".play-card-form").evaluate(ROOM)
            assert box["bottom"] <= box["room"], (lang, phase, box)
            expect(ana.get_by_test_id("play-card")).to_be_in_viewport()
        ana.keyboard.type("2")
        ana.keyboard.press("Enter")  # Next: a Thing's Cost
        expect(ana.locator("#pc-cost-seat")).to_be_focused()
        ana.keyboard.type("1")
        # Next, not Go, from a Thing's last field: on to the second Thing's name, the trip not sent with one Thing
        assert ana.locator("#pc-cost-seat").get_attribute("enterkeyhint") == "next"
        ana.keyboard.press("Enter")
        second = ana.locator("#pc-name-2-seat")
        expect(second).to_be_focused()
        assert ana.locator("#pc-name-seat").input_value() == "Wombat Stew"  # the first Thing kept, unsent
        expect(second).to_have_attribute("enterkeyhint", "go")  # an empty Thing's name: Go sends the trip as it is
        ana.keyboard.type("Kiwi Crate")
        for field, digit in (("slack-2", "1"), ("cost-2", "0")):
            ana.keyboard.press("Enter")  # Next along the second Thing's row
            expect(ana.locator(f"#pc-{field}-seat")).to_be_focused()
            ana.keyboard.type(digit)
        ana.keyboard.press("Enter")  # on to a third Thing's name, empty: Go
        expect(ana.locator("#pc-name-3-seat")).to_be_focused()
        ana.keyboard.press("Enter")  # Go: played, and one's own card shows where the others may answer it
        own = ana.locator("[data-testid=window][data-own]")
        expect(own).to_contain_text("Wombat Stew", timeout=PROPAGATION_MS)
        expect(own).to_contain_text("Kiwi Crate")  # one trip, both Things
        expect(own).to_be_in_viewport()
    finally:
        ana.context.close()


def test_a_turn_with_four_unseen_cards_takes_no_more_than_10_taps_besides_letters_and_digits(browser, file_server):
    ana, ben, _cleo = table_of_three(browser, file_server, watched=("Ana", "Ben"), looks={"Ben": ("de", 320, 568)})
    unseen = Thumb(ana)
    play_turn(unseen, 1, "Ben", activity="Guitar Night", new=UNSEEN_CARDS)
    letters = sum(len(name) for name in UNSEEN_CARDS)
    assert unseen.keys == letters + 5, unseen.keys  # the digits: Camp Cook 3; Soap 1; Rum 0 and 1; Guitar Night +1
    # Straight to Call People 1; Camp Cook 2 (its name's field; Next leads to the type, Person on to the Slack, Go
    # plays it); the roll 1; Next phase 1; Soap and Rum 1 (Soap's name field: its type is the catalog's, so Next
    # goes to its Slack, then its Cost, then Rum's name; Next along Rum's row, to a third Thing's name, Go);
    # Guitar Night 2 (its name; "Its Slack is rolled", which makes it an Activity and moves on to the die's
    # modifier); its roll 1; End the turn 1. Each new card's numbers open by themselves.
    assert unseen.taps <= 10, (unseen.taps, unseen.tapped)
    # Camp Cook 2, Soap 3, Rum 4 (the last plays), Guitar Night 2 (the type's buttons, Go)
    assert unseen.next_keys == 11, unseen.next_keys

    # Ben's German phone at 320x568: a Person the table knows, at home, and one unseen rolled Activity
    short = Thumb(ben)
    play_short_turn(short, 2, "Cleo")
    # Straight to Call People, Camp Cook's chip, the roll, Next phase, the Activity's name, "Slack wird gewürfelt"
    # (found above the action bar, no scroll), its roll, End the turn
    assert short.taps <= 8, (short.taps, short.tapped)
    assert "Slack wird gewürfelt" in short.tapped, short.tapped
    assert short.keys == len("Hängemattenzeit") == 15, short.keys
