"""What the server knows of the cards beyond the rulebooks: decks taught by tables, deck files, rank and job profiles."""
