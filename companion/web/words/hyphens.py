"""Where a card's name may break on a narrow chip: soft hyphens at its syllables, by the hyphenation dictionaries of
the name's language (pyphen), since phones' browsers hyphenate German and Russian unevenly or not at all."""

from __future__ import annotations

import functools
import io
import re
import threading
from collections import Counter
from pathlib import Path

import pyphen

SOFT_HYPHEN = "\u00ad"
DICTIONARIES = {"en": "en_GB", "de": "de_DE", "ru": "ru_RU"}
SHORTEST_PART = 2  # the fewest letters on either side of a break: "ar-bei-ten", never "a-r-bei-ten"
_WORD = re.compile(r"[^\W\d_]+")


_LOADED: dict[str, pyphen.Pyphen] = {}
_LOADING = {lang: threading.Lock() for lang in DICTIONARIES}


def _dictionary(lang: str) -> pyphen.Pyphen | None:
    """The language's hyphenation dictionary, loaded once: a thread that asks while another loads it waits for that
    one (the page's warm-up and the first requests in other languages used to read the German file side by side)."""
    code = DICTIONARIES.get(lang)
    if code is None:
        return None
    if lang not in _LOADED:
        with _LOADING[lang]:
            if lang not in _LOADED:
                path = pyphen.LANGUAGES[code]
                if path not in pyphen.hdcache:
                    pyphen.hdcache[path] = _patterns_read_when_asked(Path(path))
                _LOADED[lang] = pyphen.Pyphen(lang=code, left=SHORTEST_PART, right=SHORTEST_PART)
    return _LOADED[lang]


class _LinesOf:
    """A hyphenation file cut down to some of its patterns, as pyphen reads a file (its first line the encoding)."""

    def __init__(self, encoding: str, lines: list[str]):
        self.encoding, self.lines = encoding, lines

    def open(self, _mode: str) -> io.BytesIO:
        return io.BytesIO(self.encoding.encode() + b"\n")

    def read_text(self, _encoding: str) -> str:
        return "\n".join([self.encoding, *self.lines])


class _PatternsWhenAsked(dict):
    """A hyphenation file's patterns, each parsed by pyphen itself the first time a word looks it up: parsing the
    whole German file at once was the costliest part of a new server process's first page. `single` holds the line
    of letters only one line has, `several` the lines, in the file's order, of letters more lines share."""

    def __init__(self, encoding: str, single: dict[str, str], several: dict[str, list[str]]):
        super().__init__()
        self.encoding, self.single, self.several = encoding, single, several
        self._parsing = threading.Lock()  # another request's thread must not miss a pattern being parsed

    def unread(self) -> list[str]:
        """The letters of every pattern not yet parsed."""
        return [*self.single, *self.several]

    def get(self, key, default=None):
        with self._parsing:
            line = self.single.pop(key, None)
            lines = [line] if line is not None else self.several.pop(key, None)
            if lines is not None:
                try:
                    self.update(pyphen.HyphDict(_LinesOf(self.encoding, lines)).patterns)
                except ValueError:  # pyphen finds no pattern in lines of only zeros (and says so)
                    pass
        return super().get(key, default)


def _patterns_read_when_asked(path: Path) -> pyphen.HyphDict:
    """Pyphen's dictionary of the file at `path`, its lines found by their letters (a pattern's key) up front and
    each parsed only when asked for."""
    head, _, body = path.read_bytes().partition(b"\n")
    encoding = head.decode().strip()
    codec = "cp1251" if encoding.lower() == "microsoft-cp1251" else encoding
    # A digit is the same byte in every encoding these files use, and no other letter's: the letters of every line
    # come from one pass over the bytes, not one per line.
    letters = body.translate(None, b"0123456789").decode(codec).split("\n")
    lines = [(key.strip(), line) for text, key in zip(body.decode(codec).split("\n"), letters)
             if (line := text.strip()) and not line.startswith(pyphen.ignored)]
    single = dict(lines)
    several: dict[str, list[str]] = {}
    if len(single) < len(lines):
        counts = Counter(key for key, _line in lines)
        for key, line in lines:
            if counts[key] > 1:
                several.setdefault(key, []).append(line)
        for key in several:
            del single[key]
    dictionary = pyphen.HyphDict.__new__(pyphen.HyphDict)
    dictionary.patterns, dictionary.cache = _PatternsWhenAsked(encoding, single, several), {}
    dictionary.maxlen = max(map(len, [*single, *several]))
    return dictionary


def warm(*langs: str) -> None:
    """Load these languages' dictionaries beside the request that shows a page's card forms (German's is large to
    read), so that page's first card chip does not wait for it."""
    cold = [lang for lang in dict.fromkeys(langs) if lang in DICTIONARIES and lang not in _LOADED]
    if cold:
        threading.Thread(target=lambda: [_dictionary(lang) for lang in cold], daemon=True).start()


@functools.lru_cache(maxsize=4096)
def hyphenated(name: str, lang: str) -> str:
    """The name with a soft hyphen where each of its words may break (none where its language has no dictionary)."""
    dictionary = _dictionary(lang)
    if dictionary is None:
        return name
    return _WORD.sub(lambda word: _breaks(dictionary, word.group()), name)


def _breaks(dictionary: pyphen.Pyphen, word: str) -> str:
    """One word with its soft hyphens, none that would leave fewer than SHORTEST_PART letters between two."""
    kept, last = [], 0
    for place in dictionary.positions(word):
        if place - last >= SHORTEST_PART and len(word) - place >= SHORTEST_PART:
            kept.append(place)
            last = place
    parts = [word[start:end] for start, end in zip([0, *kept], [*kept, len(word)])]
    return SOFT_HYPHEN.join(parts)
