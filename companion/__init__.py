"""Chez Companion: a table companion for Chez Guevara, Chez Geek and Chez Goth.

The folders are the layers, each importing only from those listed before it: `rules/` (pure game logic),
`rulebook/` (the rules reference), `cards/` (the rulebooks' catalog), `translations/`, `input/` (the action
vocabulary), `storage/`, `knowledge/` (what the server learned of the cards), `live/` (who watches which
table), `service/` (an action becomes events), `serve/` (waitress, workers, the network address), `web/`
(pages and the API); then `app.py` (the Flask app) and `__main__.py` (the command). Importing this package
loads nothing (tests/rules/test_layers.py checks all of this).
"""
