"""The soft hyphens a chip's card name carries (companion/web/words/hyphens.py): only at syllables of its language,
never leaving a letter alone, and the name itself unchanged once they are taken out."""

import functools
import threading
from pathlib import Path

import pyphen
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import cards as catalog
from companion.cards.card import LANGS
from companion.web.words.hyphens import (
    DICTIONARIES,
    SHORTEST_PART,
    SOFT_HYPHEN,
    _dictionary,
    _patterns_read_when_asked,
    hyphenated,
)

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


@functools.cache
def fully_read(lang: str) -> pyphen.HyphDict:
    """The language's whole hyphenation file read by pyphen (read when a test asks: every worker collects this
    file, one runs it)."""
    return pyphen.HyphDict(pyphen.LANGUAGES[DICTIONARIES[lang]])


LETTERS = {"en": "abcdefghijklmnopqrstuvwxyz", "de": "abcdefghijklmnopqrstuvwxyzäöüß",
           "ru": "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"}


@pytest.mark.parametrize("lang", sorted(DICTIONARIES))
def test_each_pattern_read_when_asked_is_the_one_the_whole_file_read_keeps(lang):
    """Every pattern of the file, duplicates included (pyphen keeps the last line of a pattern's letters that is not
    all zeros)."""
    asked = _patterns_read_when_asked(Path(pyphen.LANGUAGES[DICTIONARIES[lang]]))
    letters = asked.patterns.unread()
    assert [asked.patterns.get(key) for key in letters] == [fully_read(lang).patterns.get(key) for key in letters]
    assert set(fully_read(lang).patterns) <= set(letters) and asked.maxlen >= fully_read(lang).maxlen


@pytest.mark.parametrize(("name", "lang"), NAMES)
def test_the_patterns_read_when_asked_break_every_catalog_name_as_the_whole_file_read_does(name, lang):
    for word in name.split():
        assert _dictionary(lang).hd.positions(word) == fully_read(lang).positions(word), word


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(DICTIONARIES)).flatmap(
    lambda lang: st.tuples(st.just(lang), st.text(alphabet=LETTERS[lang], min_size=1, max_size=24))))
def test_the_patterns_read_when_asked_break_any_word_as_the_whole_file_read_does(lang_and_word):
    lang, word = lang_and_word
    assert _dictionary(lang).hd.positions(word) == fully_read(lang).positions(word)


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


def test_threads_asking_for_a_dictionary_while_it_loads_read_its_file_once(monkeypatch):
    """A seat page's warm-up and the first requests in other languages ask at once: the German file is read once.
    Each read waits for the other threads to read too; it goes on alone once none comes within a second."""
    from companion.web.words import hyphens

    monkeypatch.setattr(hyphens, "_LOADED", {})
    monkeypatch.setattr(hyphens.pyphen, "hdcache", {})
    asking = 4
    reads, together = [], threading.Barrier(asking)
    real = hyphens._patterns_read_when_asked

    def read_beside_the_others(path):
        reads.append(path)
        try:
            together.wait(1)
        except threading.BrokenBarrierError:
            pass
        return real(path)

    monkeypatch.setattr(hyphens, "_patterns_read_when_asked", read_beside_the_others)
    threads = [threading.Thread(target=_dictionary, args=("de",)) for _ in range(asking)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert len(reads) == 1 and _dictionary("de") is hyphens._LOADED["de"]
