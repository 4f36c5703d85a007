"""Two-player ranks and who may take what from the loot (#17 items 2 and 3)."""

import pytest

from companion.rules.ranks import off_rulebook_ranks
from companion.rules.violations import RuleViolation
from tests.helpers.guevara_tables import COUNTS, raiding, values
from tests.helpers.table_log import Log

GORDO = {"name": "Gordo", "key": "gordo", "type": "person", "slack": 0}


def test_two_players_are_dealt_privates_and_another_rank_set_by_hand_is_flagged():
    """002_22fc518f8780fc11.txt (Setup): in a two-player game each player simply gets a Private."""
    log = Log(2)
    log.act("set_profile", counts=COUNTS, values=values())
    state = log.act("deal_ranks", shuffled=["sergeant"] * 2 + ["corporal"] * 2 + ["private"] * 4)
    assert state.ranks == {1: "private", 2: "private"} and off_rulebook_ranks(state) == []
    state = log.act("set_rank", 2, rank="corporal")
    assert log.events[-1]["args"] == {"rank": "corporal", "off_rulebook": True}
    assert off_rulebook_ranks(state) == [2]


def test_three_players_set_any_rank_without_a_warning():
    log = Log(3)
    log.act("set_profile", counts=COUNTS, values=values())
    state = log.act("set_rank", 2, rank="corporal")
    assert "off_rulebook" not in log.events[-1]["args"] and off_rulebook_ranks(state) == []


def test_after_the_leader_a_person_from_the_loot_is_refused_and_the_leader_takes_it_into_the_hand():
    log = raiding(["corporal", "private", "private"], {1: 5, 2: 1, 3: 2})
    state = log.act("take_loot", 1, card=GORDO)
    assert state.tents[1] == []  # not a Thing: into the leader's hand
    log.act("name_second", 1, **{"with": 2})
    with pytest.raises(RuleViolation) as refused:
        log.act("take_loot", 2, card=GORDO)
    assert refused.value.section == "guevara.raid.loot" and "not a Thing" in refused.value.message
    assert log.act("take_loot", 2, card={"name": "Rum", "slack": 1}).tents[2][0].type == "thing"
