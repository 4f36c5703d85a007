"""The card picker never hides the card (issue 47 item 3), at 320x568, 360x640 and 390x844 in English, German and
Russian: the name typed in full is the first chip; "no known card matches" only when none does, and only in a form
with numbers to copy; a known card of another kind named in full is said not to belong there; the known cards in at
most two rows, never scrolled sideways, six of them at 390 px; a chip does one thing (on one's own turn it plays the
card, whatever is open) and shows which."""

from __future__ import annotations

from urllib.parse import parse_qs

import pytest
from playwright.sync_api import expect

from tests.helpers.api_tables import Table
from tests.helpers.browser_steps import PROPAGATION_MS, open_numbers
from tests.helpers.lan_phones import sit_down

SIZES = ((320, 568), (360, 640), (390, 844))
# The mark before the name of the first chip that asks for numbers, as the picker holds it now.
MARK = "picker => getComputedStyle(picker.querySelector('.pick[data-asks]'), '::before').content"
DIG = {"en": "Dig Holes", "de": "Löcher buddeln", "ru": "Рытьё ям"}  # an Activity the rulebook gives 0 Slack
MAO = {"en": "Sayings of Chairman Mao", "de": "Mao-Bibel", "ru": "Цитатник председателя Мао"}
LEADER = {"en": "Glorious Leader", "de": "Ruhmreicher Anführer", "ru": "Славный Вождь"}  # a Person: never played
NOT_PLAYED = {"en": "{} does not belong in this field.", "de": "{} gehört nicht in dieses Feld.",
              "ru": "{} сюда не подходит."}
# The known cards' rows, whether any chip sticks out, whether the list scrolls sideways, how many chips show.
CHIPS = """picker => { const list = picker.querySelector('.picks'), w = document.documentElement.clientWidth;
  const shown = [...list.querySelectorAll('.pick')].filter(chip => chip.checkVisibility());
  const rows = new Set(shown.map(chip => Math.round(chip.getBoundingClientRect().top)));
  const out = shown.filter(chip => chip.getBoundingClientRect().right > w + 0.5).length;
  return [rows.size, out, list.scrollWidth > list.clientWidth + 0.5, shown.length]; }"""


@pytest.fixture(scope="module")
def server_module(tmp_path_factory):
    from companion.testing.real_server import Server
    running = Server(tmp_path_factory.mktemp("picker") / "instance").start()
    yield running
    running.stop()


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
def test_the_picker_never_hides_the_card_and_a_chip_does_one_thing(session_browser, server_module, lang):
    table = Table(server_module, "guevara", lang)
    ana = sit_down(session_browser, table.join_url, 1, "Ana", lang, *SIZES[0])
    ben = sit_down(session_browser, table.join_url, 2, "Ben", lang, *SIZES[2])
    try:
        table.set_up()
        for phase in ("draw", "roll", "call"):
            table.act("advance", 1, phase=phase, turn=1)
        expect(ana.get_by_test_id("turn-phase")).to_have_attribute("data-phase", "freetime", timeout=PROPAGATION_MS)
        picker = ana.locator(".play-card-form [data-card-picker]")
        chips, field = picker.get_by_test_id("pick"), ana.locator("#pc-name-seat")
        field.fill(LEADER[lang])  # a known card of another kind, named in full: said so, no new card's numbers
        expect(picker.get_by_test_id("no-match")).to_have_text(NOT_PLAYED[lang].format(LEADER[lang]))
        expect(ana.locator(".play-card-form .card-numbers")).not_to_have_attribute("open", "")
        for width, height in SIZES:
            ana.set_viewport_size({"width": width, "height": height})
            where = f"{lang} at {width}x{height}"
            field.fill("")  # browsing the known cards
            expect(chips.first).to_be_visible()
            rows, out, sideways, shown = picker.evaluate(CHIPS)
            assert rows <= 2 and not out and not sideways, (where, rows, out, sideways)
            assert shown >= (6 if width >= 390 else 4), (where, shown)
            field.fill(MAO[lang])  # the name in full: its own chip first, and nothing said of no match
            expect(chips.first).to_have_text(MAO[lang])
            expect(picker.get_by_test_id("no-match")).to_have_count(0)
            field.fill("Quokka Parade")  # a card nobody knows: said, and wholly readable
            note = picker.get_by_test_id("no-match")
            expect(note).to_be_visible()
            box = note.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (where, box)
        # A chip shows what its tap does: ▶ plays a card whose numbers are known at once, even with the printed
        # numbers open; ✎ opens the numbers nobody entered yet, the first of them focused, and sends nothing.
        field.fill(DIG[lang])
        open_numbers(ana)
        known = chips.filter(has_text=DIG[lang]).first
        assert "▶" in known.evaluate("c => getComputedStyle(c, '::before').content")
        with ana.expect_request(lambda sent: sent.method == "POST" and "/act" in sent.url) as sent:
            known.click()
        assert parse_qs(sent.value.post_data)["name"] == [DIG[lang]]
        expect(ana.get_by_test_id("window")).to_contain_text(DIG[lang], timeout=PROPAGATION_MS)
        table.act("undo", 1)
        expect(ana.get_by_test_id("window")).to_have_count(0, timeout=PROPAGATION_MS)
        field.fill(MAO[lang][:4])
        chip = chips.filter(has_text=MAO[lang]).first
        expect(chip).to_have_attribute("data-asks", "slack cost")  # the server's word: its play would ask them
        assert "✎" in picker.evaluate(MARK)  # read in one go: a late panel may still replace the chips
        posted = []
        ana.on("request", lambda sent: posted.append(sent.url) if sent.method == "POST" and "/act" in sent.url
               else None)
        chip.click()
        expect(ana.locator("#pc-slack-seat")).to_be_focused()  # a Thing of the rulebook: its type known, not its Slack
        assert field.input_value() == MAO[lang] and posted == []
        table.act("play_card", 1, cards=[{"name": "Siesta", "type": "activity", "categories": ["sleep"], "slack": 1}])
        expect(ben.get_by_test_id("window")).to_contain_text("Siesta", timeout=PROPAGATION_MS)

        # Answering it: no numbers to copy in the cancel form, so nothing said of them; a chip chooses, then sends.
        ben.locator("#cancel-with-seat").fill("Quokka Parade")
        answer = ben.locator(".cancel-form [data-card-picker]")
        expect(answer.get_by_test_id("pick")).to_have_count(0)  # the picker has answered for what was typed
        expect(answer.get_by_test_id("no-match")).to_have_count(0)
        ben.locator("#cancel-with-seat").fill("")
        first = answer.get_by_test_id("pick").first
        expect(first).to_be_visible()
        assert "▶" not in first.evaluate("c => getComputedStyle(c, '::before').content")
        first.click()
        expect(first).to_have_attribute("aria-pressed", "true")
        assert "✓" in first.evaluate("c => getComputedStyle(c, '::before').content")
    finally:
        ana.context.close()
        ben.context.close()


def test_a_short_name_or_a_typo_shows_the_card_it_becomes_before_it_is_sent(session_browser, server_module):
    table = Table(server_module, "guevara", "en")
    ana = sit_down(session_browser, table.join_url, 1, "Ana", "de", *SIZES[1])  # a German phone at an English table
    try:
        table.set_up()
        for phase in ("draw", "roll", "call"):
            table.act("advance", 1, phase=phase, turn=1)
        expect(ana.get_by_test_id("turn-phase")).to_have_attribute("data-phase", "freetime", timeout=PROPAGATION_MS)
        picker, field = ana.locator(".play-card-form [data-card-picker]"), ana.locator("#pc-name-seat")
        posts = []
        ana.on("request", lambda request: posts.append(request.url) if request.method == "POST" else None)
        becomes = picker.get_by_test_id("becomes")
        field.fill("neues bar")  # a short name
        expect(becomes).to_have_text("Wird zu: Neues Barrett")
        expect(becomes).to_be_in_viewport()
        field.fill("Neues Barert")  # a typo
        expect(becomes).to_have_text("Wird zu: Neues Barrett")
        field.fill("Neues Barrett")  # the name in full: nothing to say
        expect(picker.get_by_test_id("pick").first).to_have_text("Neues Barrett")
        expect(becomes).to_have_count(0)
        field.fill("Quokka Parade")  # a card nobody knows is sent as typed
        expect(picker.get_by_test_id("no-match")).to_be_visible()
        expect(becomes).to_have_count(0)
        assert posts == []  # all said before anything was sent
    finally:
        ana.context.close()
