"""Each rules section names two or three other sections of the same game to read next (#61 item 3)."""
import pytest

from companion.rulebook import LANGUAGES, section_ids
from companion.rulebook.related import READ_NEXT, read_next


@pytest.mark.parametrize("section_id", section_ids())
def test_every_section_links_two_or_three_other_sections_of_its_own_game(section_id):
    targets = READ_NEXT.get(section_id, ())
    assert 2 <= len(targets) <= 3, section_id
    assert len(set(targets)) == len(targets) and section_id not in targets
    game = section_id.split(".")[0]
    for lang in LANGUAGES:
        linked = read_next(lang, section_id)
        assert [sec.id for sec in linked] == list(targets)
        assert all(sec.game == game and sec.lang == lang for sec in linked), (lang, section_id)


def test_the_table_names_no_section_the_reference_lacks():
    assert set(READ_NEXT) <= set(section_ids())


def test_the_players_next_questions_are_linked():
    assert "guevara.categories" in READ_NEXT["guevara.cancel"]  # which cards a cancel reaches
    assert "guevara.income" in READ_NEXT["guevara.scrounging"]
    assert {"guevara.raid.loot", "guevara.wounds"} <= set(READ_NEXT["guevara.raid"])
