"""The words of a learning game: every moment a generated game's seats meet has its sentences in the game's family's
words, translated into German and Russian, a place on the panel and a rule section that exists; the display's line
of the table's moment reads in every language."""

from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from flask import g

from companion import rulebook
from companion.rules import GAMES, MOMENTS, moments, offers
from companion.web.words import explanations
from tests.helpers.generated_games import GeneratedGame, machine_for, run_seeded

CATALOGS = Path(__file__).resolve().parents[2] / "companion" / "translations"
SECTIONS = set(rulebook.section_ids())


def translated(lang: str) -> dict[str, str]:
    with open(CATALOGS / lang / "LC_MESSAGES" / "messages.po", "rb") as handle:
        return {message.id: message.string for message in read_po(handle, locale=lang) if isinstance(message.id, str)}


TRANSLATED = {lang: translated(lang) for lang in ("de", "ru")}


def test_every_moment_has_a_place_on_the_panel():
    assert set(explanations.PLACES) == set(MOMENTS)


@pytest.mark.parametrize("family", sorted(explanations.EXPLAINED))
def test_each_familys_words_are_translated_and_link_a_rule_of_each_of_its_games(family):
    for moment, (text, topic) in explanations.EXPLAINED[family].items():
        assert moment in MOMENTS
        for lang, catalog in TRANSLATED.items():
            assert catalog.get(text), f"{moment} has no {lang} translation"
        for game in GAMES.values():
            if game.terms == family:
                section = game.rulebook_topic(topic)
                assert section in SECTIONS or moment in game_lacks(game), (game.key, moment, section)


def game_lacks(game) -> set[str]:
    """Moments a game never has (its family's words serve a sibling that has them)."""
    return set() if game.has_heartache else {"heartache"}


class WordsOfGeneratedGames(GeneratedGame):
    """A generated game in which every seat's moments must have their words, in the game's family."""

    APP = None

    def _check(self, action, before, accepted):
        super()._check(action, before, accepted)
        state = self.table.state
        family = explanations.EXPLAINED[state.rules.terms]
        for seat in state.order:
            for moment in moments(state, offers(state, seat), seat):
                assert moment in family, (state.game, moment)
                assert state.rules.rulebook_topic(family[moment][1]) in SECTIONS, (state.game, moment)
        with self.APP.test_request_context():
            for lang in ("en", "de", "ru"):
                g.lang = lang
                explanations.table_line(state)


@pytest.mark.parametrize(("game_key", "seed"), [("guevara", 31), ("geek", 32), ("goth", 33), ("geekgoth", 34)])
def test_every_moment_of_generated_games_has_its_words(app, game_key, seed):
    machine = machine_for(game_key)
    checked = type(f"Words_{game_key}", (WordsOfGeneratedGames,),
                   {"GAME": game_key, "SEATS": machine.SEATS, "FIGURES": machine.FIGURES, "APP": app})
    run_seeded(checked, seed, examples=3, steps=40)
