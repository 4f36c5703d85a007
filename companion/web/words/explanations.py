"""What a learning game's phones say the first time each moment comes (`rules.moments`): one or two sentences of what
is happening, what the player may do now and what it costs, with the rule's section; and the display's line of the
moment the whole table is in.

Chez Guevara's words are its family's (tent, Scrounging, ranks); Chez Geek's and Chez Goth's are theirs (room,
shopping, jobs): a moment the two families tell alike is told once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType

from ...rules import MOMENTS, N_, PHASES, WHENEVER, Game, TableState, table_moment
from ..i18n import gettext as _
from . import reminders, told


@dataclass(frozen=True)
class Explanation:
    """One moment explained on a phone: its key, its sentences in the reader's language and its rule's topic."""

    moment: str
    text: str
    topic: str


# Where each moment is explained: above the part of the panel that holds its control or shows it.
PLACES = MappingProxyType({
    "win": "winner", "job_roll": "actions", "get_rid": "actions", "pest": "actions", "call": "actions",
    "free_time": "actions", "call_raid": "actions", "draw": "turn", "roll": "turn", "discard": "turn",
    "heal": "turn", "raid_roll": "raid", "raid_loot": "raid", "denounced": "denounce", "revenge": "denounce",
    "denounce_move": "denounce", "swap": "denounce", "heartache": "me",
    **{key: "window" for key in MOMENTS if key.startswith("announced_")},
    **{key: "window" for key in ("ordered", "answer", "pull_rank", "countermand", "tv")},
    **{key: "whenever" for key in WHENEVER},
})

_SHARED = {
    "win": (N_("The game ends the moment someone reaches the goal, even in another player's turn. The table display "
               "can start a rematch with the same seats."), "win"),
    "announced_cat": (N_("A Cat comes without a roll and can never be rolled out again. The others may still cancel "
                         "the card until you go on."), "cats"),
    "announced_variable": (N_("This Activity's Slack is rolled. Let the others decide on cancelling before you roll; "
                              "0 or less means it fails, and the Free Time is spent anyway."), "variable_slack"),
    "answer": (N_("Someone is playing a card. If you hold a card that cancels it, play it now; if not, let it pass. "
                  "Once they go on, it can no longer be cancelled."), "cancel"),
    "draw": (N_("Your turn begins. Fill your hand from the Life pile; the app records nothing in this phase, so go on "
                "with the bar below once you hold your cards."), "phase.draw"),
}

_GUEVARA = {
    "announced_call": (N_("You called an invited Person to a tent. Give the others a moment to cancel the card, then "
                          "roll: on 3-6 they move in and their Slack counts, on 1-2 the card is discarded."),
                       "people.invited"),
    "announced_person": (N_("An uninvited Person needs no roll: they move in at once and their effect strikes now. "
                            "The others may still cancel the card until you go on."), "people.uninvited"),
    "announced_activity": (N_("Your Activity uses one Free Time, and that stays spent even if someone cancels the "
                              "card. If nobody does, it lies in your tent and its Slack counts."), "activities"),
    "announced_scrounge": (N_("A Scrounging trip uses one Free Time however many Things you buy, and each Thing's "
                              "Cost comes out of your Income. If someone cancels the trip, the Things go back to your "
                              "hand."), "scrounging"),
    "announced_raid": (N_("You play a Raid card: unless someone cancels it, everyone rolls for the raid. It uses one "
                          "of your Free Time; the others spend none."), "raid"),
    "ordered": (N_("A higher rank pulled rank on you: this Free Time goes to their Activity instead of yours. If it "
                   "has Slack, the card and its Slack are now yours."), "pull_rank"),
    "raid_roll": (N_("A raid: everyone rolls once. The highest roll is promoted if a higher rank card is free (ties "
                     "roll again), and a 6 on the first roll is a Wound, -1 Slack."), "raid.roll"),
    "raid_loot": (N_("Sharing the loot: whoever leads the raid takes any card and names who picks second; everyone "
                     "else takes a Thing, in order of rank. A looted Thing goes straight into the tent."), "raid.loot"),
    "denounced": (N_("You are denounced: roll. The die plus your Things' bonuses, less your rank's penalty: 3 or more "
                     "and you are innocent, 2 or less and you are demoted."), "denounce"),
    "revenge": (N_("You are innocent, so sweet revenge is yours if you want it: your own Denounce! card, or The Toady "
                   "in your tent, demotes your accuser with no roll."), "denounce.revenge"),
    "denounce_move": (N_("Your denunciation worked. You may now move one Person out of the accused's tent, bring the "
                         "Glorious Leader in, or leave it."), "denounce"),
    "swap": (N_("You drop one rank, but no card of the lower rank is free: pick a player who holds that rank. You "
                "swap rank cards, and they move up."), "demotion"),
    "pest": (N_("A pest in your tent wants a card of its kind: pick which one goes to the discard pile. It takes "
                "another each turn for as long as it stays."), "pests"),
    "pull_rank": (N_("You outrank this player: you may pull rank and hand them an Activity from your hand to do "
                     "instead. You gain 1 Slack at once."), "pull_rank"),
    "countermand": (N_("Someone has already pulled rank here. You outrank them, so you may countermand the order with "
                       "an Activity of your own, and gain 1 Slack."), "pull_rank.countermand"),
    "get_rid": (N_("You may roll for each Person in your tent: on 4-6 they leave, to the discard pile or another tent; "
                   "on 1-3 they stay. Rolling costs nothing; the Glorious Leader and Cats cannot be rolled out."),
                "people.get_rid"),
    "roll": (N_("Roll phase: you may now roll to send People out of your tent, and make any roll your cards ask for "
                "each turn. Nothing to roll? Just go on."), "phase.roll"),
    "call": (N_("Call People: lay Person and Cat cards now, in your tent or another's, as many as you like. Name each "
                "card here; an invited Person then needs a roll of 3-6."), "phase.call"),
    "free_time": (N_("Free Time: each point buys one Activity or one Scrounging trip for as many Things as your Income "
                     "pays. Name the card here; the others may cancel it, and a higher rank may pull rank on you."),
                  "phase.freetime"),
    "discard": (N_("Discarding is free and the app records none of it, so throw cards away and go on. A turn spent "
                   "only on discarding heals one Wound in the Heal phase."), "phase.discard"),
    "heal": (N_("Heal: the app knows whether you did anything besides discarding this turn. If not and you carry a "
                "Wound, heal it here; either way, then end your turn."), "phase.heal"),
    "call_raid": (N_("You hold the highest rank at the table, so a Raid card lets you lead a raid for one Free Time. "
                     "Everyone rolls; the highest roll is promoted."), "raid"),
    "promotion": (N_("Promotion: play it at any moment to trade your rank card for a free card one rank higher. A "
                     "higher rank is worth more Slack."), "promotion"),
    "demotion": (N_("Demotion: play it at any moment on any player, and they drop one rank. With no lower card free, "
                    "they swap with someone of the lower rank."), "demotion"),
    "denounce": (N_("Denounce!: accuse a player at any moment. They roll, and on 2 or less after bonuses and penalty "
                    "they are demoted; if innocent, they may strike back."), "denounce"),
}

_JOBS = {
    "job_roll": (N_("Your job prints two numbers here, so roll for this turn's: 1-3 gives the lower one, 4-6 the "
                    "higher. The turn goes on after this roll."), "variable_income"),
    "announced_call": (N_("You called an invited Person to a room. Give the others a moment to cancel the card, then "
                          "roll: on 3-6 they come in and their Slack counts, on 1-2 the card is discarded."),
                       "people.invited"),
    "announced_person": (N_("An uninvited Person needs no roll: they turn up in the room at once and their effect "
                            "strikes now. The others may still cancel the card until you go on."), "people.uninvited"),
    "announced_activity": (N_("Your Activity uses one Free Time, and that stays spent even if someone cancels the "
                              "card. If nobody does, it lies in your room and its Slack counts."), "activities"),
    "announced_scrounge": (N_("A shopping trip uses one Free Time however many Things you buy, and each Thing's Cost "
                              "comes out of your Income. If someone cancels it, the Things go back to your hand and "
                              "you keep the money."), "shopping"),
    "pest": (N_("A pest in your room wants a card of its kind: pick which one goes to the discard pile. It takes "
                "another each turn for as long as it stays."), "pests"),
    "tv": (N_("A TV card turns this Free Time into an evening in front of the TV: their Activity is discarded (Things "
              "go back to the hand), and your TV card lies in their room with 1 Slack."), "tv"),
    "get_rid": (N_("You may roll to send People out of your room: say first where each goes, then on 4-6 they leave, "
                   "on 1-3 they stay. Rolling costs nothing; Cats cannot be rolled out."), "people.get_rid"),
    "roll": (N_("Roll phase: you may now roll to send People out of your room, and make any roll your cards ask for "
                "each turn. Nothing to roll? Just go on."), "phase.roll"),
    "call": (N_("Call People: lay Person and Cat cards now, in your room or a roommate's, as many as you like. Name "
                "each card here; an invited Person then needs a roll of 3-6."), "phase.call"),
    "free_time": (N_("Free Time: each point buys one Activity or one shopping trip for as many Things as your Income "
                     "pays. Name the card here; the others may cancel it or answer with a TV card."),
                  "phase.freetime"),
    "discard": (N_("Discarding is free and the app records none of it, so throw cards away and end your turn with the "
                   "bar below."), "phase.discard"),
    "heartache": (N_("Heartache counts toward your Slack goal like Slack. After Call People it fades by one whenever "
                     "no Person is in your room."), "heartache"),
    "job_change": (N_("New Job and You're Fired! can be played at any moment; the new job comes from those nobody "
                      "holds. Its Slack goal is the one that counts from then on."), "job_change"),
}

# Each family's words for every moment its games have (`Game.terms` names the family).
EXPLAINED: Mapping[str, Mapping[str, tuple[str, str]]] = MappingProxyType({
    "guevara": MappingProxyType({**_SHARED, **_GUEVARA}),
    "jobs": MappingProxyType({**_SHARED, **_JOBS}),
})

# The display's line for a moment that is no phase of the turn (those say the phase's reminder about the player).
_TABLE_LINES = {
    "win": N_("%(name)s reached the goal: the game ends at once."),
    "job_roll": N_("%(name)s rolls for the job's two-value number: 1-3 the lower, 4-6 the higher."),
    "announced": N_("%(name)s is playing a card: whoever holds a card that cancels it may answer now."),
    "ordered": N_("A higher rank pulled rank on %(name)s: their Activity takes the place of the card."),
    "raid_roll": N_("Raid: everyone rolls; the highest is promoted, and a 6 on the first roll wounds."),
    "raid_loot": N_("The raid's loot: whoever led it picks first, then the others take Things in order of rank."),
    "denounced": N_("%(name)s is denounced and rolls: 3 or more is innocent."),
    "revenge": N_("%(name)s was innocent and may take sweet revenge."),
    "denounce_move": N_("%(name)s may move a Person out of the accused's tent, or bring the Glorious Leader in."),
    "swap": N_("%(name)s drops a rank and picks whom to swap rank cards with."),
    "pest": N_("A pest takes a card of its kind from %(name)s."),
}


def explanation(moment: str, game: Game) -> Explanation:
    """A moment explained in the reader's language, in the words of the game's family."""
    text, topic = EXPLAINED[game.terms][moment]
    return Explanation(moment, _(text), topic)


def shown(found: Iterable[str], seen: Iterable[str], game: Game) -> dict[str, tuple[Explanation, ...]]:
    """What a new player's panel explains now, by place: the first of the moments `found` (most pressing first)
    that the seat has not dismissed, and inside the Whenever cards' fold each of theirs not dismissed yet."""
    dismissed = set(seen)
    unseen = [moment for moment in found if moment not in dismissed]
    first = next((moment for moment in unseen if moment not in WHENEVER), None)
    places: dict[str, tuple[Explanation, ...]] = {}
    if first is not None:
        places[PLACES[first]] = (explanation(first, game),)
    folded = tuple(explanation(moment, game) for moment in unseen if moment in WHENEVER)
    if folded:
        places["whenever"] = folded
    return places


# The phases whose numbers only their short reminder says (the hand to draw up to, the roll that sends People away,
# the hand to keep): explained, the reminder ends their explanation. The others' explanations say theirs.
REMINDED_IN_EXPLANATION = ("draw", "roll", "discard")


def with_reminder(shown_now: dict[str, tuple[Explanation, ...]], state: TableState,
                  reminder: Callable[[], str]) -> dict[str, tuple[Explanation, ...]] | None:
    """Where the panel explains the phase the turn is in, the explanation standing in for the phase's short
    reminder (with the reminder, made only then, at its end where only it says the phase's numbers); else None."""
    moment = PHASES.get(state.turn.phase) if state.turn else None
    if not any(item.moment == moment for items in shown_now.values() for item in items):
        return None
    if moment not in REMINDED_IN_EXPLANATION:
        return shown_now
    said = reminder()
    return {place: tuple(replace(item, text=f"{item.text} {said}") if item.moment == moment else item
                         for item in items) for place, items in shown_now.items()}


def table_line(state: TableState) -> tuple[str, bool]:
    """The display's line of the moment the whole table is in ("" before the first turn), and whether it is the
    phase's reminder (said about the player on turn, so the turn's box need not say it again)."""
    found = table_moment(state)
    if found is None:
        return "", False
    moment, seat = found
    name = told.seat_name(state, seat)
    if moment in PHASES.values():
        return reminders.phase_reminder(state, name), True
    return _(_TABLE_LINES["announced" if moment.startswith("announced_") else moment], name=name), False
