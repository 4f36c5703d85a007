"""Generated games: Hypothesis drives the rules with the actions the screens show, and any others, and every
invariant of tests/helpers/game_invariants.py is checked after each step.

`machine_for(game, seats)` makes the state machine of one game; `run_games` runs it under a fixed seed, for
the test (tests/rules/test_generated_games.py) and for the longer run (tests/fuzz_rules.py), which read
the figures from `Figures`. With `panels`, every state's panels (the display's and each phone's) are also rendered
by a real app and checked against the offers (tests/helpers/rendered_offers.py): each offer its control or its
withheld reason, each control an offer. Seeds are split in two: the even ones tuned the checks and the screens
(the suite runs them), the odd ones are held out, for a figure nobody fitted (`held_out`).
"""

from __future__ import annotations

import atexit
import tempfile
from collections import Counter
from dataclasses import dataclass, field

from hypothesis import HealthCheck, seed, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, rule, run_state_machine_as_test

from companion.rules import DISPLAY, RANKS, lead, offers
from tests.helpers.any_actions import any_action
from tests.helpers.game_invariants import Breach, check_step
from tests.helpers.game_table import GameTable
from tests.helpers.generated_cards import Draw, HypothesisDraw, job_profile, rank_profile
from tests.helpers.offered_actions import Action, offered, with_chance

GAMES = {"guevara": (2, 5), "geek": (2, 5), "goth": (2, 5), "geekgoth": (2, 5)}
# How a step is chosen: mostly what the moment calls for or a screen shows; some of anything, undo and redo.
STEP_KINDS = ("lead", "turn", "play", "answer", "offered", "lead", "turn", "play", "anything", "undo", "redo")


@dataclass
class Figures:
    """What a run did: games, steps, action types sent and accepted, invariants checked."""

    games: int = 0
    steps: int = 0
    sent: Counter = field(default_factory=Counter)
    accepted: Counter = field(default_factory=Counter)
    checks: Counter = field(default_factory=Counter)
    panel_states: int = 0  # states whose panels were rendered and checked
    panel_offers: int = 0  # offers and withheld reasons looked for on those panels


PANELS_MATCH_OFFERS = "panels_match_offers"


def held_out(run_seed: int) -> bool:
    """Whether a seed belongs to the held-out half (odd), which no check or screen was tuned on."""
    return run_seed % 2 == 1


class GeneratedGame(RuleBasedStateMachine):
    """One table of one game, from setup through turns, wins and rematches."""

    GAME = "guevara"
    SEATS = (2, 5)
    FIGURES = Figures()

    def __init__(self):
        super().__init__()
        self.table: GameTable | None = None

    @initialize(data=st.data())
    def open_table(self, data):
        """Open the table, enter the deck, deal, choose the dealer and start, as a display would."""
        draw = HypothesisDraw(data)
        self.table = GameTable(self.GAME, draw.number(*self.SEATS))
        self.FIGURES.games += 1
        for action in setup_actions(self.table, draw):  # the shuffles and dice drawn from the state they meet
            if action.kind == "start_game":  # a blank job dealt: its holder's phone asks for the numbers first
                for blank in offered(self.table.state, DISPLAY, draw, probe=True):
                    if blank.kind == "set_job_numbers":
                        assert self.table.act(blank) is None, self.table.told()
            state = self.table.state
            action = action._replace(args=with_chance(state, action.kind, action.seat, action.args, draw))
            assert self.table.act(action) is None, self.table.told()
        self._check(None, self.table.state, True)

    @rule(data=st.data())
    def step(self, data):
        """One tap: what the moment calls for, something a screen shows, anything at all, undo or redo."""
        draw = HypothesisDraw(data)
        action = next_action(self.table, draw.pick(STEP_KINDS), draw)
        before = self.table.state
        accepted = self.table.act(action) is None
        self.FIGURES.steps += 1
        self.FIGURES.sent[action.kind] += 1
        if accepted:
            self.FIGURES.accepted[action.kind] += 1
        self._check(action, before, accepted)

    def _check(self, action: Action | None, before, accepted: bool) -> None:
        breaches = check_step(self.table, before, action, accepted, self.FIGURES.checks)
        if breaches:
            raise AssertionError(told_breaches(self.table, breaches))


class RenderedGame(GeneratedGame):
    """A generated game whose panels are rendered after every tap and checked against the offers, both ways."""

    def __init__(self):
        super().__init__()
        self.panels = None  # the app's copy of this example's table, made once the table is set up

    def _check(self, action: Action | None, before, accepted: bool) -> None:
        super()._check(action, before, accepted)
        # Imported here: the plain generated games (tests/rules) never load the web app.
        from tests.helpers.rendered_offers import PanelTable, panel_mismatches

        if self.panels is None:
            self.panels = PanelTable(_panel_app(), self.table)
        self.panels.follow(self.table)
        found, looked_for = panel_mismatches(self.panels, self.table.state)
        self.FIGURES.panel_states += 1
        self.FIGURES.panel_offers += looked_for
        self.FIGURES.checks[PANELS_MATCH_OFFERS] += 1
        if found:
            breaches = [Breach(PANELS_MATCH_OFFERS, action, self.table.state,
                               f"{m.screen}: {m.offer} for seat {m.seat}: {m.detail}") for m in found]
            raise AssertionError(told_breaches(self.table, breaches))


_APP = {}


def _panel_app():
    """One app per process for the rendered panels, on a database in a folder removed at exit."""
    if not _APP:
        from tests.helpers.rendered_offers import new_app  # as above: only a run with panels loads the app

        folder = tempfile.TemporaryDirectory(prefix="panels-")
        atexit.register(folder.cleanup)
        _APP["app"] = new_app(folder.name)
    return _APP["app"]


def told_breaches(table: GameTable, breaches: list[Breach]) -> str:
    """The breaches and the steps that led to them, readable in a test report."""
    lines = [
        f"{len(breaches)} invariant(s) broken in {table.state.game} with {len(table.state.seats)} seats:"
    ]
    lines += [f"  [{breach.invariant}] {breach.detail}" for breach in breaches[:6]]
    return "\n".join(lines + ["The steps (after the table was opened):", table.told()])


def setup_actions(table: GameTable, draw: Draw) -> list[Action]:
    """The display's setup: phones joining, the deck's numbers, ranks or jobs, the dealer, the first turn."""
    state = table.state
    actions = [
        Action(seat, "join", seat, {"name": name})
        for seat, name in zip(state.order, ("Ana", "Ben", "Cleo", "Dan", "Eve"))
        if draw.flag()
    ]
    if state.rules.has_jobs:
        actions += [
            Action(DISPLAY, "set_job_profile", None, job_profile(state.game)),
            Action(DISPLAY, "set_job_die", None, {"physical": draw.flag()}),
            Action(DISPLAY, "deal_jobs", None, {}),
        ]
    else:
        profile = rank_profile(draw)
        actions.append(Action(DISPLAY, "set_profile", None, profile))
        if draw.flag() or len(state.order) == 2:
            actions.append(Action(DISPLAY, "deal_ranks", None, {}))
        else:
            counts = dict(profile["counts"])
            for seat in state.order:
                rank = draw.pick([rank for rank in RANKS if counts[rank] > 0])
                counts[rank] -= 1
                actions.append(Action(DISPLAY, "set_rank", seat, {"rank": rank}))
    actions += [
        Action(DISPLAY, "set_dealer", draw.pick(state.order), {}),
        Action(DISPLAY, "start_game", None, {}),
    ]
    return actions


def next_action(table: GameTable, how: str, draw: Draw) -> Action:
    """The next tap, chosen `how`: what the moment calls for, the turn's own offers, a card, an answer to the
    card being played, anything a screen shows (an offer first, then its values), any action, undo, redo.
    """
    state = table.state
    if how in ("undo", "redo"):
        return Action(draw.pick((*state.order, DISPLAY)), how, None, {})
    on_turn = state.turn.seat if state.turn is not None else draw.pick(state.order)
    if how == "lead":
        names = lead(offers(state, on_turn))
        choices = [action for action in offered(state, on_turn, draw) if action.offer in names]
    elif how in ("turn", "play"):
        choices = offered(state, on_turn, draw)
        cards = [action for action in choices if action.kind == "play_card"]
        choices = cards if how == "play" and cards else choices
    elif how == "answer" and state.window is not None:
        answers = ("cancel_card", "pass_card", "pull_rank", "pull_rank_raid", "watch_tv", "roll_for_card")
        choices = [
            action for seat in state.order for action in offered(state, seat, draw) if action.offer in answers
        ]
    else:
        choices = [] if how == "anything" else offered(state, draw.pick((*state.order, DISPLAY)), draw)
    if choices:
        offer = draw.pick(sorted({action.offer for action in choices}))
        return draw.pick([action for action in choices if action.offer == offer])
    return any_action(state, draw)


def machine_for(game: str, seats: tuple[int, int] | None = None, figures: Figures | None = None,
                panels: bool = False) -> type:
    """The state machine of one game with a seat count in `seats` (the game's range by default); with `panels`,
    its panels rendered and checked after every tap."""
    return type(
        f"Generated_{game}",
        (RenderedGame if panels else GeneratedGame,),
        {"GAME": game, "SEATS": seats or GAMES[game], "FIGURES": figures or Figures()},
    )


def run_seeded(machine, run_seed: int, examples: int, steps: int) -> None:
    """Run a state machine `examples` times, up to `steps` steps each, under `run_seed`, every time the same."""
    chosen = settings(
        max_examples=examples,
        stateful_step_count=steps,
        deadline=None,
        database=None,
        derandomize=False,
        print_blob=False,
        report_multiple_bugs=False,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    )
    run_state_machine_as_test(seed(run_seed)(machine), settings=chosen)


def run_games(
    game: str,
    run_seed: int,
    examples: int,
    steps: int,
    figures: Figures | None = None,
    seats: tuple[int, int] | None = None,
    panels: bool = False,
) -> Figures:
    """Run `examples` generated games of up to `steps` taps each under `run_seed`; raise on a breach."""
    machine = machine_for(game, seats, figures, panels)
    try:
        run_seeded(machine, run_seed, examples, steps)
    except AssertionError as failure:
        shown = " (panels rendered)" if panels else ""
        raise AssertionError(f"generated {game} games{shown}, seed {run_seed}: {failure}") from None
    return machine.FIGURES
