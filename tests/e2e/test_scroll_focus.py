"""After a tap the seat page stays where the player looked (issue 17, item 15): the page does not scroll away, the
refusal shows next to the control that caused it, inside the screen, and keyboard focus stays on that control.

On a 390x844 phone in Chromium, on loopback and under the LAN host name phones really use."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.helpers.browser_steps import advance_to, table_of_three, unfold

SCREEN_HEIGHT = 844


def seat_page_scrolled_to_the_card_form(browser, server):
    """Ana's phone in her Call People phase, scrolled so the card form's button sits a third down the screen and
    the top of the page (where a refusal used to appear) is out of sight."""
    ana, _ben, _cleo = table_of_three(browser, server, watched=("Ana",))
    advance_to(ana, "Call People")
    for fold in ("dice", "scoreboard", "log"):  # a long page, as it is during a game
        unfold(ana, fold)
    button = ana.get_by_test_id("play-card")
    top = button.evaluate("b => b.getBoundingClientRect().top + window.scrollY")
    ana.evaluate(f"window.scrollTo(0, {top} - 280)")
    assert ana.evaluate("window.scrollY") > 200, "the page is too short to test scrolling"
    return ana, button


def type_a_new_card(page):
    """Type a card the companion does not know yet, and wait until the picker says no known card matches.

    The picker's list shrinks as the player types, moving the button; a tap on a moving button makes Playwright
    scroll it to the screen's bottom edge first, which is the test's doing and not the page's.
    """
    page.fill("#pc-name-seat", "Moonlight Visitor")
    expect(page.locator(".play-card-form [data-card-picker] .hint")).to_be_visible()


def focused_control(page):
    """What has keyboard focus, by the stable name the page gives it."""
    return page.evaluate("(e => e.getAttribute('data-testid') || e.id || e.tagName)(document.activeElement)")


def inside_the_screen(box):
    """Whether a box lies wholly within the phone's screen, top to bottom."""
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= SCREEN_HEIGHT


@pytest.fixture(params=["loopback", "lan"])
def any_server(request):
    """The server as the display opens it, and as phones on the table's Wi-Fi open it."""
    return request.getfixturevalue("file_server" if request.param == "loopback" else "file_lan_server")


def test_a_refused_tap_keeps_the_page_still_and_shows_the_refusal_by_the_control(browser, any_server):
    ana, button = seat_page_scrolled_to_the_card_form(browser, any_server)
    type_a_new_card(ana)
    before = ana.evaluate("window.scrollY")
    button.tap()
    refusal = ana.locator("#panel .error[role=alert]")
    expect(refusal).to_be_visible()
    assert abs(ana.evaluate("window.scrollY") - before) < 50
    assert inside_the_screen(refusal.bounding_box())
    assert focused_control(ana) == "play-card"

    # From the keyboard: the same control keeps focus after the panel came back again with a new refusal.
    type_a_new_card(ana)
    button.focus()
    refusal.evaluate("note => note.setAttribute('data-seen', '')")
    before = ana.evaluate("window.scrollY")
    ana.keyboard.press("Enter")
    expect(ana.locator("#panel .error[role=alert]:not([data-seen])")).to_be_visible()
    expect(refusal).to_have_count(1)
    assert focused_control(ana) == "play-card"
    assert abs(ana.evaluate("window.scrollY") - before) < 50
    assert inside_the_screen(refusal.bounding_box())


def screen_top(locator):
    """Where an element's top is on the screen now."""
    return locator.evaluate("e => e.getBoundingClientRect().top")


def test_an_accepted_tap_keeps_the_page_still_and_focus_on_the_control(browser, any_server):
    ana, _button = seat_page_scrolled_to_the_card_form(browser, any_server)
    for value in (5, 3):  # the first roll adds its result above the buttons: the buttons stay where they were
        roll = ana.get_by_role("button", name=f"I rolled {value}")
        roll.scroll_into_view_if_needed()
        before, top = ana.evaluate("window.scrollY"), screen_top(roll)
        roll.tap()
        expect(ana.get_by_test_id("last-roll")).to_contain_text(str(value))
        assert abs(screen_top(roll) - top) < 50
        assert ana.evaluate("[document.activeElement.name, document.activeElement.value]") == ["value", str(value)]
    assert abs(ana.evaluate("window.scrollY") - before) < 50


def test_next_phase_from_the_keyboard_keeps_focus_on_next_phase(browser, file_server):
    ana, _button = seat_page_scrolled_to_the_card_form(browser, file_server)
    advance = ana.get_by_test_id("advance")
    advance.focus()
    ana.keyboard.press("Enter")
    expect(ana.get_by_test_id("turn-phase")).to_have_text("Free Time")
    assert focused_control(ana) == "advance"  # not the page's body: the next Enter goes on to the next phase
    ana.keyboard.press("Enter")
    expect(ana.get_by_test_id("turn-phase")).to_have_text("Discard")
    assert focused_control(ana) == "advance"
