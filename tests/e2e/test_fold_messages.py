"""A refusal or a question raised by a form inside a fold shows where the eye is (issue 32 item 4).

The "Call a raid" and "Pull rank" forms sit in folds. What the rules or the input refuse, or a question about a
number that differs from the one the table's deck knows, must show inside the phone's screen (its fold open, nothing
drawn over it by the action bar), in the player's language, never inside a fold that closed. Ana plays in Russian on
a 320x568 phone and Ben in German on a 360x640 one, on the table's LAN name.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from companion.testing.real_server import Server
from tests.helpers.api_tables import RANKS
from tests.helpers.browser_steps import PROPAGATION_MS, until
from tests.helpers.chromium import LAN_HOST
from tests.helpers.lan_phones import seated_table

RAID = "Hacienda Sanchez"
SIESTA = {"name": "Siesta", "type": "activity", "slack": 1, "categories": ["sleep"]}
HAMMOCK = {"name": "Hammock Time", "type": "activity", "slack": 2}
# Words of each language's messages: the loot out of range, a Slack out of range, the question about a number.
LOOT_WORDS = {"ru": "карта налёта", "de": "Überfallkarte"}
SLACK_WORDS = {"ru": "развала", "de": "aufgedruckten Slack"}
ASKED_WORDS = {"ru": "Этот сервер знает карту", "de": "Dieser Server kennt"}


@pytest.fixture(scope="module")
def table(session_browser, tmp_path_factory):
    """Ana and Ben Sergeants, Cleo a Private; the deck knows the Raid card (2 loot) and Siesta (1 Slack)."""
    server = Server(tmp_path_factory.mktemp("fold-messages") / "instance", host_name=LAN_HOST).start()
    display, phones = seated_table(server, session_browser, ("sergeant", "sergeant", "private"), RANKS)
    display.to_free_time(1, 1)
    for kind, args in (("call_raid", {"name": RAID, "loot": 2}), ("play_card", {"cards": [SIESTA]})):
        display.act(kind, 1, **args)
        display.act("undo")
    yield display, phones
    for phone in phones:
        phone.context.close()
    server.stop()


# Where the message is: inside the screen, below the now bar and above the action bar, not covered, every fold
# around it open, and which element has focus.
SEEN = """e => { const b = e.getBoundingClientRect(), bar = document.getElementById('action-bar');
  const now = document.querySelector('#panel .now-bar');
  const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
  const folds = [];
  for (let up = e.parentElement; up; up = up.parentElement) if (up.tagName === 'DETAILS') folds.push(up.open);
  return {top: b.top, bottom: b.bottom, height: b.height, screen: window.innerHeight,
          above: now ? now.getBoundingClientRect().bottom : 0,
          below: bar ? bar.getBoundingClientRect().top : window.innerHeight,
          uncovered: !!hit && (hit === e || e.contains(hit) || hit.contains(e)), folds,
          focused: document.activeElement
            && (document.activeElement.getAttribute('data-testid') || document.activeElement.id)}; }"""


def seen(page, locator, what):
    """The message where the eye is: wholly on screen between the bars, uncovered, its folds open; where it is."""
    expect(locator).to_be_visible(timeout=PROPAGATION_MS)
    place = locator.evaluate(SEEN)
    assert place["height"] > 0 and place["top"] >= place["above"] - 0.5, (what, place)
    assert place["bottom"] <= place["below"] + 0.5, (what, place)
    assert place["uncovered"] and all(place["folds"]), (what, place)
    return place


def send(page, fold, fields, button):
    """The player opens the fold (if closed), fills its form and sends it; the answer has come back. The version
    the page showed before sending."""
    details = page.locator(fold)
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    for selector, value in fields.items():
        details.locator(selector).fill(value)
    version = page.locator("#panel").get_attribute("data-version")
    with page.expect_response(lambda answer: answer.request.method == "POST"):
        details.locator(button).click()
    return version


def refused_and_asked(display, page, lang, fold, fields, number, refused, button):
    """Out of range: refused in the player's words, in view. The known card with another number: asked, in view,
    the answer's first button focused. Neither changes the table."""
    # The phone has caught up with the table (the fixture's last undo changes nothing a wait on the form would see).
    expect(page.locator("#panel")).to_have_attribute("data-version", str(display.version()), timeout=PROPAGATION_MS)
    version = send(page, fold, {**fields, number: "0" if refused is LOOT_WORDS else "99"}, button)
    message = page.locator("#panel [data-refusal]")
    seen(page, message, f"the refusal in {lang}")
    expect(message).to_contain_text(refused[lang])
    expect(page.locator(fold)).to_have_attribute("open", "")  # what was typed stays at hand, to correct
    assert page.locator("#panel").get_attribute("data-version") == version

    page.evaluate(COUNT_PICKER_ANSWERS)
    send(page, fold, {**fields, number: "3"}, button)
    question = page.get_by_test_id("printed-question")
    place = seen(page, question, f"the question in {lang}")  # its words and both answers
    expect(question.get_by_test_id("printed-question-text")).to_contain_text(ASKED_WORDS[lang])
    assert place["focused"] == "printed-table", place
    assert page.locator("#panel").get_attribute("data-version") == version
    until(page, "window.pickerAnswers > 0")  # the form's picker fills above the question a moment later ...
    page.evaluate(TWO_FRAMES)
    seen(page, question, f"the question in {lang}, once the picker has filled")  # ... and it stays in view


# Counts the card pickers' answers (their chips shown, aria-busy gone) that come while the question is shown.
COUNT_PICKER_ANSWERS = """() => { window.pickerAnswers = 0;
  new MutationObserver(records => { for (const r of records)
      if (r.target.hasAttribute('data-card-picker') && !r.target.hasAttribute('aria-busy')
          && document.querySelector('[data-testid=printed-question]')) window.pickerAnswers += 1; })
    .observe(document.body, {attributes: true, attributeFilter: ['aria-busy'], subtree: true}); }"""
TWO_FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"


def test_a_refusal_or_question_from_the_call_a_raid_form_shows_in_view_in_the_players_language(table):
    display, (ana, ben, _cleo) = table
    for phone, lang, seat, turn in ((ana, "ru", 1, 1), (ben, "de", 2, 2)):
        if seat != 1:
            display.to_free_time(seat, turn)
        expect(phone.get_by_test_id("turn-phase")).to_have_attribute(
            "data-phase", "freetime", timeout=PROPAGATION_MS
        )
        raid = {"input[name=name]": RAID}
        refused_and_asked(
            display, phone, lang, "details.call-raid", raid, "input[name=loot]", LOOT_WORDS, "button[type=submit]"
        )
        display.act("advance", seat, phase="freetime", turn=turn, to="end")


def test_a_refusal_or_question_from_the_pull_rank_form_shows_in_view_in_the_players_language(table):
    display, (ana, ben, _cleo) = table
    display.to_free_time(3, 3)
    display.act(
        "play_card", 3, cards=[HAMMOCK]
    )  # Cleo, a Private, goes for an Activity: Ana and Ben outrank her
    for phone, lang in ((ana, "ru"), (ben, "de")):
        expect(phone.locator("details.pull-rank")).to_have_count(1, timeout=PROPAGATION_MS)
        siesta = {"input[name=name]": SIESTA["name"]}
        refused_and_asked(
            display, phone, lang, "details.pull-rank", siesta, "input[name=slack]", SLACK_WORDS, "button[type=submit]"
        )
