"""The actions a screen's offers stand for, filled with drawn values, and whether an action is among them.

`offered` turns `rules.offers(state, seat)` or `rules.display_offers(state)` into actions as the screen would
send them (a die, a card and a target drawn where the form asks for one); `shown` answers the reverse question
for an action the engine accepted. Dice, shuffles and a job's dice are added as `service/chance.py` adds them.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from companion.rules import DISPLAY, RANKS, TableState, display_offers, offers
from tests.helpers.generated_cards import Draw, card_spec, job_profile, loot_card, rank_profile, special_card

# Cards a player who follows the card form may always play when it is shown: one per phase that plays cards.
PROBE_CARDS = {
    "call": ({"name": "Pedro", "type": "person", "invited": False, "slack": 0},),
    "freetime": (
        {"name": "Siesta", "type": "activity", "categories": ["sleep"], "slack": 1},
        {"name": "Soap", "type": "thing", "cost": 0, "slack": 1},
    ),
}
SERVER_ROLLS = ("roll_die", "roll_for_card", "get_rid", "raid_roll", "denounce_roll", "job_roll")


class Action(NamedTuple):
    """One tap: who sends it (a seat's phone or the display), what, for which seat, with which arguments."""

    actor: int | str
    kind: str
    seat: int | None
    args: dict[str, Any]
    offer: str = ""  # the offer it was drawn from ("" for an arbitrary action)

    def told(self) -> str:
        """The action as one readable line."""
        who = "display" if self.actor == DISPLAY else f"phone {self.actor}"
        return f"{who}: {self.kind} seat={self.seat} {self.args}" + (
            f"  [{self.offer}]" if self.offer else ""
        )


def screen_offers(state: TableState, actor: int | str):
    """The offers of a seat's phone or of the display."""
    return display_offers(state) if actor == DISPLAY else offers(state, actor)


def with_chance(state: TableState, kind: str, seat: int | None, args: dict, draw: Draw) -> dict:
    """The arguments plus the chance the server adds (a drawn die unless a physical one was entered)."""
    args = dict(args)
    if kind in SERVER_ROLLS and "value" not in args:
        args["value"] = draw.die()
    if kind == "deal_ranks" and state.profile is not None:
        args["shuffled"] = draw.shuffled([rank for rank in RANKS for _ in range(state.profile.counts[rank])])
    if kind == "deal_jobs":
        args["shuffled"] = draw.shuffled(list(state.job_profile))
    if kind == "get_rid_all":
        args["values"] = [draw.die() for _ in state.tents.get(seat, [])]
    if kind in ("start_game", "advance") and state.rules.has_jobs and not state.physical_job_die:
        args["dice"] = [draw.die(), draw.die()]
    return args


def die(draw: Draw) -> dict:
    """A physical die entered by hand, or none (the server rolls)."""
    return {"value": draw.die(), "physical": True} if draw.flag() else {"physical": False}


def offered(state: TableState, actor: int | str, draw: Draw, probe: bool = False) -> list[Action]:
    """Every action the screen of `actor` shows now, each filled with drawn values as the player would.

    With `probe`, each is filled as a player who follows the form would fill it (a counter's +1, a card of the
    phase that costs nothing): what the offer promises to accept. Without, the values may break a rule.
    """
    shown = screen_offers(state, actor)
    found: list[tuple[str, str, int | None, dict]] = []
    add = lambda offer, kind, seat, args=None: found.append((offer, kind, seat, args or {}))  # noqa: E731
    if shown.advance:
        add(
            "advance",
            "advance",
            shown.advance.seat,
            {"phase": shown.advance.phase, "turn": shown.advance.turn},
        )
    if shown.skip:
        skip = shown.skip
        add("skip", "advance", skip.seat, {"phase": skip.phase, "turn": skip.turn, "to": skip.to})
    if shown.heal:
        add("heal", "heal", shown.heal)
    if shown.budget:
        add(
            "budget",
            draw.pick(("adjust_income", "adjust_free_time")),
            shown.budget,
            {"delta": 1 if probe else draw.pick((1, -1))},
        )
        add("budget", "budget_card", shown.budget, {"name": "Lucky 7", "income": 1})
    if shown.play_card and probe:
        for card in PROBE_CARDS["call" if shown.play_card.calls_people else "freetime"]:
            add(
                "play_card",
                "play_card",
                shown.play_card.seat,
                {"cards": [card], "target": shown.play_card.seat},
            )
    elif shown.play_card:
        kind = (
            draw.pick(("person", "cat")) if shown.play_card.calls_people else draw.pick(("activity", "thing"))
        )
        card = special_card(state.game, draw) if draw.number(0, 3) == 0 else card_spec(state.game, draw, kind)
        cards = [card] + (
            [card_spec(state.game, draw, "thing")] if card["type"] == "thing" and draw.flag() else []
        )
        target = draw.pick(state.order) if card["type"] == "person" and draw.flag() else shown.play_card.seat
        add("play_card", "play_card", shown.play_card.seat, {"cards": cards, "target": target})
    if shown.roll_for_card:
        add("roll_for_card", "roll_for_card", shown.roll_for_card, die(draw))
    window = state.window.uid if state.window is not None else 0
    for seat in shown.cancel_card:
        add(
            "cancel_card",
            "cancel_card",
            seat,
            {"window": window, "with": draw.pick(("Car Alarm", "Bomb Making"))},
        )
    for seat in shown.pass_card:
        add("pass_card", "pass_card", seat, {"window": window})
    for seat in shown.pull_rank:
        add("pull_rank", "pull_rank", seat, {"window": window, "card": _order_card(draw)})
    for seat in shown.pull_rank_raid:
        add(
            "pull_rank_raid",
            "pull_rank",
            seat,
            {
                "window": window,
                "card": {
                    "name": "Raid the Village",
                    "type": "activity",
                    "categories": ["raid"],
                    "loot": draw.number(1, 3),
                },
            },
        )
    for seat in shown.watch_tv:
        add(
            "watch_tv",
            "watch_tv",
            seat,
            {"window": window, "card": {"name": "TV Queen", "type": "activity", "slack": 1}},
        )
    if shown.call_raid:
        add(
            "call_raid",
            "call_raid",
            shown.call_raid.seat,
            {"card": {"name": "Raid", "loot": draw.number(0, 3)}},
        )
    for seat in shown.raid_roll:
        add("raid_roll", "raid_roll", seat, die(draw))
    if shown.name_second:
        add(
            "name_second",
            "name_second",
            shown.name_second.seat,
            {"with": draw.pick(shown.name_second.options)},
        )
    if shown.take_loot:
        card = loot_card(draw) if not probe else {"name": "Cigar", "type": "thing", "slack": 1}
        if (
            card is None
            and not shown.take_loot.any_card
            or card
            and card["type"] != "thing"
            and not shown.take_loot.any_card
        ):
            card = {"name": "Cigar", "type": "thing", "slack": 1}
        add("take_loot", "take_loot", shown.take_loot.seat, {"card": card})
    if shown.end_loot:
        add("end_loot", "end_loot", shown.end_loot)
    if shown.denounce_roll:
        add(
            "denounce_roll",
            "denounce_roll",
            shown.denounce_roll,
            {**die(draw), "extra": draw.pick((0, 0, 1, -1))},
        )
    if shown.revenge:
        add(
            "revenge",
            "revenge",
            shown.revenge.seat,
            {"with": draw.pick(("card", "toady")) if shown.revenge.toady else "card"},
        )
    if shown.denounce_move and (shown.denounce_move.people or shown.denounce_move.leaders):
        move = shown.denounce_move
        card = draw.pick(move.people + move.leaders)
        add(
            "denounce_move",
            "denounce_move",
            move.seat,
            {"card": card, "to": move.target if card in move.leaders else draw.pick(move.destinations)},
        )
    if shown.denounce_done:
        add("denounce_done", "denounce_done", shown.denounce_done)
    if shown.choose_swap and shown.choose_swap.options:
        add(
            "choose_swap",
            "choose_swap",
            shown.choose_swap.seat,
            {"with": draw.pick(shown.choose_swap.options)},
        )
    for feed in shown.feed_pest:
        if feed.cards:
            add("feed_pest", "feed_pest", feed.seat, {"card": draw.pick(feed.cards)})
    if shown.get_rid:
        rid = shown.get_rid
        to = draw.pick(("discard",) + rid.destinations)
        add("get_rid", "get_rid", rid.seat, {"card": draw.pick(rid.cards), "to": to, **die(draw)})
        if rid.all_at_once:
            add("get_rid", "get_rid_all", rid.seat, {"to": to})
    if shown.job_roll:
        add("job_roll", "job_roll", shown.job_roll.seat, {"field": shown.job_roll.field, **die(draw)})
    for seat in shown.tent_tools:
        for card in state.tents.get(seat, [])[:3]:
            others = [s for s in state.order if s != seat]
            add(
                "tent_tools",
                "mark_card",
                seat,
                {"card": card.uid, "delta": 1 if probe else draw.pick((1, -1))},
            )
            add("tent_tools", "remove_card", seat, {"card": card.uid})
            add("tent_tools", "move_card", seat, {"card": card.uid, "to": draw.pick(others)})
    for seat in shown.promote:
        add("promote", "promote", seat)
    if shown.demote:
        add("demote", "demote", draw.pick(shown.demote.seats), {"target": draw.pick(shown.demote.targets)})
    if shown.denounce:
        seat = draw.pick(shown.denounce.seats)
        targets = [t for t in shown.denounce.targets if t != seat]
        if targets:
            add("denounce", "denounce", seat, {"target": draw.pick(targets)})
    if shown.change_job and shown.change_job.jobs:
        add(
            "change_job",
            "change_job",
            draw.pick(shown.change_job.seats),
            {"job": draw.pick(shown.change_job.jobs), "why": draw.pick(("new_job", "fired"))},
        )
    for seat in shown.set_rank:
        free = [
            rank for rank, left in state.free_ranks().items() if left > 0 or state.ranks.get(seat) == rank
        ]
        add("set_rank", "set_rank", seat, {"rank": draw.pick(free if probe and free else RANKS)})
    for seat in shown.set_job:
        free = [
            key
            for key in sorted(state.job_profile)
            if key not in state.jobs.values() or state.jobs.get(seat) == key
        ]
        add(
            "set_job",
            "set_job",
            seat,
            {"job": draw.pick(free if probe and free else sorted(state.job_profile))},
        )
    for seat in shown.roll_die:
        purpose = "other" if probe else draw.pick(state.rules.roll_purposes)
        add(
            "roll_die",
            "roll_die",
            seat,
            {
                "purpose": purpose,
                "note": "",
                **({"value": draw.die(), "physical": True} if draw.flag() else {}),
            },
        )
    for seat in shown.adjust_slack:
        add(
            "adjust_slack",
            "adjust_slack",
            seat,
            {"delta": 1 if probe else draw.pick((1, 1, 2, 3, -1, 5, 8, 30))},
        )
    for seat in shown.adjust_wounds:
        add("adjust_wounds", "adjust_wounds", seat, {"delta": 1 if probe else draw.pick((1, -1))})
    for seat in shown.more_heartache:
        add("more_heartache", "adjust_heartache", seat, {"delta": 1})
    for seat in shown.less_heartache:
        add("less_heartache", "adjust_heartache", seat, {"delta": -1})
    if shown.undo:
        add("undo", "undo", None)
    if shown.redo:
        add("redo", "redo", None)
    if shown.setup:
        if state.rules.has_jobs:
            add("setup", "set_job_profile", None, job_profile(state.game))
        else:
            profile = rank_profile(draw)
            if probe and state.profile is not None:  # the form comes filled with the deck's counts
                profile["counts"] = dict(state.profile.counts)
            add("setup", "set_profile", None, profile)
    if shown.deal:
        add("deal", "deal_jobs" if state.rules.has_jobs else "deal_ranks", None)
    if shown.start_game:
        add("start_game", "start_game", None)
    if shown.rematch:
        add("rematch", "rematch", None)
    if shown.set_job_die:
        add("set_job_die", "set_job_die", None, {"physical": draw.flag()})
    for seat in shown.set_job_numbers:
        job = state.job(seat)
        add(
            "set_job_numbers",
            "set_job_numbers",
            seat,
            {
                "income": list(job.income or (draw.number(0, 5),)),
                "free_time": list(job.free_time or (draw.number(0, 5),)),
                "goal": job.goal or draw.number(15, 30),
            },
        )
    if shown.set_order:
        order = list(state.order)
        moved = draw.number(1, len(order) - 1)
        order[moved - 1], order[moved] = order[moved], order[moved - 1]
        add("set_order", "set_order", None, {"order": order})
    for seat in shown.set_dealer:
        add("set_dealer", "set_dealer", seat)
    for seat in shown.free_seat:
        add("free_seat", "free_seat", seat)
    for seat in shown.name_seat:
        add("name_seat", "name_seat", seat, {"name": draw.pick(("Ana", "Ben", "Cleo", "Dan", "Eve"))})
    return [
        Action(actor, kind, seat, with_chance(state, kind, seat, args, draw), offer)
        for offer, kind, seat, args in found
    ]


def _order_card(draw: Draw) -> dict:
    """The Activity a higher rank hands over when pulling rank."""
    if draw.number(0, 3) == 0:
        return {"name": "Night Drill", "type": "activity", "slack_die": True, "slack_modifier": 0}
    return {"name": "Drill", "type": "activity", "slack": draw.pick((0, 1, 2))}


def shown(state: TableState, action: Action) -> bool:
    """Whether the action is one the offers show: on the seat's phone, or on the display for that seat."""
    return any(
        _shown_on(screen_offers(state, actor), state, action)
        for actor in ((action.seat, DISPLAY) if action.seat in state.seats else (DISPLAY,))
    )


def _seat_is(offer, seat) -> bool:
    """An offer made to this seat: the seat itself, or a record whose `seat` it is."""
    return (
        offer is not None and offer is not False and (offer == seat or getattr(offer, "seat", None) == seat)
    )


def _shown_on(shown, state: TableState, action: Action) -> bool:
    kind, seat, args = action.kind, action.seat, action.args
    if seat is not None and seat not in shown.acts_for and kind not in TABLE_TOOLS:
        return False
    window = state.window
    if kind == "advance":
        offer = shown.skip if args.get("to") else shown.advance
        return (
            _seat_is(offer, seat)
            and (offer.phase, offer.turn) == (args["phase"], args["turn"])
            and getattr(offer, "to", None) == args.get("to")
        )
    simple = {
        "heal": shown.heal,
        "adjust_income": shown.budget,
        "adjust_free_time": shown.budget,
        "budget_card": shown.budget or shown.play_card,
        "roll_for_card": shown.roll_for_card,
        "end_loot": shown.end_loot,
        "denounce_roll": shown.denounce_roll,
        "denounce_done": shown.denounce_done,
        "play_card": shown.play_card,
        "call_raid": shown.call_raid,
        "take_loot": shown.take_loot,
        "job_roll": shown.job_roll,
    }
    if kind in simple:
        return _seat_is(simple[kind], seat) and _args_fit(shown, kind, args)
    listed = {
        "cancel_card": shown.cancel_card,
        "pass_card": shown.pass_card,
        "watch_tv": shown.watch_tv,
        "raid_roll": shown.raid_roll,
        "promote": shown.promote,
        "set_rank": shown.set_rank,
        "set_job": shown.set_job,
        "set_job_numbers": shown.set_job_numbers,
        "roll_die": shown.roll_die,
        "adjust_slack": shown.adjust_slack,
        "adjust_wounds": shown.adjust_wounds,
        "set_dealer": shown.set_dealer,
        "free_seat": shown.free_seat,
        "name_seat": shown.name_seat,
        "pull_rank": shown.pull_rank_raid
        if kind == "pull_rank" and "raid" in (args["card"].get("categories") or ())
        else shown.pull_rank,
        "adjust_heartache": shown.more_heartache if args.get("delta", 0) > 0 else shown.less_heartache,
    }
    if kind in listed:
        in_window = "window" not in args or (window is not None and args["window"] == window.uid)
        return seat in listed[kind] and in_window
    if kind in ("mark_card", "remove_card", "move_card"):
        owner = next(
            (s for s, cards in state.tents.items() for card in cards if card.uid == args["card"]), None
        )
        return owner == seat and seat in shown.tent_tools
    if kind in ("name_second", "choose_swap"):
        offer = shown.name_second if kind == "name_second" else shown.choose_swap
        return _seat_is(offer, seat) and args["with"] in offer.options
    if kind == "revenge":
        return _seat_is(shown.revenge, seat) and (args["with"] != "toady" or shown.revenge.toady)
    if kind == "denounce_move":
        move = shown.denounce_move
        return (
            _seat_is(move, seat)
            and args["card"] in move.people + move.leaders
            and (
                args["to"] == move.target if args["card"] in move.leaders else args["to"] in move.destinations
            )
        )
    if kind == "feed_pest":
        return any(feed.seat == seat and args["card"] in feed.cards for feed in shown.feed_pest)
    if kind in ("get_rid", "get_rid_all"):
        rid = shown.get_rid
        return (
            _seat_is(rid, seat)
            and args["to"] in ("discard", *rid.destinations)
            and (rid.all_at_once if kind == "get_rid_all" else args["card"] in rid.cards)
        )
    if kind in ("demote", "denounce"):
        offer = shown.demote if kind == "demote" else shown.denounce
        return offer is not None and seat in offer.seats and args.get("target", seat) in offer.targets
    if kind == "change_job":
        return (
            shown.change_job is not None
            and seat in shown.change_job.seats
            and args["job"] in shown.change_job.jobs
        )
    tools = {
        "undo": shown.undo,
        "redo": shown.redo,
        "set_profile": shown.setup,
        "set_job_profile": shown.setup,
        "deal_ranks": shown.deal,
        "deal_jobs": shown.deal,
        "start_game": shown.start_game,
        "rematch": shown.rematch,
        "set_job_die": shown.set_job_die,
        "set_order": shown.set_order,
    }
    return bool(tools.get(kind, False))


TABLE_TOOLS = frozenset(
    {
        "undo",
        "redo",
        "set_profile",
        "set_job_profile",
        "deal_ranks",
        "deal_jobs",
        "start_game",
        "rematch",
        "set_job_die",
        "set_order",
    }
)


def _args_fit(shown, kind: str, args: dict) -> bool:
    """The arguments are ones the offer allows (a Thing after the leader's pick, the die's field)."""
    if kind == "take_loot":
        return (
            args.get("card") is not None
            and args["card"].get("type", "thing") == "thing"
            or shown.take_loot.any_card
        )
    if kind == "job_roll":
        return args.get("field", shown.job_roll.field) == shown.job_roll.field
    return True
