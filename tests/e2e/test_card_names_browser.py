"""Naming cards on a phone: a refused card's numbers never pass to the next card, answer chips fill and a second
tap sends, typos find the card, and a photo of the card names it."""

import re

from playwright.sync_api import expect

from companion.testing.card_photos import plain
from tests.helpers.browser_steps import PROPAGATION_MS, advance_to, open_numbers, table_of_three
from tests.helpers.drawn_photos import draw

# Tesseract reading a photo on a machine busy with other tests: the wait is for it, not a speed. The readers run at
# nice 10, so beside two busy processes they get about a tenth of a core, and a card no deck has (read to the end
# of the budget, 1.5 CPU-s) took over 20 s, the wait before (a run under load on 2026-11-27).
READING_MS = 60_000


def known_names(phone) -> list[str]:
    """The names the server offers this phone's table (its picker's list)."""
    token = phone.url.split("/t/")[1].split("/")[0]
    answer = phone.request.get(phone.url.split("/t/")[0] + f"/t/{token}/known-cards.json")
    return [card["name"] for card in answer.json()["cards"]]


def test_a_refused_cards_numbers_are_not_played_with_the_next_card(browser, file_server):
    ana, _ben, _cleo = table_of_three(browser, file_server, watched=("Ana",))
    advance_to(ana, "Free Time")
    ana.fill("#pc-name-seat", "Gold Watch")  # a Thing Ana cannot afford: Income 2
    open_numbers(ana)
    ana.locator("label[for='pc-type-thing-seat']").click()
    ana.fill("#pc-cost-seat", "9")
    ana.fill("#pc-slack-seat", "5")
    ana.get_by_test_id("play-card").click()
    expect(ana.locator(".error").first).to_be_visible()
    expect(ana.locator("#pc-name-seat")).to_have_value("Gold Watch")
    expect(ana.locator("#pc-slack-seat")).to_have_value("")  # the refused card's numbers are gone with it
    expect(ana.locator("#pc-cost-seat")).to_have_value("")
    # Numbers typed for one name are dropped when the name becomes another card's.
    ana.fill("#pc-name-seat", "Nap")
    ana.fill("#pc-slack-seat", "4")
    ana.locator("#pc-name-seat").fill("Siesta")
    expect(ana.locator("#pc-slack-seat")).to_have_value("")
    open_numbers(ana)  # once the picker has answered "Siesta": its chips sit above the type buttons
    ana.locator("label[for='pc-type-activity-seat']").click()
    ana.get_by_test_id("play-card").click()  # a new Activity without its Slack: asked, not played
    expect(ana.locator(".error").first).to_contain_text("Siesta")
    expect(ana.get_by_test_id("tent-1")).not_to_contain_text("Siesta")
    expect(ana.get_by_test_id("window")).to_have_count(0)
    assert not {"Gold Watch", "Siesta", "Nap"} & set(known_names(ana))


def test_answer_chips_fill_then_send_and_a_typo_finds_the_card(browser, file_server):
    ana, ben, cleo = table_of_three(browser, file_server)
    advance_to(ana, "Free Time")
    ana.fill("#pc-name-seat", "Hammock Time")
    open_numbers(ana)
    ana.locator("label[for='pc-type-activity-seat']").click()
    ana.fill("#pc-slack-seat", "2")
    ana.locator(".play-card-form input[name='categories'][value='sleep']").check()  # what Bomb Making Practice cancels
    ana.get_by_test_id("play-card").click()
    expect(ben.get_by_test_id("window")).to_contain_text("Hammock Time", timeout=PROPAGATION_MS)
    chips = ben.locator(".cancel-form .card-picker").get_by_test_id("pick")
    expect(chips).to_have_text(["Bomb Making Practice"])  # not the card being answered, no People, no Things
    posts = []
    ben.on("request", lambda request: posts.append(request.url) if request.method == "POST" else None)
    chips.first.click()
    expect(ben.locator("#cancel-with-seat")).to_have_value("Bomb Making Practice")
    expect(chips.first).to_have_attribute("aria-pressed", "true")
    assert posts == []  # the first tap only filled the field
    expect(cleo.get_by_test_id("window")).to_contain_text("Hammock Time")
    chips.first.click()
    for screen in (ana, cleo):
        expect(screen.get_by_test_id("window")).to_have_count(0, timeout=PROPAGATION_MS)
    expect(ana.locator(".log li").first).to_contain_text("Bomb Making Practice")

    # On her own turn, a typo still finds the Activity, and its chip plays it in one tap.
    ana.locator("#pc-name-seat").press_sequentially("hamock")
    chip = ana.locator(".play-card-form .card-picker").get_by_role("button", name="Hammock Time", exact=True)
    expect(chip).to_be_visible()
    chip.click()
    expect(ben.get_by_test_id("window")).to_contain_text("Hammock Time", timeout=PROPAGATION_MS)


def test_a_photo_of_the_card_names_it(browser, file_server):
    ana, _ben, _cleo = table_of_three(browser, file_server, watched=("Ana",))
    advance_to(ana, "Free Time")
    camera = ana.locator(".play-card-form input[data-card-photo]")
    expect(camera).to_have_attribute("capture", "environment")
    camera.set_input_files(
        {"name": "card.jpg", "mimeType": "image/jpeg", "buffer": draw("Soap", 6, **plain())}
    )
    chips = ana.locator(".play-card-form .card-picker").get_by_test_id("pick")
    expect(chips.first).to_have_text("Soap", timeout=READING_MS)
    camera.set_input_files(
        {"name": "card.jpg", "mimeType": "image/jpeg", "buffer": draw("Quokka Parade", 4, **plain())}
    )
    expect(ana.locator("#pc-name-seat")).to_have_value(
        re.compile("quokka", re.IGNORECASE), timeout=READING_MS
    )
    numbers = ana.locator(".play-card-form .card-numbers")
    expect(numbers).to_have_attribute("open", "")  # ready for its numbers


def test_photo_answers_say_one_thing_each_and_only_the_last_photo_counts(browser, file_server):
    ana, _ben, _cleo = table_of_three(browser, file_server, watched=("Ana",))
    advance_to(ana, "Free Time")
    form = ana.locator(".play-card-form")
    camera, field = form.locator("input[data-card-photo]"), ana.locator("#pc-name-seat")
    status = form.locator("[data-photo-status]")
    ana.fill("#pc-name-seat", "Gold Watch")  # refused (Income 2): a refusal that a new photo clears
    open_numbers(ana)
    ana.locator("label[for='pc-type-thing-seat']").click()
    ana.fill("#pc-cost-seat", "9")
    ana.fill("#pc-slack-seat", "5")
    ana.get_by_test_id("play-card").click()
    expect(ana.locator("[data-refusal]")).to_be_visible()

    def photo(name, seed=4):
        sent = draw(name, seed, **plain())
        camera.set_input_files({"name": "card.jpg", "mimeType": "image/jpeg", "buffer": sent})

    photo("Quokka Parade")
    expect(ana.locator("[data-refusal]")).to_have_count(0)
    expect(status).to_have_text("Not a card this table knows: correct the name and copy its numbers.",
                                timeout=READING_MS)
    expect(field).to_have_value(re.compile("quokka", re.IGNORECASE))
    expect(form.get_by_test_id("no-match")).to_have_count(0)  # said once, by the photo's status
    ana.locator("#pc-name-seat").press_sequentially("x")
    expect(status).to_have_text("")  # about a name no longer in the field
    expect(form.get_by_test_id("no-match")).to_be_visible()

    photo(None)  # a bare table
    expect(status).to_have_text("No card name could be read in the photo: type it instead.", timeout=READING_MS)
    expect(field).to_have_value("")

    ana.fill("#pc-name-seat", "Rum")  # typed, then photographed instead
    photo("Quokka Parade", 5)
    photo("Soap", 6)  # a second photo before the first is answered: only its answer counts
    expect(status).to_have_text("Reading the card…")
    expect(form.get_by_test_id("pick")).to_have_text(["Soap"], timeout=READING_MS)  # the photo's chip alone
    expect(status).to_have_text("Tap the card it is.")
    expect(field).to_have_value("")  # neither the first photo's name nor the typed Rum, which Play it would play
