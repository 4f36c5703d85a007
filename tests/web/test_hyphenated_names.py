"""The soft hyphens a chip's card name carries (companion/web/words/hyphens.py): only at syllables of its language,
never leaving a letter alone, and the name itself unchanged once they are taken out."""

import threading

import pytest

from companion import cards as catalog
from companion.cards.card import LANGS
from companion.web.words.hyphens import SHORTEST_PART, SOFT_HYPHEN, hyphenated

NAMES = sorted({(name, lang) for module in catalog.CATALOGS.values() for card in module.CARDS
                for lang, name in card.names.items() if name})


@pytest.mark.parametrize(("name", "lang"), NAMES)
def test_a_names_soft_hyphens_change_nothing_but_where_it_may_break(name, lang):
    shown = hyphenated(name, lang)
    assert shown.replace(SOFT_HYPHEN, "") == name
    for word in shown.replace("-", " ").split():
        if SOFT_HYPHEN in word:
            assert all(len(part) >= SHORTEST_PART for part in word.split(SOFT_HYPHEN)), shown


@pytest.mark.parametrize(("name", "lang", "parts"), [
    ("Bombenbauübung", "de", "Bom-ben-bau-übung"), ("Тренировка взрывников", "ru", "Тре-ни-ров-ка взрыв-ни-ков"),
    ("Schreinerarbeiten um Mitternacht", "de", "Schrei-ner-ar-bei-ten um Mit-ter-nacht"), ("Lucky 7", "en", "Lucky 7"),
])
def test_a_long_word_breaks_at_its_syllables_and_joints(name, lang, parts):
    assert hyphenated(name, lang).replace(SOFT_HYPHEN, "-") == parts


def test_every_language_of_the_catalog_has_a_dictionary():
    words = {"en": "Requisition", "de": "Versuchskaninchen", "ru": "Разжалование"}
    assert all(SOFT_HYPHEN in hyphenated(words[lang], lang) for lang in LANGS)
    assert hyphenated("Versuchskaninchen", "fr") == "Versuchskaninchen"


def test_a_german_seat_page_loads_the_german_dictionary_before_its_first_chip_is_asked_for(app, table, monkeypatch):
    """The German dictionary is large to read: a first picker answer that read it waited, on a loaded machine, longer
    than a player (or the browser tests) would wait for the first chip."""
    from companion.web.words import hyphens
    from tests.helpers.http_phones import join

    monkeypatch.setattr(hyphens, "_LOADED", {})
    loaded = threading.Event()
    real = hyphens.pyphen.Pyphen
    monkeypatch.setattr(hyphens.pyphen, "Pyphen", lambda **given: (real(**given), loaded.set())[0])
    ana = join(app, table, 1, "Ana")
    ana.post("/language", data={"lang": "de"})
    assert ana.get(f"/t/{table}/seat").status_code == 200
    assert loaded.wait(30)  # no chip was asked for: the page itself had it read
