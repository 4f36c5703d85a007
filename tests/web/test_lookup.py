"""The rules lookup: search in the phone's language, sections by id, and a '?' behind every refusal."""

import re
from pathlib import Path

from companion import rulebook
from companion.rules.engine import JOB_GAME_TOPICS
from companion.rules.games import GOTH_TOPICS, game
from companion.web.words.narrate import PURPOSE_SECTIONS
from tests.helpers.http_phones import act, join

ROOT = Path(__file__).resolve().parents[2]


def test_a_question_finds_its_section_with_the_match_marked(client):
    html = client.get("/rules?q=what+happens+on+a+6+in+a+raid").get_data(as_text=True)
    first = re.search(r'data-section="([^"]+)"', html).group(1)
    assert first.startswith("guevara.raid")
    assert "<mark>" in html


def test_the_search_answers_in_the_phones_language(client):
    html = client.get("/rules?q=Überfall+Wunde", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert 'data-section="guevara.raid' in html
    assert "Regeln" in html


def test_a_section_opens_whole_with_a_way_back(client):
    html = client.get("/rules/guevara.raid.loot?back=/t/abc/seat").get_data(as_text=True)
    assert rulebook.section("en", "guevara.raid.loot").title in html
    assert 'href="/t/abc/seat"' in html


def test_the_way_back_never_leads_to_another_site(client):
    for target in ("https://evil.example/", "//evil.example/", "/\\evil.example"):
        html = client.get("/rules/guevara.goal", query_string={"back": target}).get_data(as_text=True)
        assert f'href="{target}"' not in html
        assert "Back to the game" not in html


def test_an_unknown_section_is_404(client):
    assert client.get("/rules/guevara.nonsense").status_code == 404


def test_a_refusal_links_to_its_rule_and_back_to_the_seat(app, table):
    ana = join(app, table, 1, "Ana")
    html = act(ana, table, type="adjust_slack", seat=1, delta=-1).get_data(as_text=True)
    assert f'href="/rules/guevara.goal?back=/t/{table}/seat"' in html


GOTH_ONLY_TOPICS = {"heartache", "combined"}
JOB_ONLY_TOPICS = {"jobs", "tv", "job_change", "variable_income"}
GUEVARA_ONLY_TOPICS = {"ranks", "promotion", "demotion", "pull_rank", "phase.heal", "raid", "raid.roll", "raid.loot",
                       "denounce", "denounce.revenge",
                       "scrounging"}


def test_every_section_the_app_links_to_exists_in_every_language():
    code = "\n".join(p.read_text() for p in (ROOT / "companion").rglob("*.py"))
    templates = "\n".join(p.read_text() for p in (ROOT / "templates").rglob("*.html"))
    linked = set(re.findall(r'section="([a-z_.]+)"', code))
    job_topics = set(re.findall(r'section\(state, "([a-z_.]+)"\)', code)) | set(JOB_GAME_TOPICS.values())
    for topic in re.findall(r'rules\("([a-z_.]+)"\)', templates):
        if topic in GOTH_ONLY_TOPICS:
            linked.add(f"goth.{topic}")
            continue
        if topic not in JOB_ONLY_TOPICS:
            linked.add(f"guevara.{topic}")
        if topic not in GUEVARA_ONLY_TOPICS:
            job_topics.add(topic)
    for book in ("guevara", "geek", "goth"):
        for purpose in game(book).roll_purposes:
            linked.add(f"{book}.{PURPOSE_SECTIONS[purpose]}")
        linked |= {f"{book}.phase.{phase}" for phase in game(book).phases}
    linked |= {f"geek.{topic}" for topic in job_topics}
    linked |= {f"goth.{GOTH_TOPICS.get(topic, topic)}" for topic in job_topics}
    assert linked, "no links found"
    for lang in rulebook.LANGUAGES:
        for section_id in linked:
            assert rulebook.section(lang, section_id).body


def test_a_roll_links_to_the_rule_for_its_purpose(app, table):
    ana = join(app, table, 1, "Ana")
    for purpose, section in (("raid", "guevara.raid.roll"), ("denounce", "guevara.denounce"),
                             ("get_rid", "guevara.people.get_rid")):
        html = act(ana, table, type="roll_die", seat=1, purpose=purpose, value=3).get_data(as_text=True)
        last_roll = html.split('data-testid="last-roll"')[1].split("</div>")[0]
        assert f'data-section="{section}"' in last_roll
