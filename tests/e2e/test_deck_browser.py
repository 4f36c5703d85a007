"""The deck page in a browser, in English, German and Russian: import a deck file after its preview, correct a card
after confirming, undo the correction, and export."""

import json

import pytest
from playwright.sync_api import expect

from tests.helpers.chromium import DISPLAY

DECK = {"format": "chez-companion-deck", "version": 1, "deck": "guevara", "cards": [
    {"name": "Hammock Time", "lang": "en", "type": "activity", "slack": 2, "categories": ["sleep"]},
    {"name": 'Rum & "Cola"', "lang": "en", "type": "thing", "slack": 1, "cost": 0}]}
WORDS = {"en": ("Show what it would change", "Take what is ticked", "Save the correction", "Corrected.", "Undone."),
         "de": ("Zeigen, was sich ändern würde", "Angehakte übernehmen", "Korrektur speichern", "Korrigiert.",
                "Rückgängig gemacht."),
         "ru": ("Показать, что изменится", "Принять отмеченное", "Сохранить исправление", "Исправлено.", "Отменено.")}


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
def test_import_correct_undo_and_export_a_deck_in_the_browser(browser, server, tmp_path, lang):
    show, take, save, corrected, undone = WORDS[lang]
    page = browser.new_context(**DISPLAY, locale=lang, accept_downloads=True).new_page()
    page.goto(server.host_link())  # the laptop opens the link `serve` printed: its browser is the host, on "/"
    page.get_by_test_id("deck-link").first.click()
    expect(page.locator("h1")).to_contain_text("Chez Guevara")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**DECK, "cards": [{"name": "<script>x</script>", "lang": "en"}]}))
    page.set_input_files("#deck-file", str(bad))
    page.get_by_role("button", name=show).click()
    expect(page.get_by_role("alert")).to_contain_text("1")  # card 1 of the file is refused, nothing imported
    page.go_back()
    good = tmp_path / "deck.json"
    good.write_text(json.dumps(DECK))
    page.set_input_files("#deck-file", str(good))
    page.get_by_role("button", name=show).click()
    expect(page.get_by_test_id("import-add")).to_have_count(2)
    expect(page.locator(".deck-import")).to_contain_text('Rum & "Cola"')  # escaped, shown as typed
    page.get_by_role("button", name=take).click()
    cards = page.get_by_test_id("deck-card")
    expect(cards).to_have_count(2)
    hammock = cards.filter(has_text="Hammock Time")
    hammock.locator("summary").click()
    hammock.locator("input[name=slack]").fill("3")
    hammock.locator("input[name=confirm]").check()
    hammock.get_by_role("button", name=save).click()
    expect(page.get_by_test_id("deck-done")).to_have_text(corrected)
    expect(page.get_by_test_id("deck-card").filter(has_text="Hammock Time")).to_contain_text("3")
    page.get_by_test_id("deck-undo").first.click()
    expect(page.get_by_test_id("deck-done")).to_have_text(undone)
    with page.expect_download() as download:
        page.locator("a[download]").click()
    exported = json.loads(open(download.value.path()).read())
    assert {card["name"]: card.get("slack") for card in exported["cards"]} == {"Hammock Time": 2, 'Rum & "Cola"': 1}
