"""Card catalogs: the cards the rulebooks name, with what is known of them."""
