"""What must hold after every step of a generated game, each check named, and the defects already known.

A check returns its breaches; `KNOWN_DEFECTS` lets a run go on past a defect already reported (each filter
names one, to be deleted once the rule is fixed); `API_ONLY` lists the actions the rules accept that no screen
shows.
"""

from __future__ import annotations

import dataclasses
import functools
from collections import Counter
from pathlib import Path
from typing import Any, Callable, NamedTuple

from babel.messages.pofile import read_po

import companion
from companion.rulebook import section_ids
from companion.rules import ACTION_TYPES, DISPLAY, RuleViolation, TableState, engine, lanes, offers
from tests.helpers.any_actions import any_action
from tests.helpers.game_table import GameTable, fork
from tests.helpers.generated_cards import RandomDraw
from tests.helpers.offered_actions import Action, offered, shown, with_chance

INVARIANTS = (
    "offers_are_accepted",
    "accepted_is_offered",
    "skip_is_a_shortcut",
    "end_is_the_end",
    "log_is_the_truth",
    "totals_add_up",
    "refusals_explain",
)


class Breach(NamedTuple):
    """One invariant broken: which, on which action, in which state, and what was seen."""

    invariant: str
    action: Action | None
    state: TableState
    detail: str


# --- what is allowed beyond the offers ----------------------------------------------------------------------


class Allowance(NamedTuple):
    """An accepted action no screen's offers show, and why that is right."""

    reason: str
    applies: Callable[[TableState, Action], bool]


def _tent_of(state: TableState, uid: int) -> int | None:
    return next((seat for seat, cards in state.tents.items() for card in cards if card.uid == uid), None)


API_ONLY: dict[str, Allowance] = {
    "join": Allowance(
        "a phone takes a free seat through the join page, not through the offers",
        lambda s, a: a.kind == "join",
    ),
    "use_free_time": Allowance(
        "a Free Time spent without naming its card, as a bot may record it; the screens name the card",
        lambda s, a: a.kind == "use_free_time",
    ),
    "server_roll_without_seat": Allowance(
        "a roll for the table (no seat), as a bot or script may make",
        lambda s, a: a.kind == "roll_die" and a.seat is None,
    ),
    "step_roll_from_dice_panel": Allowance(
        "a die typed into the dice panel for a step that waits for it is that step's roll "
        "(rules/roll_steps.py)",
        lambda s, a: a.kind == "roll_die" and a.seat in s.seats and "value" in a.args,
    ),
    "same_dealer_again": Allowance(
        "making the dealer the dealer again changes nothing",
        lambda s, a: a.kind == "set_dealer" and a.seat == s.dealer,
    ),
    "rename_a_claimed_seat": Allowance(
        "the display renames a seat whose phone chose a name badly",
        lambda s, a: a.kind == "name_seat" and a.seat in s.seats,
    ),
    "counters_down": Allowance(
        "a counter's −1 is the same button as its +1",
        lambda s, a: (
            a.kind in ("adjust_income", "adjust_free_time", "adjust_slack", "adjust_wounds")
            and a.args.get("delta", 0) < 0
            and shown(s, a._replace(args={**a.args, "delta": 1}))
        ),
    ),
    "corrected_in_play": Allowance(
        "the deck's printed numbers, a rank or a job corrected while the game runs (a mistake noticed late, a job "
        "card a New Job card brings out)",
        lambda s, a: a.kind in ("set_profile", "set_job_profile", "set_rank", "set_job") and s.turn is not None,
    ),
    "tools_on_another_tent": Allowance(
        "a card that moves or takes another player's card (Requisition) is recorded by its player's phone",
        lambda s, a: (
            a.kind in ("mark_card", "remove_card", "move_card")
            and s.winner is None
            and _tent_of(s, a.args["card"]) is not None
            and a.seat in s.seats
            and s.turn is not None
        ),
    ),
}


def allowed_beyond_offers(state: TableState, action: Action) -> str | None:
    """The API-only allowance this accepted action falls under, if any."""
    return next((name for name, allowance in API_ONLY.items() if allowance.applies(state, action)), None)


# After a win: undo, redo and the rematch; and the display's seat tools, which change no score.
AFTER_WIN = frozenset({"undo", "redo", "rematch"})
SEAT_TOOLS = frozenset({"join", "free_seat", "name_seat", "set_order", "set_dealer"})


# --- defects already reported: each filter lets a run look past one, until the rule is fixed ----------


class KnownDefect(NamedTuple):
    """A defect reported and being fixed: what it is, and which breaches it explains."""

    description: str
    matches: Callable[[Breach], bool]


# None known now: a long run that finds one may name it here to look past it until the rule is fixed.
KNOWN_DEFECTS: dict[str, KnownDefect] = {}


def known_defect(breach: Breach) -> str | None:
    """The name of the known defect that explains this breach, if any."""
    return next((name for name, defect in KNOWN_DEFECTS.items() if defect.matches(breach)), None)


# --- the checks ------------------------------------------------------------------------------------------


def normal(state: TableState) -> dict[str, Any]:
    """The state without what numbers the log (versions, undo history, the roll's event)."""
    plain = dataclasses.asdict(state)
    for key in ("version", "undoable", "redoable", "undone", "won_at"):
        plain.pop(key)
    if plain["last_roll"]:
        plain["last_roll"].pop("seq")
    if plain["turn"]:
        plain["turn"].pop("started_at")
    return plain


def offers_are_accepted(table: GameTable) -> list[Breach]:
    """Every action a screen shows is accepted when sent as shown (a card form: one of the phase's cards)."""
    state, breaches = table.state, []
    for actor in (*state.order, DISPLAY):
        groups: dict[tuple, list[tuple[Action, Any]]] = {}
        for action in offered(state, actor, RandomDraw(state.version), probe=True):
            groups.setdefault((action.offer, action.kind, action.seat), []).append(
                (action, table.decide(action))
            )
        for (offer, _kind_, _seat), tried in groups.items():
            refused = [(action, result) for action, result in tried if isinstance(result, RuleViolation)]
            if refused and (offer != "play_card" or len(refused) == len(tried)):
                action, violation = refused[0]
                breaches.append(
                    Breach(
                        "offers_are_accepted",
                        action,
                        state,
                        f"{action.told()} is shown but refused: {violation.message}",
                    )
                )
    return breaches


def accepted_is_offered(before: TableState, action: Action, accepted: bool) -> list[Breach]:
    """An accepted action is one the offers showed, or one of the API-only actions."""
    if not accepted or action.kind == "create_table" or shown(before, action):
        return []
    if allowed_beyond_offers(before, action):
        return []
    return [
        Breach("accepted_is_offered", action, before, f"{action.told()} was accepted but no screen shows it")
    ]


HOLDS = ("heal", "get_rid", "job_roll", "roll_for_card", "feed_pest")  # what a phase may hold for the player


def _holds(state: TableState, seat: int, name: str) -> bool:
    """Whether the phase holds this for the player: a get-rid roll counts for an unwanted Person (worth 0 or
    less, or a pest), whom a player wants gone; nobody sends away a Person who brings Slack."""
    offered = getattr(offers(state, seat), name)
    if name != "get_rid" or not offered:
        return bool(offered)
    unwanted = {card.uid for card in state.tents.get(seat, []) if card.worth <= 0 or card.pest}
    return bool(unwanted & set(offered.cards))


def skip_is_a_shortcut(table: GameTable) -> list[Breach]:
    """`advance` with `to` ends where stepping through ends, passing no phase that holds something."""
    state = table.state
    if state.turn is None or state.winner is not None:
        return []
    seat = state.turn.seat
    skip = offers(state, seat).skip
    if skip is None:
        return []
    draw = RandomDraw(state.version)
    action = Action(
        seat,
        "advance",
        seat,
        with_chance(state, "advance", seat, {"phase": skip.phase, "turn": skip.turn, "to": skip.to}, draw),
    )
    shortcut = fork(table)
    if shortcut.act(action) is not None:
        return []  # offers_are_accepted reports it
    stepped, breaches = fork(table), []
    extra = {key: value for key, value in action.args.items() if key == "dice"}
    for _ in state.rules.phases:
        turn = stepped.state.turn
        if turn.seat != seat or turn.number != state.turn.number or turn.phase == skip.to:
            break
        if stepped.state.winner is not None:  # a win on the way ends the game there, as the shortcut does
            break
        if turn.phase != state.turn.phase:  # a phase passed: nothing in it may be waiting for the player
            held = [name for name in HOLDS if _holds(stepped.state, seat, name)]
            if held:
                breaches.append(
                    Breach(
                        "skip_is_a_shortcut",
                        action,
                        state,
                        f"{action.told()} passes {turn.phase}, which holds {held}",
                    )
                )
        if stepped.act(Action(seat, "advance", seat, {"phase": turn.phase, "turn": turn.number, **extra})):
            breaches.append(
                Breach(
                    "skip_is_a_shortcut",
                    action,
                    state,
                    f"{action.told()} passes {turn.phase}, where the plain step is refused",
                )
            )
            return breaches
    if normal(shortcut.state) != normal(stepped.state):
        breaches.append(
            Breach(
                "skip_is_a_shortcut",
                action,
                state,
                f"{action.told()} ends elsewhere than stepping through the phases: "
                f"{_difference(normal(shortcut.state), normal(stepped.state))}",
            )
        )
    return breaches


def _difference(first: dict, second: dict) -> str:
    return "; ".join(
        f"{key}: {first[key]!r} vs {second[key]!r}" for key in first if first[key] != second[key]
    )


def end_is_the_end(table: GameTable) -> list[Breach]:
    """Once someone has won, every action type but undo, redo, the rematch (and the seat tools) is refused."""
    state = table.state
    if state.winner is None:
        return []
    breaches = []
    for number, kind in enumerate(ACTION_TYPES):
        if kind in AFTER_WIN or kind in SEAT_TOOLS:
            continue
        for variant in range(3):
            action = any_action(state, RandomDraw(state.version * 1000 + number * 10 + variant), kind)
            if not isinstance(table.decide(action), RuleViolation):
                breaches.append(
                    Breach(
                        "end_is_the_end",
                        action,
                        state,
                        f"{action.told()} is accepted after {state.winner} has won",
                    )
                )
                break
    return breaches


def log_is_the_truth(table: GameTable) -> list[Breach]:
    """Folding the log again gives the state; undo then redo (or redo then undo) changes nothing seen."""
    state, breaches = table.state, []
    again = engine.fold(table.events)
    if again != state:
        breaches.append(
            Breach(
                "log_is_the_truth",
                None,
                state,
                f"folding the log again differs: {_difference(normal(again), normal(state))}",
            )
        )
    for there, back in (("undo", "redo"), ("redo", "undo")):
        if not (state.undoable if there == "undo" else state.redoable):
            continue
        trial = fork(table)
        for kind in (there, back):
            if trial.act(Action(DISPLAY, kind, None, {})) is not None:
                breaches.append(
                    Breach("log_is_the_truth", None, state, f"{there} then {back}: {kind} refused")
                )
                break
        else:
            if normal(trial.state) != normal(state):
                breaches.append(
                    Breach(
                        "log_is_the_truth",
                        Action(DISPLAY, there, None, {}),
                        state,
                        f"{there} then {back} differs: {_difference(normal(trial.state), normal(state))}",
                    )
                )
    return breaches


def totals_add_up(table: GameTable) -> list[Breach]:
    """Each total is its parts (tokens, rank, cards and markers, wounds, heartache, the job's Slack); the race
    shows the same; no part below zero; a total at the goal has won."""
    state, breaches = table.state, []
    shown_lanes = {lane.seat: lane for lane in lanes(state)}
    windows = sum(
        1 for cards in state.tents.values() for card in cards if card.key == "paint_your_windows_black"
    )
    for seat_id, seat in state.seats.items():
        values = state.rank_values(seat_id)
        parts = (
            seat.slack
            + (values.slack or 0 if values else 0)
            - seat.wounds
            + sum(card.slack + card.markers for card in state.tents.get(seat_id, []))
            + state.heartache.get(seat_id, 0)
            + state.job_slack.get(seat_id, 0)
            + (windows if state.is_goth(seat_id) else -windows) * state.rules.combining_rules
        )
        lane = shown_lanes[seat_id]
        problems = []
        if parts != state.total(seat_id) or lane.total != parts:
            problems.append(f"total {state.total(seat_id)}, race {lane.total}, parts {parts}")
        if min(seat.slack, seat.wounds, state.heartache.get(seat_id, 0)) < 0:
            problems.append(
                f"a part below zero: slack {seat.slack}, wounds {seat.wounds}, "
                f"heartache {state.heartache.get(seat_id, 0)}"
            )
        goal = state.goal_of(seat_id)
        if state.winner is None and goal is not None and parts >= goal and state.turn is not None:
            problems.append(f"total {parts} reached the goal {goal} and nobody has won")
        breaches += [
            Breach("totals_add_up", None, state, f"seat {seat_id}: {problem}") for problem in problems
        ]
    turn = state.turn
    if turn is not None and min(turn.income_left, turn.free_time_left) < 0:
        breaches.append(
            Breach(
                "totals_add_up",
                None,
                state,
                f"Income {turn.income_left} or Free Time {turn.free_time_left} left below zero",
            )
        )
    return breaches


@functools.cache
def _catalog(lang: str) -> dict[str, Any]:
    path = Path(companion.__file__).parent / "translations" / lang / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as handle:
        return {message.id: message for message in read_po(handle, locale=lang) if message.id}


def refusals_explain(table: GameTable) -> list[Breach]:
    """Every refusal seen is translated in de and ru, formats with its values and names a real section."""
    breaches, sections = [], frozenset(section_ids())
    for action, violation in table.refusals:
        problems = []
        texts = [("en", violation.message)]
        for lang in ("de", "ru"):
            message = _catalog(lang).get(violation.message)
            if message is None or not message.string or message.fuzzy:
                problems.append(f"no {lang} translation")
            else:
                texts.append((lang, message.string))
        for lang, text in texts:
            try:
                told = text % violation.params if violation.params else text
            except (KeyError, TypeError, ValueError) as error:
                problems.append(f"{lang} does not format with {violation.params}: {error!r}")
                continue
            if "%(" in told:
                problems.append(f"{lang} keeps a placeholder: {told}")
        if violation.section and violation.section not in sections:
            problems.append(f"section {violation.section!r} is not in the rules reference")
        breaches += [
            Breach(
                "refusals_explain",
                action,
                table.state,
                f"{action.told()} refused with {violation.message!r}: {problem}",
            )
            for problem in problems
        ]
    table.refusals.clear()
    return breaches


def check_step(
    table: GameTable, before: TableState, action: Action | None, accepted: bool, counts: Counter
) -> list[Breach]:
    """Every invariant after one step; each check counted; the breaches no known defect explains."""
    found: list[Breach] = []
    if action is not None:
        found += accepted_is_offered(before, action, accepted)
        counts["accepted_is_offered"] += 1
    for check in (
        offers_are_accepted,
        skip_is_a_shortcut,
        end_is_the_end,
        log_is_the_truth,
        totals_add_up,
        refusals_explain,
    ):
        found += check(table)
        counts[check.__name__] += 1
    new = []
    for breach in found:
        name = known_defect(breach)
        if name is None:
            new.append(breach)
        else:
            counts[f"known defect: {name}"] += 1
    return new
