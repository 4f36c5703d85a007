"""The Chez Guevara card catalog: names in three languages, and no number without a rulebook behind it."""

import dataclasses

import pytest

from companion.cards import guevara_cards
from companion.cards.card import TYPES
from companion.cards.guevara_cards import BY_KEY, CARDS, find, name
from companion.rules.games import game

SEEDS = {guevara_cards.EN, guevara_cards.DE, guevara_cards.RU}
NUMBERS = ("cost", "slack", "slack_modifier", "denounce_modifier", "income_bonus")
# Every number in the catalog, as the rulebooks state it.
STATED = {("soap", "cost"): 1, ("the_art_of_war", "cost"): 3, ("social_justice_nookie", "slack_modifier"): -1,
          ("sayings_of_chairman_mao", "denounce_modifier"): 1, ("lucky_7", "income_bonus"): 1,
          ("dig_holes", "slack"): 0, ("kp", "slack"): 0}


def test_keys_are_unique_and_indexed():
    keys = [card.key for card in CARDS]
    assert len(keys) == len(set(keys))
    assert set(BY_KEY) == set(keys)


def test_every_card_has_an_english_name_and_a_known_type_and_categories():
    for card in CARDS:
        assert card.names.get("en"), card.key
        assert set(card.names) == {"en", "de", "ru"}, card.key
        assert card.type in TYPES + (None,), card.key
        assert set(card.categories) <= set(game("guevara").categories), card.key


def test_the_goat_counts_as_pet_and_food():
    assert set(BY_KEY["goat"].categories) == {"pet", "food"}


def test_the_uninvited_pests():
    for key in ("glorious_leader", "gordo", "party_girl"):
        assert BY_KEY[key].type == "person" and BY_KEY[key].invited is False
    assert BY_KEY["glorious_leader"].no_roll_away
    assert set(BY_KEY["gordo"].pest_categories) == {"food", "booze"}


@pytest.mark.parametrize("lang", ["de", "ru"])
def test_find_by_german_and_russian_names(lang):
    named = [card for card in CARDS if card.names[lang]]
    assert named
    for card in named:
        assert find(card.names[lang], lang) is card
        assert find(" " + card.names[lang].upper() + "! ", "en") is card


def test_find_and_name_fall_back_to_english():
    assert find("denounce", "de") is BY_KEY["denounce"]
    assert find("Denunziert", "en") is BY_KEY["denounce"]
    assert find("Siesta", "en") is None
    assert name(BY_KEY["tequila"], "de") == "Tequila"
    assert name(BY_KEY["tequila"], "ru") == "Текила"


def test_no_number_without_a_source():
    for card in CARDS:
        for number in NUMBERS:
            value = getattr(card, number)
            if value is not None:
                assert STATED.get((card.key, number)) == value, (card.key, number)
        facts = [f.name for f in dataclasses.fields(card) if f.name in NUMBERS + ("slack_die", "pest_categories")
                 and getattr(card, f.name) is not None]
        if facts:
            assert card.notes_source and set(card.notes_source) <= SEEDS, card.key
    for (key, number), value in STATED.items():
        assert getattr(BY_KEY[key], number) == value, (key, number)
