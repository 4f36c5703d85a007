"""A first game of Chez Guevara teaches itself (issue 61): three phones, Ana (English) and Ben (German) new, Cleo
(Russian) not; each moment's explanation appears on the new phone whose moment it is, once, in its language, above
the action bar and the control it explains, and not after a reload; Cleo's phone shows nothing more than before; a
tap sends nothing more than before; at 320x568, 360x640 and 390x844 the explanation and the control it explains lie
on the first screen above the action bar."""

from urllib.error import HTTPError

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.helpers.api_tables import RANKS, api
from tests.helpers.browser_steps import PROPAGATION_MS
from tests.helpers.chromium import PHONE

INVITED = {"name": "Camp Cook", "type": "person", "slack": 2, "invited": True}
SIESTA = {"name": "Siesta", "type": "activity", "slack": 1, "categories": ["sleep"]}
SOAP = {"name": "Soap", "type": "thing", "cost": 1, "slack": 1}
DIG_HOLES = {"name": "Dig Holes", "type": "activity", "slack": 0}
SIZES = ({"width": 320, "height": 568}, {"width": 360, "height": 640}, {"width": 390, "height": 844})
# Each element wholly on the screen and above the action bar (unless in it), not covered, the page no wider.
UNCOVERED = """selectors => { const found = [], w = window.innerWidth, bar = document.getElementById('action-bar');
  const floor = bar ? bar.getBoundingClientRect().top : window.innerHeight;
  for (const selector of selectors) {
    const e = document.querySelector(selector);
    if (!e) { found.push(`${selector}: missing`); continue; }
    const b = e.getBoundingClientRect(), bottom = bar && bar.contains(e) ? window.innerHeight : floor;
    if (!b.width || !b.height || b.top < 0 || b.bottom > bottom + 0.5 || b.left < -0.5 || b.right > w + 0.5)
      found.push(`${selector}: ${Math.round(b.top)} to ${Math.round(b.bottom)}, the bar from ${Math.round(floor)}`);
    const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
    if (!(hit && (hit === e || e.contains(hit) || hit.contains(e)))) found.push(`${selector}: covered`);
  }
  if (document.documentElement.scrollWidth > w) found.push(`the page is wider than ${w} px`);
  return found; }"""
# Words of each moment's explanation in each phone's language.
WORDS = {
    ("draw", "en"): "Your turn begins", ("roll", "en"): "Roll phase", ("call", "en"): "Call People:",
    ("announced_call", "en"): "invited Person to a tent", ("free_time", "en"): "Free Time: each point",
    ("announced_activity", "en"): "Your Activity uses one Free Time", ("ordered", "en"): "pulled rank on you",
    ("discard", "en"): "Discarding is free", ("heal", "en"): "Heal:",
    ("answer", "de"): "Jemand spielt gerade eine Karte", ("pull_rank", "de"): "Dein Dienstgrad ist höher",
    ("draw", "de"): "Dein Zug beginnt",
}


class Phone:
    """One player's phone at the table, and the moments it has explained so far."""

    def __init__(self, browser, url, seat, name, lang):
        self.lang, self.name, self.explained = lang, name, []
        self.page = browser.new_context(**PHONE, locale=lang).new_page()
        self.page.goto(url)
        self.page.check(f"input[name=seat][value='{seat}']")
        self.page.fill("#name", name)
        self.page.locator("#name").locator("xpath=ancestor::form").locator("button[type=submit]").click()
        expect(self.page.get_by_test_id("my-total")).to_be_visible()
        expect(self.page.locator("#conn")).to_have_attribute("data-state", "live")

    def shown(self) -> list[str]:
        """The moments the phone explains where a player sees them (not inside a closed fold)."""
        notes = self.page.locator("[data-testid=explain]:visible")
        return [notes.nth(i).get_attribute("data-moment") for i in range(notes.count())]

    def explains(self, moment: str, before: str) -> None:
        """The phone explains `moment` in its language, inline above `before` (the part holding its control) and
        above the action bar, for the first time; one tap dismisses it, and a reload does not bring it back."""
        assert moment not in self.explained, f"{moment} explained twice on {self.name}'s phone"
        note = self.page.locator(f"[data-testid=explain][data-moment={moment}]")
        expect(note).to_be_visible(timeout=PROPAGATION_MS)
        assert self.shown() == [moment], self.shown()
        assert self.page.locator("html").get_attribute("lang") == self.lang
        expect(note).to_contain_text(WORDS[moment, self.lang])
        expect(note.locator("a.help")).to_have_count(1)
        assert note.evaluate("(n, s) => !!(n.compareDocumentPosition(document.querySelector(s)) & 4)", before), \
            f"{moment} is not above {before}"
        note.scroll_into_view_if_needed()
        bar = self.page.locator("#action-bar")
        if bar.count():
            assert note.bounding_box()["y"] + note.bounding_box()["height"] <= bar.bounding_box()["y"] + 0.5
        note.get_by_test_id("explain-done").click()
        expect(note).to_have_count(0)
        self.page.reload()
        expect(self.page.get_by_test_id("my-total")).to_be_visible()
        assert moment not in self.shown()
        self.explained.append(moment)

    def lets_it_pass(self) -> None:
        """The phone's player taps Let it pass on the card being announced (a seat with a phone answers for itself)."""
        self.page.locator("[data-testid=pass-card]:visible").first.click()
        expect(self.page.locator("[data-testid=pass-card]")).to_have_count(0)

    def explains_nothing(self) -> None:
        assert self.shown() == [], f"{self.name}'s phone explains {self.shown()}"


def uncovered_at_every_size(page, selectors, what):
    """At each phone size, scrolled to the top as a thumb would, every element lies on the first screen above the
    action bar, uncovered; the phone ends at its own size."""
    for size in SIZES:
        page.set_viewport_size(size)
        page.mouse.move(size["width"] / 2, size["height"] / 3)
        page.mouse.wheel(0, -20000)
        try:
            page.wait_for_function(f"s => scrollY === 0 && ({UNCOVERED})(s).length === 0", arg=selectors, timeout=3000)
        except PlaywrightTimeout:
            page.screenshot(path=f"/tmp/learning-{size['width']}.png")
            raise AssertionError(f"{what} at {size}: {page.evaluate(UNCOVERED, selectors)}") from None
    page.set_viewport_size(PHONE["viewport"])


def test_a_first_round_of_chez_guevara_explains_each_moment_once_on_the_new_phones(browser, file_server):
    made = api(file_server, "/api/tables", {"game": "guevara", "seats": 3, "language": "en", "first_game": True})
    token, key = made["token"], made["display_key"]

    def act(type, seat=None, **args):
        try:
            return api(file_server, f"/t/{token}/actions", {"type": type, "seat": seat, "args": args}, key)
        except HTTPError as refused:
            raise AssertionError(f"{type} by seat {seat} {args}: {refused.read().decode()}") from None

    ana, ben = Phone(browser, made["join_url"], 1, "Ana", "en"), Phone(browser, made["join_url"], 2, "Ben", "de")
    cleo = Phone(browser, made["join_url"], 3, "Cleo", "ru")
    cleo.page.locator("details.settings summary").click()  # Cleo has played before: "I'm new" off
    cleo.page.get_by_test_id("new-player").uncheck()
    cleo.page.locator(".new-player-form button[type=submit]").click()
    expect(cleo.page.get_by_test_id("my-total")).to_be_visible()
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
    act("play_card", 1, cards=[INVITED])
    ana.explains("announced_call", "[data-testid=window]")
    ben.explains("answer", "[data-testid=window]")
    cleo.explains_nothing()
    for phone in (ben, cleo):
        phone.lets_it_pass()
    act("roll_for_card", 1, value=5)

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

    # Ana's Scrounging trip: Ben has read how to answer and how to pull rank, so nothing new for him.
    act("play_card", 1, cards=[SOAP])
    expect(ana.page.locator("[data-testid=explain][data-moment=announced_scrounge]")).to_be_visible(
        timeout=PROPAGATION_MS)
    expect(ben.page.get_by_test_id("window")).to_be_visible()
    ben.explains_nothing()
    ana.page.locator("[data-moment=announced_scrounge] [data-testid=explain-done]").click()
    for phone in (ben, cleo):
        phone.lets_it_pass()

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
    assert cleo.page.locator("[data-testid=explain]").count() == 0
