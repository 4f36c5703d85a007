"""The setup guide as a pure function of the table: one list per game and number of players, each step with its
form, every step the app can tell ticked once the table has done it, and the ticks in the order a table works."""

from __future__ import annotations

import pytest
from flask import g
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import DISPLAY, GAMES
from companion.rules.ranks import RANKS
from companion.web.words.setup_guide import setup_steps
from tests.helpers.game_table import GameTable
from tests.helpers.generated_cards import job_profile
from tests.helpers.offered_actions import Action

TABLE_GAMES = ("guevara", "geek", "goth", "geekgoth")
FORMS = {True: [None, "job_cards", "deal_jobs", None, None, "dealer", "start"],
         False: [None, "rank_cards", "deal_ranks", None, None, "dealer", "start"]}
COUNTS = {"private": 4, "corporal": 2, "sergeant": 2}  # 003_aa2349d510ea7fe9.txt: eight rank cards
NUMBERS = {"income": 2, "free_time": 2, "slack": 1, "penalty": None, "perk": ""}


def game_and_players():
    """A game and a number of players it allows."""
    return st.sampled_from(TABLE_GAMES).flatmap(
        lambda game: st.tuples(st.just(game), st.integers(GAMES[game].min_players, GAMES[game].max_players)))


def ticks(table: GameTable) -> list[bool | None]:
    """Each step's tick for the table as it stands."""
    return [step.done for step in setup_steps(table.state)]


def act(table: GameTable, kind: str, seat: int | None = None, actor=DISPLAY, **args) -> None:
    """The table does one thing the guide asks; the rules accept it."""
    assert table.act(Action(actor, kind, seat, args)) is None, table.steps[-1]


def deal(table: GameTable) -> None:
    """The display deals the ranks or jobs, the cards in the order the deck gives."""
    if table.state.rules.has_jobs:
        act(table, "deal_jobs", shuffled=list(table.state.job_profile))
    else:
        act(table, "deal_ranks", shuffled=[rank for rank in RANKS for _ in range(COUNTS[rank])])


@pytest.fixture(autouse=True)
def english(app):
    """The guide's words as an English display reads them."""
    with app.test_request_context():
        g.lang = "en"
        yield


@settings(max_examples=40, deadline=None)
@given(game_and_players())
def test_each_step_ticks_when_the_table_does_it_and_only_then(game_players):
    game, players = game_players
    table = GameTable(game, players)
    jobs = GAMES[game].has_jobs
    steps = setup_steps(table.state)
    assert [step.form for step in steps] == FORMS[jobs]
    # shuffling, the draw pile and the start: no tick (the app cannot tell; the start ends the guide)
    assert ticks(table) == [False, False, False, None, None, False, None]
    for seat in range(1, players + 1):
        assert ticks(table)[0] is False
        act(table, "join", seat, actor=seat, name=f"P{seat}")
    assert ticks(table) == [True, False, False, None, None, False, None]
    if jobs:
        act(table, "set_job_profile", **job_profile(game))
    else:
        act(table, "set_profile", counts=COUNTS, values={rank: NUMBERS for rank in RANKS})
    assert ticks(table) == [True, True, False, None, None, False, None]
    deal(table)
    assert ticks(table) == [True, True, True, None, None, False, None]
    act(table, "set_dealer", players)
    assert ticks(table) == [True, True, True, None, None, True, None]


@settings(max_examples=20, deadline=None)
@given(game_and_players())
def test_the_deal_step_waits_for_the_last_player_entered_by_hand(game_players):
    game, players = game_players
    table = GameTable(game, players)
    if GAMES[game].has_jobs:
        act(table, "set_job_profile", **job_profile(game))
        held = [(seat, job) for seat, job in zip(table.state.order, table.state.job_profile, strict=False)]
        kind, field = "set_job", "job"
    else:
        act(table, "set_profile", counts=COUNTS, values={rank: NUMBERS for rank in RANKS})
        held = [(seat, "private" if seat % 2 else "corporal") for seat in table.state.order]
        kind, field = "set_rank", "rank"
    for seat, card in held:
        assert ticks(table)[2] is False
        act(table, kind, seat, **{field: card})
    assert ticks(table)[2] is True


@pytest.mark.parametrize("game", TABLE_GAMES)
@pytest.mark.parametrize("players", [3, 4, 5])
def test_one_list_of_seven_steps_for_every_game_and_table_size(game, players):
    steps = setup_steps(GameTable(game, players).state)
    assert len(steps) == 7 and len({step.text for step in steps}) == 7
    texts = " ".join(step.text for step in steps)
    # 002_22fc518f8780fc11.txt: five Life cards each; 001/004: the hand size is on the job card
    assert ("as many face down as their job card shows" in texts) == GAMES[game].has_jobs
    assert ("deal 5 face down to each player" in texts) != GAMES[game].has_jobs


def test_two_guevara_players_each_take_a_private():
    assert "each takes a Private card" in setup_steps(GameTable("guevara", 2).state)[2].text
