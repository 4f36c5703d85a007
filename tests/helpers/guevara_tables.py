"""Chez Guevara tables as in-memory logs for the rules tests: the rank profile, started games, raids, their cards.

Printed numbers here are test values standing in for what a table enters from its cards, except those the
rulebook states (Soap costs 1, Social Justice Nookie is 1 die - 1, Corporal Income 3 and Free Time 2).
"""

from companion.rules.guevara import default_profile_values
from tests.helpers.table_log import Log

COUNTS = {"private": 4, "corporal": 2, "sergeant": 2}

SOAP = {"name": "Soap", "type": "thing", "cost": 1, "slack": 1}
NOOKIE = {"name": "Social Justice Nookie", "type": "activity", "categories": ["nookie"], "slack_die": True,
          "slack_modifier": -1}
SLEEP = {"name": "Siesta", "type": "activity", "categories": ["sleep"], "slack": 2}
GORDO = {"name": "Gordo", "key": "gordo", "type": "person", "invited": False, "slack": 0, "pest": ["food", "booze"]}
LEADER = {"name": "Glorious Leader", "key": "glorious_leader", "type": "person", "invited": False, "slack": -1}
FRIEND = {"name": "Camp Cook", "type": "person", "invited": True, "slack": 2}
PEDRO = {"name": "Pedro", "type": "person", "slack": 0, "invited": False}
CAT = {"name": "Jungle Cat", "type": "cat", "slack": 1}
TEQUILA = {"name": "Tequila", "type": "thing", "categories": ["booze"], "slack": 1}
POTATO = {"name": "Potato", "type": "thing", "categories": ["food"], "slack": 1}
RAID = {"name": "Raid the Village", "loot": 3}


def values(**overrides):
    """Rank values for tests; only the Corporal's Income 3 and Free Time 2 come from the rulebook."""
    filled = default_profile_values()
    filled["private"].update(income=2, free_time=2, slack=1)
    filled["corporal"].update(slack=2, penalty=1)
    filled["sergeant"].update(income=4, free_time=1, slack=3, penalty=2)
    for rank, changes in overrides.items():
        filled[rank].update(changes)
    return filled


def game(seats=3):
    """Seat 1 Private, seat 2 Corporal (Income 3, Free Time 2), seat 3 Sergeant; dealer 3, so seat 1 starts."""
    log = Log(seats)
    log.act("set_profile", counts=COUNTS, values=values())
    for seat, rank in zip(range(1, seats + 1), ("private", "corporal", "sergeant", "private")):
        log.act("set_rank", seat, rank=rank)
    log.act("set_dealer", seats)
    log.act("start_game")
    return log


def to_phase(log, phase):
    while log.state.turn.phase != phase:
        log.act("advance", log.state.turn.seat, phase=log.state.turn.phase, turn=log.state.turn.number)


def started(ranks, phase, counts=COUNTS, **value_overrides):
    """A started game with these ranks, seat 1 first (the last seat deals), in seat 1's `phase`."""
    log = Log(len(ranks))
    log.act("set_profile", counts=counts, values=values(**value_overrides))
    for seat, rank in enumerate(ranks, start=1):
        log.act("set_rank", seat, rank=rank)
    log.act("set_dealer", len(ranks))
    log.act("start_game")
    to_phase(log, phase)
    return log


def end_turn(log):
    to_phase(log, "heal")
    log.act("advance", log.state.turn.seat, phase="heal", turn=log.state.turn.number)


def gordo_on_maria():
    """Maria (seat 2) scrounged Tequila and a Potato; on seat 1's next turn Gordo is called into her tent."""
    log = game()
    end_turn(log)
    to_phase(log, "freetime")
    log.act("play_card", 2, cards=[TEQUILA, POTATO])
    end_turn(log)
    end_turn(log)  # seat 3's turn passes; back to seat 1
    to_phase(log, "call")
    log.act("play_card", 1, cards=[GORDO], target=2)
    return log


def free_time_game(ranks, counts=COUNTS):
    """A started game in seat 1's Free Time."""
    return started(ranks, "freetime", counts)


def call_people_game(ranks=("private", "corporal", "sergeant")):
    """A started game, seat 1 in its Call People phase; the Private's penalty entered as 0."""
    return started(ranks, "call", private={"penalty": 0})


def raiding(ranks, rolls, counts=COUNTS, card=RAID):
    """Seat 1 calls a raid, everybody lets it pass, and each seat rolls the given value in table order."""
    log = free_time_game(ranks, counts)
    window = log.act("call_raid", 1, card=card).window.uid
    for seat in range(2, len(ranks) + 1):
        log.act("pass_card", seat, window=window)
    for seat, value in rolls.items():
        log.act("raid_roll", seat, value=value)
    return log


def short_game(log):
    """Ana calls her Camp Cook (+2), Ben cancels her Siesta, Cleo takes two wounds, Ana wins with 17 Slack."""
    to_phase(log, "call")
    log.act("play_card", 1, cards=[FRIEND])
    log.act("roll_for_card", 1, value=5)
    to_phase(log, "freetime")
    window = log.act("play_card", 1, cards=[SLEEP]).window.uid
    log.act("cancel_card", 2, window=window, **{"with": "Bomb Making Practice"})
    log.act("adjust_wounds", 3, delta=2)
    log.act("adjust_slack", 2, delta=1)
    log.act("adjust_slack", 1, delta=17)
    return log
