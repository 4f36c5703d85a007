"""Phones at a learning game (issue 61), as the browser tests of the first games see them: each moment's explanation
checked where and when it shows, and the layout of a moment's first screen at each phone size."""

from urllib.error import HTTPError

from playwright.sync_api import expect

from tests.helpers.api_tables import api
from tests.helpers.browser_steps import PROPAGATION_MS
from tests.helpers.chromium import PHONE

INVITED = {"name": "Camp Cook", "type": "person", "slack": 2, "invited": True}
SIESTA = {"name": "Siesta", "type": "activity", "slack": 1, "categories": ["sleep"]}
DIG_HOLES = {"name": "Dig Holes", "type": "activity", "slack": 0}

# How many lines of an explanation's words its "Got it" button overlaps.
GOT_IT_OVER_TEXT = """note => { const b = note.querySelector('[data-testid=explain-done]').getBoundingClientRect();
  const words = document.createRange(); let over = 0;
  for (const node of note.childNodes) {
    if (node.nodeType !== Node.TEXT_NODE || !node.textContent.trim()) continue;
    words.selectNodeContents(node);
    for (const line of words.getClientRects())
      over += line.bottom > b.top + 0.5 && line.top < b.bottom - 0.5
        && line.right > b.left + 0.5 && line.left < b.right - 0.5;
  }
  return over; }"""
# Words of each moment's explanation in each phone's language.
WORDS = {
    ("draw", "en"): "Your turn begins", ("roll", "en"): "Roll phase", ("call", "en"): "Call People:",
    ("announced_call", "en"): "You called an invited Person", ("free_time", "en"): "Free Time: each point",
    ("announced_activity", "en"): "Your Activity uses one Free Time", ("ordered", "en"): "pulled rank on you",
    ("discard", "en"): "Discarding is free", ("heal", "en"): "Heal:",
    ("answer", "de"): "Jemand spielt gerade eine Karte", ("pull_rank", "de"): "Dein Dienstgrad ist höher",
    ("draw", "de"): "Dein Zug beginnt",
    ("raid_roll", "en"): "A raid: everyone rolls once", ("raid_roll", "de"): "Ein Überfall: Alle würfeln einmal",
    ("raid_loot", "en"): "Sharing the loot", ("raid_loot", "de"): "Die Beute wird verteilt",
    ("denounced", "de"): "Du wirst denunziert", ("denounce_move", "en"): "Your denunciation worked",
    ("job_roll", "en"): "Your job prints two numbers", ("answer", "en"): "Someone is playing a card",
    ("tv", "de"): "Eine TV-Karte macht",
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
        assert note.evaluate(GOT_IT_OVER_TEXT) == 0, f"{moment}: its Got it covers its own words"
        note.scroll_into_view_if_needed()
        bar = self.page.locator("#action-bar")
        if bar.count():
            assert note.bounding_box()["y"] + note.bounding_box()["height"] <= bar.bounding_box()["y"] + 0.5
        typed = self.page.locator("#pc-name-seat:visible")
        if typed.count():  # a card's name half typed when the player taps Got it: still there after
            typed.fill("Qwzx")
        note.get_by_test_id("explain-done").click()
        expect(note).to_have_count(0)
        if typed.count():
            expect(typed).to_have_value("Qwzx")
        self.page.reload()
        expect(self.page.get_by_test_id("my-total")).to_be_visible()
        assert moment not in self.shown()
        self.explained.append(moment)

    def lets_it_pass(self) -> None:
        """The phone's player taps Let it pass on the card being announced (a seat with a phone answers for itself)."""
        self.page.locator("[data-testid=pass-card]:visible").first.click()
        expect(self.page.locator("[data-testid=pass-card]")).to_have_count(0)

    def explains_nothing(self) -> None:
        """Nothing explained where the player looks."""
        assert self.shown() == [], f"{self.name}'s phone explains {self.shown()}"


def an_invited_person_called(act, ana, ben, cleo) -> None:
    """Ana calls an invited Person: her phone explains her announced card, Ben's (new) how to answer it, Cleo's (not
    new) nothing; both let it pass, and Ana rolls a 5."""
    act("play_card", 1, cards=[INVITED])
    ana.explains("announced_call", "[data-testid=window]")
    ben.explains("answer", "[data-testid=window]")
    cleo.explains_nothing()
    for phone in (ben, cleo):
        phone.lets_it_pass()
    act("roll_for_card", 1, value=5)


class LearningTable:
    """A table opened through the API as a first game, played by its display's key."""

    def __init__(self, server, game: str):
        made = api(server, "/api/tables", {"game": game, "seats": 3, "language": "en", "first_game": True})
        self.server, self.token, self.key, self.join_url = server, made["token"], made["display_key"], made["join_url"]

    def act(self, type, seat=None, **args):
        """One action, as the display; a refusal fails the test with its reason."""
        try:
            return api(self.server, f"/t/{self.token}/actions", {"type": type, "seat": seat, "args": args}, self.key)
        except HTTPError as refused:
            raise AssertionError(f"{type} by seat {seat} {args}: {refused.read().decode()}") from None

    def through(self, seat, turn, phases):
        """The seat's turn goes on through each of `phases` (the display tapping Next phase)."""
        for phase in phases:
            self.act("advance", seat, phase=phase, turn=turn)

    def phones(self, browser):
        """Ana (English) and Ben (German) new, Cleo (Russian) not: she switches "I'm new" off in her settings."""
        ana, ben = Phone(browser, self.join_url, 1, "Ana", "en"), Phone(browser, self.join_url, 2, "Ben", "de")
        cleo = Phone(browser, self.join_url, 3, "Cleo", "ru")
        cleo.page.locator("details.settings summary").click()
        cleo.page.get_by_test_id("new-player").uncheck()
        cleo.page.locator(".new-player-form button[type=submit]").click()
        expect(cleo.page.get_by_test_id("my-total")).to_be_visible()
        return ana, ben, cleo
