"""One word for one thing: the rules reference names phases, resources, cards and jobs as the screens do."""

import re

import pytest

from companion import cards as catalog
from companion import rulebook
from companion.rules import GAMES
from companion.rules.terms import CARD_TYPES, LANGUAGES, RESOURCES, word

GAME_RULEBOOKS = ("guevara", "geek", "goth")  # the glossary lists every edition's names side by side


def rules_text(prefix: str, lang: str) -> str:
    """Every title and body of one game's rules reference in one language."""
    return "\n".join(f"{s.title}\n{s.body}" for s in rulebook.sections(lang) if s.id.split(".")[0] == prefix)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_phase_resource_and_card_type_the_screens_name_is_in_the_games_rules_reference(key, lang):
    record = GAMES[key]
    text = rules_text(record.rulebook, lang).casefold()
    missing = [word(record.terms, term, lang) for term in (*record.phases, *RESOURCES, *CARD_TYPES)
               if word(record.terms, term, lang).casefold() not in text]
    assert not missing, f"{record.rulebook}.{lang}.md lacks {missing}"


def other_names(card, lang: str) -> set[str]:
    """The card's names in other editions that the reader of lang is not shown."""
    shown = catalog.name(card, lang)
    return {name for name in card.names.values() if name and name != shown and name not in shown}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_reference_names_cards_and_jobs_as_the_screens_do(lang):
    named = (*catalog.cards_for(catalog.CATALOGS), *catalog.jobs_for(catalog.CATALOGS))
    wrong = sorted({(prefix, name, catalog.name(card, lang)) for prefix in GAME_RULEBOOKS for card in named
                    for name in other_names(card, lang)
                    if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", rules_text(prefix, lang))})
    assert not wrong, f"(rulebook, name in the text, name on the screens): {wrong}"


def test_a_russian_reader_sees_the_sleep_card_as_the_russian_edition_names_it():
    for key in ("sleep", "geek_sleep", "goth_sleep"):
        assert catalog.name(catalog.BY_KEY[key], "ru") == "Сон"


def test_without_a_russian_edition_a_russian_reader_sees_the_name_the_german_edition_prints():
    assert catalog.name(catalog.JOBS_BY_KEY["temp"], "ru") == "Zeitarbeiter"
    assert catalog.name(catalog.JOBS_BY_KEY["temp"], "en") == "Temp"
    assert catalog.name(catalog.BY_KEY["tequila"], "de") == "Tequila"
