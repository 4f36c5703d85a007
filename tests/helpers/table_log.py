"""A table log in memory that decides and applies like play.py does, without storage."""

from companion import rules
from companion.rules import engine


class Log:
    """A tiny in-memory log that decides and applies like play.py does, without storage."""

    def __init__(self, seats=4, game="guevara"):
        self.events = []
        self.state = engine.initial_state()
        self.act("create_table", None, game=game, seats=seats, language="en")

    def act(self, action, seat=None, **args):
        step = len(self.events) + 1
        for event in rules.decide(self.state, action, seat, args):
            event = {**event, "seq": len(self.events) + 1, "step": step}
            self.events.append(event)
            self.state = engine.apply(self.state, event)
            if engine.needs_replay(event):
                self.state = engine.fold(self.events)
        return self.state
