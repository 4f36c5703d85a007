"""A phone puts now first (issue 13 item 4): on a 390x844 phone the first screen holds whose turn and which phase,
the player's own total and what the phase calls for — or, off turn, the open cancel window's buttons — in every
phase of Chez Guevara and of Chez Geek, in English, German and Russian. In Call People the card's name field and the
bar's way to it, and one's own announced card, lie on the first screen uncovered at 320x568 and 360x640 too
(issue 47 item 1). Inside the forms a moment opens, at the three sizes (issue 60 item 2): a new card's Slack field
once its type is tapped, the die row of getting rid of a Person from the bar's way there, the TV card's button while
its name is typed, and after the win the BG Stats button, each put above the bar by the page, not by the test."""


import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.helpers.api_tables import COOK, GEEK, GUEVARA, JOBS, RANKS, SIESTA, api
from tests.helpers.browser_steps import PHONE_SIZES as SIZES
from tests.helpers.browser_steps import UNCOVERED, at_the_top, join, uncovered_at_every_size
from tests.helpers.chromium import PHONE

SIZE = PHONE["viewport"]
SCREEN = SIZE["height"]


def phone(browser, url, seat, name, lang):
    """A phone in the player's language takes a seat."""
    return join(browser, url, seat, name, (lang, SIZE["width"], SIZE["height"]))


def on_first_screen(page, locator, what):
    """The control is visible without scrolling the phone."""
    page.evaluate("window.scrollTo(0, 0)")
    expect(locator.first).to_be_visible()
    box = None
    for _try in range(20):  # a live refresh may be replacing the element just now
        box = locator.first.bounding_box()
        if box is not None:
            break
        page.wait_for_timeout(100)
    if box is None or box["y"] + box["height"] > SCREEN:
        page.screenshot(path=f"/tmp/first-screen-{what.split(',')[0]}.png")
    assert box is not None and box["y"] + box["height"] <= SCREEN, f"{what} lies at {box} on a {SCREEN} px screen"


def uncovered_where_the_page_put_it(page, selectors, what):
    """Each element lies uncovered on the screen where the page has put it (the test does not scroll)."""
    try:
        page.wait_for_function(f"s => ({UNCOVERED})(s).length === 0", arg=selectors, timeout=3000)
    except PlaywrightTimeout:
        size = page.viewport_size
        page.screenshot(path=f"/tmp/first-screen-{size['width']}.png")
        found = page.evaluate(UNCOVERED, selectors)
        raise AssertionError(f"{what} at {size}, scrolled {page.evaluate('scrollY')} px: {found}") from None


# What has focus, which type is chosen and what the Slack field holds, for a failure's message.
FORM_NOW = """() => { const f = document.activeElement;
  const checked = document.querySelector('input[name=card_type]:checked');
  return {focus: f && (f.id || f.tagName), type: checked && checked.value, slack: document.querySelector(
    '#pc-slack-seat')?.value, scrollY, version: document.getElementById('panel')?.dataset.version}; }"""


def new_card_at_every_size(page, kind):
    """At each size the player opens the card form from the bar, types a card nobody has seen and taps its type: the
    form moves on to the Slack field, which lies uncovered above the bar."""
    for size in SIZES:
        at_the_top(page, size)
        page.get_by_test_id("go-play_card").click()
        page.locator("#pc-name-seat").fill("Qwzx Unseen")
        expect(page.locator(".play-card-form .card-numbers")).to_have_attribute("open", "", timeout=5000)
        # The chips for the name typed come with the server's answer, above the type buttons: the player taps
        # once they are shown (a tap while the list shrinks lands where a button was).
        expect(page.locator(".play-card-form [data-card-picker][aria-busy]")).to_have_count(0, timeout=5000)
        page.locator(f"label[for='pc-type-{kind}-seat']").click()
        try:
            expect(page.locator("#pc-slack-seat")).to_be_focused()
        except AssertionError:
            raise AssertionError(f"at {size} the Slack field has no focus after {kind} was tapped: "
                                 f"{page.evaluate(FORM_NOW)}") from None
        uncovered_where_the_page_put_it(page, ["#pc-slack-seat"], "a new card's Slack field")
        page.locator("#pc-name-seat").fill("")
    page.locator("#pc-name-seat").blur()  # the player leaves the form, its keyboard down, before the next moment
    page.set_viewport_size(PHONE["viewport"])


def get_rid_at_every_size(page):
    """At each size the player taps the bar's way to getting rid of People: where to send the Person, the roll and
    the die row lie uncovered above the bar."""
    controls = ["select[id^=rid-]", "[data-testid=get-rid]", *(f"[data-testid=get-rid-{n}]" for n in range(1, 7))]
    for size in SIZES:
        at_the_top(page, size)
        page.get_by_test_id("go-get_rid").click()
        uncovered_where_the_page_put_it(page, controls, "getting rid of a Person")
    page.set_viewport_size(PHONE["viewport"])


def tv_card_at_every_size(page):
    """At each size the player taps the TV card's field and types its name: the field and "Play the TV card on them"
    lie uncovered above the bar."""
    for size in SIZES:
        at_the_top(page, size)
        page.locator("#tv-name-seat").click()
        page.keyboard.type("Vampire")
        expect(page.locator("[data-card-picker][aria-busy]")).to_have_count(0, timeout=5000)
        uncovered_where_the_page_put_it(page, ["#tv-name-seat", "[data-testid=watch-tv]"], "the TV card's form")
        page.locator("#tv-name-seat").fill("")
    page.locator("#tv-name-seat").blur()
    page.set_viewport_size(PHONE["viewport"])


def table(server, browser, game, lang):
    """A three-seat table whose display acts through the API; Ana and Ben hold phones; Ana starts."""
    made = api(server, "/api/tables", {"game": game, "seats": 3, "language": lang})
    key, token = made["display_key"], made["token"]

    def act(type, seat=None, **args):
        return api(server, f"/t/{token}/actions", {"type": type, "seat": seat, "args": args}, key)

    ana = phone(browser, made["join_url"], 1, "Ana", lang)
    ben = phone(browser, made["join_url"], 2, "Ben", lang)
    if game == "guevara":
        act("set_profile", **RANKS)
        for seat in (1, 2, 3):
            act("set_rank", seat, rank="private")
    else:
        act("set_job_profile", jobs=JOBS)
        for seat, job in ((1, "slacker"), (2, "temp"), (3, "drummer")):
            act("set_job", seat, job=job)
    act("set_dealer", 3)
    act("start_game")
    return act, ana, ben


def check_now(page, lang, phase_actions):
    """Whose turn, the phase, the own total and the phase's actions, then Next phase, all on the first screen."""
    assert page.locator("html").get_attribute("lang") == lang
    for test_id in ("turn-player", "turn-phase", "my-total", *phase_actions, "advance"):
        on_first_screen(page, page.get_by_test_id(test_id), test_id)
    advance = page.get_by_test_id("advance").bounding_box()
    for test_id in phase_actions:  # "Next phase" comes after the phase's own actions, so it is not tapped early
        assert page.get_by_test_id(test_id).first.bounding_box()["y"] < advance["y"], test_id


def page_seat(turn):
    """Whose turn it is: seat 1, 2, 3, 1, …"""
    return (turn - 1) % 3 + 1


def play_turns(act, seat_phases, turns):
    """The display plays whole turns through for these turn numbers."""
    for turn in turns:
        for phase in seat_phases:
            act("advance", page_seat(turn), phase=phase, turn=turn)


ACTIONS = {"roll": ["get-rid"], "call": ["play-card"], "freetime": ["play-card"], "heal": ["heal"]}


@pytest.mark.parametrize("game,phases,lang", [("guevara", GUEVARA, lang) for lang in ("en", "de", "ru")]
                         + [("geek", GEEK, lang) for lang in ("en", "de", "ru")])
def test_every_phase_puts_now_first_on_and_off_turn(browser, file_server, game, phases, lang):
    act, ana, ben = table(file_server, browser, game, lang)
    # Turn 1: Ana brings a Person home and announces an Activity; Ben, off turn, sees the window's buttons first.
    for phase in phases[:2]:
        act("advance", 1, phase=phase, turn=1)
    # Call People: the card's name field, and the bar's way to the card form, whatever the phone's size.
    expect(ana.get_by_test_id("go-play_card")).to_be_visible(timeout=5000)
    uncovered_at_every_size(ana, ["#pc-name-seat", "[data-testid=go-play_card]", "[data-testid=now-phase]",
                                  "[data-testid=now-total]"], "Call People's card field")
    ana.set_viewport_size(SIZES[0])
    ana.get_by_test_id("go-play_card").click()
    expect(ana.locator(".play-card-form .card-picker .pick").first).to_be_in_viewport()
    new_card_at_every_size(ana, "person")
    act("play_card", 1, cards=[COOK])
    act("advance", 1, phase="call", turn=1)
    act("play_card", 1, cards=[SIESTA])
    expect(ben.get_by_test_id("window")).to_be_visible(timeout=5000)
    # Ana's own announced card, and who it waits for, on her first screen at every size.
    expect(ana.get_by_test_id("window-waiting")).to_be_visible(timeout=5000)
    uncovered_at_every_size(ana, ["[data-testid=window-what]", "[data-testid=window-waiting]"],
                            "one's own announced card")
    for test_id in ("cancel-card", "pass-card", "turn-phase", "my-total"):
        on_first_screen(ben, ben.get_by_test_id(test_id), f"{test_id}, off turn")
    if game == "geek":  # Chez Geek's TV card: Ben names it, and plays it from where he typed
        tv_card_at_every_size(ben)
    for phase in phases[3:]:
        act("advance", 1, phase=phase, turn=1)
    play_turns(act, phases, (2, 3))
    # Turn 4: Ana again, wounded, with the Camp Cook in her tent; every phase's first screen.
    if game == "guevara":
        act("adjust_wounds", 1, delta=1)
    for i, phase in enumerate(phases):
        if i:
            act("advance", 1, phase=phases[i - 1], turn=4)
        expect(ana.get_by_test_id("turn-phase")).to_have_attribute("data-phase", phase, timeout=5000)
        check_now(ana, lang, ACTIONS.get(phase, []))
        if phase == "roll":
            get_rid_at_every_size(ana)
        if phase == "freetime":
            new_card_at_every_size(ana, "activity")
        on_first_screen(ben, ben.get_by_test_id("turn-phase"), "the phase, off turn")
    # The win: the way to keep the play in BG Stats on the first screen at every size, for the winner and the others.
    act("adjust_slack", 1, delta=30)
    for page in (ana, ben):
        expect(page.get_by_test_id("bgstats-link")).to_be_visible(timeout=5000)
        uncovered_at_every_size(page, ["[data-testid=bgstats-link]"], "the BG Stats button after the win")
