"""Pure game logic: no Flask, no SQL, no I/O; dice come in as arguments. The rest of the app imports from here.

`routing.decide` turns an action into events (shortcuts and dice-panel rolls routed first, then `engine`) and
`engine` turns events into state; `offers` says what a screen may do now; `games` holds one record per game;
`state` is the public state of a table; `game_story` tells a log as the story of its games and `race_lanes`
draws the race.
"""

from . import engine, game_story, notable, terms
from .engine import ACTION_TYPES, REMATCHES, apply, fold, needs_replay, step_of
from .games import ALL_CATEGORIES, ALL_PEST_CATEGORIES, ALL_PHASES, ALL_ROLL_PURPOSES, GAMES, Game, game, job_deck
from .goth import twins_of
from .guevara import default_profile_values
from .jobs import JOB_CHANGES, hand_limit
from .lead import lead, occasion
from .moments import MOMENTS, PHASES, WHENEVER, moments, table_moment
from .offers import Offers, display_offers, offers, refusal
from .race_lanes import Lane, lanes
from .routing import decide
from .state import DISPLAY, RANK_NAMES, RANKS, Denunciation, Raid, TableState, Window, find_card, initial_state
from .tents import BY_DISPLAY, CALL_SUCCEEDS, GET_RID_SUCCEEDS, may_cancel
from .tv import TV_SLACK
from .violations import N_, RuleViolation

__all__ = [
    "ACTION_TYPES", "ALL_CATEGORIES", "ALL_PEST_CATEGORIES", "ALL_PHASES", "ALL_ROLL_PURPOSES", "BY_DISPLAY",
    "CALL_SUCCEEDS", "DISPLAY", "GAMES", "GET_RID_SUCCEEDS", "JOB_CHANGES", "MOMENTS", "N_", "PHASES", "RANK_NAMES",
    "RANKS", "REMATCHES", "TV_SLACK", "WHENEVER", "Denunciation", "Game", "Lane", "Offers", "Raid", "RuleViolation",
    "TableState", "Window", "apply", "decide", "default_profile_values", "display_offers", "engine", "find_card",
    "fold", "game", "game_story", "hand_limit", "initial_state", "job_deck", "lanes", "lead", "moments", "notable",
    "occasion", "needs_replay", "offers", "step_of", "table_moment", "terms", "twins_of",
]
