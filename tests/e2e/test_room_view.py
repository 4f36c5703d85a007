"""The display from across the room (issue 13 item 6, issue 32 item 10): one tap puts the table display in a room
view (full screen where the browser allows it) showing only the race, the turn and phase, the open window and the
latest roll; it fills any screen from 1280x800 to 3840x2160 without scrolling, its totals at least 10% of the
screen's height, no text under 4.5% of it, and five 20-character names never cut; one more tap brings the setup
and the tools back."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from companion.testing.real_server import Server
from tests.helpers.api_tables import RANKS, SIESTA, Table, api
from tests.helpers.axe_checks import both_themes
from tests.helpers.browser_steps import until
from tests.helpers.chromium import DISPLAY

MIN_TEXT = 0.045  # of the screen's height
MIN_TOTAL = 0.10
# Five names of 20 characters (the game's most players), one with no space to break at.
NAMES = (
    (1, "Александра Васильева"),
    (2, "Maximiliane Schröder"),
    (3, "WOLFGANGFRIEDRICHSEN"),
    (4, "Joanna Featherstones"),
    (5, "Bartholomew Quinlann"),
)
# Screens, and the display's language: Russian has the longest lines (the roll, the window, the toggle).
SCREENS = (("en", 1280, 800), ("en", 1920, 1080), ("en", 3840, 2160), ("ru", 1280, 800))

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
    const box = range.getBoundingClientRect();
    found.push({text: node.textContent.trim().slice(0, 40), px: parseFloat(getComputedStyle(element).fontSize),
                left: box.left, right: box.right, top: box.top, bottom: box.bottom});
  }
  return found;
}"""

# Each lane's name: its text, its font size, and whatever cuts it off: its own width (a pixel of rounding aside),
# its lane's bounds, an ellipsis, or an ancestor that clips.
NAMES_SHOWN = """() => [...document.querySelectorAll('.race-lane .lane-name')].map(name => {
  const cut = [];
  if (name.scrollWidth > name.clientWidth + 1) cut.push('its own width');
  const range = document.createRange();
  range.selectNodeContents(name);
  const text = range.getBoundingClientRect();
  const lane = name.closest('.race-lane').getBoundingClientRect();
  if (text.top < lane.top - 0.5 || text.bottom > lane.bottom + 0.5) cut.push('its lane');
  for (let box = name; box; box = box.parentElement) {
    const style = getComputedStyle(box);
    if (style.textOverflow === 'ellipsis') cut.push('an ellipsis on ' + box.className);
    if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
    const rect = box.getBoundingClientRect();
    if (text.left < rect.left - 0.5 || text.right > rect.right + 0.5 || text.top < rect.top - 0.5
        || text.bottom > rect.bottom + 0.5) cut.push('the overflow of ' + (box.className || box.tagName));
  }
  return {text: name.textContent, px: parseFloat(getComputedStyle(name).fontSize), cut};
})"""

PAGE_SIZE = """() => ({height: document.documentElement.scrollHeight, width: document.documentElement.scrollWidth,
  bodyHeight: document.body.scrollHeight, bodyWidth: document.body.scrollWidth})"""


@pytest.fixture(scope="module")
def room_server(tmp_path_factory):
    """One real server for the module's tests."""
    running = Server(tmp_path_factory.mktemp("room-view") / "instance").start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def table(room_server) -> Table:
    """Five players with long names; Ana has rolled for her call and announced an Activity the others may cancel."""
    table = Table(room_server, "guevara", "en", seats=5)
    for seat, name in NAMES:
        api(room_server, f"/t/{table.token}/join.json", {"seat": seat, "name": name})
    table.set_up()
    for phase in ("draw", "roll"):
        table.act("advance", 1, phase=phase, turn=1)
    table.act("roll_die", 1, purpose="call", value=5)
    table.act("advance", 1, phase="call", turn=1)
    table.act("play_card", 1, cards=[SIESTA])
    table.act("adjust_wounds", 2, delta=1)
    return table


def room_view(browser, table: Table, width: int, height: int, locale: str = "en"):
    """The display on a screen of this size, in this language, put in the room view."""
    context = browser.new_context(
        viewport={"width": width, "height": height}, device_scale_factor=1, locale=locale
    )
    page = context.new_page()
    page.goto(table.display_url)
    expect(page.get_by_test_id("join-qr")).to_be_visible()
    page.get_by_test_id("room-view").click()
    expect(page.locator("html")).to_have_attribute("data-room", "")
    return page


def fills_the_screen(page, width: int, height: int) -> str:
    """The room view fills the screen without scrolling, its text and totals sized to it, no name cut; a summary."""
    for test_id in ("race-player", "race-phase", "race-roll"):
        expect(page.get_by_test_id(test_id)).to_be_visible()
    totals = [page.get_by_test_id(f"race-total-{seat}") for seat, _name in NAMES]
    for total in totals:
        expect(total).to_be_visible()
    texts = page.evaluate(TEXT_SIZES)
    smallest = min(text["px"] for text in texts)
    small = [text for text in texts if text["px"] < MIN_TEXT * height]
    assert not small, f"text under {MIN_TEXT:.1%} of a {height} px screen: {small}"
    total_px = [float(total.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) for total in totals]
    assert min(total_px) >= MIN_TOTAL * height, f"totals of {total_px} px on a {height} px screen"
    outside = [
        text
        for text in texts
        if text["bottom"] > height + 0.5
        or text["right"] > width + 0.5
        or text["top"] < -0.5
        or text["left"] < -0.5
    ]
    assert not outside, f"text off a {width}x{height} screen: {outside}"
    size = page.evaluate(PAGE_SIZE)
    assert max(size["height"], size["bodyHeight"]) <= height, (
        f"the room view scrolls on {width}x{height}: {size}"
    )
    assert max(size["width"], size["bodyWidth"]) <= width, (
        f"the room view scrolls sideways on {width}x{height}: {size}"
    )
    names = page.evaluate(NAMES_SHOWN)
    assert [name["text"] for name in names] == [name for _seat, name in NAMES]
    cut = [name for name in names if name["cut"]]
    assert not cut, f"names cut on {width}x{height}: {cut}"
    return f"smallest text {smallest:.1f} px, totals {min(total_px):.1f} px"


@pytest.mark.parametrize(
    ("locale", "width", "height"), SCREENS, ids=[f"{lang}-{w}x{h}" for lang, w, h in SCREENS]
)
def test_the_room_view_fills_the_screen_in_text_sized_to_it(browser, table, locale, width, height):
    page = room_view(browser, table, width, height, locale)
    expect(page.get_by_test_id("race-window")).to_be_visible()
    print(f"{locale} {width}x{height}: {fills_the_screen(page, width, height)}")


@pytest.fixture(scope="module")
def busy_table(room_server) -> Table:
    """The same five, at the busiest moment the rules allow: Ana's raid under way, four of five rolls in (a wound
    among them), and Maximiliane denouncing WOLFGANGFRIEDRICHSEN meanwhile; the raid card's window is shown by
    `called_table`."""
    table = five_at_free_time(room_server)
    table.act("call_raid", 1, name="Hacienda Sanchez", loot=2)
    for seat, value in ((1, 4), (2, 6), (3, 2), (4, 5)):
        table.act("raid_roll", seat, value=value)
    table.act("denounce", 2, target=3)
    return table


@pytest.fixture(scope="module")
def called_table(room_server) -> Table:
    """The same five: Ana has just called a raid (its card's cancel window open) and is denounced meanwhile."""
    table = five_at_free_time(room_server)
    table.act("call_raid", 1, name="Hacienda Sanchez", loot=2)
    table.act("denounce", 4, target=1)
    return table


def five_at_free_time(server) -> Table:
    """Five long names, Ana the Sergeant (so she may lead a raid), a wound and a roll seen, in Ana's Free Time."""
    table = Table(server, "guevara", "en", seats=5)
    for seat, name in NAMES:
        api(server, f"/t/{table.token}/join.json", {"seat": seat, "name": name})
    table.act("set_profile", **RANKS)
    for seat, rank in zip(range(1, 6), ("sergeant", "corporal", "corporal", "private", "private")):
        table.act("set_rank", seat, rank=rank)
    table.act("set_dealer", 5)
    table.act("start_game")
    for phase in ("draw", "roll"):
        table.act("advance", 1, phase=phase, turn=1)
    table.act("roll_die", 1, purpose="call", value=5)
    table.act("advance", 1, phase="call", turn=1)
    table.act("adjust_wounds", 5, delta=1)
    return table


BUSY = (("en", 1280, 800), ("en", 1920, 1080), ("ru", 1280, 800), ("ru", 1920, 1080))


@pytest.mark.parametrize(("locale", "width", "height"), BUSY, ids=[f"{lang}-{w}x{h}" for lang, w, h in BUSY])
def test_a_raid_and_a_denouncement_at_once_still_fit_one_screen(
    browser, busy_table, called_table, locale, width, height
):
    for table, lines in (
        (busy_table, ("race-raid", "race-denounce")),
        (called_table, ("race-window", "race-denounce")),
    ):
        page = room_view(browser, table, width, height, locale)
        for test_id in lines:
            expect(page.get_by_test_id(test_id)).to_be_visible()
        print(f"{locale} {width}x{height} {' + '.join(lines)}: {fills_the_screen(page, width, height)}")
        page.context.close()


def test_the_room_view_shows_the_race_alone_and_one_tap_brings_the_tools_back(browser, table):
    page = room_view(browser, table, DISPLAY["viewport"]["width"], DISPLAY["viewport"]["height"])
    for tool in (
        page.get_by_test_id("join-qr"),
        page.locator(".table-tools"),
        page.locator(".scoreboard"),
        page.get_by_role("link", name="Rules"),
    ):
        expect(tool).to_be_hidden()
    assert not both_themes(page, "room view")
    # A reload keeps the view; one tap brings the setup and the tools back.
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-room", "")
    expect(page.get_by_test_id("join-qr")).to_be_hidden()
    page.get_by_role("button", name="Setup and tools").click()
    expect(page.locator("html")).not_to_have_attribute("data-room", "")
    expect(page.get_by_test_id("join-qr")).to_be_visible()
    expect(page.locator(".table-tools")).to_be_visible()


@pytest.mark.full_browser
def test_the_room_view_goes_full_screen_where_the_browser_allows_it(browser, table):
    page = browser.new_context(**DISPLAY).new_page()
    page.goto(table.display_url)
    assert page.evaluate("document.fullscreenEnabled")
    page.get_by_role("button", name="Room view").click()
    expect(page.locator("html")).to_have_attribute("data-room", "")
    until(page, "document.fullscreenElement === document.documentElement")
    page.get_by_role("button", name="Setup and tools").click()
    until(page, "document.fullscreenElement === null")
    expect(page.locator("html")).not_to_have_attribute("data-room", "")
