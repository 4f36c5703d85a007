"""A place that stays put (issue 47 item 4): while a live refresh lands (someone else's card window opens or closes,
a roll, a raid), the first heading the reader has in view moves by at most 8 px.

Three phones on the table's LAN name, one per language and size (Russian at 320x568, German at 360x640, English at
390x844), read their pages scrolled part way down while the others play; each is turned through the three sizes
between the moments, so each language is read at each width."""

from __future__ import annotations

import json
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.helpers.api_tables import RANKS, SIESTA
from tests.helpers.browser_steps import PROPAGATION_MS
from tests.helpers.chromium import LAN_HOST
from tests.helpers.lan_phones import PHONES, seated_table
from tests.helpers.real_server import Server

SIZES = tuple({"width": width, "height": height} for _name, _lang, width, height in PHONES)
MOST_PX = 8
LOOKING_AT = ("#fold-dice > summary", "#fold-scoreboard > summary", "#fold-log > summary", "[data-testid=me] h1")

# The first heading wholly below the bars on top (the header, the now bar) and above the action bar: its text and
# where it lies.
FIRST_HEADING = """() => {
  const top = Math.max(...[...document.querySelectorAll('body > .bar, #panel .now-bar')]
                         .map(e => e.getBoundingClientRect().bottom));
  const bar = document.getElementById('action-bar'), floor = bar ? bar.getBoundingClientRect().top : innerHeight;
  for (const e of document.querySelectorAll('#panel h1, #panel h2, #panel h3, #panel summary')) {
    const b = e.getBoundingClientRect();
    if (b.height && b.top >= top && b.bottom <= floor && !e.closest('#action-bar')) {
      window.firstHeading = e;
      return [e.textContent.trim().slice(0, 40), b.top];
    }
  }
  return null; }"""
# The page has stopped scrolling: the same place three frames running.
STILL = """() => new Promise(done => { const ys = [];
  const look = () => { ys.push(scrollY); if (ys.length >= 3 && ys.slice(-3).every(y => y === ys[ys.length - 1]))
    done(true); else requestAnimationFrame(look); };
  requestAnimationFrame(look); })"""
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
    size_now = page.viewport_size
    page.mouse.move(size_now["width"] / 2, size_now["height"] / 2)
    page.mouse.wheel(0, page.locator(looking_at).evaluate("e => e.getBoundingClientRect().top - innerHeight / 3"))
    page.wait_for_function(STILL)
    heading = page.evaluate(FIRST_HEADING)
    assert heading is not None, f"no heading in view at {size}"
    return heading


def lands(readers, act, what):
    """`act` changes the table; on each reader's screen the first heading in view stays within MOST_PX."""
    before = [(page, reading(page, size, looking_at)) for page, size, looking_at in readers]
    version = str(act()["version"])
    for page, (text, top) in before:
        expect(page.locator("#panel")).to_have_attribute("data-version", version, timeout=PROPAGATION_MS)
        # What the refresh asks for next (the known cards of a card form it brought) has come, and a frame been drawn.
        page.wait_for_function(SETTLED, timeout=PROPAGATION_MS)
        now = page.evaluate(HEADING_NOW)
        size = page.viewport_size
        assert now is not None and abs(now - top) <= MOST_PX, \
            f"{what}: {text!r} moved from {top:.0f} to {now} at {size['width']}x{size['height']}"


def test_the_first_heading_in_view_stays_put_while_others_play(table):
    display, (ana, ben, cleo) = table

    def window():
        request = urllib.request.Request(f"{display.server.loopback_url}/t/{display.token}/state.json",
                                         headers={"Authorization": f"Bearer {display.key}"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.load(answer)["window"]["id"]

    for phase in ("draw", "roll", "call"):
        display.act("advance", 1, phase=phase, turn=1)
    moments = [
        ("Ana's card window opens", lambda: display.act("play_card", 1, cards=[SIESTA])),
        ("Ben lets it pass", lambda: display.act("pass_card", 2, window=window())),
        ("the window closes", lambda: display.act("pass_card", 3, window=window())),
        ("Ana rolls a die", lambda: display.act("roll_die", 1, purpose="other", value=3)),
        ("Ana calls a raid", lambda: display.act("call_raid", 1, name="Hacienda", loot=1)),
        ("Ana rolls for the raid", lambda: display.act("raid_roll", 1, value=4)),
    ]
    for i, (what, act) in enumerate(moments):
        readers = [(phone, SIZES[(i + k) % 3], LOOKING_AT[(i + k) % len(LOOKING_AT)])
                   for k, phone in enumerate((ben, cleo, ana))]
        lands(readers, act, what)
