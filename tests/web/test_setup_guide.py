"""The display's setup guide for the printed deck: what the rulebooks say to prepare, one numbered list whose steps
hold their own forms, ticked as the table does it."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

import pytest

from tests.helpers.http_phones import act, join
from tests.helpers.http_tables import PROFILE, open_table, profile_fields

NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eva")
# The offer each step's forms serve, by the step's form; the deal step of a job game also sets the job die.
STEP_OFFERS = {"rank_cards": {"setup"}, "deal_ranks": {"deal", "set_rank"}, "job_cards": {"setup"},
               "deal_jobs": {"deal", "set_job", "set_job_die"}, "dealer": {"set_dealer"}, "start": {"start_game"}}


@dataclass
class Step:
    """One step of the guide as the display shows it."""

    text: str = ""
    form: str | None = None
    offers: set[str] = field(default_factory=set)

    @property
    def ticked(self) -> bool:
        return self.text.endswith("✓")

    @property
    def words(self) -> str:
        return self.text.removesuffix("✓").strip()


class _Setup(HTMLParser):
    """The setup section of a display page: its steps, the lists and headings it holds, the forms outside steps."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.steps: list[Step] = []
        self.lists = 0
        self.headings: list[str] = []  # the text of each heading and summary
        self.loose_forms: list[str] = []
        self._depth = 0  # open elements inside the setup section
        self._step_depth: int | None = None
        self._text_depth: int | None = None
        self._heading_depth: int | None = None

    def handle_starttag(self, tag, attrs):
        attr = dict(attrs)
        if not self._depth:
            self._depth = int(attr.get("id") == "setup")
            return
        self._depth += tag not in ("input", "br", "img")
        self.lists += tag == "ol"
        if tag in ("h3", "h4", "summary"):
            self.headings.append("")
            self._heading_depth = self._depth
        if tag == "li" and "setup-step" in (attr.get("class") or ""):
            self.steps.append(Step(form=attr.get("data-step")))
            self._step_depth = self._depth
        elif attr.get("data-testid") == "setup-step":
            self._text_depth = self._depth
        elif tag == "form":
            if self._step_depth is None:
                self.loose_forms.append(attr["data-offer"])
            else:
                self.steps[-1].offers.add(attr["data-offer"])

    def handle_endtag(self, tag):
        if not self._depth:
            return
        if self._depth == self._text_depth:
            self._text_depth = None
        if self._depth == self._heading_depth:
            self._heading_depth = None
        if self._depth == self._step_depth:
            self._step_depth = None
        self._depth -= 1

    def handle_data(self, data):
        if self._heading_depth is not None:
            self.headings[-1] += data.strip()
        if self._text_depth is not None:
            self.steps[-1].text = re.sub(r"\s+", " ", self.steps[-1].text + data).strip()


def setup_section(client, token) -> _Setup:
    """The display's setup section, read."""
    parser = _Setup()
    parser.feed(client.get(f"/t/{token}/display").get_data(as_text=True))
    return parser


def guide(client, token) -> list[Step]:
    """The guide's steps as the display shows them."""
    return setup_section(client, token).steps


def ticked(steps) -> list[bool]:
    """Which steps show a tick."""
    return [step.ticked for step in steps]


def seat_everyone(app, token, seats):
    """A phone takes every seat."""
    return [join(app, token, seat, NAMES[seat - 1]) for seat in range(1, seats + 1)]


def assert_one_numbering_with_each_form_in_its_step(section: _Setup):
    """The guide is the setup's only list: no numbered headings, every form inside a step, serving that step."""
    assert section.lists == 1 and not section.loose_forms
    numbered = [text for text in section.headings + [step.words for step in section.steps] if re.match(r"\d+\.", text)]
    assert not numbered
    for step in section.steps:
        assert step.offers <= STEP_OFFERS.get(step.form, set()), (step.form, step.offers)


@pytest.mark.parametrize("seats", [3, 5])
def test_the_guevara_guide_says_what_the_rulebook_does_and_ticks_as_the_table_sets_up(app, client, seats):
    token = open_table(client, "guevara", seats)
    steps = guide(client, token)
    texts = " ".join(step.words for step in steps)
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


def test_each_guevara_form_stands_in_its_step_as_the_table_gets_there(app, client):
    token = open_table(client, "guevara", 3)
    section = setup_section(client, token)
    assert_one_numbering_with_each_form_in_its_step(section)
    # before the rank cards are entered: their form, and the dealer; nothing to deal or start yet
    assert [step.offers for step in section.steps] == [set(), {"setup"}, set(), set(), set(), {"set_dealer"}, set()]
    act(client, token, type="set_profile", **PROFILE)
    section = setup_section(client, token)
    assert_one_numbering_with_each_form_in_its_step(section)
    assert section.steps[2].offers == {"deal", "set_rank"}
    for seat, rank in ((1, "private"), (2, "corporal")):
        act(client, token, type="set_rank", seat=seat, rank=rank)
    assert not guide(client, token)[2].ticked  # Cleo holds no rank yet
    act(client, token, type="set_rank", seat=3, rank="sergeant")
    assert guide(client, token)[2].ticked
    act(client, token, type="set_dealer", seat=3)
    section = setup_section(client, token)
    assert_one_numbering_with_each_form_in_its_step(section)
    assert section.steps[5].ticked and section.steps[6].offers == {"start_game"}


def test_the_dealer_is_chosen_in_the_guide_and_not_twice(client):
    token = open_table(client, "guevara", 3)
    page = client.get(f"/t/{token}/display").get_data(as_text=True)
    assert page.count('data-offer="set_dealer"') == 3  # one per seat, all in the guide's dealer step
    act(client, token, type="set_dealer", seat=2)
    page = client.get(f"/t/{token}/display").get_data(as_text=True)
    assert page.count('data-offer="set_dealer"') == 2


def test_two_players_each_take_a_private(client):
    token = open_table(client, "guevara", 2)
    assert any("each takes a Private card" in step.words for step in guide(client, token))


@pytest.mark.parametrize("game", ["geek", "goth"])
@pytest.mark.parametrize("seats", [3, 5])
def test_a_job_game_guide_ticks_as_the_jobs_are_entered_and_dealt(app, client, game, seats):
    token = open_table(client, game, seats)
    section = setup_section(client, token)
    assert_one_numbering_with_each_form_in_its_step(section)
    steps = section.steps
    texts = " ".join(step.words for step in steps)
    # 001_33843aac75e5d22e.txt, 004_86e669cd97eaea5c.txt: a job card each; the hand size is printed on the job card
    assert "purple job cards" in texts and "as many face down as their job card shows" in texts
    assert ticked(steps) == [False] * 7
    assert steps[1].offers == {"setup"} and steps[2].offers == {"set_job_die"}
    seat_everyone(app, token, seats)
    page = client.get(f"/t/{token}/display").get_data(as_text=True)
    assert act(client, token, type="set_job_profile", **profile_fields(page, {})).status_code == 200
    section = setup_section(client, token)
    assert_one_numbering_with_each_form_in_its_step(section)
    assert ticked(section.steps) == [True, True] + [False] * 5
    assert section.steps[2].offers == {"deal", "set_job", "set_job_die"}
    assert act(client, token, type="deal_jobs").status_code == 200
    assert ticked(guide(client, token))[:3] == [True, True, True]
    assert act(client, token, type="set_dealer", seat=1).status_code == 200
    assert ticked(guide(client, token))[5]


def test_the_guide_gives_way_to_the_first_turn(client):
    token = open_table(client, "guevara", 3)
    act(client, token, type="set_profile", **PROFILE)
    act(client, token, type="deal_ranks")
    act(client, token, type="set_dealer", seat=3)
    assert act(client, token, type="start_game").status_code == 200
    page = client.get(f"/t/{token}/display").get_data(as_text=True)
    assert 'id="setup"' not in page and 'data-testid="turn-player">Seat 1<' in page


@pytest.mark.parametrize("language", ["de", "ru"])
@pytest.mark.parametrize("game", ["guevara", "geek", "goth"])
def test_the_guide_has_no_english_left_on_a_german_or_russian_display(client, game, language):
    english = {step.words for step in guide(client, open_table(client, game, 3))}
    token = open_table(client, game, 3, language=language)
    section = setup_section(client, token)
    steps = section.steps
    assert len(steps) == 7 and not english & {step.words for step in steps}
    assert_one_numbering_with_each_form_in_its_step(section)
    if game == "guevara":
        assert any("8" in step.words for step in steps) and any("5" in step.words for step in steps)


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_the_start_step_says_what_still_keeps_the_game_from_starting(client, language):
    token = open_table(client, "guevara", 3, language=language)
    act(client, token, type="set_profile", **PROFILE)
    act(client, token, type="deal_ranks")
    page = client.get(f"/t/{token}/display").get_data(as_text=True)
    start = page.split('data-step="start"')[1].split("</li>")[0]
    reason = start.split('data-testid="withheld-start_game"')[1].split("</p>")[0]
    assert {"en": "Choose the dealer first", "de": "zuerst den Geber", "ru": "выбери сдающего"}[language] in reason
    assert 'value="start_game"' not in start
    assert "data-seat" not in start.split('data-testid="withheld-start_game"')[0].rsplit("<p", 1)[1]  # the table's
    act(client, token, type="set_dealer", seat=3)
    start = client.get(f"/t/{token}/display").get_data(as_text=True).split('data-step="start"')[1].split("</li>")[0]
    assert "withheld-start_game" not in start and 'name="type" value="start_game"' in start
