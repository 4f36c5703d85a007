"""Naming a card at a table: the picker's cards for what was typed, and the name read from a photo of the
card."""

from __future__ import annotations

import re

from flask import Blueprint, abort, current_app, jsonify, request
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.wrappers import Response

from ... import cards as catalog
from ...knowledge import card_choices, card_match, completion, photo_readers, photo_uploads
from ...knowledge.budget_facts import becomes_budget_card
from ...rules import N_, TableState, game, may_cancel, refusal
from ..common import actor_for, bearer_key, is_display, play, table_or_404
from ..connection import get_db
from ..i18n import current_language
from ..i18n import gettext as _
from ..words import hyphens, narrate

bp = Blueprint("card_names", __name__)

# The one upload limit (the server's body limit and deploy/nginx.conf say the same): the page sends at most
# 1600 × 1600 pixels as a JPEG (well under 1 MB); a phone's full-size photo fits too.
PHOTO_BYTES = 4 * 2**20
# The photo's path: its body may arrive as slowly as a phone on poor Wi-Fi sends it
# (companion/serve/server.py).
PHOTO_PATH = re.compile(r"^/t/[^/]+/card-photo$")
PHOTO_TOO_SLOW_PATH = "/too-slow"  # the answer the server gives for a photo that did not arrive in its time
TYPED_CHARS = 40  # as long as a card's name field
NO_PHOTO = N_("Send the card's photo in the field “photo”.")
NOT_A_PHOTO = N_("That is not a photo: take a picture of the card (JPEG, PNG or WebP).")
TOO_LARGE = N_("That photo is too large: at most 4 MiB.")
TOO_MANY_PIXELS = N_("That picture has more pixels than a photo of a card needs: send a smaller one.")
BUSY = N_("Busy reading other photos: try again in a moment.")
ARRIVED_TOO_SLOWLY = N_("The photo arrived too slowly: move closer to the Wi-Fi, or type the card's name instead.")
TOO_SLOW = N_("The photo could not be read in time, as the server is busy: type the card's name instead.")
UNKNOWN = N_("Not a card this table knows: correct the name and copy its numbers.")
NOTHING_READ = N_("No card name could be read in the photo: type it instead.")
OTHER_FIELD = N_("The photo shows %(card)s, which does not belong in this field.")
TYPED_OTHER_FIELD = N_("%(card)s does not belong in this field.")
# Forms whose chips are what most players take, while the rules let some take more (the raid's leader any loot, a
# Raid card the table names as one): their message advises, the button stays live.
LEADERS_TAKE_ANY = ("loot", "raid")
# The forms that send a card's numbers as copied from another table (`copied`), so that a copy never counts as a
# second table's reading of a new card: only they offer the cards other tables entered.
SAYS_COPIED = ("play", "call")


def readers() -> photo_readers.Readers:
    """This process's photo readers (companion/knowledge/photo_readers.py), as many as the config says."""
    return photo_readers.shared(
        current_app.config.get("PHOTO_READERS"), current_app.config.get("PHOTO_WAITING"),
        current_app.config.get("PHOTO_SECONDS"),
    )


def photos_read() -> bool:
    """Whether this server reads card photos (Tesseract is installed): the card forms show the camera
    button."""
    known = current_app.extensions.get("card_photos")
    if known is None:
        known = current_app.extensions["card_photos"] = photo_uploads.available()
    return known


def _choices(table) -> tuple[list[card_match.Choice], tuple[str, ...]]:
    """The names the table's pickers know, and the languages to prefer: the reader's, then the table's."""
    langs = tuple(dict.fromkeys((current_language(), table.language)))
    return card_choices.table_choices(get_db(), game(table.game).decks, langs, table.id), langs


def _answered(table, window) -> tuple[str, ...]:
    """The cards an open cancel window is about: never offered to answer it."""
    decks = game(table.game).decks
    return (
        tuple(card_choices.card_of(card.name, table.language, decks) for card in window.cards)
        if window
        else ()
    )


def _fits(form: str, choice: card_match.Choice, window) -> bool:
    """Whether the form takes the card, and, answering a window by canceling it, whether the card cancels what the
    window holds (as the rules judge it)."""
    if not card_match.takes(form, choice) or (choice.elsewhere and form not in SAYS_COPIED):
        return False
    return form != "cancel" or window is None or may_cancel(set(choice.facts.get("cancels") or ()), window)


def _refusal(form: str, choice: card_match.Choice, state: TableState, actor: str) -> str:
    """Why a known card cannot be named in this form: for a cancel, the rules' own refusal of that cancel."""
    window = state.window
    if form == "cancel" and window is not None:
        seat = int(actor.split(":")[1]) if actor.startswith("seat:") else _a_seat_that_may_answer(state)
        facts = choice.facts
        violation = refusal(state, "cancel_card", seat, {
            "window": window.uid, "with": choice.name, "with_type": choice.type,
            "with_categories": list(facts.get("categories") or ()), "with_cancels": list(facts.get("cancels") or ())})
        if violation is not None:
            return narrate.refusal(violation)
    return _(TYPED_OTHER_FIELD, card=choice.name)


def _a_seat_that_may_answer(state: TableState) -> int | None:
    """For the display's picker: a seat that may still answer the open window (whose cancel the rules judge)."""
    window = state.window
    return next((s for s in state.order if s != window.seat and s not in window.passed), None)


def _numbers_asked(choice: card_match.Choice, form: str) -> list[str]:
    """What the form's play of the card would be refused without (a budget card, played, asks nothing)."""
    if becomes_budget_card(choice.card, choice.type):
        return []
    return list(completion.asked_in(form, {"type": choice.type, **choice.facts}))


def _chip(choice: card_match.Choice, score: float, form: str) -> dict:
    """One chip of the picker: the card's name, as sent, and as shown (`shown`: broken at its syllables); `asks`:
    the printed numbers a play of it would be refused without (the chip opens them rather than playing)."""
    return {
        "name": choice.name,
        "shown": hyphens.hyphenated(choice.name, choice.lang),
        "lang": choice.lang,
        "type": choice.type,
        **choice.facts,
        "played": choice.played,
        "here": choice.here,
        "score": round(score, 1),
        **({"elsewhere": True} if choice.elsewhere else {}),
        **({"asks": asks} if (asks := _numbers_asked(choice, form)) else {}),
    }


@bp.get("/t/<token>/card-picks")
def card_picks(token: str) -> Response:
    """The cards a card form's picker offers for what was typed (`q`), best first: only what the form (`form`)
    takes, never the card a cancel window is about (to answer it; untyped, to play again while one's own waits); a
    card only another table entered lately only when typed, in the forms that say so when its numbers are used
    (`elsewhere`); a known card's name typed in full where it does not belong says so (`message`); a short name or a
    typo says the card it will be sent as (`becomes`)."""
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
    state = play().state(get_db(), table)
    window = state.window
    typed = request.args.get("q", "")[:TYPED_CHARS]
    # One's own card waiting in its window is on the table already: no one-tap chip for it (typed, a second copy).
    own_waiting = window is not None and not typed and actor_for(table) == f"seat:{window.seat}"
    not_cards = _answered(table, window) if form in ("cancel", "pull_rank", "tv") or own_waiting else ()
    choices = [choice for choice in choices if form in SAYS_COPIED or not choice.elsewhere]
    fitting = [choice for choice in choices if form != "cancel" or _fits(form, choice, window)]
    found = card_match.ranked(typed, fitting, form, langs, most, not_cards)
    answer: dict = {"cards": [_chip(choice, score, form) for choice, score in found]}
    named = card_match.resolved(typed, choices, langs) if typed else None
    if named is not None and not _fits(form, named, window):  # the card it stands for, as the rules will judge it
        answer["message"] = _refusal(form, named, state, actor_for(table))
        if form not in LEADERS_TAKE_ANY:
            answer["refused"] = named.name
    elif named is not None and not named.printed:  # another name a rulebook calls it by: the chip's name is sent
        answer["becomes"] = next((choice.name for choice, _score in found if choice.card == named.card),
                                 catalog.name(catalog.BY_KEY[named.card], current_language(), table.language))
    elif named is not None and card_match.fold(named.name) != card_match.fold(typed):
        answer["becomes"] = named.name
    response = jsonify(answer)
    response.headers["Cache-Control"] = "private, no-cache"
    return response


@bp.post("/t/<token>/card-photo")
def read_card_photo(token: str) -> Response | tuple[Response, int]:
    """The name printed on a photographed card (multipart `photo`) and the known cards it may be, best first.

    A seat's phone or the table's display (its cookie, or its key as a Bearer). The photo is never stored.
    """
    # One more: werkzeug refuses a body that reaches the limit when the server marks its end (waitress does),
    # and the server's body limit (companion/__main__.py) refuses one of PHOTO_BYTES + 1 already.
    request.max_content_length = PHOTO_BYTES + 1
    table = table_or_404(token)
    if actor_for(table) is None and not (bearer_key() and is_display(table, bearer_key())):
        abort(403)
    if not photos_read():
        abort(404)
    try:
        with readers().place() as reading_place:  # a busy answer before the upload is even parsed
            upload = request.files.get("photo")
            if upload is None:
                return jsonify({"error": _(NO_PHOTO)}), 400
            choices, langs = _choices(table)
            langs = tuple(dict.fromkeys((table.language, *langs, "en", "de", "ru")))
            reading = reading_place.read(upload.read(), choices, langs)
    except photo_uploads.TooManyPixels:
        return jsonify({"error": _(TOO_MANY_PIXELS)}), 400
    except photo_uploads.NotAPhoto:
        return jsonify({"error": _(NOT_A_PHOTO)}), 400
    except photo_readers.TooSlow:
        return jsonify({"error": _(TOO_SLOW)}), 503
    except photo_readers.Busy:
        response = jsonify({"error": _(BUSY), "busy": True})
        response.headers["Retry-After"] = "2"
        return response, 503
    # Read against every card the table knows, then kept to what the form (`form`) takes: a known card of
    # another kind is named as such, not called unknown.
    form = request.args.get("form")
    window = play().state(get_db(), table).window
    found = [
        (choice, score) for choice, score in reading.candidates
        if form not in card_match.FORMS or _fits(form, choice, window)
    ]
    answer = {"text": reading.text, "candidates": [_chip(choice, score, form) for choice, score in found]}
    if reading.candidates and not found:
        answer.update(text="", message=_(OTHER_FIELD, card=reading.candidates[0][0].name))
    elif not found:  # no chip: the phone says why and leaves the field to type
        answer["message"] = _(UNKNOWN) if reading.text else _(NOTHING_READ)
    return jsonify(answer)


@bp.get("/too-large")
def refused_by_proxy() -> tuple[Response, int]:
    """The refusal of a body over the upload limit, for a proxy that refused it itself (deploy/nginx.conf)."""
    return jsonify({"error": _(TOO_LARGE)}), 413


@bp.get(PHOTO_TOO_SLOW_PATH)
def arrived_too_slowly() -> tuple[Response, int]:
    """The answer to a photo whose body did not arrive in its time (companion/serve/server.py), in the phone's
    language."""
    return jsonify({"error": _(ARRIVED_TOO_SLOWLY)}), 408


@bp.errorhandler(RequestEntityTooLarge)
def too_large(_error) -> tuple[Response, int]:
    """A photo over the upload limit (the server's own refusal of a larger body is this answer too)."""
    return jsonify({"error": _(TOO_LARGE)}), 413
