"""The action vocabulary: every tap as an action, its arguments parsed strictly from a form, JSON or the log."""
