"""The display from across the room (issue 13 item 6): one tap puts the table display in a room view (full screen
where the browser allows it) showing only the race, the turn and phase, the open window and the latest roll, in
text no smaller than 24 px on a 1280x800 laptop; one more tap brings the setup and the tools back."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.helpers.api_tables import SIESTA, Table, api
from tests.helpers.axe_checks import both_themes
from tests.helpers.chromium import DISPLAY

MIN_TEXT_PX = 24
NAMES = ((1, "Александра"), (2, "Maximiliane"), (3, "WOLFGANG"), (4, "Jo"), (5, "Ben"))

# Every visible piece of text on the page, with its font size (a text node counts where it is drawn).
TEXT_SIZES = """() => {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const found = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!node.textContent.trim() || !element.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    if (![...range.getClientRects()].some(r => r.width > 0 && r.height > 0)) continue;
    found.push({text: node.textContent.trim().slice(0, 40), px: parseFloat(getComputedStyle(element).fontSize),
                bottom: range.getBoundingClientRect().bottom});
  }
  return found;
}"""


def until(page, condition: str) -> None:
    """Wait for a condition of the page (wait_for_function would need eval, which the page's CSP forbids)."""
    for _try in range(100):
        if page.evaluate(condition):
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"never true: {condition}")


def five_seat_game_under_way(server) -> Table:
    """Five players with long names; Ana has rolled for her call and announced an Activity the others may cancel."""
    table = Table(server, "guevara", "en", seats=5)
    for seat, name in NAMES:
        api(server, f"/t/{table.token}/join.json", {"seat": seat, "name": name})
    table.set_up()
    for phase in ("draw", "roll"):
        table.act("advance", 1, phase=phase, turn=1)
    table.act("roll_die", 1, purpose="call", value=5)
    table.act("advance", 1, phase="call", turn=1)
    table.act("play_card", 1, cards=[SIESTA])
    table.act("adjust_wounds", 2, delta=1)
    return table


def test_the_room_view_shows_the_race_alone_in_text_readable_across_the_room(browser, server):
    table = five_seat_game_under_way(server)
    page = browser.new_context(**DISPLAY).new_page()
    page.goto(table.display_url)
    expect(page.get_by_test_id("join-qr")).to_be_visible()
    page.get_by_role("button", name="Room view").click()
    expect(page.locator("html")).to_have_attribute("data-room", "")
    for test_id in ("race-player", "race-phase", "race-window", "race-roll"):
        expect(page.get_by_test_id(test_id)).to_be_visible()
    for seat, _name in NAMES:
        expect(page.get_by_test_id(f"race-total-{seat}")).to_be_visible()
    for tool in (page.get_by_test_id("join-qr"), page.locator(".table-tools"), page.locator(".scoreboard"),
                 page.get_by_role("link", name="Rules")):
        expect(tool).to_be_hidden()
    texts = page.evaluate(TEXT_SIZES)
    small = [text for text in texts if text["px"] < MIN_TEXT_PX]
    assert not small, f"text smaller than {MIN_TEXT_PX} px in the room view: {small}"
    below = [text for text in texts if text["bottom"] > DISPLAY["viewport"]["height"]]
    assert not below, f"the room view runs past the bottom of a 1280x800 screen: {below}"
    assert not both_themes(page, "room view")
    # A reload keeps the view; one tap brings the setup and the tools back.
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-room", "")
    expect(page.get_by_test_id("join-qr")).to_be_hidden()
    page.get_by_role("button", name="Setup and tools").click()
    expect(page.locator("html")).not_to_have_attribute("data-room", "")
    expect(page.get_by_test_id("join-qr")).to_be_visible()
    expect(page.locator(".table-tools")).to_be_visible()


def test_the_room_view_goes_full_screen_where_the_browser_allows_it(browser, server):
    table = five_seat_game_under_way(server)
    page = browser.new_context(**DISPLAY).new_page()
    page.goto(table.display_url)
    assert page.evaluate("document.fullscreenEnabled")
    page.get_by_role("button", name="Room view").click()
    expect(page.locator("html")).to_have_attribute("data-room", "")
    until(page, "document.fullscreenElement === document.documentElement")
    page.get_by_role("button", name="Setup and tools").click()
    until(page, "document.fullscreenElement === null")
    expect(page.locator("html")).not_to_have_attribute("data-room", "")
