"""Chez Goth cards and jobs named in the German rulebook, with only the facts it states.

English names are our gloss of the German unless the combining rules name the card in English too; no
Russian edition is among our sources (the Sleep card takes its Russian name from Chez Guevara's, 003).
"""

from __future__ import annotations

from .card import Card, in_languages
from .geek_cards import Job

DE = "004_86e669cd97eaea5c.txt"  # Chez Goth, German (Pegasus)
DECK = "goth"

JOBS = (
    Job("artist", in_languages("Artist", "Künstler"), income=(1, 4), goth=True, notes_source=(DE,)),
    Job("barista", in_languages("Barista", "Barista"), goth=True, notes_source=(DE,)),  # more Slack for Sleep
    Job("morgue_watch", in_languages("Morgue Night Watch", "Totenwächter im Leichenschauhaus"), goth=True,
        bonus=(("book", 1),), notes_source=(DE,)),
    Job("porn_shop_clerk", in_languages("Porn Shop Clerk", "Pornoladenfuzzy"), goal=18, goth=True, notes_source=(DE,)),
    Job("poet", in_languages("Poet", "Poet"), goth=True, notes_source=(DE,)),
)

CARDS = (
    # Its example takes Jewellery (the Ankh), then Clothing (the velvet cloak).
    Card("england_import", in_languages("The UK Import", "England-Import"), "person", invited=False,
         pest_categories=("jewellery", "clothing"), notes_source=(DE,)),
    Card("ankh", in_languages("Ankh", "Ankh"), "thing", ("jewellery",), notes_source=(DE,)),
    Card("velvet_cloak", in_languages("Velvet Cloak", "Samtumhang"), "thing", ("clothing",), notes_source=(DE,)),
    Card("coffin", in_languages("Coffin", "Sarg"), "thing", cost=3, notes_source=(DE,)),
    Card("absinthe", in_languages("Absinthe", "Absinth"), "thing", ("booze",), cost=2, notes_source=(DE,)),
    Card("hearse", in_languages("Hearse", "Leichenwagen"), "thing", notes_source=(DE,)),
    Card("torn_fishnets", in_languages("Torn Fishnets", "Zerrissene Netzstrümpfe"), "thing", ("clothing",),
         notes_source=(DE,)),
    Card("find_a_wallet", in_languages("Find a Wallet", "Eine Geldbörse finden"), notes_source=(DE,)),
    Card("grandma_died_again", in_languages("Grandma Died Again", "Großmutter ist schon wieder gestorben"),
         notes_source=(DE,)),
    Card("borrow_some_clothes", in_languages("Borrow Some Clothes", "Ein paar Klamotten ausleihen"), notes_source=(DE,)),
    Card("mister_sunshine", in_languages("Mister Sunshine", "Mister Sonnenschein"), categories=("cancel",),
         notes_source=(DE,)),
    Card("moping", in_languages("Moping", "Trübsal blasen"), "activity", ("heartache",), notes_source=(DE,)),
    Card("whining", in_languages("Whining", "Jammern"), "activity", ("heartache",), notes_source=(DE,)),
    Card("goth_nookie", in_languages("Nookie", "Schäferstündchen"), "activity", ("nookie",), slack_die=True,
         slack_modifier=-1, notes_source=(DE,)),
    # Worth a roll, 0 on a 1; the rest of its table is printed on the card.
    Card("cafe_nookie", in_languages("Nookie at the Café", "Schäferstündchen im Café"), "activity", ("nookie",),
         notes_source=(DE,)),
    # The one name a Russian edition prints: 003 (Chez Guevara, Russian) calls the Sleep card «Сон».
    Card("goth_sleep", in_languages("Sleep", "Schlafen", "Сон"), "activity", ("sleep",), notes_source=(DE,)),
    Card("part_time", in_languages("Part-Time", "Teilzeit"), "whenever", notes_source=(DE,)),
    Card("goth_new_job", in_languages("New Job", "Neuer Job"), notes_source=(DE,)),
    # Named in the combining rules (where Blogging and Online Shopping count as Surfing the Web).
    Card("paint_your_windows_black", in_languages("Paint Your Windows Black", "Mal deine Fenster schwarz an"),
         notes_source=(DE,)),
    Card("blogging", in_languages("Blogging", "Bloggen"), "activity", notes_source=(DE,)),
    Card("online_shopping", in_languages("Online Shopping", "Online-Shopping"), "activity", notes_source=(DE,)),
)
