"""The display's setup guide's deal step ticks when done, and its latest roll is one of the turn being played."""

import re

from tests.helpers.http_phones import act, join
from tests.helpers.http_tables import PROFILE, set_up_goth, to_phase


def display(client, token) -> str:
    """The display page's text."""
    return client.get(f"/t/{token}/display").get_data(as_text=True)


def step_ticked(page: str, form: str) -> bool:
    """Whether the setup guide's step with this form shows its tick."""
    return re.search(rf'data-step="{form}">\s*<p[^>]*>([^<]*)<', page)[1].strip().endswith("✓")


def race_roll(page: str) -> str | None:
    """The race view's latest roll (die and who), or None when it shows none."""
    found = re.search(r'data-testid="race-roll">(.*?)</div>', page, re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found[1])).strip() if found else None


def dice_card_roll(page: str) -> str | None:
    """The Dice card's last roll, or None."""
    found = re.search(r'data-testid="last-roll">(.*?)</div>', page, re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found[1])).strip() if found else None


def test_the_ranks_step_ticks_once_every_player_holds_a_rank(client, table):
    act(client, table, type="set_profile", **PROFILE)
    assert not step_ticked(display(client, table), "deal_ranks")
    for seat, rank in ((1, "private"), (2, "corporal"), (3, "sergeant")):
        act(client, table, type="set_rank", seat=seat, rank=rank)
    assert not step_ticked(display(client, table), "deal_ranks")  # Dan has none yet
    act(client, table, type="set_rank", seat=4, rank="private")
    assert step_ticked(display(client, table), "deal_ranks")


def test_the_ranks_step_ticks_when_the_ranks_are_dealt(client, table):
    act(client, table, type="set_profile", **PROFILE)
    assert act(client, table, type="deal_ranks").status_code == 200
    assert step_ticked(display(client, table), "deal_ranks")


def test_the_jobs_step_ticks_once_every_player_holds_a_job(app, client):
    token, _phones = set_up_goth(app, client)
    assert step_ticked(display(client, token), "deal_jobs")


def test_the_latest_roll_is_of_this_turn_only(app, client, table):
    act(client, table, type="set_profile", **PROFILE)
    for seat, rank in ((1, "private"), (2, "corporal"), (3, "sergeant"), (4, "private")):
        act(client, table, type="set_rank", seat=seat, rank=rank)
    act(client, table, type="set_dealer", seat=4)
    act(client, table, type="start_game")
    ana = join(app, table, 1, "Ana")
    assert act(ana, table, type="roll_die", seat=1, purpose="other", value=5).status_code == 200
    page = display(client, table)
    assert race_roll(page).startswith("5 Ana") and dice_card_roll(page).startswith("5 Ana")
    to_phase(ana, table, 1, "Heal")
    assert act(ana, table, type="advance", seat=1, phase="heal", turn=1).status_code == 200  # Ben's turn
    page = display(client, table)
    assert race_roll(page) is None and dice_card_roll(page) is None  # not beside Ben's turn as if his


def test_a_job_roll_that_starts_the_turn_is_this_turns(app, client):
    token, _phones = set_up_goth(app, client)  # Ana the Artist: Income 1 or 4, the server's die at the start
    assert act(client, token, type="start_game").status_code == 200
    page = display(client, token)
    assert race_roll(page) is not None and race_roll(page).split()[1] == "Ana"
    assert dice_card_roll(page) is not None
