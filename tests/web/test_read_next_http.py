"""A rules section, and the search's first answer, link the sections a player reads next (#61 item 3)."""
import re

import pytest

from companion.rulebook import section

READ_NEXT = re.compile(r'<nav class="read-next hint"[^>]*>([^<]*)(.*?)</nav>', re.S)
LINK = re.compile(r'<a href="([^"]+)" data-read-next="([^"]+)">([^<]+)</a>')
ANSWER = re.compile(r'<article class="card rule" data-section="([^"]+)"')
HEADING = {"en": "Read next:", "de": "Als Nächstes lesen:", "ru": "Читать дальше:"}


def read_next(html):
    """The lead-in and the (target, text) links of each 'read next' line on a page."""
    return [(lead.strip(), [(target, text) for _href, target, text in LINK.findall(links)])
            for lead, links in READ_NEXT.findall(html)]


def page(client, path, lang="en"):
    response = client.get(path, headers={"Accept-Language": lang})
    assert response.status_code == 200
    return response.get_data(as_text=True)


@pytest.mark.parametrize(("section_id", "wanted"), [
    ("guevara.cancel", {"guevara.categories"}),
    ("guevara.scrounging", {"guevara.income"}),
    ("guevara.raid", {"guevara.raid.loot", "guevara.wounds"}),
])
def test_a_section_links_what_a_player_needs_next_in_their_language(client, section_id, wanted):
    for lang, heading in HEADING.items():
        [(lead, links)] = read_next(page(client, f"/rules/{section_id}", lang))
        assert lead == heading
        assert wanted <= {target for target, _text in links}
        assert all(text == section(lang, target).title for target, text in links), (lang, links)


def test_a_link_to_read_next_keeps_the_way_back_to_the_table(client, table):
    html = page(client, f"/rules/guevara.raid?back=/t/{table}/seat")
    hrefs = [href for href, target, _text in LINK.findall(html) if target == "guevara.raid.loot"]
    assert hrefs and f"back=/t/{table}/seat" in hrefs[0].replace("%2F", "/")
    assert f"/t/{table}/seat" in page(client, hrefs[0].replace("&amp;", "&"))


@pytest.mark.parametrize(("lang", "question"), [("en", "raid"), ("de", "Überfall"), ("ru", "налёт")])
def test_the_first_search_answer_shows_its_related_sections_and_no_other_does(client, lang, question):
    html = page(client, f"/rules?q={question}&game=guevara", lang)
    answers = ANSWER.findall(html)
    assert answers[0] == "guevara.raid" and len(answers) > 1
    [(lead, links)] = read_next(html)
    assert lead == HEADING[lang]
    assert {"guevara.raid.loot", "guevara.wounds"} <= {target for target, _text in links}
    assert all(text == section(lang, target).title for target, text in links)
    first, *others = html.split('data-section="')[1:]
    assert "read-next" in first and not any("read-next" in other for other in others)
