"""The rules reference: search in the phone's language, and any section by its stable id."""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request

from ... import rulebook
from ...rulebook import render, search
from ..i18n import current_language

bp = Blueprint("reference", __name__)


def safe_back(target: str | None) -> str | None:
    """Only a path on this server may be the way back (never another site)."""
    if target and target.startswith("/") and not target.startswith("//") and "\\" not in target:
        return target
    return None


@bp.get("/rules")
def rules_search() -> str:
    """Search the reference; with no question, list each game's sections."""
    lang = current_language()
    query = request.args.get("q", "")[:200]
    game = request.args.get("game") if request.args.get("game") in rulebook.GAMES else None
    hits = search.search(query, lang, game=game, limit=8) if query.strip() else []
    contents = [] if query.strip() else [s for s in rulebook.sections(lang) if game in (None, s.game)]
    return render_template("rules.html", query=query, game=game, games=rulebook.GAMES,
                           hits=[(hit, render.to_html(hit.highlighted_body)) for hit in hits],
                           contents=contents, back=safe_back(request.args.get("back")))


@bp.get("/rules/<section_id>")
def rules_section(section_id: str) -> str:
    """One section, whole, in the phone's language, with a way back to where the phone was."""
    try:
        section = rulebook.section(current_language(), section_id)
    except KeyError:
        abort(404)
    return render_template("rule.html", section=section, body=render.plain_to_html(section.body),
                           back=safe_back(request.args.get("back")))
