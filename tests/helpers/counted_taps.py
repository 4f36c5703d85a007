"""A phone's thumb that counts its taps and keystrokes, and the Chez Guevara turn the tap benchmark plays.

The turn: call a Person (Camp Cook), scrounge two Things (Soap and Rum), play one Activity (Hammock Time), pass
to the next player. A select counts two taps (open it, choose); a field typed into without focus counts the tap that
gives it focus; a typed character is one keystroke.
"""

from __future__ import annotations

from playwright.sync_api import expect

from tests.helpers.browser_steps import PROPAGATION_MS

# What the teaching turn copies from its (imagined) cards, as a table would.
NUMBERS = {"Camp Cook": {"card_type": "person", "slack": "3"}, "Soap": {"slack": "1"},
           "Rum": {"card_type": "thing", "slack": "1", "cost": "0"},
           "Hammock Time": {"card_type": "activity", "slack": "2"}}
NEW_CARDS = ("Camp Cook", "Soap", "Rum", "Hammock Time")


class Thumb:
    """Taps and keystrokes on one phone, counted."""

    def __init__(self, page, use_picker: bool = True):
        self.page, self.use_picker, self.taps, self.keys = page, use_picker, 0, 0

    def tap(self, locator) -> None:
        """One tap on a control."""
        locator.click()
        self.taps += 1

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

    def next_phase(self, phase: str) -> None:
        """Tap Next phase until the turn is in `phase`."""
        shown = self.page.get_by_test_id("turn-phase")
        while shown.inner_text() != phase:
            before = shown.inner_text()
            self.tap(self.page.get_by_test_id("advance"))
            # Counting taps, not timing them: a loaded CI machine may take longer than the usual wait.
            expect(shown).not_to_have_text(before, timeout=3 * PROPAGATION_MS)

    def pick(self, name: str) -> None:
        """Tap a known card in the card form's picker."""
        self.tap(self.page.locator(".play-card-form .card-picker").get_by_role("button", name=name, exact=True))

    def card(self, name: str, new: bool) -> None:
        """Name one card in the form: picked when known (and the picker is used), else typed with its numbers."""
        if not new and self.use_picker:
            self.pick(name)
            return
        field = "#pc-name-seat" if not self.page.locator("#pc-name-seat").input_value() else \
            next(f"#pc-name-{row}-seat" for row in (2, 3, 4)
                 if not self.page.locator(f"#pc-name-{row}-seat").input_value())
        if field != "#pc-name-seat":
            self.open_numbers()
        self.type(field, name)
        if new:
            self.open_numbers()
            row = field.removeprefix("#pc-name-seat").removeprefix("#pc-name-").removesuffix("-seat")
            for key, value in NUMBERS.get(name, {"card_type": "activity", "slack": "1"}).items():
                if key == "card_type" and not row:
                    self.card_type(value)
                elif key != "card_type":
                    self.type(f"#pc-{key}-{row}-seat" if row else f"#pc-{key}-seat", value)

    def open_numbers(self) -> None:
        """Open the form's printed numbers, if closed."""
        numbers = self.page.locator(".play-card-form .card-numbers")
        if numbers.get_attribute("open") is None:
            self.tap(numbers.locator("summary"))

    def play(self) -> None:
        """Tap Play it."""
        self.tap(self.page.get_by_test_id("play-card"))


def play_turn(thumb: Thumb, seat: int, next_player: str, activity: str = "Hammock Time",
              new: tuple[str, ...] = ()) -> None:
    """One whole turn: a Person, two Things, an Activity, and on to the next player; `new` cards are typed."""
    page = thumb.page
    expect(page.get_by_test_id("advance")).to_be_visible(timeout=PROPAGATION_MS)  # the turn has reached this phone
    thumb.next_phase("Call People")
    thumb.card("Camp Cook", "Camp Cook" in new)
    if "Camp Cook" in new or not thumb.use_picker:
        thumb.play()
    window = page.get_by_test_id("window")
    expect(window).to_contain_text("Camp Cook", timeout=PROPAGATION_MS)
    thumb.tap(page.get_by_test_id("action-bar").get_by_role("button", name="I rolled 4"))
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
    thumb.next_phase("Heal")
    thumb.tap(page.get_by_test_id("advance"))
    expect(page.get_by_test_id("turn-player")).to_have_text(next_player, timeout=PROPAGATION_MS)


def pass_turn(thumb: Thumb, next_player: str) -> None:
    """A turn with no card: Next phase until the next player's turn."""
    expect(thumb.page.get_by_test_id("advance")).to_be_visible(timeout=PROPAGATION_MS)
    thumb.next_phase("Heal")
    thumb.tap(thumb.page.get_by_test_id("advance"))
    expect(thumb.page.get_by_test_id("turn-player")).to_have_text(next_player, timeout=PROPAGATION_MS)
