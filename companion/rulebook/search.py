"""Offline full-text search over the rules reference, in the reader's language.

Every section is indexed in SQLite FTS5 as snowball stems, so "Überfälle" finds "Überfall" and
"налёта" finds "налёт". Query words the index has never seen are corrected against the words of
the reference through a second FTS5 table with the trigram tokenizer, which tolerates small typos.
Candidates come from bm25 (title weighted higher) and are re-ranked by how many of the question's
words they answer.
"""
from __future__ import annotations

import bisect
import functools
import html
import re
import sqlite3
import threading
from dataclasses import dataclass

import snowballstemmer
import sqlite_utils

from . import LANGUAGES, Section, section, sections
from .stopwords import STOPWORDS
from .synonyms import SYNONYMS

STEMMER_NAMES = {"en": "english", "de": "german", "ru": "russian"}
NUMBER_WORDS = {
    "en": {"2": "two", "3": "three", "4": "four", "5": "five", "6": "six"},
    "de": {"2": "zwei", "3": "drei", "4": "vier", "5": "fünf", "6": "sechs sechser"},
    "ru": {"2": "два двое", "3": "три трое", "4": "четыре четверо", "5": "пять пятерка впятером",
           "6": "шесть шестерка"},
}
TITLE_WEIGHT, BODY_WEIGHT, KEYWORD_WEIGHT = 4.0, 1.0, 2.0
QUICK_WEIGHT = 0.6  # the quick reference mentions everything briefly: a full section answers better
MAX_QUERY_WORDS = 12
MAX_WORD_LENGTH = 40
MIN_CANDIDATES = 40
MIN_PREFIX_LENGTH = 4
WORD = re.compile(r"\w+")

_stemmers = threading.local()


@dataclass(frozen=True)
class Hit:
    """One search result: the section, its relevance and its text with the matches marked."""

    section: Section
    score: float
    highlighted_title: str
    highlighted_body: str


@dataclass(frozen=True)
class _Term:
    """One index term: a stem, optionally matched as a prefix (for compounds and inflections)."""

    stem: str
    prefix: bool

    def fts(self) -> str:
        """The term in FTS5 query syntax."""
        return f'"{self.stem}"*' if self.prefix else f'"{self.stem}"'


def _normalize(word: str) -> str:
    """Lower-case a word and fold the Russian ё into е."""
    return word.lower().replace("ё", "е")


@functools.lru_cache(maxsize=50_000)
def stem(word: str, lang: str) -> str:
    """The snowball stem of one word (stemmers keep state, so each thread has its own)."""
    stemmers = getattr(_stemmers, "by_lang", None)
    if stemmers is None:
        stemmers = {code: snowballstemmer.stemmer(name) for code, name in STEMMER_NAMES.items()}
        _stemmers.by_lang = stemmers
    return stemmers[lang].stemWord(_normalize(word))


def _stems(text: str, lang: str) -> str:
    """The text as space-separated stems, the form the index stores."""
    return " ".join(stem(word, lang) for word in WORD.findall(text))


def _edit_distance(a: str, b: str) -> int:
    """Levenshtein distance between two short strings."""
    previous = list(range(len(b) + 1))
    for i, char_a in enumerate(a, 1):
        current = [i]
        for j, char_b in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (char_a != char_b)))
        previous = current
    return previous[-1]


def _allowed_typos(word: str) -> int:
    """How many edits a query word of this length may be away from a word of the reference."""
    return 0 if len(word) < 4 else 1 if len(word) < 7 else 2


def _has_prefix(sorted_stems: list[str], prefix: str) -> bool:
    """Whether any stem in the sorted list starts with the prefix."""
    i = bisect.bisect_left(sorted_stems, prefix)
    return i < len(sorted_stems) and sorted_stems[i].startswith(prefix)


def _is_stem(sorted_stems: list[str], candidate: str) -> bool:
    """Whether the sorted list holds exactly this stem."""
    i = bisect.bisect_left(sorted_stems, candidate)
    return i < len(sorted_stems) and sorted_stems[i] == candidate


def _synonyms(lang: str) -> dict[str, set[str]]:
    """Stems that mean the same number: the digit and its words, in both directions."""
    groups: dict[str, set[str]] = {}
    for digit, words in NUMBER_WORDS[lang].items():
        group = {digit} | {stem(w, lang) for w in words.split()}
        for member in group:
            groups[member] = group
    return groups


def _players_words(lang: str) -> tuple[dict[str, list[str]], dict[tuple[str, str], list[str]]]:
    """The players' words of a language: single words by stem, two-word phrases by their words."""
    words: dict[str, list[str]] = {}
    phrases: dict[tuple[str, str], list[str]] = {}
    for said, meant in SYNONYMS[lang].items():
        targets = [_normalize(word) for word in WORD.findall(meant)]
        parts = [_normalize(word) for word in WORD.findall(said)]
        if len(parts) == 2:
            phrases[(parts[0], parts[1])] = targets
        else:
            words.setdefault(stem(parts[0], lang), []).extend(targets)
    return words, phrases


class _Language:
    """The searchable data of one language: stems per section, vocabulary, number synonyms, players' words."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.stop = frozenset(_normalize(w) for w in STOPWORDS[lang])
        self.synonyms = _synonyms(lang)
        self.players_words, self.players_phrases = _players_words(lang)
        self.section_stems: dict[str, list[str]] = {}
        self.words: dict[str, str] = {}
        for sec in sections(lang):
            found = WORD.findall(sec.title + "\n" + sec.body + "\n" + sec.keywords)
            for word in found:
                self.words.setdefault(_normalize(word), stem(word, lang))
            self.section_stems[sec.id] = sorted({stem(word, lang) for word in found})
        self.vocabulary = sorted(set(self.words.values()))


class _Index:
    """An in-memory SQLite database with a stem index and a trigram word list per language."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._db = sqlite_utils.Database(sqlite3.connect(":memory:", check_same_thread=False))
        self._languages = {lang: _Language(lang) for lang in LANGUAGES}
        for lang in LANGUAGES:
            self._build(lang)

    def _build(self, lang: str) -> None:
        """Index one language's sections and its word list."""
        rows = [{"id": sec.id, "game": sec.game, "title_terms": _stems(sec.title, lang),
                 "body_terms": _stems(sec.body, lang), "keyword_terms": _stems(sec.keywords, lang)}
                for sec in sections(lang)]
        table = self._db.table(f"sections_{lang}")
        table.insert_all(rows, pk="id")
        table.enable_fts(["title_terms", "body_terms", "keyword_terms"], tokenize="unicode61 remove_diacritics 2")
        words = self._db.table(f"words_{lang}")
        words.insert_all(({"word": w} for w in sorted(self._languages[lang].words)), pk="word")
        words.enable_fts(["word"], tokenize="trigram")

    def query_groups(self, query: str, lang: str) -> list[list[_Term]]:
        """Turn a typed question into groups of index terms, one group per meaningful word (or players' phrase);
        a players' word also searches for the rulebook's words it stands for."""
        data = self._languages[lang]
        said = [_normalize(w) for w in WORD.findall(query)][:4 * MAX_QUERY_WORDS]
        units: list[tuple[list[str], list[str]]] = []  # (the question's words, the rulebook's words they mean)
        i = 0
        while i < len(said):
            pair = tuple(said[i:i + 2])
            if pair in data.players_phrases:
                units.append(([w for w in pair if w not in data.stop], data.players_phrases[pair]))
                i += 2
                continue
            word = said[i]
            if word not in data.stop and (len(word) > 1 or word.isdigit()) and len(word) <= MAX_WORD_LENGTH:
                units.append(([word], data.players_words.get(stem(word, lang), [])))
            i += 1
        groups: list[list[_Term]] = []
        for words, meant in units[:MAX_QUERY_WORDS]:
            group = list(dict.fromkeys(term for word in [*words, *meant] for term in self._terms_for(word, data)))
            if group and group not in groups:
                groups.append(group)
        return groups

    def _terms_for(self, word: str, data: _Language) -> list[_Term]:
        """Index terms for one query word: its stem (or a corrected spelling) plus number synonyms."""
        stemmed = stem(word, data.lang)
        if stemmed in data.synonyms:
            return [_Term(s, False) for s in sorted(data.synonyms[stemmed]) if _is_stem(data.vocabulary, s)]
        prefix = len(stemmed) >= MIN_PREFIX_LENGTH
        if _has_prefix(data.vocabulary, stemmed) if prefix else _is_stem(data.vocabulary, stemmed):
            return [_Term(stemmed, prefix)]
        return [_Term(s, False) for s in self._corrections(word, data)]

    def _corrections(self, word: str, data: _Language) -> list[str]:
        """Stems of the reference words closest to a misspelled word, found through shared trigrams."""
        allowed = _allowed_typos(word)
        if not allowed:
            return []
        trigrams = sorted({word[i:i + 3] for i in range(len(word) - 2)})
        expression = " OR ".join(f'"{t}"' for t in trigrams)
        table = f"words_{data.lang}_fts"
        sql = f"SELECT word FROM {table} WHERE {table} MATCH ? ORDER BY rank LIMIT 50"
        with self._lock:
            rows = self._db.execute(sql, [expression]).fetchall()
        scored = sorted((_edit_distance(word, candidate), candidate) for (candidate,) in rows)
        best = [(d, candidate) for d, candidate in scored if d <= allowed]
        if not best:
            return []
        return list(dict.fromkeys(data.words[c] for d, c in best if d == best[0][0]))[:3]

    def ranked(self, groups: list[list[_Term]], lang: str, game: str | None,
               limit: int) -> list[tuple[str, float]]:
        """Section ids with relevance: bm25 candidates re-ranked by the share of query words covered."""
        expression = " OR ".join(term.fts() for group in groups for term in group)
        sql = (f"SELECT s.id, bm25(sections_{lang}_fts, ?, ?, ?) AS rank "
               f"FROM sections_{lang}_fts JOIN sections_{lang} s ON s.rowid = sections_{lang}_fts.rowid "
               f"WHERE sections_{lang}_fts MATCH ? AND (? IS NULL OR s.game = ?) ORDER BY rank LIMIT ?")
        candidates = max(limit * 4, MIN_CANDIDATES)
        with self._lock:
            rows = self._db.execute(sql, [TITLE_WEIGHT, BODY_WEIGHT, KEYWORD_WEIGHT, expression, game, game,
                                          candidates]).fetchall()
        section_stems = self._languages[lang].section_stems
        scored = [(sec_id, -rank * self._coverage(groups, section_stems[sec_id])
                   * (QUICK_WEIGHT if sec_id.endswith(".quick") else 1.0)) for sec_id, rank in rows]
        scored.sort(key=lambda item: item[1], reverse=True)
        return scored[:limit]

    @staticmethod
    def _coverage(groups: list[list[_Term]], sorted_stems: list[str]) -> float:
        """The share of query words a section contains, so answers to the whole question rank first."""
        def found(term: _Term) -> bool:
            return (_has_prefix if term.prefix else _is_stem)(sorted_stems, term.stem)
        return sum(any(found(t) for t in group) for group in groups) / len(groups)


_index: _Index | None = None
_index_lock = threading.Lock()


def _get_index() -> _Index:
    """The process-wide index, built on first use."""
    global _index
    if _index is None:
        with _index_lock:
            if _index is None:
                _index = _Index()
    return _index


def build_index() -> None:
    """Build the search index now instead of on the first query."""
    _get_index()


@functools.lru_cache(maxsize=8192)
def _words_with_stems(text: str, lang: str) -> tuple[tuple[int, int, str], ...]:
    """Each word of a text as (start, end, stem); the rulebook's texts never change, so this is kept."""
    return tuple((match.start(), match.end(), stem(match.group(), lang)) for match in WORD.finditer(text))


def highlight(text: str, terms: list[_Term], lang: str) -> str:
    """The text HTML-escaped, with every word that matches a term wrapped in <mark>."""
    out: list[str] = []
    position = 0
    exact = {term.stem for term in terms if not term.prefix}
    prefixes = tuple(term.stem for term in terms if term.prefix)
    for start, end, word_stem in _words_with_stems(text, lang):
        if word_stem in exact or word_stem.startswith(prefixes):
            out.append(html.escape(text[position:start]))
            out.append(f"<mark>{html.escape(text[start:end])}</mark>")
            position = end
    out.append(html.escape(text[position:]))
    return "".join(out)


def search(query: str, lang: str, game: str | None = None, limit: int = 10, first: str | None = None) -> list[Hit]:
    """Sections answering a typed question, best first; [] for empty or meaningless queries.

    `game` keeps to one rulebook; `first` puts one rulebook's answers (the table's game) before the others'.
    """
    if lang not in LANGUAGES or not isinstance(query, str) or limit <= 0:
        return []
    index = _get_index()
    groups = index.query_groups(query, lang)
    if not groups:
        return []
    terms = [term for group in groups for term in group]
    ranked = index.ranked(groups, lang, game, limit)
    if first is not None and game is None:
        own = index.ranked(groups, lang, first, limit)
        taken = {sec_id for sec_id, _score in own}
        ranked = (own + [item for item in ranked if item[0] not in taken])[:limit]
    hits = []
    for sec_id, score in ranked:
        sec = section(lang, sec_id)
        hits.append(Hit(sec, score, highlight(sec.title, terms, lang), highlight(sec.body, terms, lang)))
    return hits
