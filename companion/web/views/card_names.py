"""Naming a card at a table: the picker's cards for what was typed, and the name read from a photo of the card."""

from __future__ import annotations

from flask import Blueprint, abort, current_app, jsonify, request
from werkzeug.wrappers import Response

from ...knowledge import card_choices, card_match, card_photo
from ...rules import N_, game
from ..common import actor_for, bearer_key, is_display, play, table_or_404
from ..connection import get_db
from ..i18n import current_language
from ..i18n import gettext as _

bp = Blueprint("card_names", __name__)

# The page sends at most 1600 × 1600 pixels as a JPEG (well under 1 MB); a phone's full-size photo fits too.
PHOTO_BYTES = 4 * 2**20
TYPED_CHARS = 40  # as long as a card's name field
NO_PHOTO = N_("Send the card's photo in the field “photo”.")
NOT_A_PHOTO = N_("That is not a photo: take a picture of the card (JPEG, PNG or WebP).")


def photos_read() -> bool:
    """Whether this server reads card photos (Tesseract is installed): the card forms show the camera button."""
    known = current_app.extensions.get("card_photos")
    if known is None:
        known = current_app.extensions["card_photos"] = card_photo.available()
    return known


def _choices(table) -> tuple[list[card_match.Choice], tuple[str, ...]]:
    """The names the table's pickers know, and the languages to prefer: the reader's, then the table's."""
    langs = tuple(dict.fromkeys((current_language(), table.language)))
    return card_choices.table_choices(get_db(), game(table.game).decks, langs, table.id), langs


def _answered(table) -> tuple[str, ...]:
    """The cards an open cancel window is about: never offered to answer it."""
    window = play().state(get_db(), table).window
    decks = game(table.game).decks
    return (
        tuple(card_choices.card_of(card.name, table.language, decks) for card in window.cards)
        if window
        else ()
    )


def _chip(choice: card_match.Choice, score: float) -> dict:
    return {
        "name": choice.name,
        "lang": choice.lang,
        "type": choice.type,
        **choice.facts,
        "played": choice.played,
        "here": choice.here,
        "score": round(score, 1),
    }


@bp.get("/t/<token>/card-picks")
def card_picks(token: str) -> Response:
    """The cards a card form's picker offers for what was typed (`q`), best first: only what the form (`form`)
    takes, never the card a cancel window is about."""
    table = table_or_404(token)
    if actor_for(table) is None:
        abort(403)
    form = request.args.get("form", "")
    if form not in card_match.FORMS:
        abort(400)
    try:
        most = min(max(int(request.args.get("most", "8")), 1), 20)
    except ValueError:
        abort(400)
    choices, langs = _choices(table)
    not_cards = _answered(table) if form in ("cancel", "pull_rank", "tv") else ()
    found = card_match.ranked(request.args.get("q", "")[:TYPED_CHARS], choices, form, langs, most, not_cards)
    response = jsonify({"cards": [_chip(choice, score) for choice, score in found]})
    response.headers["Cache-Control"] = "private, no-cache"
    return response


@bp.post("/t/<token>/card-photo")
def read_card_photo(token: str) -> Response | tuple[Response, int]:
    """The name printed on a photographed card (multipart `photo`) and the known cards it may be, best first.

    A seat's phone or the table's display (its cookie, or its key as a Bearer). The photo is never stored.
    """
    request.max_content_length = PHOTO_BYTES
    table = table_or_404(token)
    if actor_for(table) is None and not (bearer_key() and is_display(table, bearer_key())):
        abort(403)
    if not photos_read():
        abort(404)
    upload = request.files.get("photo")
    if upload is None:
        return jsonify({"error": _(NO_PHOTO)}), 400
    form = request.args.get("form")
    choices, langs = _choices(table)
    if form in card_match.FORMS:  # from a card form: only the cards it takes
        choices = [choice for choice in choices if card_match.takes(form, choice)]
    langs = tuple(dict.fromkeys((table.language, *langs, "en", "de", "ru")))
    try:
        reading = card_photo.read(upload.read(), choices, langs)
    except card_photo.NotAPhoto:
        return jsonify({"error": _(NOT_A_PHOTO)}), 400
    return jsonify(
        {"text": reading.text, "candidates": [_chip(choice, score) for choice, score in reading.candidates]}
    )
