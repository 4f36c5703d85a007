"""The display's setup guide for the printed deck: what the rulebooks say to prepare, ticked as the table does it."""

import html
import re

import pytest

from tests.helpers.http_phones import act, join
from tests.helpers.http_tables import PROFILE, open_table, profile_fields

NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eva")


def guide(client, token) -> list[tuple[str, bool]]:
    """The guide's steps as the display shows them: each text and whether it is ticked."""
    page = client.get(f"/t/{token}/display").get_data(as_text=True)
    listed = re.search(r'data-testid="setup-guide">(.*?)</ol>', page, re.S)[1]
    return [(html.unescape(text).removesuffix(" ✓").strip(), text.endswith("✓"))
            for text in re.findall(r"<li[^>]*>(.*?)</li>", listed, re.S)]


def ticked(steps) -> list[bool]:
    """Which steps show a tick."""
    return [done for _text, done in steps]


def seat_everyone(app, token, seats):
    """A phone takes every seat."""
    return [join(app, token, seat, NAMES[seat - 1]) for seat in range(1, seats + 1)]


@pytest.mark.parametrize("seats", [3, 5])
def test_the_guevara_guide_says_what_the_rulebook_does_and_ticks_as_the_table_sets_up(app, client, seats):
    token = open_table(client, "guevara", seats)
    steps = guide(client, token)
    texts = " ".join(text for text, _done in steps)
    # 002_22fc518f8780fc11.txt, Setup: eight rank cards, one dealt face up each, five Life cards each, left of dealer
    assert "8 purple rank cards (Private, Corporal, Sergeant)" in texts
    assert "deal one face up to each player" in texts and "promotions" in texts
    assert "deal 5 face down to each player" in texts
    assert "draw pile" in texts and "dealer's left starts" in texts
    assert ticked(steps) == [False] * 7
    seat_everyone(app, token, seats)
    assert ticked(guide(client, token)) == [True] + [False] * 6
    assert act(client, token, type="set_profile", **PROFILE).status_code == 200
    assert ticked(guide(client, token)) == [True, True] + [False] * 5
    assert act(client, token, type="deal_ranks").status_code == 200
    assert ticked(guide(client, token)) == [True, True, True, False, False, False, False]
    assert act(client, token, type="set_dealer", seat=seats).status_code == 200
    assert ticked(guide(client, token)) == [True, True, True, False, False, True, False]


def test_two_players_each_take_a_private(client):
    token = open_table(client, "guevara", 2)
    assert any("each takes a Private card" in text for text, _done in guide(client, token))


@pytest.mark.parametrize("game", ["geek", "goth"])
@pytest.mark.parametrize("seats", [3, 5])
def test_a_job_game_guide_ticks_as_the_jobs_are_entered_and_dealt(app, client, game, seats):
    token = open_table(client, game, seats)
    steps = guide(client, token)
    texts = " ".join(text for text, _done in steps)
    # 001_33843aac75e5d22e.txt, 004_86e669cd97eaea5c.txt: a job card each; the hand size is printed on the job card
    assert "purple job cards" in texts and "as many face down as their job card shows" in texts
    assert ticked(steps) == [False] * 7
    seat_everyone(app, token, seats)
    page = client.get(f"/t/{token}/display").get_data(as_text=True)
    assert act(client, token, type="set_job_profile", **profile_fields(page, {})).status_code == 200
    assert ticked(guide(client, token)) == [True, True] + [False] * 5
    assert act(client, token, type="deal_jobs").status_code == 200
    assert ticked(guide(client, token))[:3] == [True, True, True]
    assert act(client, token, type="set_dealer", seat=1).status_code == 200
    assert ticked(guide(client, token))[5] is True


@pytest.mark.parametrize("language", ["de", "ru"])
@pytest.mark.parametrize("game", ["guevara", "geek", "goth"])
def test_the_guide_has_no_english_left_on_a_german_or_russian_display(client, game, language):
    english = {text for text, _done in guide(client, open_table(client, game, 3))}
    token = open_table(client, game, 3, language=language)
    steps = guide(client, token)
    assert len(steps) == 7 and not english & {text for text, _done in steps}
    if game == "guevara":
        assert any("8" in text for text, _done in steps) and any("5" in text for text, _done in steps)
