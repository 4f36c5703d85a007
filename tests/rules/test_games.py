"""One record per game: each game's facts as its rulebook states them, and no code outside the record asks a key."""

import re
from pathlib import Path

import pytest

from companion import cards
from companion.rules import engine
from companion.rules.games import ALL_CATEGORIES, ALL_PEST_CATEGORIES, GAMES, game, job_deck
from companion.rules.violations import RuleViolation
from tests.helpers.table_log import Log

COMPANION = Path(__file__).resolve().parents[2] / "companion"
GOTH_ONLY = {"heartache", "clothing", "jewellery"}


def test_the_four_games_and_their_printed_titles():
    assert list(GAMES) == ["guevara", "geek", "goth", "geekgoth"]
    assert [g.title for g in GAMES.values()] == ["Chez Guevara", "Chez Geek", "Chez Goth", "Chez Geek + Chez Goth"]
    assert all(g.key == key for key, g in GAMES.items())
    with pytest.raises(KeyError):
        game("munchkin")


def test_chez_guevara_has_ranks_six_phases_and_raids():
    # 002_22fc518f8780fc11.txt: rank cards, six phases ending with Heal, raids and Denounce!, tents and scrounging.
    guevara = game("guevara")
    assert guevara.decks == ("guevara",) and guevara.rulebook == "guevara"
    assert guevara.phases == ("draw", "roll", "call", "freetime", "discard", "heal")
    assert guevara.has_ranks and not guevara.has_jobs and not guevara.has_tv and not guevara.has_heartache
    assert not guevara.has_rooms and {"raid", "denounce"} <= set(guevara.roll_purposes)
    assert not {"income", "free_time"} & set(guevara.roll_purposes)
    # Glorious Leader, Gordo and Party Girl take Food, Booze or Cigarettes; the Goat is a Pet and Food.
    assert guevara.pest_categories == ("food", "booze", "cigarettes")
    assert {"food", "pet", "raid"} <= set(guevara.categories)
    assert (guevara.min_players, guevara.max_players) == (2, 5)  # up to five; 000 and 003 name two players


@pytest.mark.parametrize("key", ["geek", "goth", "geekgoth"])
def test_the_job_games_have_jobs_five_phases_rooms_and_tv(key):
    # 001_33843aac75e5d22e.txt and 004_86e669cd97eaea5c.txt: a job each, five phases without Heal, rooms and
    # shopping, TV cards, and a roll for a job's two-value Income or Free Time.
    rules = game(key)
    assert rules.has_jobs and not rules.has_ranks and rules.has_tv and rules.has_rooms
    assert rules.phases == ("draw", "roll", "call", "freetime", "discard")
    assert {"income", "free_time"} <= set(rules.roll_purposes)
    assert not {"raid", "denounce"} & set(rules.roll_purposes) and "raid" not in rules.categories


def test_chez_geek_sorts_its_cards_without_goth_categories():
    # 001: Things are Book, Booze, Cigarettes, Food, Mushrooms, Weed; pests take Food, Booze, Weed or a Partner.
    geek = game("geek")
    assert geek.decks == ("geek",) and geek.rulebook == "geek" and not geek.has_heartache
    assert {"book", "booze", "cigarettes", "food", "mushrooms", "weed", "tv", "web", "sleep", "nookie"} \
        <= set(geek.categories)
    assert not GOTH_ONLY & set(geek.categories)
    assert set(geek.pest_categories) == {"food", "booze", "weed", "partner"}
    assert not geek.everyone_is_goth and not geek.combining_rules


def test_chez_goth_sorts_its_cards_its_own_way_and_everyone_is_a_goth():
    # 004: Things are Cigarettes, Booze, Clothing, Jewellery, Book, Weed; Heartache; the UK Import takes Clothing
    # or Jewellery; pests are explained with the uninvited People.
    goth = game("goth")
    assert goth.decks == ("goth",) and goth.rulebook == "goth" and goth.has_heartache and goth.everyone_is_goth
    assert {"cigarettes", "booze", "clothing", "jewellery", "book", "weed", "heartache", "tv"} <= set(goth.categories)
    assert not {"mushrooms", "partner", "web", "food"} & set(goth.categories)
    assert set(goth.pest_categories) == {"clothing", "jewellery"}
    assert goth.rulebook_topic("pests") == "goth.people.uninvited" and goth.rulebook_topic("tv") == "goth.tv"


def test_the_combined_game_has_both_decks_the_union_and_the_combining_rules():
    # 004, combining with Chez Geek: both job decks shuffled together, only a Goth job makes a Goth.
    both = game("geekgoth")
    assert both.decks == ("geek", "goth") and both.rulebook == "goth"
    assert both.combining_rules and both.has_heartache and not both.everyone_is_goth
    assert set(both.categories) == set(game("geek").categories) | set(game("goth").categories)
    assert set(both.pest_categories) == set(game("geek").pest_categories) | set(game("goth").pest_categories)
    assert cards.jobs_for(both.decks) == cards.jobs_for(("geek",)) + cards.jobs_for(("goth",))
    assert job_deck(True) == "goth" and job_deck(False) == "geek"


def test_the_parser_accepts_what_any_game_names():
    assert set(ALL_CATEGORIES) == {c for g in GAMES.values() for c in g.categories}
    assert set(ALL_PEST_CATEGORIES) == {c for g in GAMES.values() for c in g.pest_categories}


def test_every_catalog_card_counts_only_as_its_games_categories():
    for rules in GAMES.values():
        for card in cards.cards_for(rules.decks):
            assert set(card.categories) <= set(rules.categories), (rules.key, card.key)
            assert set(card.pest_categories or ()) <= set(rules.pest_categories), (rules.key, card.key)


@pytest.mark.parametrize("key, seats", [("guevara", 1), ("geek", 6)])
def test_a_table_outside_the_games_player_count_is_refused(key, seats):
    with pytest.raises(RuleViolation):
        engine.decide(engine.initial_state(), "create_table", None, {"game": key, "seats": seats, "language": "en"})


def test_a_job_game_refuses_ranks_and_chez_guevara_refuses_jobs():
    with pytest.raises(RuleViolation) as refused:
        Log(3, game="geek").act("deal_ranks", None)
    assert refused.value.section == "geek.jobs"
    with pytest.raises(RuleViolation) as refused:
        Log(3).act("watch_tv", 1, window=1, card={"name": "TV"})
    assert refused.value.section == "guevara.overview"


# A game key compared or looked up outside games.py: `game == "goth"`, `"geekgoth" != state.game`,
# `game in ("goth", ...)`, or a literal keyed by game keys.
KEY = r"""["'](?:guevara|geek|goth|geekgoth)["']"""
KEY_CHECKS = [
    re.compile(rf"\bgame\w*\s*(?:==|!=)\s*{KEY}"),
    re.compile(rf"{KEY}\s*(?:==|!=)\s*[\w.]*game\b"),
    re.compile(rf"\bgame\w*\s+(?:not\s+)?in\s+[(\[{{]\s*{KEY}"),
    re.compile(r"""["']geekgoth["']"""),
    re.compile(rf"\{{\s*{KEY}\s*:\s*[^}}]*,\s*{KEY}\s*:"),
]


def test_no_module_outside_the_game_records_compares_a_game_key():
    found = []
    for path in COMPANION.rglob("*.py"):
        if path.name == "games.py" and path.parent.name == "rules":
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if any(check.search(line) for check in KEY_CHECKS):
                found.append(f"{path.relative_to(COMPANION)}:{number}: {line.strip()}")
    assert not found, "ask the game's record instead:\n" + "\n".join(found)


@pytest.mark.parametrize("line", ['if state.game == "geekgoth":', 'return game in ("goth", "geekgoth")',
                                  'if "guevara" != state.game:', '{"geek": "geek", "goth": "goth"}.get(game)',
                                  'PHASES if game == "guevara" else JOB_PHASES'])
def test_the_key_check_catches_the_old_ways(line):
    assert any(check.search(line) for check in KEY_CHECKS)
