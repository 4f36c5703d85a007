"""The gettext catalogs (en/de/ru), read with Babel straight from their .po files."""

from __future__ import annotations

import functools
import io
from pathlib import Path

from babel.messages import mofile, pofile
from babel.support import NullTranslations, Translations

LANGUAGES = {"en": "English", "de": "Deutsch", "ru": "Русский"}
CODES = tuple(LANGUAGES)
CATALOGS = Path(__file__).parent


@functools.cache
def translations(lang: str) -> NullTranslations:
    """The compiled catalog for a language (English is the source text)."""
    po = CATALOGS / lang / "LC_MESSAGES" / "messages.po"
    if lang == "en" or not po.exists():
        return NullTranslations()
    with po.open("rb") as handle:
        catalog = pofile.read_po(handle, locale=lang)
    buffer = io.BytesIO()
    mofile.write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return Translations(buffer)

