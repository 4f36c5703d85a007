"""The phone leads the turn (issue 32), on the table's LAN name: what to do next under the thumb, nothing silent.

Three phones, one per language and size (Russian at 320x568, German at 360x640, English at 390x844), play a Chez
Guevara table whose display acts through the API: every phase of each one's turn, a cancel window, a raid's rolls,
the loot, a denouncement and a question about a number. At each of these moments every phone is also turned through
the other two sizes, so each language is checked at each width.
"""

from __future__ import annotations

import json
import os
import re
import signal
import time
import urllib.error
import urllib.request

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from companion.testing.real_server import Server
from tests.helpers.api_tables import COOK, GUEVARA, RANKS, SIESTA
from tests.helpers.browser_steps import PROPAGATION_MS, open_numbers
from tests.helpers.chromium import LAN_HOST
from tests.helpers.lan_phones import PHONES, seated_table


@pytest.fixture(scope="module")
def lan(tmp_path_factory):
    """One real server for the module, opened under the LAN name as phones open it."""
    running = Server(tmp_path_factory.mktemp("phone-leads") / "instance", host_name=LAN_HOST).start()
    yield running
    running.stop()


def box_of(locator):
    """The element's box, once a live refresh is not replacing it just now."""
    for _try in range(50):
        box = locator.bounding_box()
        if box is not None:
            return box
        locator.page.wait_for_timeout(100)
    raise AssertionError(f"{locator} has no box")


def on_screen(page, test_id, what=""):
    """The element lies wholly inside the phone's screen, nothing drawn over it, and the page is not wider."""
    expect(page.get_by_test_id(test_id).first).to_be_visible(timeout=PROPAGATION_MS)
    all_on_screen(page, [test_id], what or test_id)


def all_on_screen(page, test_ids, what):
    """Each element comes to lie wholly on screen, uncovered (waited for: the page's script brings a message into
    view, and the bars take their room, a frame after a change)."""
    try:
        page.wait_for_function(
            f"ids => ({ALL_ON_SCREEN})(ids).length === 0", arg=test_ids, timeout=PROPAGATION_MS
        )
    except PlaywrightTimeout:
        raise AssertionError(f"{what}: {page.evaluate(ALL_ON_SCREEN, test_ids)}") from None


def now_in_view(page):
    """The phase and the player's own total, in view."""
    on_screen(page, "now-phase")
    on_screen(page, "now-total")


SIZES = tuple({"width": width, "height": height} for _name, _lang, width, height in PHONES)
SMALLEST = SIZES[0]
# The page's layout as the bars' room depends on it, read at the next animation frame (a resize re-measures the bars
# in a ResizeObserver, which runs before a frame is painted); scrolled to the top first if asked.
LAYOUT = """top => new Promise(done => { if (top) window.scrollTo(0, 0);
  requestAnimationFrame(() => {
    const style = getComputedStyle(document.documentElement), box = s => {
      const e = document.querySelector(s); if (!e) return null;
      const r = e.getBoundingClientRect(); return [r.top, r.height, r.width]; };
    done([window.innerWidth, window.scrollY, document.documentElement.scrollHeight,
          style.getPropertyValue('--bar-height'), style.getPropertyValue('--head-height'),
          box('#action-bar'), box('#panel .now-bar')]);
  }); })"""
# What on_screen checks, for several elements in one look: wholly on screen, not covered, the page no wider.
ALL_ON_SCREEN = """ids => { const found = [], w = window.innerWidth, h = window.innerHeight;
  for (const id of ids) {
    const e = document.querySelector(`[data-testid="${id}"]`);
    if (!e) { found.push(`${id}: missing`); continue; }
    const b = e.getBoundingClientRect();
    if (!b.width || !b.height || b.top < -0.5 || b.bottom > h + 0.5 || b.left < -0.5 || b.right > w + 0.5)
      found.push(`${id}: ${b.left},${b.top} to ${b.right},${b.bottom}`);
    const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
    if (!(hit && (hit === e || e.contains(hit) || hit.contains(e)))) found.push(`${id}: covered`);
  }
  const wide = document.documentElement.scrollWidth;
  if (wide > w) found.push(`the page is ${wide} px wide`);
  return found; }"""


def resized(page, size):
    """The phone turned to another size, scrolled to the top, once its layout holds still."""
    page.set_viewport_size(size)
    last = page.evaluate(LAYOUT, True)
    for _try in range(50):
        now = page.evaluate(LAYOUT, False)
        if now == last and now[0] == size["width"]:
            return
        last = now
    raise AssertionError(f"the layout never settled at {size}: {last}")


def sizes_from(page):
    """The three phone sizes, the page's own last (so that it ends where it was)."""
    own = dict(page.viewport_size)
    assert own in SIZES, own
    return [size for size in SIZES if size != own] + [own]


def at_every_size(page, *test_ids):
    """At each of the three phone sizes the moment's actions are on screen, and the phase and own total in view."""
    expect(page.get_by_test_id(test_ids[0]).first).to_be_visible(timeout=PROPAGATION_MS)
    for size in sizes_from(page):
        resized(page, size)
        all_on_screen(page, [*test_ids, "now-phase", "now-total"], f"at {size['width']}x{size['height']}")


def at_each_size(page, go):
    """`go` (a tap that changes nothing on the table, only where the page looks) done at each phone size in turn."""
    for size in sizes_from(page):
        resized(page, size)
        go(f"at {size['width']}x{size['height']}")
        now_in_view(page)


@pytest.fixture(scope="module")
def table(browser_module, lan):
    """The display and the three phones, seated, the game started with Ana (the only Corporal) on turn."""
    return seated_table(lan, browser_module, ("corporal", "private", "private"), RANKS)


@pytest.fixture(scope="module")
def browser_module(session_browser):
    """The session's Chromium, its pages kept for the module's tests and closed after them."""
    yield session_browser
    for context in session_browser.contexts:
        context.close()


def die(page, test_id, value):
    """The "I rolled N" button of a real die (named in the phone's language)."""
    return page.get_by_test_id(test_id).locator(f"button[name=value][value='{value}']")


def tap_advance(page):
    """The player taps the bar's Next phase (or End the turn); the phase and own total stay in view."""
    phase = page.get_by_test_id("now-phase")
    before = phase.inner_text()
    at_every_size(page, "advance")
    page.get_by_test_id("advance").click()
    expect(phase).not_to_have_text(before, timeout=PROPAGATION_MS)
    now_in_view(page)
    # The next action has focus, not the page; once the turn is over, the now bar.
    expect(page.locator("#action-bar :focus, .now-bar:focus")).to_have_count(1)


def through_phases(page, phases):
    """Every phase's Next phase under the thumb, tapped."""
    for phase in phases:
        expect(page.get_by_test_id("turn-phase")).to_have_attribute(
            "data-phase", phase, timeout=PROPAGATION_MS
        )
        tap_advance(page)


def test_every_moment_puts_its_action_under_the_thumb_and_keeps_the_phase_and_total_in_view(table):
    display, (ana, ben, cleo) = table
    through_phases(ana, GUEVARA[:2])  # Draw, Roll

    # Call People: Ana's Camp Cook comes uninvited; Ben and Cleo may cancel it or let it pass, as equals.
    display.act("play_card", 1, cards=[COOK])
    for phone in (ben, cleo):
        at_every_size(phone, "go-cancel-card", "pass-card")
    at_every_size(ana, "advance")  # going on while her card waits
    ben.get_by_test_id("pass-card").click()
    expect(ben.get_by_test_id("pass-card")).to_have_count(0, timeout=PROPAGATION_MS)
    now_in_view(ben)

    def cancel_form(where):  # the card to cancel with is named in the page
        cleo.get_by_test_id("go-cancel-card").click()
        on_screen(cleo, "window", f"the cancel form {where}")
        expect(cleo.locator("#cancel-with-seat")).to_be_focused()

    at_each_size(cleo, cancel_form)
    cleo.get_by_test_id("pass-card").click()
    expect(cleo.get_by_test_id("pass-card")).to_have_count(0, timeout=PROPAGATION_MS)
    through_phases(ana, ("call",))

    # Free Time: Ana calls a raid; everybody's roll, then the leader's loot pick.
    display.act("call_raid", 1, name="Raid the Village", loot=1)
    at_every_size(ana, "raid-roll-form")  # the leader's roll
    die(ana, "raid-roll-form", 4).click()
    for phone, value in ((ben, 6), (cleo, 2)):
        at_every_size(phone, "raid-roll-form")
        die(phone, "raid-roll-form", value).click()
        expect(phone.get_by_test_id("raid-roll-form")).to_have_count(0, timeout=PROPAGATION_MS)
        now_in_view(phone)
    at_every_size(ana, "go-take_loot")

    def loot_pick(where):  # the Thing's name is typed in the page, above the bar
        ana.get_by_test_id("go-take_loot").click()
        expect(ana.locator("#loot-name-seat")).to_be_focused()
        box, size = box_of(ana.locator("#loot-name-seat")), ana.viewport_size
        bar = box_of(ana.get_by_test_id("action-bar"))["height"]
        assert 0 <= box["y"] and box["y"] + box["height"] <= size["height"] - bar, (where, box, bar)

    at_each_size(ana, loot_pick)
    display.act("take_loot", 1, name="Cigars", slack=2)

    # Ben denounces Ana: her roll under her thumb.
    display.act("denounce", 2, target=1)
    at_every_size(ana, "action-bar")  # the denounce roll
    die(ana, "action-bar", 1).click()
    expect(ana.get_by_test_id("denounce-sum")).to_be_visible(timeout=PROPAGATION_MS)
    now_in_view(ana)
    display.act("denounce_done", 2)
    through_phases(ana, GUEVARA[3:])  # Free Time, Discard, Heal: the turn ends

    # Ben's turn on the smallest phone, wounded by his 6: every phase, and healing before the turn ends.
    resized(ben, SMALLEST)
    through_phases(ben, GUEVARA[:5])
    at_every_size(ben, "heal")
    ben.get_by_test_id("heal").click()
    expect(ben.get_by_test_id("heal")).to_have_count(0, timeout=PROPAGATION_MS)
    now_in_view(ben)
    through_phases(ben, GUEVARA[5:])
    resized(ben, SIZES[1])

    # Cleo's turn on the smallest phone: a number that differs from the one this server knows is asked where she
    # looks, at each size (asking changes nothing on the table).
    resized(cleo, SMALLEST)
    through_phases(cleo, GUEVARA[:3])
    display.act("play_card", 3, cards=[SIESTA])
    display.act("undo")
    caught_up(cleo, display)  # the undo's live update is on her phone before its version is read

    def question(where):
        cleo.fill("#pc-name-seat", SIESTA["name"])
        open_numbers(cleo)
        cleo.fill("#pc-slack-seat", "3")
        version = cleo.locator("#panel").get_attribute("data-version")
        cleo.get_by_test_id("play-card").click()
        on_screen(cleo, "printed-table", f"the question's answer {where}")
        assert cleo.locator("#panel").get_attribute("data-version") == version  # asked, nothing recorded

    at_each_size(cleo, question)
    through_phases(cleo, GUEVARA[3:])
    resized(cleo, SIZES[2])


def requests_sent(page, act) -> list[str]:
    """The addresses the page asked the network for while `act` ran (answers from the browser's cache not counted)."""
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    sent, cached = {}, set()
    session.on(
        "Network.requestWillBeSent",
        lambda event: sent.setdefault(event["requestId"], event["request"]["url"]),
    )
    session.on("Network.requestServedFromCache", lambda event: cached.add(event["requestId"]))
    session.on(
        "Network.responseReceived",
        lambda event: event["response"].get("fromDiskCache") and cached.add(event["requestId"]),
    )
    act()
    session.detach()
    return [url for request_id, url in sent.items() if request_id not in cached]


def test_a_warm_seat_load_asks_only_for_the_page_and_its_live_stream(table):
    _display, (_ana, _ben, cleo) = table
    seat = cleo.url

    def open_again():
        cleo.goto(seat)
        expect(cleo.locator("#conn")).to_have_attribute("data-state", "live")

    asked = requests_sent(cleo, open_again)
    assert len(asked) <= 2, asked
    assert asked[0].split("?")[0] == seat.split("?")[0] and "/live" in asked[-1]


FOLDS = ("() => Object.fromEntries([...document.querySelectorAll('#panel details')]"
         ".map(d => [d.id || d.className, d.open]))")


def test_another_players_announcement_leaves_the_readers_folds_as_they_were_and_shows_the_answer(table):
    display, (_ana, ben, _cleo) = table
    expect(ben.get_by_test_id("turn-player")).to_have_text("Ana", timeout=PROPAGATION_MS)  # turn 4
    for fold in (
        "scoreboard",
        "log",
    ):  # Ben reads the scoreboard and the log; the dice and the cards stay closed
        details = ben.locator(f"#fold-{fold}")
        if details.get_attribute("open") is None:
            details.locator("summary").click()
    scoreboard = ben.locator("#fold-scoreboard")
    top = scoreboard.evaluate("e => e.getBoundingClientRect().top + window.scrollY")
    ben.evaluate(f"window.scrollTo(0, {top} - 200)")
    folds = ben.evaluate(FOLDS)
    assert ben.evaluate("window.scrollY") > 0
    for phase in GUEVARA[:3]:
        display.act("advance", 1, phase=phase, turn=4)
    display.act("play_card", 1, cards=[SIESTA])  # Ana's Activity: a cancel window opens above what Ben reads
    expect(ben.get_by_test_id("window")).to_be_visible(timeout=PROPAGATION_MS)
    on_screen(ben, "pass-card")
    now = ben.evaluate(FOLDS)
    assert {name: now.get(name) for name in folds} == folds
    # It is Ben's answer that begins: told, and shown (issue 47 item 7): his page goes back to its first screen, where
    # the card to answer is. A refresh that begins nothing of his keeps his place (tests/e2e/test_place_stays.py).
    on_screen(ben, "window-what")
    assert ben.evaluate("window.scrollY") == 0


def test_no_phone_scrolls_sideways_at_any_width_and_the_badge_and_settings_stay_on_screen(table):
    _display, phones = table
    for phone, (_name, _lang, width, height) in zip(phones, PHONES):
        for size in PHONES:  # each language at each of the three widths
            phone.set_viewport_size({"width": size[2], "height": size[3]})
            phone.evaluate("window.scrollTo(0, 0)")
            for test_id in ("now-total", "action-bar"):
                if phone.get_by_test_id(test_id).count():
                    on_screen(phone, test_id)
            for part in ("#conn", ".settings summary"):
                box, right = box_of(phone.locator(part)), phone.viewport_size["width"]
                assert box["x"] >= 0 and box["x"] + box["width"] <= right + 0.5, (part, size, box)
            widths = phone.evaluate("[window.innerWidth, document.documentElement.scrollWidth]")
            assert widths[1] <= widths[0], (size, widths)
        phone.set_viewport_size({"width": width, "height": height})


# Names no edition prints: every phone's picker shows them as typed, whatever its language.
THINGS = [
    {"name": "Machete", "type": "thing", "slack": 1, "cost": 1},
    {"name": "Rum", "type": "thing", "slack": 1, "cost": 0},
]
HAMMOCK = {"name": "Hammock Time", "type": "activity", "slack": 2}
GUIDE = {
    "name": "Jungle Guide",
    "type": "person",
    "slack": 2,
    "invited": True,
}  # comes only if the roll says so


class Thumb:
    """Taps on one phone, counted."""

    def __init__(self, page):
        self.page, self.taps = page, 0

    def tap(self, locator):
        locator.click()
        self.taps += 1

    def on_to(self, phase):
        """Straight to a phase (the bar's second action), or End the turn ("end"); the panel moves on."""
        version = self.page.locator("#panel").get_attribute("data-version")
        skip = self.page.get_by_test_id("skip")
        expect(skip).to_have_attribute("data-to", phase, timeout=PROPAGATION_MS)
        self.tap(skip)
        expect(self.page.locator("#panel")).not_to_have_attribute(
            "data-version", version, timeout=PROPAGATION_MS
        )

    def pass_turn(self):
        """Straight on, as far as the bar goes each time, until the turn is over: Next phase where the next phase
        holds what passing never skips (an unwanted Person's roll, a wound to heal)."""
        for _most in range(4):
            skip, advance = self.page.get_by_test_id("skip"), self.page.get_by_test_id("advance")
            expect(skip.or_(advance).first).to_be_visible(timeout=PROPAGATION_MS)
            if not skip.count():
                version = self.page.locator("#panel").get_attribute("data-version")
                self.tap(advance)
                expect(self.page.locator("#panel")).not_to_have_attribute(
                    "data-version", version, timeout=PROPAGATION_MS
                )
                continue
            to = skip.get_attribute("data-to")
            self.on_to(to)
            if to == "end":
                return
        raise AssertionError("the turn never ended")

    def next_phase(self, phase):
        """The bar's Next phase, into `phase`."""
        self.tap(self.page.get_by_test_id("advance"))
        expect(self.page.get_by_test_id("turn-phase")).to_have_attribute(
            "data-phase", phase, timeout=PROPAGATION_MS
        )

    def play(self, name):
        """A known card's chip in the card form: played with its tap (a Thing joins the open scrounging trip).

        Tapped once lit, as a player taps it: while the form's last play is on its way its chips are dimmed and a tap
        does nothing (card_form.js), and the live stream may show that play in the window before its answer comes
        (under load, a Rum tapped then was ignored and never joined the Machete's trip)."""
        expect(self.page.locator("form.htmx-request .card-picker")).to_have_count(0, timeout=PROPAGATION_MS)
        self.tap(
            self.page.locator(".play-card-form .card-picker").get_by_role("button", name=name, exact=True)
        )
        expect(self.page.get_by_test_id("window")).to_contain_text(name, timeout=PROPAGATION_MS)

    def free_time(self, display):
        """Machete and Rum on one scrounging trip (one Free Time, the Machete's cost), Hammock Time, the turn's end."""
        for name in ("Machete", "Rum"):
            self.play(name)
        expect(self.page.get_by_test_id("window")).to_contain_text("Machete")  # one trip, both Things on it
        turn = table_state(display)["turn"]
        assert (turn["income_left"], turn["free_time_left"]) == (
            RANKS["values"]["private"]["income"] - 1,
            1,
        ), turn
        self.play("Hammock Time")
        self.on_to("end")


def test_a_turn_with_known_cards_takes_eight_taps_and_passing_a_turn_two(table):
    display, (ana, ben, cleo) = table
    Thumb(ana).on_to("end")  # Ana, in Free Time with her Siesta waiting, ends her turn
    expect(ben.get_by_test_id("now-phase")).to_contain_text("Ben", timeout=PROPAGATION_MS)
    # The table's deck learns the turns' cards from Ben's, then takes them back.
    taught = [
        ("advance", {"phase": "draw", "turn": 5}),
        ("advance", {"phase": "roll", "turn": 5}),
        ("play_card", {"cards": [COOK]}),
        ("play_card", {"cards": [GUIDE]}),
        ("roll_for_card", {"value": 4}),
        ("advance", {"phase": "call", "turn": 5}),
        ("play_card", {"cards": THINGS}),
        ("play_card", {"cards": [HAMMOCK]}),
    ]
    for kind, args in taught:
        display.act(kind, 2, **args)
    for _ in taught:
        display.act("undo")
    caught_up(ben, display)  # the live updates of all that have reached Ben's phone
    passing = Thumb(ben)
    passing.pass_turn()
    assert passing.taps <= 2

    # Turn 6: Cleo, with no People in her tent yet (so nothing to do in the Roll phase), calls an invited Person.
    caught_up(cleo, display)
    invited = Thumb(cleo)
    invited.on_to("call")
    invited.play("Jungle Guide")  # invited: the roll says whether the Person comes
    # the roll waits beside who may still cancel the call ("or go on"), the bar left to answers
    expect(cleo.get_by_test_id("window-waiting")).to_contain_text("or go on", timeout=PROPAGATION_MS)
    invited.tap(die(cleo, "window", 4))
    expect(cleo.get_by_test_id("window")).to_have_count(0, timeout=PROPAGATION_MS)
    invited.next_phase("freetime")
    invited.free_time(display)
    expect(cleo.get_by_test_id("now-phase")).to_contain_text("Ana", timeout=PROPAGATION_MS)
    assert tent(display, 3) == ["Jungle Guide", "Machete", "Rum", "Hammock Time"]

    caught_up(ana, display)
    Thumb(ana).pass_turn()  # turn 7
    # Turn 8: Ben, in German, calls a Person who comes uninvited.
    caught_up(ben, display)
    uninvited = Thumb(ben)
    uninvited.on_to("call")
    uninvited.play("Camp Cook")  # uninvited: no roll to call it
    uninvited.next_phase("freetime")
    uninvited.free_time(display)
    expect(ben.get_by_test_id("now-phase")).to_contain_text("Cleo", timeout=PROPAGATION_MS)
    assert tent(display, 2) == ["Camp Cook", "Machete", "Rum", "Hammock Time"]
    caught_up(cleo, display)
    Thumb(cleo).pass_turn()  # turn 9: Ana's turn comes
    print(f"taps: passing {passing.taps}, invited Person {invited.taps}, uninvited Person {uninvited.taps}")
    assert invited.taps <= 8 and uninvited.taps <= 8, (invited.taps, uninvited.taps)  # 9 and 8 before


def caught_up(page, display):
    """The phone shows the table as it is now."""
    version = str(table_state(display)["version"])
    expect(page.locator("#panel")).to_have_attribute("data-version", version, timeout=PROPAGATION_MS)


def tent(display, seat):
    """The names of the cards in a seat's tent."""
    (found,) = [each for each in table_state(display)["seats"] if each["seat"] == seat]
    return [card["name"] for card in found["tent"]]


def table_state(display):
    """The table's state as its display reads it."""
    request = urllib.request.Request(
        f"{display.server.loopback_url}/t/{display.token}/state.json",
        headers={"Authorization": f"Bearer {display.key}"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)


def buzzes(page):
    return page.evaluate("(window.buzzes || []).length")


def test_the_turn_or_an_answer_coming_to_a_phone_buzzes_once_and_marks_the_title(table):
    display, (ana, ben, cleo) = table
    expect(ana).to_have_title(re.compile("^● Твой ход"), timeout=PROPAGATION_MS)  # Ana's turn, in Russian
    turn = table_state(display)["turn"]["number"]
    expect(cleo).not_to_have_title(re.compile("^●"))
    before = buzzes(ben)
    for phase in GUEVARA[:3]:
        display.act("advance", 1, phase=phase, turn=turn)
    display.act("play_card", 1, cards=[SIESTA])  # a card Ben may answer
    expect(ben).to_have_title(re.compile("^● Deine Antwort"), timeout=PROPAGATION_MS)
    assert buzzes(ben) == before + 1
    version = ben.locator("#panel").get_attribute("data-version")
    cleo.get_by_test_id("pass-card").click()  # Cleo lets it pass (only her phone may): news, but not Ben's
    expect(ben.locator("#panel")).not_to_have_attribute("data-version", version, timeout=PROPAGATION_MS)
    ben.get_by_test_id("pass-card").click()
    expect(ben).not_to_have_title(re.compile("^●"), timeout=PROPAGATION_MS)
    assert buzzes(ben) == before + 1  # once for the occasion, however often the panel came
    display.act("advance", 1, phase="freetime", turn=turn, to="end")
    expect(ben).to_have_title(re.compile("^● Dein Zug"), timeout=PROPAGATION_MS)
    assert buzzes(ben) == before + 2


def display_window(display):
    """The open window's id, as the display's state says."""
    return table_state(display)["window"]["id"]


STOPPED_S = 20  # a laptop's lid closed for a while: the server process suspended, its connections left open


def test_a_suspended_server_is_noticed_and_a_tap_made_meanwhile_is_recorded_once_after(table, lan):
    display, (_ana, ben, _cleo) = table
    expect(ben.get_by_test_id("turn-phase")).to_have_attribute("data-phase", "draw", timeout=PROPAGATION_MS)
    expect(ben.locator("#conn")).to_have_attribute("data-state", "live", timeout=PROPAGATION_MS)
    before = table_version(display)
    (pid,) = lan.workers()
    os.kill(pid, signal.SIGSTOP)
    stopped = time.monotonic()
    try:
        expect(ben.locator("#conn")).not_to_have_attribute("data-state", "live", timeout=10_000)
        assert time.monotonic() - stopped <= 10.5
        for part in ("#conn", ".settings summary"):  # "Reconnecting…" leaves room for the settings
            box = box_of(ben.locator(part))
            assert box["x"] + box["width"] <= ben.viewport_size["width"] + 0.5, part
        ben.get_by_test_id("advance").click()
        expect(ben.locator("#action-bar .tap-note.sending")).to_be_visible()
        expect(ben.locator("#action-bar .not-recorded")).to_be_visible(timeout=10_000)  # unanswered after 5 s
        time.sleep(max(0.0, STOPPED_S - (time.monotonic() - stopped)))
    finally:
        os.kill(pid, signal.SIGCONT)
    expect(ben.locator("#conn")).to_have_attribute("data-state", "live", timeout=15_000)
    expect(ben.get_by_test_id("turn-phase")).to_have_attribute("data-phase", "roll", timeout=15_000)
    expect(ben.locator(".tap-note")).to_have_count(0)
    assert table_version(display) == before + 1  # the one event of one Next phase: recorded once
    display.act("undo")
    expect(ben.get_by_test_id("turn-phase")).to_have_attribute("data-phase", "draw", timeout=PROPAGATION_MS)


def table_version(display):
    """The table's version as the server has it now."""
    with urllib.request.urlopen(
        f"{display.server.loopback_url}/t/{display.token}/version", timeout=10
    ) as answer:
        return json.load(answer)["version"]


def test_a_chip_tapped_while_the_last_play_is_on_its_way_waits_visibly_and_is_not_lost(table, lan):
    display, (_ana, ben, _cleo) = table
    caught_up(ben, display)
    thumb = Thumb(ben)
    for phase in ("roll", "call", "freetime"):
        thumb.next_phase(phase)
    picker = ben.locator(".play-card-form .card-picker")
    machete, rum = (picker.get_by_role("button", name=name, exact=True) for name in ("Machete", "Rum"))
    # Settled before the server stops: the live stream may bring the version before the tap's own answer, which then
    # draws the panel again, and its picker asks the server for its chips anew.
    caught_up(ben, display)
    ben.wait_for_function("() => !document.querySelector('.htmx-request')")
    expect(machete).to_be_visible(timeout=PROPAGATION_MS)
    expect(rum).to_be_visible()
    (pid,) = lan.workers()
    os.kill(pid, signal.SIGSTOP)  # a slow answer: the Machete's play is still on its way when Rum is tapped
    try:
        machete.click()
        expect(ben.locator("form.htmx-request .card-picker")).to_have_count(1)
        rum.click()
        expect(rum).to_have_css("opacity", "0.45")  # dimmed: it waits for the answer
        names = ben.locator(".play-card-form input[type=text]").evaluate_all("els => els.map(e => e.value)")
        assert "Rum" not in names, names
    finally:
        os.kill(pid, signal.SIGCONT)
    expect(ben.get_by_test_id("window")).to_contain_text("Machete", timeout=PROPAGATION_MS)
    expect(ben.get_by_test_id("window")).not_to_contain_text("Rum")
    thumb.play("Rum")  # tapped again once the answer came: it joins the trip
    expect(ben.get_by_test_id("window")).to_contain_text("Machete")
