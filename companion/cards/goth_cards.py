"""Chez Goth cards and jobs named in the German rulebook, with only the facts it states.

English names are our gloss of the German unless the combining rules name the card in English too; no
Russian edition is among our sources (the Sleep card takes its Russian name from Chez Guevara's, 003).
"""

from __future__ import annotations

from .card import Card, names
from .geek_cards import Job

DE = "004_86e669cd97eaea5c.txt"  # Chez Goth, German (Pegasus)
DECK = "goth"

JOBS = (
    Job("artist", names("Artist", "Künstler"), income=(1, 4), goth=True, notes_source=(DE,)),
    Job("barista", names("Barista", "Barista"), goth=True, notes_source=(DE,)),  # more Slack for Sleep
    Job("morgue_watch", names("Morgue Night Watch", "Totenwächter im Leichenschauhaus"), goth=True,
        bonus=(("book", 1),), notes_source=(DE,)),
    Job("porn_shop_clerk", names("Porn Shop Clerk", "Pornoladenfuzzy"), goal=18, goth=True, notes_source=(DE,)),
    Job("poet", names("Poet", "Poet"), goth=True, notes_source=(DE,)),
)

CARDS = (
    # Its example takes Jewellery (the Ankh), then Clothing (the velvet cloak).
    Card("england_import", names("The UK Import", "England-Import"), "person", invited=False,
         pest_categories=("jewellery", "clothing"), notes_source=(DE,)),
    Card("ankh", names("Ankh", "Ankh"), "thing", ("jewellery",), notes_source=(DE,)),
    Card("velvet_cloak", names("Velvet Cloak", "Samtumhang"), "thing", ("clothing",), notes_source=(DE,)),
    Card("coffin", names("Coffin", "Sarg"), "thing", cost=3, notes_source=(DE,)),
    Card("absinthe", names("Absinthe", "Absinth"), "thing", ("booze",), cost=2, notes_source=(DE,)),
    Card("hearse", names("Hearse", "Leichenwagen"), "thing", notes_source=(DE,)),
    Card("torn_fishnets", names("Torn Fishnets", "Zerrissene Netzstrümpfe"), "thing", ("clothing",),
         notes_source=(DE,)),
    Card("find_a_wallet", names("Find a Wallet", "Eine Geldbörse finden"), notes_source=(DE,)),
    Card("grandma_died_again", names("Grandma Died Again", "Großmutter ist schon wieder gestorben"),
         notes_source=(DE,)),
    Card("borrow_some_clothes", names("Borrow Some Clothes", "Ein paar Klamotten ausleihen"), notes_source=(DE,)),
    Card("mister_sunshine", names("Mister Sunshine", "Mister Sonnenschein"), categories=("cancel",),
         notes_source=(DE,)),
    Card("moping", names("Moping", "Trübsal blasen"), "activity", ("heartache",), notes_source=(DE,)),
    Card("whining", names("Whining", "Jammern"), "activity", ("heartache",), notes_source=(DE,)),
    Card("goth_nookie", names("Nookie", "Schäferstündchen"), "activity", ("nookie",), slack_die=True,
         slack_modifier=-1, notes_source=(DE,)),
    # Worth a roll, 0 on a 1; the rest of its table is printed on the card.
    Card("cafe_nookie", names("Nookie at the Café", "Schäferstündchen im Café"), "activity", ("nookie",),
         notes_source=(DE,)),
    # The one name a Russian edition prints: 003 (Chez Guevara, Russian) calls the Sleep card «Сон».
    Card("goth_sleep", names("Sleep", "Schlafen", "Сон"), "activity", ("sleep",), notes_source=(DE,)),
    Card("part_time", names("Part-Time", "Teilzeit"), "whenever", notes_source=(DE,)),
    Card("goth_new_job", names("New Job", "Neuer Job"), notes_source=(DE,)),
    # Named in the combining rules (where Blogging and Online Shopping count as Surfing the Web).
    Card("paint_your_windows_black", names("Paint Your Windows Black", "Mal deine Fenster schwarz an"),
         notes_source=(DE,)),
    Card("blogging", names("Blogging", "Bloggen"), "activity", notes_source=(DE,)),
    Card("online_shopping", names("Online Shopping", "Online-Shopping"), "activity", notes_source=(DE,)),
)
