"""The JSON API: the same actions as the forms, authorised by a seat's or the display's key."""

from __future__ import annotations

import time

from flask import Blueprint, Response, abort, current_app, jsonify, request, url_for

from ...input.actions import BadInput, parse_action, parse_action_id, parse_name, parse_seat, parse_table_options
from ...rules import DISPLAY, Offers, RuleViolation, TableState, display_offers, offers
from ...service import database, table_reads
from ...service.table_service import Forbidden, NotSeated, UnknownTable
from ...translations import CODES
from ..common import (
    HEALTHY_AT,
    actor_for,
    bearer_keys,
    join_url,
    json_object,
    play,
    public_base,
    reader_language,
    table_or_404,
)
from ..connection import get_db
from ..i18n import gettext as _
from ..openings import TOO_MANY_TABLES, claim, may_open_table, open_table
from ..words import narrate

bp = Blueprint("api", __name__)


def error(message: str, status: int, section: str | None = None) -> tuple[Response, int]:
    """A JSON refusal with a translated reason (and the rule's section for rule violations)."""
    body = {"error": message}
    if section:
        body["section"] = section
    return jsonify(body), status


HEALTHY_FOR = 1.0  # seconds a committed write vouches for the database: /healthz is polled, and each write syncs


@bp.get("/healthz")
def healthz() -> Response:
    """Health: the app answers, and the database can be read and took a committed write within the last second (a
    storage fault answers 503; a tap's storage fault forgets the last write, see web/__init__.py)."""
    db = get_db()
    db.execute("SELECT 1")
    if time.monotonic() - current_app.extensions.get(HEALTHY_AT, 0.0) > HEALTHY_FOR:
        database.check_writable(db)
        current_app.extensions[HEALTHY_AT] = time.monotonic()
    return jsonify(ok=True)


@bp.post("/api/tables")
def create_table():
    """Open a table; the answer carries the display key, so keep it private."""
    if not may_open_table():
        return error(_(TOO_MANY_TABLES), 429)
    try:
        options = parse_table_options(json_object(), CODES)
    except BadInput as problem:
        return error(narrate.refusal(problem), 400)
    table, key = open_table(options)
    base, _loopback = public_base()
    return jsonify(
        token=table.token, display_key=key, join_code=table.join_code,
        display_url=base + url_for("tables.display", token=table.token, key=key),
        join_url=join_url(table),
    ), 201


@bp.post("/t/<token>/join.json")
def join_seat(token: str):
    """Claim a seat from a program; the answer's seat_key authorises that seat's actions."""
    table = table_or_404(token)
    try:
        data = json_object()
        seat, name = parse_seat(data.get("seat")), parse_name(data.get("name"))
        key, _outcome = claim(table, seat, name, parse_action_id(data.get("action_id")))
    except BadInput as problem:
        return error(narrate.refusal(problem), 400)
    except RuleViolation as problem:
        return error(narrate.refusal(problem), 409, problem.section)
    return jsonify(seat=seat, seat_key=key), 201


@bp.get("/t/<token>/state.json")
def state_json(token: str) -> Response:
    """The table's public state, with what the caller (by its key, else this browser's seat) may do now."""
    table = table_or_404(token)
    state = play().state(get_db(), table)
    key = request.headers.get("Authorization", "").removeprefix("Bearer ").strip()
    actor = _actor_from_key(table, key, None) if key else actor_for(table)
    response = jsonify({**public_state(state), "offers": None if actor is None else offers_for(state, actor).as_json()})
    response.headers["Cache-Control"] = "no-store"
    return response


def offers_for(state: TableState, actor: str) -> Offers:
    """What the display, or one seat, may do now."""
    return display_offers(state) if actor == DISPLAY else offers(state, int(actor.split(":")[1]))


def public_state(state: TableState) -> dict:
    """The state as JSON: seats in table order with rank and tent, the turn, any open cancel window, the dice."""
    turn, window = state.turn, state.window
    return {
        "version": state.version, "game": state.game, "goal": None if state.rules.has_jobs else state.goal,
        "seats": [{"seat": seat.id, "name": seat.name, "order": state.order.index(seat.id),
                   "slack": seat.slack, "wounds": seat.wounds, "total": state.total(seat.id),
                   "to_goal": state.to_goal(seat.id), "has_phone": seat.claimed, "rank": state.ranks.get(seat.id),
                   "job": state.jobs.get(seat.id), "goal": state.goal_of(seat.id), "goth": state.is_goth(seat.id),
                   "heartache": state.heartache.get(seat.id, 0),
                   "tent": [_card(card) for card in state.tents.get(seat.id, [])]}
                  for seat in (state.seats[i] for i in state.order)],
        "dealer": state.dealer, "first_player": state.first_player,
        "phase": turn.phase if turn else None, "active_seat": turn.seat if turn else None,
        "turn": None if turn is None else {"number": turn.number, "income_left": turn.income_left,
                                           "free_time_left": turn.free_time_left, "awaiting": list(turn.awaiting)},
        "physical_job_die": state.physical_job_die,
        "window": None if window is None else {
            "id": window.uid, "seat": window.seat, "kind": window.kind, "target": window.target,
            "cards": [_card(card) for card in window.cards], "awaits_roll": window.awaits_roll,
            "passed": list(window.passed), "passed_by_display": list(window.passed_by_display)},
        "pest_demands": [{"seat": d.seat, "pest": d.pest, "categories": list(d.categories)} for d in state.demands],
        "free_ranks": state.free_ranks(),
        "job_profile": [{"key": job.key, "name": job.name, "income": list(job.income or []) or None,
                         "free_time": list(job.free_time or []) or None, "goal": job.goal, "goth": job.goth}
                        for job in state.job_profile.values()],
        "last_roll": None if state.last_roll is None else {
            "seat": state.last_roll.seat, "purpose": state.last_roll.purpose, "note": state.last_roll.note,
            "value": state.last_roll.value, "physical": state.last_roll.physical},
        "raid": None if state.raid is None else {
            "leader": state.raid.leader, "card": state.raid.card, "stage": state.raid.stage,
            "round": state.raid.round, "rolls": state.raid.rolls, "waiting_for": state.raid.waiting_for(),
            "winner": state.raid.winner, "loot_left": state.raid.loot, "picker": state.raid.picker},
        "denunciation": None if state.denunciation is None else {
            "by": state.denunciation.by, "target": state.denunciation.target, "stage": state.denunciation.stage},
        "swap": None if state.swap is None else {"seat": state.swap.seat, "rank": state.swap.rank},
        "winner": state.winner,
        "can_undo": bool(state.undoable), "can_redo": bool(state.redoable),
    }


def _card(card) -> dict:
    return {"id": card.uid, "name": card.name, "key": card.key, "type": card.type,
            "categories": list(card.categories), "slack": card.slack, "markers": card.markers, "worth": card.worth}


@bp.post("/t/<token>/actions")
def post_action(token: str):
    """Do one action; `Authorization: Bearer <seat_key or display_key>` says who acts (the service finds the table
    and the seat the key holds, in one place with the rest of the tap)."""
    key = request.headers.get("Authorization", "").removeprefix("Bearer ").strip()
    service, db = play(), get_db()
    try:
        data = json_object()
        action = parse_action(data)
        tapped = service.tap(db, token, action, reader_language,
                             **bearer_keys(key, action.seat or data.get("as_seat")))
    except UnknownTable:
        abort(404)
    except (NotSeated, BadInput, Forbidden, RuleViolation) as problem:
        return _refused(token, problem)
    outcome = tapped.outcome
    return jsonify(version=outcome.state.version, repeated=outcome.repeated,
                   events=[{"seq": e["seq"], "type": e["type"]} for e in outcome.events],
                   state=public_state(outcome.state))


def _refused(token: str, problem: Exception) -> tuple[Response, int]:
    """Why an action changed nothing, in the table's reader's language (an unknown table: 404 first)."""
    table_or_404(token)
    if isinstance(problem, NotSeated):
        return error(_("A valid seat key or display key is needed."), 403)
    if isinstance(problem, Forbidden):
        return error(_(problem.message), 403)
    if isinstance(problem, BadInput):
        return error(narrate.refusal(problem), 400)
    return error(narrate.refusal(problem), 409, problem.section)


def _actor_from_key(table: table_reads.TableRow, key: str, seat) -> str | None:
    return table_reads.who_holds(get_db(), table, **bearer_keys(key, seat))
