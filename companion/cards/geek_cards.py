"""Chez Geek cards and jobs named in the German rulebook (4th edition), with only the facts it states.

English names are the English edition's where we know them, else our gloss of the German; no Russian
edition is among our sources (the Sleep card takes its Russian name from Chez Guevara's, 003).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .card import Card, names

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
    Job("slacker", names("Slacker", "Slacker"), notes_source=(DE,)),
    Job("drummer", names("Drummer", "Drummer"), notes_source=(DE,)),
    Job("work_drone", names("Work Drone", "Arbeitsdrohne"), hand=7, notes_source=(DE,)),
    Job("temp", names("Temp", "Zeitarbeiter"), income=(1, 4), notes_source=(DE,)),
    Job("waiter", names("Waiter", "Kellner"), notes_source=(DE,)),  # more Slack for Sleep: how much is printed
    Job("web_designer", names("Web Designer", "Web Designer"), bonus=(("web", 2),), notes_source=(DE,)),
    Job("lab_rat", names("Professional Lab Rat", "Professionelles Versuchskaninchen"),
        forbidden=("booze", "weed", "mushrooms"), notes_source=(DE,)),
    Job("tech_support", names("Tech Support", "Technische Support-Hotline"), goal=20, notes_source=(DE,)),
)

CARDS = (
    Card("fresssack", names("Glutton", "Fresssack"), "person", invited=False, notes_source=(DE,)),
    Card("besoffener_toelpel", names("Drunken Oaf", "Besoffener Tölpel"), "person", invited=False,
         notes_source=(DE,)),
    # Its example eats a Food card, then a drink.
    Card("superzecke", names("Super Freeloader", "Superzecke"), "person", invited=False,
         pest_categories=("food", "booze"), notes_source=(DE,)),
    Card("microwave_popcorn", names("Microwave Popcorn", "Mikrowellenpopcorn"), "thing", ("food",),
         notes_source=(DE,)),
    Card("white_russian", names("White Russian", "White Russian"), "thing", ("booze",), notes_source=(DE,)),
    Card("ultra_slims", names("Ultra-Slims", "Ultra-Slims"), "thing", ("cigarettes",), cost=1, notes_source=(DE,)),
    Card("nt_server_handbook", names("NT Server Handbook", "NT Server Handbuch"), "thing", ("book",), cost=3,
         notes_source=(DE,)),
    Card("gullys", names("Gullys", "Gullys"), "thing", ("cigarettes",), notes_source=(DE,)),
    Card("hash_cookies", names("Hash Cookies", "Haschkekse"), "thing", ("weed", "food"), notes_source=(DE,)),
    # Its example plays one as "Schäferstündchen bei Jimmy’s".
    Card("nookie", names("Nookie", "Schäferstündchen"), "activity", ("nookie",), slack_die=True,
         slack_modifier=-1, notes_source=(DE,), aliases={"de": ("Schäferstündchen bei Jimmy’s",)}),
    # The one name a Russian edition prints: 003 (Chez Guevara, Russian) calls the Sleep card «Сон».
    Card("geek_sleep", names("Sleep", "Schlafen", "Сон"), "activity", ("sleep",), notes_source=(DE,)),
    Card("surfing_the_web", names("Surfing the Web", "Im Netz surfen"), "activity", ("web",), notes_source=(DE,)),
    Card("sloths", names("Sloths – Nature's Sleeping Pills", "Faultiere – Natürliche Schlaftabletten"),
         "activity", ("tv", "sleep"), notes_source=(DE,)),
    Card("midnight_carpentry", names("Midnight Carpentry", "Schreinerarbeiten um Mitternacht"),
         categories=("cancel",), notes_source=(DE,)),
    Card("car_alarm", names("Car Alarm", "Auto-Alarmanlage"), categories=("cancel",), notes_source=(DE,)),
    Card("tv_queen", names("TV Queen", "TV-Queen"), notes_source=(DE,)),
    Card("bumming_smokes", names("Bumming Smokes", "Kippenschnorren"), notes_source=(DE,)),
    Card("money_in_the_couch", names("Money in the Couch", "Geld in der Couch"), notes_source=(DE,)),
    Card("blood_plasma_donation", names("Blood Plasma Donation", "Blutplasmaspende"), "whenever",
         notes_source=(DE,)),
    Card("new_job", names("New Job", "Neuer Job"), notes_source=(DE,)),
    Card("youre_fired", names("You're Fired!", "Du bist gefeuert!"), notes_source=(DE,)),
)
