"""The rules page opened from a table (#33 item 13): that table's game is chosen and answers first."""

import re

from tests.helpers.http_phones import join
from tests.helpers.http_tables import open_table


def answers(html):
    return re.findall(r'<article class="card rule" data-section="([^"]+)"', html)


def test_a_seats_rules_link_opens_the_tables_game_and_searches_it_first(app, client):
    token = open_table(client, "geek")
    ana = join(app, token, 1, "Ana")
    seat = ana.get(f"/t/{token}/seat").get_data(as_text=True)
    link = re.search(r'class="rules-link" href="([^"]+)"', seat).group(1).replace("&amp;", "&")
    page = ana.get(link).get_data(as_text=True)
    assert '<option value="geek" selected>' in page
    found = answers(ana.get(link + "&q=hand+limit").get_data(as_text=True))
    assert found[0] == "geek.phase.discard"
    games = [section.split(".")[0] for section in found]
    assert games == sorted(
        games, key=lambda game: game != "geek"
    )  # the table's game's answers before the rest


def test_russian_and_german_players_words_for_a_raid_find_the_raid(app, client, table):
    ana = join(app, table, 1, "Ana")  # a phone speaks its own language at an English table (its display the table's)
    for lang, word in (("ru", "рейд"), ("de", "Razzia")):
        html = ana.get(f"/rules?q={word}&back=/t/{table}/seat", headers={"Accept-Language": lang})
        assert answers(html.get_data(as_text=True))[0] == "guevara.raid"


def test_all_games_stays_a_choice_and_another_table_is_not_guessed(app, client, table):
    html = client.get(f"/rules?q=hand+limit&game=&back=/t/{table}/display").get_data(as_text=True)
    assert '<option value="">' in html and '"guevara" selected' not in html
    html = client.get("/rules?q=hand+limit&back=/t/notatokenatallxxxxxxxx/seat").get_data(as_text=True)
    assert '"guevara" selected' not in html and answers(html)
