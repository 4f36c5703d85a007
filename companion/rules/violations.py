"""A rule the table broke, as a translatable message with the rulebook section behind it."""


def N_(message: str) -> str:
    """Mark a message for translation without translating it (the web layer translates)."""
    return message


class RuleViolation(Exception):
    """Raised by the rules when an action is not allowed; nothing is written."""

    def __init__(self, message: str, section: str, **params):
        super().__init__(message)
        self.message = message
        self.section = section
        self.params = params
