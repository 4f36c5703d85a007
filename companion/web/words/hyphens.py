"""Where a card's name may break on a narrow chip: soft hyphens at its syllables, by the hyphenation dictionaries of
the name's language (pyphen), since phones' browsers hyphenate German and Russian unevenly or not at all."""

from __future__ import annotations

import functools
import re
import threading

import pyphen

SOFT_HYPHEN = "\u00ad"
DICTIONARIES = {"en": "en_GB", "de": "de_DE", "ru": "ru_RU"}
SHORTEST_PART = 2  # the fewest letters on either side of a break: "ar-bei-ten", never "a-r-bei-ten"
_WORD = re.compile(r"[^\W\d_]+")


_LOADED: dict[str, pyphen.Pyphen] = {}


def _dictionary(lang: str) -> pyphen.Pyphen | None:
    """The language's hyphenation dictionary, loaded once (two threads may both load it: harmless)."""
    code = DICTIONARIES.get(lang)
    if code is None:
        return None
    if lang not in _LOADED:
        _LOADED[lang] = pyphen.Pyphen(lang=code, left=SHORTEST_PART, right=SHORTEST_PART)
    return _LOADED[lang]


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
