"""A place that stays put (issue 47 item 4): while a live refresh lands (someone else's card window opens or closes,
a roll, a raid), the first heading the reader has in view, or the log line in the middle of the screen where the
reader reads the log (issue 60 item 3h), moves by at most 8 px. Told, and shown (item 7): when the
reader's own turn or answer begins, the page goes back to its first screen, where the moment is, unless the reader
is typing.

Three phones on the table's LAN name, one per language and size (Russian at 320x568, German at 360x640, English at
390x844), read their pages scrolled part way down while the others play; each is turned through the three sizes
between the moments, so each language is read at each width."""

from __future__ import annotations

import json
import urllib.request

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from companion.testing.real_server import Server
from tests.helpers.api_tables import RANKS, SIESTA
from tests.helpers.browser_steps import PROPAGATION_MS, STILL, wheel
from tests.helpers.chromium import LAN_HOST
from tests.helpers.lan_phones import PHONES, seated_table

SIZES = tuple({"width": width, "height": height} for _name, _lang, width, height in PHONES)
MOST_PX = 8
LOOKING_AT = ("#fold-dice > summary", "#fold-scoreboard > summary", "#fold-log > summary", "[data-testid=me] h1")

# What the reader reads: the first heading wholly below the bars on top (the header, the now bar) and above the
# action bar, or where the log's lines fill the middle between the bars, the line there (issue 60 item 3h): its text
# and where it lies.
FIRST_HEADING = """() => {
  const top = Math.max(...[...document.querySelectorAll('body > .bar, #panel .now-bar')]
                         .map(e => e.getBoundingClientRect().bottom)) - 1;  // under the now bar by a hair: in view
  const bar = document.getElementById('action-bar'), floor = bar ? bar.getBoundingClientRect().top : innerHeight;
  const middle = (top + floor) / 2;
  const log = document.querySelector('#panel .log'), spans = log && log.getBoundingClientRect();
  if (spans && spans.top <= middle && spans.bottom >= middle) {
    const off = e => { const b = e.getBoundingClientRect(); return Math.max(b.top - middle, middle - b.bottom, 0); };
    const e = [...log.children].sort((a, b) => off(a) - off(b))[0];
    window.firstHeading = e;
    return [e.textContent.trim().slice(0, 40), e.getBoundingClientRect().top];
  }
  for (const e of document.querySelectorAll('#panel h1, #panel h2, #panel h3, #panel summary')) {
    const b = e.getBoundingClientRect();
    if (b.height && b.top >= top && b.bottom <= floor && !e.closest('#action-bar')) {
      window.firstHeading = e;
      return [e.textContent.trim().slice(0, 40), b.top];
    }
  }
  return null; }"""
SETTLED = """() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() =>
  done(![...document.querySelectorAll('#panel [data-card-picker]')].some(picker => picker.hidden)))))"""
HEADING_NOW = "() => window.firstHeading && document.contains(window.firstHeading) ? " \
              "window.firstHeading.getBoundingClientRect().top : null"


@pytest.fixture(scope="module")
def lan(tmp_path_factory):
    """One real server for the module, opened under the LAN name as phones open it."""
    running = Server(tmp_path_factory.mktemp("place") / "instance", host_name=LAN_HOST).start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def table(session_browser, lan):
    """The display and the three phones, seated, the game started with Ana on turn; closed after the module."""
    made = seated_table(lan, session_browser, ("private", "private", "private"), RANKS)
    yield made
    for phone in made[1]:
        phone.context.close()


def reading(page, size, looking_at):
    """The reader, at this size, with the scoreboard and the log open, scrolls so that `looking_at` (a heading) lies
    a third of the way down the screen."""
    page.set_viewport_size(size)
    for fold in ("scoreboard", "log"):
        details = page.locator(f"#fold-{fold}")
        if details.get_attribute("open") is None:
            details.locator("summary").click()
    # Scrolled as a thumb would (a programmatic scroll is no touch, and the page would rightly keep its place).
    wheel(page, page.locator(looking_at).evaluate("e => e.getBoundingClientRect().top - innerHeight / 3"))
    heading = page.evaluate(FIRST_HEADING)
    assert heading is not None, f"no heading in view at {size}"
    return heading


STAYS, SHOWN, TYPING = "stays", "shown", "typing"
# What a moment that begins brings onto the first screen: the card to answer, the raid, the turn.
MOMENT = {"answer": "[data-testid=window-what]", "raid": "[data-testid=raid] h2", "turn": "[data-testid=now-phase]"}
ON_FIRST_SCREEN = """selector => { const e = document.querySelector(selector),
  bar = document.getElementById('action-bar');
  const b = e && e.getBoundingClientRect(), floor = bar ? bar.getBoundingClientRect().top : innerHeight;
  return scrollY === 0 && !!b && b.height > 0 && b.top >= 0 && b.bottom <= floor; }"""


WHAT_IS_ABOVE = """selector => [scrollY, document.querySelector(selector)?.getBoundingClientRect().top,
  [...document.querySelectorAll('#panel > *')].map(e => [e.dataset.testid || e.className,
    Math.round(e.getBoundingClientRect().top), e.innerText.slice(0, 80)])]"""


def typing_in(page, size):
    """The reader, at this size, types a note for a roll in the dice fold (the field keeps focus)."""
    page.set_viewport_size(size)
    details = page.locator("#fold-dice")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    page.locator("#roll-note-seat").click()
    page.keyboard.type("Gordo")
    page.wait_for_function(STILL)
    heading = page.evaluate(FIRST_HEADING)
    assert heading is not None, f"no heading in view at {size}"
    return heading


def lands(readers, act, what, version_now):
    """`act` changes the table; on each reader's screen the first heading in view stays within MOST_PX, or (where the
    reader's turn or answer begins) the page goes back to the first screen and the moment is on it."""
    for page, _size, _looking_at, _expected in readers:  # every phone shows the table as it is, and has settled
        expect(page.locator("#panel")).to_have_attribute("data-version", str(version_now()), timeout=PROPAGATION_MS)
        page.wait_for_function(SETTLED, timeout=PROPAGATION_MS)
    before = [(page, expected, typing_in(page, size) if expected == TYPING else reading(page, size, looking_at))
              for page, size, looking_at, expected in readers]
    version = str(act()["version"])
    for page, expected, (text, top) in before:
        expect(page.locator("#panel")).to_have_attribute("data-version", version, timeout=PROPAGATION_MS)
        # What the refresh asks for next (the known cards of a card form it brought) has come, and a frame been drawn.
        page.wait_for_function(SETTLED, timeout=PROPAGATION_MS)
        size = page.viewport_size
        where = f"{what} at {size['width']}x{size['height']}"
        if expected in MOMENT:
            try:
                page.wait_for_function(ON_FIRST_SCREEN, arg=MOMENT[expected], timeout=PROPAGATION_MS)
            except PlaywrightTimeout:
                shown = page.evaluate(WHAT_IS_ABOVE, MOMENT[expected])
                raise AssertionError(f"{where}: the {expected} is not on the first screen: {shown}") from None
            continue
        now = page.evaluate(HEADING_NOW)
        assert now is not None and abs(now - top) <= MOST_PX, f"{where}: {text!r} moved from {top:.0f} to {now}"
        if expected == TYPING:  # not moved while typing, and what was typed is still there, still in focus
            expect(page.locator("#roll-note-seat")).to_be_focused()
            expect(page.locator("#roll-note-seat")).to_have_value("Gordo")
            page.locator("#roll-note-seat").fill("")
            page.locator("#roll-note-seat").blur()


def test_the_place_stays_put_while_others_play_and_the_readers_own_moment_is_shown(table):
    display, (ana, ben, cleo) = table

    def table_state():
        request = urllib.request.Request(f"{display.server.loopback_url}/t/{display.token}/state.json",
                                         headers={"Authorization": f"Bearer {display.key}"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.load(answer)

    def window():
        return table_state()["window"]["id"]

    for phase in ("draw", "roll", "call"):
        display.act("advance", 1, phase=phase, turn=1)
    # Each moment: what happens, and for Ana, Ben and Cleo what their page does.
    moments = [
        ("Ana's card window opens", lambda: display.act("play_card", 1, cards=[SIESTA]), (STAYS, "answer", TYPING)),
        ("Ben lets it pass", lambda: display.act_as(ben, "pass_card", 2, window=window()), (STAYS, STAYS, STAYS)),
        ("the window closes", lambda: display.act_as(cleo, "pass_card", 3, window=window()),
         (STAYS, STAYS, STAYS)),
        ("Ana rolls a die", lambda: display.act("roll_die", 1, purpose="other", value=3), (STAYS, STAYS, STAYS)),
        ("Ana's turn ends", lambda: display.act("advance", 1, phase="freetime", turn=1, to="end"),
         (STAYS, "turn", STAYS)),
        ("Ben's Draw", lambda: display.act("advance", 2, phase="draw", turn=2), (STAYS, STAYS, STAYS)),
        ("Ben's Roll", lambda: display.act("advance", 2, phase="roll", turn=2), (STAYS, STAYS, STAYS)),
        ("Ben's Call People", lambda: display.act("advance", 2, phase="call", turn=2), (STAYS, STAYS, STAYS)),
        # A raid is announced like any Activity (the others may cancel it); the leader's roll starts it.
        ("Ben calls a raid", lambda: display.act("call_raid", 2, name="Hacienda", loot=1),
         ("answer", TYPING, "answer")),
        ("Ben rolls for the raid", lambda: display.act("raid_roll", 2, value=4), ("raid", STAYS, "raid")),
        ("Cleo rolls for the raid", lambda: display.act("raid_roll", 3, value=2), (STAYS, STAYS, STAYS)),
    ]
    for i, (what, act, expected) in enumerate(moments):
        readers = [(phone, SIZES[(i + k) % 3], LOOKING_AT[(i + k) % len(LOOKING_AT)], expected[k])
                   for k, phone in enumerate((ana, ben, cleo))]
        lands(readers, act, what, lambda: table_state()["version"])


# The log's line nearest the middle of the screen whose words no other line shares: its text and where it lies.
LINE_IN_THE_MIDDLE = """() => { const lines = [...document.querySelectorAll('#fold-log .log > li')];
  const texts = lines.map(line => line.textContent.trim()), middle = innerHeight / 2;
  const unique = lines.filter((line, i) => texts.indexOf(texts[i]) === texts.lastIndexOf(texts[i]));
  const line = unique.sort((a, b) => Math.abs(a.getBoundingClientRect().top - middle)
                                     - Math.abs(b.getBoundingClientRect().top - middle))[0];
  return line ? [line.textContent.trim(), line.getBoundingClientRect().top] : null; }"""
LINE_NOW = """text => { const line = [...document.querySelectorAll('#fold-log .log > li')]
  .find(line => line.textContent.trim() === text);
  return line ? line.getBoundingClientRect().top : null; }"""


def reading_the_log(page, size):
    """The reader, at this size, opens the log and scrolls (as a thumb would) until a line lies mid-screen."""
    page.set_viewport_size(size)
    details = page.locator("#fold-log")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    lines = page.locator("#fold-log .log > li")
    middle = lines.nth(lines.count() // 2)
    wheel(page, middle.evaluate("e => e.getBoundingClientRect().top - innerHeight / 2"))
    line = page.evaluate(LINE_IN_THE_MIDDLE)
    assert line is not None and 0 < line[1] < size["height"], f"no log line in view at {size}: {line}"
    return line


def test_the_log_line_being_read_stays_put_while_others_play(table):
    """Issue 60 item 3h: a new line arrives on top of the log; the line the reader reads does not move."""
    display, phones = table
    for value in (1, 2, 3, 4, 5, 6):  # a log long enough to read in
        version = display.act("roll_die", 1, purpose="other", value=value)["version"]
    for turn, size in enumerate(SIZES):
        for phone in phones:
            expect(phone.locator("#panel")).to_have_attribute("data-version", str(version), timeout=PROPAGATION_MS)
            phone.wait_for_function(SETTLED, timeout=PROPAGATION_MS)
        read = [(phone, *reading_the_log(phone, SIZES[(turn + k) % 3])) for k, phone in enumerate(phones)]
        version = display.act("roll_die", 1, purpose="other", value=turn + 1)["version"]
        for phone, text, top in read:
            expect(phone.locator("#panel")).to_have_attribute("data-version", str(version), timeout=PROPAGATION_MS)
            phone.wait_for_function(SETTLED, timeout=PROPAGATION_MS)
            now = phone.evaluate(LINE_NOW, text)
            where = f"{phone.viewport_size['width']}x{phone.viewport_size['height']}"
            assert now is not None and abs(now - top) <= MOST_PX, f"at {where}: {text!r} moved from {top:.0f} to {now}"


def test_a_scroll_the_page_did_not_make_is_not_undone(table):
    """A wheel's scroll lands before its event reaches the page: the place held since a refresh lets go of the
    reader's new place then, and a change on the page afterwards does not pull the page back."""
    display, phones = table
    cleo = phones[2]
    reading(cleo, SIZES[1], "#fold-log > summary")
    version = display.act("roll_die", 1, purpose="other", value=5)["version"]
    expect(cleo.locator("#panel")).to_have_attribute("data-version", str(version), timeout=PROPAGATION_MS)
    cleo.wait_for_function(SETTLED, timeout=PROPAGATION_MS)
    place = cleo.evaluate("scrollY") - 120
    cleo.evaluate("window.scrollBy(0, -120)")  # the page scrolled, its wheel event not come yet
    cleo.wait_for_function(STILL)
    cleo.evaluate("document.getElementById('panel').classList.add('changed')")  # anything on the page that changes
    cleo.wait_for_function(STILL)
    now = cleo.evaluate("scrollY")
    assert abs(now - place) < 1, f"the page went back from {place} to {now}"
