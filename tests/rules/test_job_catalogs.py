"""The Chez Geek and Chez Goth catalogs: the jobs and cards the German rulebooks name, no number without a source."""

import pytest

from companion import cards
from companion.cards import geek_cards, goth_cards
from companion.cards.guevara_cards import find
from companion.rules.games import game

NUMBERS = ("cost", "slack", "slack_modifier", "denounce_modifier", "income_bonus")
# Every number in the two catalogs, as the rulebooks state it.
STATED_CARDS = {("ultra_slims", "cost"): 1, ("nt_server_handbook", "cost"): 3, ("nookie", "slack_modifier"): -1,
                ("coffin", "cost"): 3, ("absinthe", "cost"): 2, ("goth_nookie", "slack_modifier"): -1}
STATED_JOBS = {("temp", "income"): (1, 4), ("work_drone", "hand"): 7, ("tech_support", "goal"): 20,
               ("artist", "income"): (1, 4), ("porn_shop_clerk", "goal"): 18}


def test_keys_are_unique_across_all_three_games():
    keys = [card.key for card in cards.guevara_cards.CARDS + geek_cards.CARDS + goth_cards.CARDS]
    assert len(keys) == len(set(keys)) == len(cards.BY_KEY)
    jobs = [job.key for job in geek_cards.JOBS + goth_cards.JOBS]
    assert len(jobs) == len(set(jobs))


def test_the_jobs_the_rulebooks_name():
    assert {job.key for job in geek_cards.JOBS} == {"slacker", "drummer", "work_drone", "temp", "waiter",
                                                    "web_designer", "lab_rat", "tech_support"}
    assert {job.key for job in goth_cards.JOBS} == {"artist", "barista", "morgue_watch", "porn_shop_clerk", "poet"}
    assert all(job.goth for job in goth_cards.JOBS) and not any(job.goth for job in geek_cards.JOBS)
    assert (cards.jobs_for(game("geekgoth").decks) == geek_cards.JOBS + goth_cards.JOBS
            and cards.jobs_for(game("guevara").decks) == ())


def test_every_card_and_job_has_names_in_the_three_language_slots_and_a_german_one():
    for card in geek_cards.CARDS + goth_cards.CARDS + geek_cards.JOBS + goth_cards.JOBS:
        assert set(card.names) == {"en", "de", "ru"}, card.key
        assert card.names["en"] and card.names["de"], card.key
        assert card.notes_source, card.key


def test_no_number_without_a_source():
    for card in geek_cards.CARDS + goth_cards.CARDS:
        for number in NUMBERS:
            value = getattr(card, number)
            if value is not None:
                assert STATED_CARDS.get((card.key, number)) == value, (card.key, number)
    for job in geek_cards.JOBS + goth_cards.JOBS:
        for number in ("income", "free_time", "goal", "hand"):
            value = getattr(job, number)
            if value is not None:
                assert STATED_JOBS.get((job.key, number)) == value, (job.key, number)


@pytest.mark.parametrize("key_of_game, text, key", [
    ("geek", "Im Netz surfen", "surfing_the_web"), ("geek", "superzecke", "superzecke"),
    ("goth", "England-Import", "england_import"), ("goth", "Paint your windows black", "paint_your_windows_black"),
    ("geekgoth", "Bloggen", "blogging"), ("geekgoth", "Fresssack", "fresssack"),
])
def test_cards_are_found_by_german_or_english_name_in_their_game(key_of_game, text, key):
    assert find(text, "de", cards.cards_for(game(key_of_game).decks)).key == key


def test_a_chez_guevara_card_is_not_found_at_a_chez_geek_table():
    assert find("Glorious Leader", "en", cards.cards_for(game("geek").decks)) is None


def test_the_pests_take_what_their_examples_show():
    assert set(cards.BY_KEY["superzecke"].pest_categories) == {"food", "booze"}
    assert set(cards.BY_KEY["england_import"].pest_categories) == {"jewellery", "clothing"}
    assert cards.BY_KEY["fresssack"].pest_categories is None  # printed on the card: the table enters it


def test_the_lab_rat_is_the_only_job_with_forbidden_cards():
    assert {job.key: job.forbidden for job in geek_cards.JOBS + goth_cards.JOBS if job.forbidden} == {
        "lab_rat": ("booze", "weed", "mushrooms")}
