"""Players' own words find the rulebook's sections (#33 item 13): a synonym list per language, and questions
phrased as players ask them, searched as the rules page opened from a table searches (its game first)."""

import re

import pytest

from companion.rulebook import LANGUAGES, sections
from companion.rulebook.search import search, stem
from companion.rulebook.synonyms import SYNONYMS
from tests.helpers.player_questions import PLAYER_QUESTIONS, WHO_STARTS

SHARE = 0.95


def top3(query, lang, game):
    return [hit.section.id for hit in search(query, lang, limit=3, first=game)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_at_least_95_percent_of_40_player_questions_find_their_section(lang):
    questions = PLAYER_QUESTIONS[lang]
    assert len(questions) >= 40
    missed = [
        (query, expected, top3(query, lang, game))
        for query, game, expected in questions
        if expected not in top3(query, lang, game)
    ]
    assert len(missed) <= (1 - SHARE) * len(questions), missed


@pytest.mark.parametrize("game", ["guevara", "geek", "goth", None])
@pytest.mark.parametrize("lang, query", [(lang, query) for lang, queries in WHO_STARTS.items() for query in queries])
def test_every_way_of_asking_who_starts_finds_the_setup(lang, query, game):
    """From a table of the game, its own Setup; with "All games" chosen, some game's Setup."""
    found = top3(query, lang, game)
    assert f"{game}.setup" in found if game else any(section.endswith(".setup") for section in found)


@pytest.mark.parametrize(
    "lang, word, section",
    [
        ("ru", "рейд", "guevara.raid"),
        ("de", "Razzia", "guevara.raid"),
        ("en", "attack", "guevara.raid"),
        ("ru", "кто может повести рейд", "guevara.raid"),
        ("de", "Wer darf eine Razzia anführen?", "guevara.raid"),
        ("en", "kick out", "guevara.people.get_rid"),
        ("de", "rausschmeißen", "guevara.people.get_rid"),
        ("ru", "выгнать", "guevara.people.get_rid"),
        ("en", "trade", "guevara.life_cards"),
        ("de", "Handkartenlimit", "guevara.phase.discard"),
        ("ru", "лимит руки", "guevara.phase.discard"),
        ("en", "hand limit", "guevara.phase.discard"),
    ],
)
def test_players_words_find_what_the_rulebook_calls_otherwise(lang, word, section):
    assert section in top3(word, lang, "guevara")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_synonym_means_words_the_rules_reference_uses(lang):
    used = {
        stem(word, lang)
        for sec in sections(lang)
        for word in re.findall(r"\w+", f"{sec.title} {sec.body} {sec.keywords}")
    }
    for said, meant in SYNONYMS[lang].items():
        for word in re.findall(r"\w+", meant):
            assert any(found.startswith(stem(word, lang)) for found in used), (said, word)


def test_the_tables_game_comes_first_but_the_others_still_answer():
    found = [hit.section.id for hit in search("Handlimit", "de", limit=8, first="geek")]
    assert found[0].startswith("geek.") and any(not sec.startswith("geek.") for sec in found)
    assert all(hit.section.game == "goth" for hit in search("Handlimit", "de", game="goth", limit=8))
