"""Any action of the vocabulary, by anyone, with arguments shaped as the action parser hands them to the
rules.

The values are drawn from what is at the table (its seats, cards, windows, jobs) and beyond it, so that
most such actions break a rule: generated games send them to check that every refusal explains itself and
that whatever is accepted is an action some screen shows (or one of the API-only actions)."""

from __future__ import annotations

from companion.rules import ACTION_TYPES, ALL_PHASES, DISPLAY, RANKS, TableState
from tests.helpers.generated_cards import Draw, card_spec, job_profile, loot_card, rank_profile, special_card
from tests.helpers.offered_actions import Action, die, with_chance


def any_action(state: TableState, draw: Draw, kind: str | None = None) -> Action:
    """One action of `kind` (else any type), for a drawn seat, sent by that seat's phone or by the display."""
    kind = kind or draw.pick(ACTION_TYPES)
    seat = draw.pick(tuple(state.order) + (None, 9)) if kind not in ("undo", "redo") else None
    actor = DISPLAY if seat not in state.seats or draw.flag() else seat
    args = with_chance(state, kind, seat, any_args(state, kind, seat, draw), draw)
    return Action(actor, kind, seat, args)


def _uid(state: TableState, draw: Draw) -> int:
    """A card id on the table, or one that is not."""
    uids = [card.uid for cards in state.tents.values() for card in cards]
    return draw.pick(uids) if uids and draw.number(0, 4) else draw.pick((1, 99, 12345))


def _window(state: TableState, draw: Draw) -> int:
    """The open window's id, or a stale one."""
    return (
        state.window.uid
        if state.window is not None and draw.number(0, 4)
        else draw.pick((1, max(1, state.version)))
    )


def _seat(state: TableState, draw: Draw) -> int:
    return draw.pick(tuple(state.order) + (7,))


def any_args(state: TableState, kind: str, seat: int | None, draw: Draw) -> dict:
    """Arguments for `kind` as the parser would hand them over: well formed, not necessarily allowed."""
    turn = state.turn
    delta = {"delta": draw.pick((1, -1, 3, -3, 30))}
    makers = {
        "create_table": lambda: {"game": state.game, "seats": 3, "language": "en"},
        "join": lambda: {"name": "Zoe"},
        "name_seat": lambda: {"name": "Zoe"},
        "set_order": lambda: {
            "order": draw.shuffled(state.order) if draw.number(0, 3) else list(state.order[1:])
        },
        "adjust_slack": lambda: delta,
        "adjust_wounds": lambda: delta,
        "adjust_heartache": lambda: delta,
        "adjust_income": lambda: delta,
        "adjust_free_time": lambda: delta,
        "mark_card": lambda: {"card": _uid(state, draw), **delta},
        "roll_die": lambda: {
            "purpose": draw.pick(state.rules.roll_purposes),
            "note": "",
            **({"value": draw.die(), "physical": True} if draw.flag() else {}),
        },
        "set_profile": lambda: rank_profile(draw),
        "set_rank": lambda: {"rank": draw.pick(RANKS)},
        "advance": lambda: {
            "phase": turn.phase if turn and draw.number(0, 3) else draw.pick(ALL_PHASES),
            "turn": turn.number if turn and draw.number(0, 3) else draw.number(0, 3),
            **({"to": draw.pick(ALL_PHASES + ("end",))} if draw.flag() else {}),
        },
        "use_free_time": lambda: {"kind": draw.pick(("scrounge", "activity")), "cost": draw.number(0, 5)},
        "play_card": lambda: {
            "cards": [
                special_card(state.game, draw) if draw.number(0, 4) == 0 else card_spec(state.game, draw)
            ],
            "target": _seat(state, draw),
        },
        "roll_for_card": lambda: die(draw),
        "cancel_card": lambda: {"window": _window(state, draw), "with": draw.pick(("Car Alarm", "TV Queen"))},
        "pass_card": lambda: {"window": _window(state, draw)},
        "get_rid": lambda: {
            "card": _uid(state, draw),
            "to": draw.pick(("discard", _seat(state, draw))),
            **die(draw),
        },
        "get_rid_all": lambda: {"to": draw.pick(("discard", _seat(state, draw)))},
        "feed_pest": lambda: {"card": _uid(state, draw)},
        "remove_card": lambda: {"card": _uid(state, draw)},
        "move_card": lambda: {"card": _uid(state, draw), "to": _seat(state, draw)},
        "pull_rank": lambda: {
            "window": _window(state, draw),
            "card": {
                "name": "Drill",
                "type": "activity",
                "slack": 1,
                **({"categories": ["raid"], "loot": 2} if draw.flag() else {}),
            },
        },
        "demote": lambda: {"target": _seat(state, draw)},
        "choose_swap": lambda: {"with": _seat(state, draw)},
        "name_second": lambda: {"with": _seat(state, draw)},
        "call_raid": lambda: {"card": {"name": "Raid", "loot": draw.number(0, 3)}},
        "raid_roll": lambda: die(draw),
        "take_loot": lambda: {"card": loot_card(draw)},
        "denounce": lambda: {"target": _seat(state, draw)},
        "denounce_roll": lambda: {**die(draw), "extra": draw.number(-2, 2)},
        "revenge": lambda: {"with": draw.pick(("card", "toady"))},
        "denounce_move": lambda: {"card": _uid(state, draw), "to": _seat(state, draw)},
        "set_job_profile": lambda: job_profile(state.game) if state.rules.has_jobs else job_profile("geek"),
        "set_job": lambda: {"job": draw.pick(sorted(state.job_profile) or ["slacker"])},
        "set_job_numbers": lambda: {
            "income": draw.pick(([2], [1, 4], None)),
            "free_time": draw.pick(([3], None)),
            "goal": draw.pick((21, None)),
        },
        "change_job": lambda: {
            "job": draw.pick(sorted(state.job_profile) or ["slacker"]),
            "why": draw.pick(("new_job", "fired")),
        },
        "watch_tv": lambda: {
            "window": _window(state, draw),
            "card": {"name": "TV Queen", "type": "activity", "slack": 1},
        },
        "job_roll": lambda: {
            **die(draw),
            **({"field": draw.pick(("income", "free_time"))} if draw.flag() else {}),
        },
        "set_job_die": lambda: {"physical": draw.flag()},
        "budget_card": lambda: {
            "name": "Lucky 7",
            **({"income": draw.number(-3, 3)} if draw.flag() else {}),
            **({"free_time": draw.number(-2, 2)} if draw.flag() else {}),
        },
    }
    return dict(makers[kind]()) if kind in makers else {}
