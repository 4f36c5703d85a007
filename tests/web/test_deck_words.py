"""The deck page in German and Russian (#33 item 12): a card's facts by their names, never their keys, and its
heading in the reader's language where the catalog knows the card."""

import html as markup
import re

from tests.helpers.http_phones import act, join
from tests.helpers.http_tables import PROFILE


def russian_table_scrounges_a_potato(app):
    display = app.test_client()
    token = (
        display.post("/tables", data={"game": "guevara", "seats": "3", "language": "ru"})
        .headers["Location"]
        .split("/")[2]
    )
    act(display, token, type="set_profile", **PROFILE)
    for seat, rank in ((1, "private"), (2, "corporal"), (3, "sergeant")):
        act(display, token, type="set_rank", seat=seat, rank=rank)
    act(display, token, type="set_dealer", seat=3)
    act(display, token, type="start_game")
    ana = join(app, token, 1, "Ana")
    for phase in ("draw", "roll", "call"):
        assert act(ana, token, type="advance", seat=1, phase=phase, turn=1).status_code == 200
    played = act(
        ana,
        token,
        type="play_card",
        seat=1,
        name="Картошка",
        card_type="thing",
        slack=1,
        cost=1,
        categories="food",
    )
    assert played.status_code == 200, played.get_data(as_text=True)[-400:]
    return display


def deck_page(app, lang):
    reader = app.test_client()
    reader.set_cookie("lang", lang)
    return markup.unescape(reader.get("/decks/guevara").get_data(as_text=True))


def test_a_card_a_russian_table_taught_is_headed_in_the_readers_language(app):
    russian_table_scrounges_a_potato(app)
    german = deck_page(app, "de")
    headings = re.findall(r"<h3>([^<]*)</h3>", german)
    assert "Kartoffel" in headings and not any("(ru)" in heading for heading in headings)
    assert "Картошка" in re.findall(r"<h3>([^<]*)</h3>", deck_page(app, "ru"))


def test_where_a_fact_comes_from_is_said_by_the_facts_name(app):
    russian_table_scrounges_a_potato(app)
    for lang, slack in (("de", "Slack"), ("ru", "Развал")):
        page = deck_page(app, lang)
        card = page.split('data-testid="deck-card"')[1].split("</li>")[0]
        origin = card.split('class="hint">')[2].split("</p>")[0]
        for key in ("slack", "type", "categories", "cost"):
            assert not re.search(rf"\b{key}\b", origin), (lang, origin)
        assert f"{slack} —" in origin, (lang, origin)
