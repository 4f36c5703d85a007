"""Cards named as phones name them, by full name, a short name or a typo, in the middle of generated games: the
rules' decision on the name a phone sent equals their decision on the card the picker resolves that name to.

The layers between agree on which card a name is: the picker's matching (`card_match.resolved` over the table's
choices), the card steps of companion/knowledge (naming, completion, what the deck knows) and the rules.
`NamingGame` moves a table on with the generated games' taps (tests/helpers/generated_games.py) and, between taps,
sends a card-taking action under a drawn name; `run_naming` runs it under a seed, for the test
(tests/web/test_named_cards_generated.py) and the long fuzz (tests/fuzz_rules.py). Seeds split in two halves:
even seeds tuned the matching's thresholds, odd ones are held out (`half`).
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from dataclasses import dataclass, field

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, rule
from sqlite_utils import Database

from companion.cards import cards_for
from companion.cards.card import folded_name
from companion.input.actions import Action as Tap
from companion.input.actions import BadInput
from companion.knowledge import card_choices, card_match, card_steps
from companion.rules import GAMES, RuleViolation, decide
from companion.storage import deck_knowledge, store
from tests.helpers.game_table import GameTable
from tests.helpers.generated_cards import HypothesisDraw
from tests.helpers.generated_games import held_out, next_action, run_seeded, setup_actions
from tests.helpers.offered_actions import with_chance

CARD_ACTIONS = ("play_card", "pull_rank", "watch_tv", "cancel_card", "take_loot", "call_raid")
VARIANTS = ("full", "short", "typo")
TABLE_ID = 1
# Cards other tables taught the server (every deck knows them): a Raid card, an Activity, a canceling card.
TAUGHT = (
    ("Ambush", {"type": "activity", "categories": ["raid"], "loot": 2}),
    ("Hammock Time", {"type": "activity", "slack": 2}),
    ("Bugle Call", {"categories": ["cancel"], "cancels": ["sleep"]}),
)


@dataclass
class NamingFigures:
    """What a run sent: names per variant, where the picker resolved them, decisions compared."""

    games: int = 0
    sent: Counter = field(default_factory=Counter)  # per variant
    own_card: Counter = field(default_factory=Counter)  # resolved to the card whose name was varied
    other_card: Counter = field(default_factory=Counter)  # resolved to another card
    compared: Counter = field(default_factory=Counter)  # per action type

    def add(self, other: NamingFigures) -> None:
        """Another run's figures added to these."""
        self.games += other.games
        for name in ("sent", "own_card", "other_card", "compared"):
            getattr(self, name).update(getattr(other, name))


def half(run_seed: int) -> str:
    """Which half a seed's data belongs to: "tuning" (even seeds, looked at while choosing the thresholds of
    companion/knowledge/card_match.py) or "held-out" (odd seeds, never looked at)."""
    return "held-out" if held_out(run_seed) else "tuning"


def taught_database() -> Database:
    """An in-memory server database that knows the catalog and the cards of `TAUGHT` in every deck."""
    db = Database(memory=True)
    store.migrate(db)
    for deck in deck_knowledge.DECKS:
        for name, facts in TAUGHT:
            deck_knowledge.save(db, deck_knowledge.Known(deck, "en", name, dict(facts), {}, 2))
    return db


def names_of(game: str) -> list[tuple[str, str]]:
    """Every name a card of the game is known by, with the card it names: each edition's catalog name, the other
    names the rulebooks call them by, and the taught cards."""
    named = [(name, card.key) for card in cards_for(GAMES[game].decks) for _lang, name in card.spellings()]
    return named + [(name, "name:" + deck_knowledge.name_key(name)) for name, _facts in TAUGHT]


def short_name(name: str, cut: int) -> str:
    """The name's beginning of `cut` letters (at least three, spaces kept), as a hurried phone types it."""
    return name[: max(3, min(cut, len(name) - 1))].rstrip()


def typo(name: str, place: int, how: str) -> str:
    """The name with one slip at a letter after the first: two letters swapped, one dropped, one doubled."""
    letters = [char for char in unicodedata.normalize("NFC", name)]
    at = 1 + place % max(1, len(letters) - 2)
    if how == "swap" and at + 1 < len(letters):
        letters[at], letters[at + 1] = letters[at + 1], letters[at]
    elif how == "drop":
        del letters[at]
    else:
        letters.insert(at, letters[at])
    return "".join(letters)


def named_args(kind: str, name: str, seat: int, window: int) -> dict:
    """The arguments of a card-taking action that names one card, as the action parser hands them over."""
    if kind == "play_card":
        return {"cards": [{"name": name}], "target": seat}
    if kind == "pull_rank":
        return {"window": window, "card": {"name": name, "type": "activity"}}
    if kind == "watch_tv":
        return {"window": window, "card": {"name": name, "type": "activity", "slack": 1}}
    if kind == "cancel_card":
        return {"window": window, "with": name}
    return {"card": {"name": name}}  # take_loot, call_raid


def decision(db: Database, state, game: str, kind: str, seat: int, args: dict) -> tuple:
    """What the server decides for the tap, as the service does (card steps, then the rules, then a question held
    back until the rules accepted): its events, or its refusal, or its question."""
    try:
        prepared = card_steps.before_deciding(db, Tap(kind, seat, args), "en", game, TABLE_ID)
        tap = prepared.action  # a known budget card typed into the card form is a budget card (Lucky 7)
        events = decide(state, tap.type, tap.seat, dict(tap.args))
        if prepared.pending is not None:
            raise prepared.pending
        return ("accepted", events)
    except RuleViolation as refused:
        return ("refused", refused.message, refused.section, repr(sorted(refused.params.items())))
    except BadInput as asked:
        return ("asked", asked.message, repr(sorted(asked.params.items())))
    except Exception as error:  # a crash is a defect of its own, told with the steps that led to it
        return ("crashed", repr(error))


class NamingGame(RuleBasedStateMachine):
    """One table of one game, moved on by generated taps, its cards named in every way between them."""

    GAME = "guevara"
    SEATS = (2, 5)
    FIGURES = NamingFigures()
    DB: Database | None = None

    def __init__(self):
        super().__init__()
        self.table: GameTable | None = None
        if type(self).DB is None:
            type(self).DB = taught_database()
        self.choices = card_choices.table_choices(self.DB, GAMES[self.GAME].decks, ("en",), TABLE_ID)
        self.names = names_of(self.GAME)

    @initialize(data=st.data())
    def open_table(self, data):
        """Open the table and set it up as a display would."""
        draw = HypothesisDraw(data)
        self.table = GameTable(self.GAME, draw.number(*self.SEATS))
        self.FIGURES.games += 1
        for action in setup_actions(self.table, draw):
            action = action._replace(args=with_chance(self.table.state, action.kind, action.seat, action.args, draw))
            self.table.act(action)

    @rule(data=st.data())
    def tap(self, data):
        """One tap of the generated games: the table moves on."""
        draw = HypothesisDraw(data)
        how = draw.pick(("lead", "turn", "play", "answer", "offered", "play", "answer"))
        self.table.act(next_action(self.table, how, draw))

    @rule(data=st.data())
    def name_a_card(self, data):
        """A card-taking action under a card's full name, a short name and a typo: each decided as the card the
        picker resolves it to."""
        draw = HypothesisDraw(data)
        state = self.table.state
        name, card = draw.pick(self.names)
        kind = draw.pick(CARD_ACTIONS)
        on_turn = state.turn.seat if state.turn is not None else state.order[0]
        seat = on_turn if draw.flag() or state.window is None else draw.pick(state.order)
        window = state.window.uid if state.window is not None else 1
        variants = {"full": name, "short": short_name(name, draw.number(3, 12)),
                    "typo": typo(name, draw.number(0, 30), draw.pick(("swap", "drop", "double")))}
        for variant, typed in variants.items():
            self.FIGURES.sent[variant] += 1
            found = card_match.resolved(typed, self.choices, ("en",))
            if found is None:
                continue
            # the combined game's two decks print some names twice (Sleep, Nookie): by name they are one card
            own = found.card == card or folded_name(found.name) == folded_name(name)
            (self.FIGURES.own_card if own else self.FIGURES.other_card)[variant] += 1
            sent = decision(self.DB, state, self.GAME, kind, seat, named_args(kind, typed, seat, window))
            meant = decision(self.DB, state, self.GAME, kind, seat, named_args(kind, found.name, seat, window))
            self.FIGURES.compared[kind] += 1
            if sent != meant or "crashed" in (sent[0], meant[0]):
                raise AssertionError(
                    f"{kind} for seat {seat} naming {typed!r} ({variant} of {name!r}), which the picker resolves "
                    f"to {found.name!r}:\n  sent as typed: {sent}\n  sent as {found.name!r}: {meant}\n"
                    f"The steps (after the table was opened):\n{self.table.told()}"
                )


def run_naming(game: str, run_seed: int, examples: int, steps: int, figures: NamingFigures | None = None,
               seats: tuple[int, int] = (2, 5)) -> NamingFigures:
    """Run `examples` tables of up to `steps` steps each under `run_seed`; raise on a decision that differs."""
    machine = type(f"Naming_{game}", (NamingGame,),
                   {"GAME": game, "SEATS": seats, "FIGURES": figures or NamingFigures()})
    try:
        run_seeded(machine, run_seed, examples, steps)
    except AssertionError as failure:
        raise AssertionError(f"named cards in {game}, seed {run_seed} ({half(run_seed)}): {failure}") from None
    return machine.FIGURES
