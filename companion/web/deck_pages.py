"""The deck pages: what the server knows of each deck's cards, corrected and deleted from a display, and undone;
and the known cards a phone's picker offers."""

from __future__ import annotations

import time

from flask import Blueprint, abort, jsonify, redirect, render_template, request, session, url_for
from werkzeug.wrappers import Response

from .. import deck, deck_picks, store
from ..action_args import CARD_TYPES, card_spec
from ..actions import BadInput
from ..cards import complete
from ..db import get_db
from ..i18n import current_language, gettext as _
from ..netaddr import is_loopback_host
from ..rules import GAMES, game
from . import narrate
from .common import actor_for, bearer_key, table_or_404

bp = Blueprint("decks", __name__)
DECK_NAMES = {"guevara": "Chez Guevara", "geek": "Chez Geek", "goth": "Chez Goth"}


@bp.get("/t/<token>/known-cards.json")
def known_cards(token: str) -> Response:
    """The cards the phone's picker offers at this table, in the reader's language."""
    table = table_or_404(token)
    if actor_for(table) is None:
        abort(403)
    cards = deck_picks.picks(get_db(), game(table.game).decks, current_language(), table.id)
    response = jsonify({"cards": cards})
    response.headers["Cache-Control"] = "private, no-cache"
    return response


def deck_or_404(name: str) -> str:
    """A deck's key from the address, or 404."""
    if name not in deck.DECKS:
        abort(404)
    return name


def may_edit() -> bool:
    """Whether this browser (or the request's bearer key) is the display of a table on this server, or is local."""
    db = get_db()
    if request.remote_addr and is_loopback_host(request.remote_addr) and not request.headers.get("X-Forwarded-For"):
        return True
    keys = [bearer_key(), *session.get("displays", {}).values()]
    return any(key and deck.is_display_key(db, store.digest(key)) for key in keys)


def _matches(known: deck.Known, query: str, kind: str, category: str) -> bool:
    """Whether an entry passes the page's search and filters (names in every language, any case or accent)."""
    if kind and known.facts.get("type") != kind:
        return False
    if category and category not in (known.facts.get("categories") or ()):
        return False
    wanted = deck.name_key(query) if query else ""
    return not wanted or any(wanted in deck.name_key(name) for name in deck.names_of(known).values())


@bp.get("/decks/<name>")
def deck_page(name: str) -> str:
    """Every card the server knows in a deck, searchable, with its provenance and the audit list."""
    name = deck_or_404(name)
    db = get_db()
    query, kind, category = (request.args.get(field, "")[:40] for field in ("q", "type", "category"))
    entries = [known for known in deck.cards(db, name) if _matches(known, query, kind, category)]
    return render_template("deck.html", deck_key=name, deck_name=DECK_NAMES[name], entries=entries,
                           changes=deck.changes(db, name, limit=50), may_edit=may_edit(), query=query, kind=kind,
                           category=category, types=CARD_TYPES, categories=_categories(name),
                           names_of=deck.names_of, message=request.args.get("done", ""))


def _categories(name: str) -> tuple[str, ...]:
    """The categories a deck's game knows."""
    return next(record.categories for record in GAMES.values() if record.decks == (name,))


@bp.post("/decks/<name>/card")
def correct_card(name: str) -> Response | tuple[str, int]:
    """Correct or delete one entry (from a display, confirmed); the change goes into the audit list."""
    name = deck_or_404(name)
    if not may_edit():
        abort(403)
    db = get_db()
    lang, key = request.form.get("lang", ""), request.form.get("key", "")
    known = deck.get(db, name, lang, key)
    if known is None:
        return _refused(name, _("That card is not known in this deck."), 404)
    if request.form.get("confirm") != "yes":
        return _refused(name, _("Tick the box to confirm the change."), 400)
    with store.write_transaction(db):
        if request.form.get("delete") == "yes":
            deck.delete(db, name, lang, key)
            deck.record(db, name, lang, key, "deleted", known, None, "deck page")
            return redirect(url_for("decks.deck_page", name=name, done="deleted"), 303)
        try:
            corrected = _corrected(known, request.form)
        except BadInput as error:
            db.conn.rollback()
            return _refused(name, narrate.refusal(error), 400)
        deck.save(db, corrected)
        deck.record(db, name, lang, corrected.key, "corrected", known, corrected, "deck page")
    return redirect(url_for("decks.deck_page", name=name, done="corrected"), 303)


def _corrected(known: deck.Known, form) -> deck.Known:
    """The entry with the numbers the form gives (a blank field forgets that number)."""
    spec = card_spec({"name": known.name, "type": form.get("card_type"), "categories": form.getlist("categories"),
                      "slack": form.get("slack"), "cost": form.get("cost"), "loot": form.get("loot")})
    facts = {fact: value for fact, value in known.facts.items() if fact not in ("type", "categories", *deck.NUMBERS)}
    facts.update(complete.printed_facts({k: v for k, v in spec.items() if k != "name"}))
    sources = {fact: known.sources.get(fact) if known.facts.get(fact) == value else {"from": "deck page",
                                                                                       "at": time.time()}
               for fact, value in facts.items()}
    return deck.Known(known.deck, known.lang, known.name, facts, sources, known.played, known.catalog_key,
                      time.time())


@bp.post("/decks/<name>/undo/<int:change_id>")
def undo_change(name: str, change_id: int) -> Response | tuple[str, int]:
    """Put an entry back as it was before a change of the audit list."""
    name = deck_or_404(name)
    if not may_edit():
        abort(403)
    db = get_db()
    change = deck.change_by_id(db, name, change_id)
    if change is None or change.undone_at is not None:
        return _refused(name, _("That change is already undone."), 409)
    with store.write_transaction(db):
        deck.undo(db, change, "deck page")
    return redirect(url_for("decks.deck_page", name=name, done="undone"), 303)


def _refused(name: str, message: str, status: int) -> tuple[str, int]:
    return render_template("message.html", message=message, back=url_for("decks.deck_page", name=name)), status

