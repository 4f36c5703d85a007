"""The rules reference: search in the phone's language, and any section by its stable id."""

from __future__ import annotations

import re

from flask import Blueprint, abort, g, render_template, request

from ... import rulebook
from ...rulebook import render, search
from ...rulebook.related import read_next
from ...rules import game as game_record
from ...service import table_reads
from ..common import language_at
from ..connection import get_db
from ..i18n import current_language

bp = Blueprint("reference", __name__)


def safe_back(target: str | None) -> str | None:
    """Only a path on this server may be the way back (never another site)."""
    if target and target.startswith("/") and not target.startswith("//") and "\\" not in target:
        return target
    return None


TABLE_PATH = re.compile(r"/t/([A-Za-z0-9_-]{16,64})(?:/|$)")


def table_of(back: str | None) -> table_reads.TableRow | None:
    """The table a page was opened from (its way back names the table), if any."""
    found = TABLE_PATH.match(back or "")
    return table_reads.table_behind(get_db(), found.group(1)) if found else None


def table_rulebook(back: str | None) -> str | None:
    """The rulebook of the table a page was opened from, if any."""
    table = table_of(back)
    return game_record(table.game).rulebook if table is not None else None


@bp.before_request
def speak_as_the_table() -> None:
    """Opened from a table, the reference speaks as that table's page did: on its display, the table's
    language."""
    table = table_of(safe_back(request.args.get("back")))
    if table is not None:
        g.lang = language_at(table)


@bp.get("/rules")
def rules_search() -> str:
    """Search the reference; with no question, list each game's sections. Opened from a table, that table's game
    is chosen, and its answers come first; the first answer names the sections to read next."""
    lang = current_language()
    query = request.args.get("q", "")[:200]
    back = safe_back(request.args.get("back"))
    chosen = request.args.get("game")
    own = table_rulebook(back)
    game = chosen if chosen in rulebook.GAMES else own if chosen is None else None
    first = game if game is not None and game == own else None
    hits = search.search(query, lang, game=None if first else game, limit=8, first=first) if query.strip() else []
    contents = [] if query.strip() else [s for s in rulebook.sections(lang) if game in (None, s.game)]
    return render_template("rules.html", query=query, game=game, games=rulebook.GAMES,
                           hits=[(hit, render.to_html(hit.highlighted_body),
                                  read_next(lang, hit.section.id) if rank == 0 else [])
                                 for rank, hit in enumerate(hits)],
                           contents=contents, back=back)


@bp.get("/rules/<section_id>")
def rules_section(section_id: str) -> str:
    """One section, whole, in the phone's language, with a way back to where the phone was."""
    lang = current_language()
    try:
        section = rulebook.section(lang, section_id)
    except KeyError:
        abort(404)
    return render_template("rule.html", section=section, body=render.plain_to_html(section.body),
                           read_next=read_next(lang, section_id), back=safe_back(request.args.get("back")))
