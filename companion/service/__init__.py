"""The application service: the one place an action becomes events, with who may act, chance and join codes."""
