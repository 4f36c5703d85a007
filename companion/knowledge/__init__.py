"""What the server learned of the cards beyond the rulebooks: cards completed from it, lessons a table teaches,
deck files, the picker's cards, rank and job profiles."""
