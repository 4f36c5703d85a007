"""Job decks for the job games' rule tests: numbers a table would copy from its cards (only marked ones are printed
in the rulebooks)."""

from tests.helpers.table_log import Log

GEEK_JOBS = [  # the Temp's 1/4, the Work Drone's hand of 7 and Tech Support's goal 20 are in the rulebook
    {"key": "slacker", "name": "Slacker", "income": [2], "free_time": [3], "goal": 25},
    {"key": "temp", "name": "Temp", "income": [1, 4], "free_time": [2], "goal": 22},
    {"key": "work_drone", "name": "Work Drone", "income": [4], "free_time": [1], "goal": 22, "hand": 7},
    {"key": "tech_support", "name": "Tech Support", "income": [3], "free_time": [1, 3], "goal": 20},
    {"key": "web_designer", "name": "Web Designer", "income": [3], "free_time": [2], "goal": 21,
     "bonus": {"web": 2}},
    {"key": "drummer", "name": "Drummer", "income": [1], "free_time": [3], "goal": 20},
]
GOTH_JOBS = [  # the Artist's 1/4 and the Porn Shop Clerk's goal 18 are in the rulebook
    {"key": "artist", "name": "Artist", "income": [1, 4], "free_time": [2], "goal": 20, "goth": True},
    {"key": "porn_shop_clerk", "name": "Porn Shop Clerk", "income": [2], "free_time": [2], "goal": 18, "goth": True},
    {"key": "poet", "name": "Poet", "income": [1], "free_time": [3], "goal": 21, "goth": True},
    {"key": "barista", "name": "Barista", "income": [3], "free_time": [2], "goal": 20, "goth": True},
]


def entry(job):
    """A job as the action parser hands it to the rules."""
    return {"perk": "", "hand": 6, "goth": False, "bonus": {}, **job}


def job_table(game="geek", jobs=("slacker", "temp", "work_drone"), dealer=3):
    """A job game with the deck entered, jobs set by hand and a dealer: seat 1 starts when it is started."""
    deck = {"geek": GEEK_JOBS, "goth": GOTH_JOBS, "geekgoth": GEEK_JOBS + GOTH_JOBS}[game]
    log = Log(len(jobs), game=game)
    log.act("set_job_profile", jobs=[entry(job) for job in deck])
    for seat, key in enumerate(jobs, start=1):
        log.act("set_job", seat, job=key)
    log.act("set_dealer", dealer)
    return log


def to_phase(log, phase, seat=None, dice=(6, 6)):
    turn = log.state.turn
    while turn.phase != phase:
        log.act("advance", turn.seat, phase=turn.phase, turn=turn.number, dice=list(dice))
        turn = log.state.turn
    return log
