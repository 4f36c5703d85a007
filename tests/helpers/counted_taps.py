"""A phone's thumb that counts its taps and keystrokes, and the Chez Guevara turns the tap benchmark plays.

The turn: call a Person (Camp Cook), scrounge two Things (Soap and Rum), play one Activity (Hammock Time, or Guitar
Night, its Slack rolled), pass to the next player, with the action bar's shortcuts where offered. The short turn:
call a Person the table knows to one's own tent and play one Activity nobody has seen, its Slack rolled. A select
counts two taps (open it, choose); a field typed into without focus counts the tap that gives it focus; a typed
character is one keystroke; the keyboard's Next/Go key, which moves through a new card's fields and plays it, is
counted apart.
"""

from __future__ import annotations

from playwright.sync_api import expect

from tests.helpers.browser_steps import PROPAGATION_MS

# A control in view: above the action bar and below the header, as a thumb sees it without scrolling.
ABOVE_BAR = """el => { const box = el.getBoundingClientRect(), head = document.querySelector('body > .bar');
    return box.top >= (head ? head.getBoundingClientRect().bottom : 0)
        && box.bottom <= document.getElementById('action-bar').getBoundingClientRect().top; }"""

# What the teaching turn copies from its (imagined) cards, as a table would.
NUMBERS = {"Camp Cook": {"card_type": "person", "slack": "3"}, "Soap": {"slack": "1"},
           "Rum": {"card_type": "thing", "slack": "1", "cost": "0"},
           "Hammock Time": {"card_type": "activity", "slack": "2"},
           "Guitar Night": {"card_type": "activity", "slack_modifier": "1"},
           "Hängemattenzeit": {"card_type": "activity", "slack_modifier": ""}}
NEW_CARDS = ("Camp Cook", "Soap", "Rum", "Hammock Time")
# The same turn with an Activity whose Slack is rolled (die + 1): the four cards nobody has seen, as a table meets them.
UNSEEN_CARDS = ("Camp Cook", "Soap", "Rum", "Guitar Night")


class Thumb:
    """Taps and keystrokes on one phone, counted."""

    def __init__(self, page, use_picker: bool = True):
        self.page, self.use_picker, self.taps, self.keys, self.next_keys = page, use_picker, 0, 0, 0
        self.tapped: list[str] = []  # what each tap was on, as the player read it

    def tap(self, locator) -> None:
        """One tap on a control."""
        said = locator.evaluate("el => (el.innerText || el.getAttribute('aria-label') || el.placeholder || '').trim()")
        locator.click()
        self.taps += 1
        self.tapped.append(" ".join(said.replace("\u00ad", "").split()))  # as read, without soft hyphens

    def type(self, selector: str, text: str) -> None:
        """Type text into an empty field, one keystroke per character; a field that does not have focus already is
        tapped first (one tap), as a thumb must."""
        field = self.page.locator(selector)
        if not field.evaluate("e => e === document.activeElement"):
            self.tap(field)
        field.press_sequentially(text)
        self.keys += len(text)

    def choose(self, selector: str, value: str) -> None:
        """Pick an option of a select: open it and choose."""
        self.page.select_option(selector, value)
        self.taps += 2

    def card_type(self, value: str) -> None:
        """Tap the card's type: one of a row of buttons."""
        self.tap(self.page.locator(f"label[for='pc-type-{value}-seat']"))

    def roll(self, value: int) -> None:
        """Tap the die's face that was rolled, where the roll waits: in the window or leading the action bar."""
        self.tap(self.page.locator("#action-bar, [data-testid=window]")
                 .locator(f"button[name=value][value='{value}']").first)

    def next_phase(self, phase: str) -> None:
        """Tap Next phase until the turn is in `phase`."""
        shown = self.page.get_by_test_id("turn-phase")
        while shown.inner_text() != phase:
            before = shown.inner_text()
            self.tap(self.page.get_by_test_id("advance"))
            # Counting taps, not timing them: a loaded CI machine may take longer than the usual wait.
            expect(shown).not_to_have_text(before, timeout=3 * PROPAGATION_MS)

    def to_phase(self, key: str, skip: bool = True) -> None:
        """The action bar's "Straight to …" when it is offered (and `skip`), else Next phase until the turn is in
        the phase of this key (whatever the phone's language)."""
        shown = self.page.get_by_test_id("turn-phase")
        if skip and self.skipped_to(key):
            expect(shown).to_have_attribute("data-phase", key, timeout=3 * PROPAGATION_MS)
        while shown.get_attribute("data-phase") != key:
            before = shown.get_attribute("data-phase")
            self.tap(self.page.get_by_test_id("advance"))
            expect(shown).not_to_have_attribute("data-phase", before, timeout=3 * PROPAGATION_MS)

    def pick(self, name: str) -> None:
        """Tap a known card in the card form's picker."""
        self.tap(self.page.locator(".play-card-form .card-picker").get_by_role("button", name=name, exact=True))

    def card(self, name: str, new: bool) -> None:
        """Name one card in the form: picked when known (and the picker is used), else typed. A new card's numbers
        open by themselves once no known card matches; its fields are copied in the form's order, the keyboard's
        Next key moving on (a keystroke) and a tap only where a type is chosen or a box ticked. A further Thing's
        name is reached by Next from the Thing before it while the keyboard is up."""
        if not new and self.use_picker:
            self.pick(name)
            return
        field = "#pc-name-seat" if not self.page.locator("#pc-name-seat").input_value() else \
            next(f"#pc-name-{row}-seat" for row in (2, 3, 4)
                 if not self.page.locator(f"#pc-name-{row}-seat").input_value())
        if field != "#pc-name-seat":
            self.next_keys_to(field)  # on from the Thing before to this one's name
        self.type(field, name)
        if not new:
            return
        expect(self.page.locator(".play-card-form .card-numbers")).to_have_attribute("open", "")
        row = field.removeprefix("#pc-name-seat").removeprefix("#pc-name-").removesuffix("-seat")
        numbers = NUMBERS.get(name, {"card_type": "activity", "slack": "1"})
        if row:  # a further Thing: its row's Slack, then its Cost
            for key in ("slack", "cost"):
                self.next_key()
                self.type(f"#pc-{key}-{row}-seat", numbers.get(key, ""))
            return
        self.next_key()  # on to the type's buttons, or to the Slack where the card's type is known already
        if "slack_modifier" in numbers:  # its Slack is rolled: the box says so and makes it an Activity
            self.rolled(numbers["slack_modifier"])
            return
        kind = numbers.get("card_type")
        if kind and not self.page.locator(f"#pc-type-{kind}-seat").is_checked():
            self.card_type(kind)  # and on to the Slack
        self.type("#pc-slack-seat", numbers["slack"])

    def rolled(self, modifier: str) -> None:
        """Tick "Its Slack is rolled" (in view above the action bar, as the thumb finds it), which chooses the
        Activity and moves on to the die's modifier; type the modifier, if any."""
        box = self.page.locator("label:has(#pc-die-seat)")
        assert box.evaluate(ABOVE_BAR), "Its Slack is rolled: under the action bar"
        self.tap(box)
        expect(self.page.locator("#pc-type-activity-seat")).to_be_checked()
        expect(self.page.locator("#pc-mod-seat")).to_be_focused()
        if modifier:
            self.type("#pc-mod-seat", modifier)

    def next_key(self) -> None:
        """The keyboard's Next (or Go) key: on to the form's next field, or the card played. Counted apart from
        letters and digits: it is on the keyboard already under the thumb, no reach for a control."""
        self.page.keyboard.press("Enter")
        self.next_keys += 1

    def next_keys_to(self, selector: str | None) -> None:
        """Press the keyboard's Next while it says Next (the field in focus has a further one to go to), until the
        field `selector` has focus, or the key says Go."""
        for _ in range(8):
            said = self.page.evaluate("""selector => { const el = document.activeElement;
                return el && el.form && !el.matches(selector) && el.enterKeyHint; }""", selector or ":not(*)")
            if said != "next":
                return
            self.next_key()

    def play(self) -> None:
        """Play the card: the keyboard's Go key from the field just typed in (after its Next keys to the field
        where it says Go), else a tap on Play it."""
        if self.page.evaluate("() => !!(document.activeElement && document.activeElement.form)"):
            self.next_keys_to(None)
            self.next_key()
        else:
            self.tap(self.page.get_by_test_id("play-card"))

    def skipped_to(self, key: str) -> bool:
        """Tap the action bar's shortcut to `key` ("Straight to …", or "End the turn" for `end`) if it is offered."""
        skip = self.page.locator(f"[data-testid=skip][data-to='{key}']")
        if not (skip.count() and skip.first.is_visible()):
            return False
        self.tap(skip.first)
        return True

    def straight_to(self, key: str, phase: str) -> None:
        """The action bar's "Straight to …" when it is offered, else Next phase until the turn is in `phase`."""
        if self.skipped_to(key):
            expect(self.page.get_by_test_id("turn-phase")).to_have_text(phase, timeout=3 * PROPAGATION_MS)
        else:
            self.next_phase(phase)

    def end_turn(self, next_player: str) -> None:
        """End the turn ("End the turn" when offered, else Next phase to the end)."""
        if not self.skipped_to("end"):
            self.to_phase("heal", skip=False)
            self.tap(self.page.get_by_test_id("advance"))
        expect(self.page.get_by_test_id("turn-player")).to_have_text(next_player, timeout=3 * PROPAGATION_MS)


def play_turn(thumb: Thumb, seat: int, next_player: str, activity: str = "Hammock Time",
              new: tuple[str, ...] = ()) -> None:
    """One whole turn: a Person, two Things, an Activity, and on to the next player; `new` cards are typed. The
    bar's shortcuts are taken where offered, as a player would."""
    page = thumb.page
    expect(page.get_by_test_id("advance")).to_be_visible(timeout=PROPAGATION_MS)  # the turn has reached this phone
    thumb.straight_to("call", "Call People")
    thumb.card("Camp Cook", "Camp Cook" in new)
    if "Camp Cook" in new or not thumb.use_picker:
        thumb.play()
    window = page.get_by_test_id("window")
    expect(window).to_contain_text("Camp Cook", timeout=PROPAGATION_MS)
    # the call's roll waits in the window while others may still cancel it; it leads the bar once all have answered
    thumb.roll(4)
    expect(page.get_by_test_id(f"tent-{seat}")).to_contain_text("Camp Cook", timeout=PROPAGATION_MS)
    thumb.next_phase("Free Time")
    typed = "Soap" in new or "Rum" in new or not thumb.use_picker
    thumb.card("Soap", "Soap" in new)
    if not typed:  # a known Thing's chip goes scrounging at once; the next one joins the trip
        expect(page.get_by_test_id("window")).to_contain_text("Soap", timeout=PROPAGATION_MS)
    thumb.card("Rum", "Rum" in new)
    if typed:
        thumb.play()
    expect(page.get_by_test_id("window")).to_contain_text("Rum", timeout=PROPAGATION_MS)
    thumb.card(activity, activity in new)
    if activity in new or not thumb.use_picker:
        thumb.play()
    error = page.locator(".error")
    assert not error.count() or not error.first.is_visible(), error.first.inner_text()
    expect(page.get_by_test_id("window")).to_contain_text(activity, timeout=PROPAGATION_MS)
    if "slack_modifier" in NUMBERS.get(activity, {}):
        thumb.roll(4)  # its Slack, rolled once the others have let it pass
        expect(page.get_by_test_id(f"tent-{seat}")).to_contain_text(activity, timeout=PROPAGATION_MS)
    thumb.end_turn(next_player)


def pass_turn(thumb: Thumb, next_player: str) -> None:
    """A turn with no card: on to the next player."""
    expect(thumb.page.get_by_test_id("advance")).to_be_visible(timeout=PROPAGATION_MS)
    thumb.end_turn(next_player)


def play_short_turn(thumb: Thumb, seat: int, next_player: str, person: str = "Camp Cook",
                    activity: str = "Hängemattenzeit") -> None:
    """A short turn in any language: a Person the table knows called to one's own tent, one Activity nobody has
    seen (its Slack rolled), and on to the next player."""
    page = thumb.page
    expect(page.get_by_test_id("advance")).to_be_visible(timeout=PROPAGATION_MS)  # the turn has reached this phone
    thumb.to_phase("call")
    thumb.pick(person)  # into the caller's own tent, the form's first choice
    thumb.roll(4)
    expect(page.get_by_test_id(f"tent-{seat}")).to_contain_text(person, timeout=PROPAGATION_MS)
    thumb.to_phase("freetime")
    thumb.card(activity, True)
    thumb.play()
    expect(page.get_by_test_id("window")).to_contain_text(activity, timeout=PROPAGATION_MS)
    thumb.roll(4)
    expect(page.get_by_test_id(f"tent-{seat}")).to_contain_text(activity, timeout=PROPAGATION_MS)
    thumb.end_turn(next_player)
