"""A card's name on a picker chip breaks only at a word's joint or a syllable, with a hyphen (issue 60 item 5: the
German chip broke "Bombenbau / übung" without one at 390 px), at 320 and 390 px in German and Russian, and no chip
is wider than itself or the screen: every catalog name the play form and the cancel form offer, typed in full."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from companion import cards as catalog
from companion.knowledge.card_match import Choice, takes
from tests.helpers.api_tables import Table
from tests.helpers.browser_steps import PROPAGATION_MS
from tests.helpers.lan_phones import sit_down

WIDTHS = (320, 390)
# Each visible chip: the places its text wraps between two letters with no hyphen, whether it is wider than
# itself, whether it sticks out of the screen.
BREAKS = r"""picker => [...picker.querySelectorAll('.pick')].filter(chip => chip.checkVisibility()).map(chip => {
  const text = chip.firstChild, range = document.createRange(), bad = [];
  let top = null;
  for (let k = 0; text && k < text.length; k++) {
    range.setStart(text, k); range.setEnd(text, k + 1);
    // a letter opening a line may also have an empty box at the end of the line before; a soft hyphen has none
    // unless the line breaks at it
    const box = [...range.getClientRects()].filter(each => each.width > 0).pop();
    if (!box) continue;
    const y = Math.round(box.top);
    if (top !== null && y > top + 2 && /\p{L}/u.test(text.data[k - 1] || '') && /\p{L}/u.test(text.data[k])) {
      bad.push(text.data.slice(0, k).replaceAll('\u00ad', '') + ' / ' + text.data.slice(k).replaceAll('\u00ad', ''));
    }
    top = y;
  }
  return {name: chip.textContent.replaceAll('\u00ad', ''), bad,
          wider: chip.scrollWidth > chip.clientWidth + 0.5,
          out: chip.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5};
})"""
PAGE_WIDER = "() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 0.5"
SLEEP = {"de": "Schlafen", "ru": "Сон"}


def names_for(form: str, lang: str) -> list[str]:
    """Every Chez Guevara catalog name in lang that the form's picker offers."""
    return [card.names[lang] for card in catalog.CATALOGS["guevara"].CARDS
            if card.names.get(lang)
            and takes(form, Choice("", lang, card.key, card.type, {"categories": list(card.categories),
                                                                    "cancels": list(card.cancels)}))]


def no_chip_breaks_a_word(page, picker, field, names: list[str], where: str) -> int:
    """Type each name in full and check every chip then shown; returns how many chips were looked at."""
    looked = 0
    for name in names:
        field.fill(name)
        expect(picker.get_by_test_id("pick").first).to_have_text(name)
        for chip in picker.evaluate(BREAKS):
            assert not chip["bad"] and not chip["wider"] and not chip["out"], (where, chip)
            looked += 1
        assert not page.evaluate(PAGE_WIDER), (where, name)
    return looked


@pytest.fixture(scope="module")
def server_module(tmp_path_factory):
    from companion.testing.real_server import Server
    running = Server(tmp_path_factory.mktemp("hyphens") / "instance").start()
    yield running
    running.stop()


@pytest.mark.parametrize("lang", ["de", "ru"])
def test_a_chip_breaks_a_long_name_only_at_a_syllable_with_a_hyphen(session_browser, server_module, lang):
    table = Table(server_module, "guevara", lang)
    ana = sit_down(session_browser, table.join_url, 1, "Ana", lang, WIDTHS[0], 568)
    ben = sit_down(session_browser, table.join_url, 2, "Ben", lang, WIDTHS[0], 568)
    try:
        table.set_up()
        for phase in ("draw", "roll", "call"):
            table.act("advance", 1, phase=phase, turn=1)
        expect(ana.get_by_test_id("turn-phase")).to_have_attribute("data-phase", "freetime", timeout=PROPAGATION_MS)
        looked = 0
        for width in WIDTHS:
            ana.set_viewport_size({"width": width, "height": 844 if width > 320 else 568})
            looked += no_chip_breaks_a_word(ana, ana.locator(".play-card-form [data-card-picker]"),
                                            ana.locator("#pc-name-seat"), names_for("play", lang), f"{lang} {width}")
        # Answering a Sleep card: the cancel form offers the cards that cancel it ("Bombenbauübung").
        sleep = {"name": SLEEP[lang], "type": "activity", "categories": ["sleep"], "slack": 1}
        table.act("play_card", 1, cards=[sleep])
        expect(ben.get_by_test_id("window")).to_contain_text(SLEEP[lang], timeout=PROPAGATION_MS)
        for width in WIDTHS:
            ben.set_viewport_size({"width": width, "height": 844 if width > 320 else 568})
            looked += no_chip_breaks_a_word(ben, ben.locator(".cancel-form [data-card-picker]"),
                                            ben.locator("#cancel-with-seat"), names_for("cancel", lang),
                                            f"{lang} {width} cancel")
        assert looked >= 2 * len(names_for("play", lang)) + 2
    finally:
        ana.context.close()
        ben.context.close()
