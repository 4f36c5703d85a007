"""One blueprint per resource: tables, seats, live streams, the API, rules, stories, shares, spectators, decks."""
