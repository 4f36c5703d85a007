"""The language of each request: the phone's own choice, else its browser's; gettext in that language."""

from __future__ import annotations

from flask import g, request
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from .. import cards as catalog
from ..translations import CODES, LANGUAGES, translations

LANG_COOKIE = "lang"


def pick_language(table_language: str | None = None, table_first: bool = False) -> str:
    """The phone's own choice, else its browser's languages, else the table's, else English (`table_first`: the
    table's before the browser's, as on the table's display)."""
    chosen = request.cookies.get(LANG_COOKIE)
    if chosen in LANGUAGES:
        return chosen
    if table_first and table_language in LANGUAGES:
        return table_language
    return request.accept_languages.best_match(CODES) or table_language or "en"


def current_language() -> str:
    """The language of this request."""
    lang = g.get("lang")  # asked dozens of times per panel: one look through the proxy, not two
    if lang is None:
        lang = g.lang = pick_language()
    return lang


def card_name(card) -> str:
    """A catalog card's or job's name for this request's reader (at a table: its language's edition next)."""
    return catalog.name(card, current_language(), g.get("table_lang"))


def gettext(message: str, **params) -> str:
    """Translate a message into this request's language and fill in its parameters."""
    text = translations(current_language()).ugettext(message)
    return text % params if params else text


@pass_context
def template_gettext(context: Context, message: str, **variables) -> str:
    """`_()` in templates: what Jinja's newstyle gettext does (escaped, always %-formatted), in one call instead
    of three (a panel asks for hundreds of messages)."""
    text = translations(current_language()).ugettext(message)
    if context.eval_ctx.autoescape:
        text = Markup(text)
    return text % variables


def ngettext(singular: str, plural: str, n: int, **params) -> str:
    """Translate a message with a plural form."""
    text = translations(current_language()).ungettext(singular, plural, n)
    return text % {"num": n, **params}


_ = gettext
