"""The deck pages: what the server knows of each deck's cards, the tables' proposals, corrections and deletions by
the server's host, and undone; the host link; and the known cards a phone's picker offers."""

from __future__ import annotations

import json

from flask import Blueprint, abort, jsonify, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...input.actions import BadInput
from ...input.arguments import CARD_TYPES
from ...knowledge import deck_files, deck_host, picks
from ...rules import GAMES, N_, game
from ..common import actor_for, json_object, table_or_404
from ..connection import get_db
from ..host import is_host, is_host_key, make_host
from ..i18n import current_language
from ..i18n import gettext as _
from ..words import narrate

bp = Blueprint("decks", __name__)


@bp.get("/t/<token>/known-cards.json")
def known_cards(token: str) -> Response:
    """The cards the phone's picker offers at this table, in the reader's language."""
    table = table_or_404(token)
    if actor_for(table) is None:
        abort(403)
    cards = picks.picks(get_db(), game(table.game).decks, current_language(), table.id)
    response = jsonify({"cards": cards})
    response.headers["Cache-Control"] = "private, no-cache"
    return response


def deck_or_404(name: str) -> str:
    """A deck's key from the address, or 404."""
    if name not in deck_host.DECKS:
        abort(404)
    return name


def may_edit() -> bool:
    """Whether this request comes from the server's host (the host cookie or key); never a table's display key, and
    never the client's address (behind a proxy every request comes from the proxy's)."""
    return is_host()


@bp.get("/host")
def become_host() -> Response | tuple[str, int]:
    """The link `serve` prints: the browser that opens it with the host key keeps the host cookie."""
    if not is_host_key(request.args.get("key", "")):
        return render_template("message.html", message=_("That is not this server's host link.")), 403
    response = make_host(redirect(url_for("tables.index"), 303))
    response.headers["Cache-Control"] = "no-store"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


def _matches(known: deck_host.Known, query: str, kind: str, category: str) -> bool:
    """Whether an entry passes the page's search and filters (names in every language, any case or accent)."""
    if kind and known.facts.get("type") != kind:
        return False
    if category and category not in (known.facts.get("categories") or ()):
        return False
    wanted = deck_host.name_key(query) if query else ""
    return not wanted or any(wanted in deck_host.name_key(name) for name in deck_host.names_of(known).values())


@bp.get("/decks/<name>")
def deck_page(name: str) -> str:
    """Every card the server knows in a deck, searchable, with its provenance and the audit list."""
    name = deck_or_404(name)
    db = get_db()
    query, kind, category = (request.args.get(field, "")[:40] for field in ("q", "type", "category"))
    entries = [known for known in deck_host.cards(db, name) if _matches(known, query, kind, category)]
    return render_template("deck.html", deck_key=name, deck_name=deck_game(name).title, game=deck_game(name),
                           entries=entries, proposals=deck_host.proposals(db, name), known_as=_known_as(db, name),
                           changes=deck_host.changes(db, name, limit=50), may_edit=may_edit(), query=query, kind=kind,
                           category=category, types=CARD_TYPES, categories=deck_game(name).categories,
                           names_of=deck_host.names_of, message=request.args.get("done", ""))


def _known_as(db, name: str):
    """What the shared deck knows of a proposal's card (None: nothing)."""
    def known(proposal: deck_host.Proposal) -> deck_host.Known | None:
        return deck_host.get(db, name, proposal.lang, proposal.name_key)
    return known


@bp.post("/decks/<name>/proposals/<int:proposal_id>")
def decide_proposal(name: str, proposal_id: int) -> Response | tuple[str, int]:
    """The host accepts a table's word into the shared deck, or rejects it (the table keeps its own word)."""
    name = deck_or_404(name)
    if not may_edit():
        abort(403)
    decision = request.form.get("decision", "")
    if decision not in ("accept", "reject"):
        return _refused(name, _("Accept the proposal or reject it."), 400)
    try:
        deck_host.decide_proposal(get_db(), name, proposal_id, accept=decision == "accept")
    except deck_host.Refused as refused:
        return _refused(name, _(refused.message), refused.status)
    return redirect(url_for("decks.deck_page", name=name, done="accepted" if decision == "accept" else "rejected"), 303)


def deck_game(name: str):
    """The game played with this deck alone: its title and categories name the deck's."""
    return next(record for record in GAMES.values() if record.decks == (name,))


@bp.app_template_global()
def deck_title(name: str) -> str:
    """A deck's printed title (a name, never translated)."""
    return deck_game(name).title


@bp.post("/decks/<name>/card")
def correct_card(name: str) -> Response | tuple[str, int]:
    """Correct or delete one entry (by the host, confirmed); the change goes into the audit list."""
    name = deck_or_404(name)
    if not may_edit():
        abort(403)
    db = get_db()
    lang, key = request.form.get("lang", ""), request.form.get("key", "")
    known = deck_host.get(db, name, lang, key)
    if known is None:
        return _refused(name, _("That card is not known in this deck."), 404)
    if request.form.get("confirm") != "yes":
        return _refused(name, _("Tick the box to confirm the change."), 400)
    if request.form.get("delete") == "yes":
        deck_host.delete_card(db, known, key)
        return redirect(url_for("decks.deck_page", name=name, done="deleted"), 303)
    form = request.form
    typed = {"type": form.get("card_type"), "categories": form.getlist("categories"), "slack": form.get("slack"),
             "cost": form.get("cost"), "loot": form.get("loot")}
    try:
        deck_host.correct_card(db, known, typed)
    except BadInput as error:
        return _refused(name, narrate.refusal(error), 400)
    return redirect(url_for("decks.deck_page", name=name, done="corrected"), 303)


@bp.post("/decks/<name>/undo/<int:change_id>")
def undo_change(name: str, change_id: int) -> Response | tuple[str, int]:
    """Put an entry back as it was before a change of the audit list."""
    name = deck_or_404(name)
    if not may_edit():
        abort(403)
    try:
        deck_host.undo_change(get_db(), name, change_id)
    except deck_host.Refused as refused:
        return _refused(name, _(refused.message), refused.status)
    return redirect(url_for("decks.deck_page", name=name, done="undone"), 303)


def _refused(name: str, message: str, status: int) -> tuple[str, int]:
    return render_template("message.html", message=message, back=url_for("decks.deck_page", name=name)), status



@bp.get("/decks/<name>.json")
def export_deck(name: str) -> Response:
    """The deck as a file to share (docs/decks.md)."""
    name = deck_or_404(name)
    response = jsonify(deck_files.export(get_db(), name))
    response.headers["Content-Disposition"] = f'attachment; filename="chez-{name}-deck.json"'
    return response


@bp.post("/decks/<name>")
def import_deck(name: str) -> Response | tuple[str, int] | tuple[Response, int]:
    """Import a deck file: first what it would add, change and contradict; then only what is confirmed.

    A form posts `file` (then `deck` and the ticked `take` boxes); the JSON API posts {"deck": file, "take": [...]}
    with the host key as bearer. Only the host imports.
    """
    name = deck_or_404(name)
    request.max_content_length = deck_files.MAX_BYTES * 2 + 16 * 1024
    as_json = request.is_json
    if not may_edit():
        abort(403)
    try:
        raw, take = _posted_deck(as_json)
        differences = deck_files.preview(get_db(), deck_files.parse(raw, name))
    except BadInput as error:
        if as_json:
            return jsonify({"error": narrate.refusal(error)}), 400
        return _refused(name, narrate.refusal(error), 400)
    if take is None:
        if as_json:
            return jsonify({"differences": [{"id": d.id, "kind": d.kind, "name": d.card.name, "facts": d.card.facts,
                                             "known": d.known.facts if d.known else None} for d in differences]})
        return render_template("deck_import.html", deck_key=name, deck_name=deck_game(name).title, game=deck_game(name),
                               differences=differences, raw=raw if isinstance(raw, str) else raw.decode())
    applied = deck_host.import_differences(get_db(), differences, take)
    if as_json:
        return jsonify({"applied": applied})
    return redirect(url_for("decks.deck_page", name=name, done="imported"), 303)


def _posted_deck(as_json: bool) -> tuple[bytes | str, set[str] | None]:
    """The deck file's text and the differences to take (None: only show them)."""
    if as_json:
        body = json_object()
        if "deck" not in body:
            raise BadInput(N_("Send the deck file as {\"deck\": ...}."))
        take = body.get("take")
        if take is not None and not (isinstance(take, list) and all(isinstance(item, str) for item in take)):
            raise BadInput(N_("List the differences to take by their ids."))
        return json.dumps(body["deck"]), set(take) if take is not None else None
    if "deck" in request.form:
        return request.form["deck"], set(request.form.getlist("take"))
    upload = request.files.get("file")
    if upload is None:
        raise BadInput(N_("Choose a deck file."))
    return upload.read(deck_files.MAX_BYTES + 1), None
