"""Offline search over the rules reference: players' questions find the section that answers them."""
import html
import re
import threading

import pytest

from companion.rulebook import LANGUAGES, sections
from companion.rulebook.search import build_index, search, stem
from companion.rulebook.stopwords import STOPWORDS
from tests.helpers.rulebook_questions import QUESTIONS
from tests.helpers.section_questions import section_cases

STOP = {lang: {stem(word, lang) for word in words} for lang, words in STOPWORDS.items()}
CASES = [(lang, query, game, expected)
         for lang, items in QUESTIONS.items() for query, game, expected in items]


def test_every_language_has_at_least_ten_questions():
    for lang in LANGUAGES:
        assert len(QUESTIONS[lang]) >= 10


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_section_has_two_player_questions_not_made_of_its_title(lang):
    """#17 item 27: each section of each rulebook is asked about at least twice in every language."""
    asked: dict[str, list[str]] = {}
    for query, _game, expected in section_cases(lang):
        asked.setdefault(expected, []).append(query)
    for sec in sections(lang):
        assert len(asked.get(sec.id, [])) >= 2, sec.id
        title = {stem(word, lang) for word in re.findall(r"\w+", sec.title)}
        for query in asked[sec.id]:
            words = {stem(word, lang) for word in re.findall(r"\w+", query)} - STOP[lang]
            assert words - title, f"{query!r} only repeats the title of {sec.id}"


def test_discard_hand_size_and_trading_questions_find_their_sections():
    """#17 item 27: the questions players asked at the table and did not get an answer to."""
    for lang, query, expected in [("en", "what is the hand size limit", "guevara.phase.discard"),
                                  ("en", "can I trade cards with another player?", "guevara.life_cards"),
                                  ("de", "Darf ich mit anderen Spielern Karten tauschen?", "guevara.life_cards"),
                                  ("ru", "Можно ли отдать карту другу?", "guevara.life_cards"),
                                  ("de", "Wie groß darf meine Hand sein?", "guevara.phase.discard")]:
        assert expected in [hit.section.id for hit in search(query, lang, game="guevara", limit=3)], query


@pytest.mark.parametrize("lang, query, game, expected", CASES)
def test_question_finds_its_section_in_the_top_three(lang, query, game, expected):
    found = [hit.section.id for hit in search(query, lang, game=game, limit=3)]
    assert expected in found, f"{query!r} -> {found}"


@pytest.mark.parametrize("query", ["", "   ", "???", "!!! ...", "xyzzy qwrtzp", "\x00", "a" * 5000])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_empty_or_meaningless_queries_return_nothing(query, lang):
    assert search(query, lang) == []


@pytest.mark.parametrize("lang, query", [("en", "what is the?"), ("de", "Was ist das?"), ("ru", "Что это?")])
def test_questions_made_only_of_stop_words_return_nothing(lang, query):
    assert search(query, lang) == []


def test_fts_syntax_in_a_query_is_harmless():
    for query in ['raid" OR *', "NEAR(raid loot)", "title_terms:raid", "raid AND NOT loot", "^raid -loot"]:
        assert isinstance(search(query, "en"), list)


def test_unknown_language_or_bad_limit_returns_nothing():
    assert search("raid", "fr") == []
    assert search("raid", "en", limit=0) == []


def test_game_filter_keeps_to_one_game():
    hits = search("cancel", "en", game="geek")
    assert hits and all(hit.section.game == "geek" for hit in hits)


def test_results_are_sorted_by_score():
    scores = [hit.score for hit in search("raid loot wound", "en")]
    assert scores == sorted(scores, reverse=True)


def test_highlighting_marks_matches_in_title_and_body():
    hit = search("Überfall", "de", game="guevara")[0]
    assert "<mark>" in hit.highlighted_title + hit.highlighted_body
    assert re.search(r"<mark>Überf", hit.highlighted_body)


def _strip_marks(markup: str) -> str:
    return markup.replace("<mark>", "").replace("</mark>", "")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_highlighting_escapes_everything_but_the_marks(lang):
    for hit in search("<script>alert(1)</script> raid 6 & loot налёт Überfall", lang, limit=10):
        pairs = ((hit.highlighted_title, hit.section.title), (hit.highlighted_body, hit.section.body))
        for markup, text in pairs:
            plain = _strip_marks(markup)
            assert "<" not in plain and ">" not in plain
            assert html.unescape(plain) == text


def test_highlight_escapes_html_in_the_text():
    from companion.rulebook.search import _Term, highlight
    marked = highlight('<b>Raid</b> & "loot" <script>', [_Term("raid", False)], "en")
    assert marked == '&lt;b&gt;<mark>Raid</mark>&lt;/b&gt; &amp; &quot;loot&quot; &lt;script&gt;'


def test_search_is_safe_from_many_threads():
    build_index()
    expected = {(lang, query, game): [h.section.id for h in search(query, lang, game)]
                for lang, query, game, _ in CASES}
    errors: list[BaseException] = []

    def worker():
        try:
            for (lang, query, game), ids in expected.items():
                assert [h.section.id for h in search(query, lang, game)] == ids
        except BaseException as error:  # noqa: BLE001 - reported to the main thread
            errors.append(error)

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors[0]
