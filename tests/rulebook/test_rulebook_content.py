"""The rules reference: the same complete set of sections in every language."""
import re

import pytest

from companion import rulebook
from companion.rulebook import LANGUAGES, section, section_ids, sections

REQUIRED_IDS = """
guevara.overview guevara.setup guevara.goal guevara.win guevara.turn guevara.phase.draw guevara.phase.roll
guevara.phase.call guevara.phase.freetime guevara.phase.discard guevara.phase.heal guevara.ranks
guevara.income
guevara.people.invited guevara.people.uninvited guevara.people.get_rid guevara.pests guevara.cats
guevara.scrounging guevara.activities guevara.variable_slack guevara.nookie.noisy guevara.categories
guevara.cancel guevara.whenever guevara.pull_rank guevara.raid guevara.raid.roll guevara.raid.loot
guevara.denounce guevara.denounce.revenge guevara.promotion guevara.demotion guevara.wounds guevara.quick
geek.overview geek.setup geek.jobs geek.goal geek.turn geek.phase.draw geek.phase.roll geek.phase.call
geek.phase.freetime geek.phase.discard geek.people.invited geek.people.uninvited geek.people.get_rid
geek.pests geek.shopping geek.activities geek.tv geek.cancel geek.job_change geek.quick
goth.overview goth.heartache goth.jobs goth.combined goth.quick glossary.terms
""".split()

ALL_IDS = sorted({sec.id for lang in LANGUAGES for sec in sections(lang)})
SEED_FILE = re.compile(r"^\d{3}_[0-9a-f]{16}\.txt$")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("section_id", ALL_IDS)
def test_every_section_exists_with_title_and_body_in_every_language(lang, section_id):
    sec = section(lang, section_id)
    assert sec.lang == lang and sec.id == section_id
    assert sec.title.strip(), f"{lang}: {section_id} has no title"
    assert sec.body.strip(), f"{lang}: {section_id} has no body"


def test_every_language_has_the_same_ids_in_the_same_order():
    english = [sec.id for sec in sections("en")]
    for lang in LANGUAGES:
        assert [sec.id for sec in sections(lang)] == english, lang
    assert section_ids() == english


def test_required_ids_are_present():
    missing = [section_id for section_id in REQUIRED_IDS if section_id not in section_ids()]
    assert not missing


def test_section_game_is_the_id_prefix():
    for lang in LANGUAGES:
        for sec in sections(lang):
            assert sec.id.split(".")[0] == sec.game


def test_missing_section_raises_key_error():
    with pytest.raises(KeyError):
        section("en", "guevara.no_such_rule")


def test_unknown_language_is_refused():
    with pytest.raises(ValueError):
        sections("fr")


def test_every_english_section_cites_a_seed_file():
    for sec in sections("en"):
        assert sec.sources, f"{sec.id} cites no source"
        assert all(SEED_FILE.match(name) for name in sec.sources), sec.sources
        assert "Source:" not in sec.body


def test_translations_share_the_english_sources():
    for lang in LANGUAGES:
        assert section(lang, "guevara.raid.loot").sources == section("en", "guevara.raid.loot").sources


def test_data_is_read_from_package_resources():
    from importlib import resources
    data = resources.files(rulebook).joinpath("data")
    names = {entry.name for entry in data.iterdir()}
    for game in rulebook.GAMES:
        for lang in LANGUAGES:
            assert f"{game}.{lang}.md" in names


GUEVARA_THRESHOLDS = ["3-6", "4-6", "3+", "6", "1-3"]
GEEK_GOTH_THRESHOLDS = ["3-6", "4-6", "1-3"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_guevara_quick_reference_has_the_dice_thresholds(lang):
    body = section(lang, "guevara.quick").body
    for threshold in GUEVARA_THRESHOLDS:
        assert threshold in body, f"{lang}: {threshold} missing"
    assert "20" in body and "18" in body
    assert re.search(r"\*\*6\*\*", body), "a 6 on the first raid roll wounds"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", ["geek", "goth"])
def test_geek_and_goth_quick_references_have_the_dice_thresholds(lang, game):
    body = section(lang, f"{game}.quick").body
    for threshold in GEEK_GOTH_THRESHOLDS:
        assert threshold in body, f"{lang}: {game} {threshold} missing"
    assert re.search(r"\*\*1-3\*\*[^\n]*\*\*4-6\*\*", body), "variable values: 1-3 low, 4-6 high"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_quick_references_list_the_phases_in_order(lang):
    phases = {"en": ["Draw", "Roll", "Call People", "Free Time", "Discard", "Heal"],
              "de": ["Ziehen", "Würfeln", "Personen rufen", "Freizeit", "Ablegen", "Heilen"],
              "ru": ["набор", "броски", "призыв", "передышка", "сброс", "лечение"]}[lang]
    body = section(lang, "guevara.quick").body
    positions = [body.index(name) for name in phases]
    assert positions == sorted(positions)


def test_glossary_maps_the_guevara_terms():
    body = section("en", "glossary.terms").body
    for line in ["Slack · Slack · развал", "Scrounging · Abstauben · мародёрство",
                 "Pull Rank · Schikanieren · злоупотребление положением", "Free Time · Freizeit · передышка"]:
        assert line in body
