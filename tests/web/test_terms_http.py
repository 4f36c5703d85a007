"""One word for one thing, in the reader's language: the phase pills, the budget line, the log and the dice panel
use the words of the game's own rules reference, and name jobs and cards as the board does."""

import html
import re

import pytest

from companion import rulebook
from companion.rules import game as game_record
from companion.web.words.help_links import refusal_section
from tests.helpers.http_phones import act, join
from tests.helpers.http_tables import open_table, profile_fields, set_up

JOBS = {"temp": ("1/4", "2", "20"), "slacker": ("2", "3", "25"), "drummer": ("3", "2", "21"),
        "artist": ("1/4", "2", "20"), "poet": ("1", "3", "21")}
LOG_MOVES_ON = {"en": "moves on to {}", "de": "geht weiter zu {}", "ru": "переходит к фазе «{}»"}
FIRST_JOBS = {"geek": ("temp", "slacker"), "goth": ("artist", "poet")}


def rules_text(game: str, lang: str) -> str:
    """One game's rules reference in one language, as the '?' links open it."""
    return "\n".join(f"{s.title}\n{s.body}" for s in rulebook.sections(lang) if s.id.split(".")[0] == game)


def start_job_game(app, client, game: str, language: str = "en") -> tuple[str, list]:
    """A two-seat Chez Geek or Chez Goth table whose profile the display entered in English; seat 1 starts."""
    token = open_table(client, game, seats=2, language=language)
    client.set_cookie("lang", "en")
    page = client.get(f"/t/{token}/display").get_data(as_text=True)
    assert act(client, token, type="set_job_profile", **profile_fields(page, JOBS)).status_code == 200
    phones = [join(app, token, 1, "Ana"), join(app, token, 2, "Ben")]
    for phone, seat, job in zip(phones, (1, 2), FIRST_JOBS[game]):
        assert act(phone, token, type="set_job", seat=seat, job=job).status_code == 200
    act(client, token, type="set_dealer", seat=2)
    assert act(client, token, type="start_game").status_code == 200
    return token, phones


def start_game(app, client, game: str) -> tuple[str, list]:
    """A started game of Chez Guevara, Chez Geek or Chez Goth, with two phones."""
    if game != "guevara":
        return start_job_game(app, client, game)
    token = open_table(client, "guevara", seats=4)
    phones = list(set_up(app, client, token))
    assert act(client, token, type="start_game").status_code == 200
    return token, phones


def shown(page: str, pattern: str) -> list[str]:
    """The texts a pattern's group finds in a page, unescaped and stripped."""
    return [html.unescape(text).strip() for text in re.findall(pattern, page, re.S)]


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
@pytest.mark.parametrize("game", ["guevara", "geek", "goth"])
def test_phase_pills_log_and_budget_line_use_the_words_of_the_games_rules_reference(app, client, game, lang):
    token, (ana, _ben) = start_game(app, client, game)
    for phase in ("draw", "roll"):  # on to Call People
        assert act(ana, token, type="advance", seat=1, phase=phase, turn=1).status_code == 200
    client.post("/language", data={"lang": lang})
    page = client.get(f"/t/{token}/display").get_data(as_text=True)
    reference = rules_text(game, lang).casefold()
    pills = shown(page, r'<ol class="phase-track">(.*?)</ol>')[0]
    words = shown(pills, r"<li[^>]*>(.*?)</li>")
    assert len(words) == (6 if game == "guevara" else 5)
    assert [w for w in words if w.casefold() not in reference] == []
    call = words[2]
    assert shown(page, r'data-testid="turn-phase">(.*?)<') == [call]
    assert LOG_MOVES_ON[lang].format(call) in page  # the log's line for the phase
    for testid in ("income-left", "free-time-left"):
        label = re.match(r"\w+", shown(page, rf'data-testid="{testid}">(.*?)<')[0]).group()
        assert label.casefold() in reference, (testid, label)


def test_a_german_display_names_the_jobs_die_roll_as_its_board_does(app, client):
    token, _phones = start_job_game(app, client, "geek")  # the profile was entered in English: "Temp"
    client.post("/language", data={"lang": "de"})
    page = client.get(f"/t/{token}/display").get_data(as_text=True)
    log = page.split('<ol class="log">')[1].split("</ol>")[0]
    assert "Zeitarbeiter" in shown(page, r'data-testid="last-roll">(.*?)</div>')[0]
    assert "— Zeitarbeiter" in log and "Temp" not in log


def test_a_russian_phone_names_a_card_typed_in_german_as_the_russian_edition_does(app, client):
    token, (ana, ben) = start_job_game(app, client, "geek")
    for phase in ("draw", "roll", "call"):  # on to Free Time
        assert act(ana, token, type="advance", seat=1, phase=phase, turn=1).status_code == 200
    response = act(ana, token, type="play_card", seat=1, name="Schlafen", card_type="activity", slack="1")
    assert response.status_code == 200
    ben.post("/language", data={"lang": "ru"})
    page = ben.get(f"/t/{token}/seat").get_data(as_text=True)
    shown_names = re.sub(r"<datalist.*?</datalist>", "", page, flags=re.S)  # typing may match any edition's name
    assert "Сон" in shown_names and "Sleep" not in shown_names


@pytest.mark.parametrize("table_lang, card", [("de", "Neuer Job"), ("ru", "Neuer Job"), ("en", "New Job")])
def test_a_russian_phone_names_the_job_change_card_as_the_tables_edition_does(app, client, table_lang, card):
    token, (ana, _ben) = start_job_game(app, client, "geek", table_lang)
    ana.post("/language", data={"lang": "ru"})
    assert act(ana, token, type="change_job", seat=1, why="new_job", job="drummer").status_code == 200
    page = ana.get(f"/t/{token}/seat").get_data(as_text=True)
    # No Russian edition: the table's edition names it (docs/terms.md); the rules reference names the German one.
    assert "Neuer Job" in rules_text("geek", "ru")
    log = page.split('<ol class="log">')[1].split("</ol>")[0]
    assert f"«{card}»" in log and "«Новая работа»" not in log
    assert f'<option value="new_job">{card}</option>' in page


@pytest.mark.parametrize("game, call, person", [("geek", "звонок гостю", "Гость"),
                                                ("guevara", "призыв товарища", "Товарищ")])
def test_a_russian_phone_names_rolls_and_people_in_the_games_own_words(app, client, game, call, person):
    token, (ana, _ben) = start_game(app, client, game)
    for phase in ("draw", "roll"):  # on to Call People
        assert act(ana, token, type="advance", seat=1, phase=phase, turn=1).status_code == 200
    response = act(ana, token, type="play_card", seat=1, name="Drunken Oaf" if game == "geek" else "Gordo",
                   card_type="person", slack=0)
    assert response.status_code == 200, response.get_data(as_text=True)[-3000:]
    ana.post("/language", data={"lang": "ru"})
    page = ana.get(f"/t/{token}/seat").get_data(as_text=True)
    assert f'<option value="call">{call}</option>' in page
    assert f'class="card-facts">{person}' in page
    assert person.casefold()[:4] in rules_text(game, "ru").casefold()


@pytest.mark.parametrize("game, word, not_word, rule", [("geek", "доход", "жалован", "geek.jobs"),
                                                        ("guevara", "жалован", "доход", "guevara.income")])
def test_a_russian_refusal_about_income_uses_the_games_word_and_rules(app, client, game, word, not_word, rule):
    token, (ana, _ben) = start_game(app, client, game)
    ana.post("/language", data={"lang": "ru"})
    for phase in ("draw", "roll", "call"):  # on to Free Time
        assert act(ana, token, type="advance", seat=1, phase=phase, turn=1).status_code == 200
    before = ana.get(f"/t/{token}/version").get_json()["version"]
    refusals = [act(ana, token, type="budget_card", seat=1, name="Lucky 7", income=-10),
                act(ana, token, type="play_card", seat=1, name="Yacht", card_type="thing", slack=1, cost=9)]
    for response in refusals:
        assert response.status_code == 409, response.status_code
        refusal = re.search(r'<p class="error".*?</p>', response.get_data(as_text=True), re.S)[0]
        said = html.unescape(re.search(r'>(.*?)<', refusal, re.S)[1])
        assert word in said.casefold() and not_word not in said.casefold(), said
        assert f'data-section="{rule}"' in refusal  # its "?" opens the game's own rule
    assert ana.get(f"/t/{token}/version").get_json()["version"] == before


@pytest.mark.parametrize("game, section, shown", [
    ("geek", "guevara.scrounging", "geek.shopping"), ("goth", "guevara.pests", "goth.people.uninvited"),
    ("geekgoth", "guevara.phase.freetime", "goth.phase.freetime"), ("geek", "guevara.raid", "guevara.raid"),
    ("guevara", "guevara.income", "guevara.income"), ("geek", None, None)])
def test_a_refusals_rule_link_opens_the_tables_own_rulebook_where_it_has_the_rule(game, section, shown):
    assert refusal_section(section, game_record(game)) == shown
