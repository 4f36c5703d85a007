"""A table's log in memory that decides, appends and undoes as the service and the store do, and keeps the
steps.

Undo and redo are events (`undone`, `redone`) naming an action by its first event; after one, the state is
folded again from the log, as the state cache does. Every refusal the rules give is kept, so that the
checks can read it."""

from __future__ import annotations

from companion.rules import DISPLAY, RuleViolation, decide, engine, initial_state
from companion.service.table_service import with_tapper
from tests.helpers.offered_actions import Action


class Crash(Exception):
    """The rules raised something other than a RuleViolation for well-formed arguments."""


class GameTable:
    """One table: its events, its state, the steps taken and the refusals seen since the last look."""

    def __init__(self, game: str, seats: int):
        self.events: list[dict] = []
        self.state = initial_state()
        self.steps: list[tuple[Action, str]] = []
        self.refusals: list[tuple[Action, RuleViolation]] = []
        self.act(Action(DISPLAY, "create_table", None, {"game": game, "seats": seats, "language": "en"}))

    def decide(self, action: Action, state=None) -> list[dict] | RuleViolation:
        """The events the rules decide for the action, or their refusal (kept); nothing is appended."""
        try:
            actor = DISPLAY if action.actor == DISPLAY else f"seat:{action.actor}"
            return decide(
                self.state if state is None else state,
                action.kind,
                action.seat,
                with_tapper(action.kind, dict(action.args), actor),
            )
        except RuleViolation as violation:
            self.refusals.append((action, violation))
            return violation
        except Exception as error:  # a crash is a defect of its own: say which action made it
            raise Crash(f"{action.told()} crashed the rules: {error!r}") from error

    def act(self, action: Action) -> RuleViolation | None:
        """Decide and append the action; the refusal if the rules refuse it."""
        decided = self.decide(action)
        if isinstance(decided, RuleViolation):
            self.steps.append((action, f"refused: {decided.message} ({decided.section})"))
            return decided
        self.append(decided, DISPLAY if action.actor == DISPLAY else f"seat:{action.actor}")
        self.steps.append(
            (action, f"accepted: {', '.join(event['type'] for event in decided) or 'no events'}")
        )
        return None

    def append(self, decided: list[dict], actor: str = DISPLAY) -> None:
        """Append one action's events, numbered as the store numbers them, with who tapped."""
        step = len(self.events) + 1
        replay = False
        for event in decided:
            event = {**event, "seq": len(self.events) + 1, "step": step, "actor": actor}
            self.events.append(event)
            self.state = engine.apply(self.state, event)
            replay = replay or engine.needs_replay(event)
        if replay:
            self.state = engine.fold(self.events)

    def told(self, last: int | None = None) -> str:
        """The steps taken, one numbered line each (the last `last` only)."""
        steps = self.steps if last is None else self.steps[-last:]
        first = len(self.steps) - len(steps) + 1
        return "\n".join(
            f"{number:3}. {action.told()}\n       -> {outcome}"
            for number, (action, outcome) in enumerate(steps, start=first)
        )


def fork(table: GameTable) -> GameTable:
    """A copy of the table to try something on: its refusals are kept with the table's, its steps apart."""
    copy = GameTable.__new__(GameTable)
    copy.events, copy.state, copy.steps, copy.refusals = (
        list(table.events),
        table.state.copy(),
        [],
        table.refusals,
    )
    return copy
