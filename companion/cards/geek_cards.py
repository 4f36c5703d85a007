"""Chez Geek cards and jobs named in the German rulebook (4th edition), with only the facts it states.

English names are the English edition's where we know them, else our gloss of the German; no Russian
edition is among our sources (the Sleep card takes its Russian name from Chez Guevara's, 003).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .card import Card, in_languages

DE = "001_33843aac75e5d22e.txt"  # Chez Geek, German 4th edition (Pegasus)
DECK = "geek"


@dataclass(frozen=True)
class Job:
    """One job card; None means the rulebook does not state it and the table enters it from the printed card."""

    key: str
    names: dict[str, str | None] = field(default_factory=dict, hash=False)
    income: tuple[int, ...] | None = None
    free_time: tuple[int, ...] | None = None
    goal: int | None = None
    hand: int | None = None
    goth: bool = False
    bonus: tuple[tuple[str, int], ...] = ()
    forbidden: tuple[str, ...] = ()
    notes_source: tuple[str, ...] = ()


JOBS = (
    Job("slacker", in_languages("Slacker", "Slacker"), notes_source=(DE,)),
    Job("drummer", in_languages("Drummer", "Drummer"), notes_source=(DE,)),
    Job("work_drone", in_languages("Work Drone", "Arbeitsdrohne"), hand=7, notes_source=(DE,)),
    Job("temp", in_languages("Temp", "Zeitarbeiter"), income=(1, 4), notes_source=(DE,)),
    Job("waiter", in_languages("Waiter", "Kellner"), notes_source=(DE,)),  # more Slack for Sleep: how much is printed
    Job("web_designer", in_languages("Web Designer", "Web Designer"), bonus=(("web", 2),), notes_source=(DE,)),
    Job("lab_rat", in_languages("Professional Lab Rat", "Professionelles Versuchskaninchen"),
        forbidden=("booze", "weed", "mushrooms"), notes_source=(DE,)),
    Job("tech_support", in_languages("Tech Support", "Technische Support-Hotline"), goal=20, notes_source=(DE,)),
)

CARDS = (
    Card("fresssack", in_languages("Glutton", "Fresssack"), "person", invited=False, notes_source=(DE,)),
    Card("besoffener_toelpel", in_languages("Drunken Oaf", "Besoffener Tölpel"), "person", invited=False,
         notes_source=(DE,)),
    # Its example eats a Food card, then a drink.
    Card("superzecke", in_languages("Super Freeloader", "Superzecke"), "person", invited=False,
         pest_categories=("food", "booze"), notes_source=(DE,)),
    Card("microwave_popcorn", in_languages("Microwave Popcorn", "Mikrowellenpopcorn"), "thing", ("food",),
         notes_source=(DE,)),
    Card("white_russian", in_languages("White Russian", "White Russian"), "thing", ("booze",), notes_source=(DE,)),
    Card("ultra_slims", in_languages("Ultra-Slims", "Ultra-Slims"), "thing", ("cigarettes",), cost=1, notes_source=(DE,)),
    Card("nt_server_handbook", in_languages("NT Server Handbook", "NT Server Handbuch"), "thing", ("book",), cost=3,
         notes_source=(DE,)),
    Card("gullys", in_languages("Gullys", "Gullys"), "thing", ("cigarettes",), notes_source=(DE,)),
    Card("hash_cookies", in_languages("Hash Cookies", "Haschkekse"), "thing", ("weed", "food"), notes_source=(DE,)),
    Card("nookie", in_languages("Nookie", "Schäferstündchen"), "activity", ("nookie",), slack_die=True,
         slack_modifier=-1, notes_source=(DE,)),
    # The one name a Russian edition prints: 003 (Chez Guevara, Russian) calls the Sleep card «Сон».
    Card("geek_sleep", in_languages("Sleep", "Schlafen", "Сон"), "activity", ("sleep",), notes_source=(DE,)),
    Card("surfing_the_web", in_languages("Surfing the Web", "Im Netz surfen"), "activity", ("web",), notes_source=(DE,)),
    Card("sloths", in_languages("Sloths – Nature's Sleeping Pills", "Faultiere – Natürliche Schlaftabletten"),
         "activity", ("tv", "sleep"), notes_source=(DE,)),
    Card("midnight_carpentry", in_languages("Midnight Carpentry", "Schreinerarbeiten um Mitternacht"),
         categories=("cancel",), notes_source=(DE,)),
    Card("car_alarm", in_languages("Car Alarm", "Auto-Alarmanlage"), categories=("cancel",), notes_source=(DE,)),
    Card("tv_queen", in_languages("TV Queen", "TV-Queen"), notes_source=(DE,)),
    Card("bumming_smokes", in_languages("Bumming Smokes", "Kippenschnorren"), notes_source=(DE,)),
    Card("money_in_the_couch", in_languages("Money in the Couch", "Geld in der Couch"), notes_source=(DE,)),
    Card("blood_plasma_donation", in_languages("Blood Plasma Donation", "Blutplasmaspende"), "whenever",
         notes_source=(DE,)),
    Card("new_job", in_languages("New Job", "Neuer Job"), notes_source=(DE,)),
    Card("youre_fired", in_languages("You're Fired!", "Du bist gefeuert!"), notes_source=(DE,)),
)
