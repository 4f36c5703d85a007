"""Chez Guevara cards named in the English, German and Russian rulebooks, with only the facts they state."""

from __future__ import annotations

from .card import LANGS, Card, folded_name, names

EN = "002_22fc518f8780fc11.txt"  # English rules 1.0 (primary)
DE = "000_4c3f2b0d50929ecd.txt"  # German edition (Pegasus)
RU = "003_aa2349d510ea7fe9.txt"  # Russian edition (Hobby World)
ALL = (EN, DE, RU)

DECK = "guevara"


CARDS = (
    # People. Uninvited: Glorious Leader, Gordo, Party Girl (each takes one category, printed on the card).
    Card("glorious_leader", names("Glorious Leader", "Ruhmreicher Anführer", "Славный Вождь"), "person",
         invited=False, no_roll_away=True, notes_source=ALL),
    # EN example: Gordo takes Tequila (booze), then the Potato; RU says his next host sheds food or booze.
    # DE swaps the Tequila for Trockenfleisch (food). All three let Gordo eat the Goat.
    Card("gordo", names("Gordo", "Gordo", "Гордо"), "person", invited=False, pest_categories=("food", "booze"),
         notes_source=ALL),
    Card("party_girl", names("Party Girl", "Die Partymaus", "Красотка"), "person", invited=False,
         notes_source=ALL),
    # Type not stated for these: they sit in a tent and act on rolls or protect pets.
    Card("bomb_expert", names("Bomb Expert", "Bombenexperte", "Взрывник"), notes_source=ALL),
    Card("the_toady", names("The Toady", "Speichellecker", "Денщик"), notes_source=ALL),
    Card("nature_boy", names("Nature Boy", "Naturbursche", "Зелёный"), notes_source=ALL),
    # Things
    Card("soap", names("Soap", "Seife", "Мыло"), "thing", cost=1, notes_source=ALL),
    Card("the_art_of_war", names("The Art of War", "Die Kunst des Krieges", "Искусство войны"), "thing",
         cost=3, notes_source=ALL),
    Card("sayings_of_chairman_mao", names("Sayings of Chairman Mao", "Mao-Bibel", "Цитатник председателя Мао"),
         "thing", denounce_modifier=1, notes_source=ALL),
    Card("new_beret", names("New Beret", "Neues Barrett", "Новый берет"), "thing", notes_source=ALL),
    # Food and booze are Things (DE introduction).
    Card("goat", names("Goat", "Ziege", "Козёл"), "thing", ("pet", "food"), notes_source=ALL),
    Card("potato", names("Potato", "Kartoffel", "Картошка"), "thing", ("food",), notes_source=ALL),
    Card("tequila", names("Tequila", None, "Текила"), "thing", ("booze",), notes_source=ALL),
    # Only DE names it (its Gordo example); the English and Russian names are ours, not printed (a Russian table
    # plays the Russian edition, so it reads Russian where that edition names nothing: docs/terms.md).
    Card("jerky", names("Jerky", "Trockenfleisch", "Вяленое мясо"), "thing", ("food",), notes_source=(DE,)),
    # Things named where the books say Thing cards work across the Chez games (the Russian names are ours).
    Card("ak_47", names("AK-47", "AK-47", "АК-47"), "thing", notes_source=(EN, DE)),
    Card("grenade", names("Grenade", "Handgranate", "Граната"), "thing", notes_source=(EN, DE)),
    # Activities
    # DE names no such card: its example plays a "Schäferstündchen" card "für die Beförderung" (a German player types
    # that), and calls every nookie card so.
    Card("social_justice_nookie", names("Social Justice Nookie", None, "Секс с агентом капитализма"),
         "activity", ("nookie",), slack_die=True, slack_modifier=-1, notes_source=ALL,
         aliases={"de": ("Schäferstündchen für die Beförderung", "Schäferstündchen")}),
    # EN and DE only say "a Sleep card"; RU names one «Сон». DE calls sleeping an Activity. The German name is the
    # one the German Chez Geek prints for its Sleep card (001), so that a German table sees one name for both.
    Card("sleep", names("Sleep", "Schlafen", "Сон"), "activity", ("sleep",), notes_source=ALL),
    Card("dig_holes", names("Dig Holes", "Löcher buddeln", "Рытьё ям"), "activity", slack=0, notes_source=ALL),
    Card("kp", names("KP", "Küchendienst", "Наряд на кухню"), "activity", slack=0, notes_source=ALL),
    # Whenever cards
    Card("promotion", names("Promotion", "Beförderung", "Повышение"), "whenever", notes_source=ALL),
    Card("demotion", names("Demotion", "Degradierung", "Разжалование"), "whenever", notes_source=ALL),
    Card("denounce", names("Denounce!", "Denunziert!", "Разоблачение"), "whenever", notes_source=ALL),
    # Type not stated: Lucky 7 adds Income this turn, Bomb Making Practice cancels a Sleep card,
    # Requisition takes a Thing away but is not a canceling card.
    Card("lucky_7", names("Lucky 7", "Glückspilz", "Счастливая 7"), income_bonus=1, notes_source=ALL),
    Card("bomb_making_practice", names("Bomb Making Practice", "Bombenbauübung", "Тренировка взрывников"),
         categories=("cancel",), cancels=("sleep",), notes_source=ALL),
    Card("requisition", names("Requisition", "Konfiszierung", "Реквизиция"), notes_source=ALL),
)

BY_KEY = {card.key: card for card in CARDS}

def name(card: Card, lang: str) -> str:
    """The card's name in lang as its rulebook prints it, else the English name."""
    return card.names.get(lang) or card.names["en"]


def find(text: str, lang: str = "en", cards: tuple[Card, ...] = CARDS) -> Card | None:
    """The card whose name in any language matches text (a printed name, else another name a rulebook calls it by),
    trying lang's names first (looked up in the cards' index of names where they have one, `indexed`)."""
    wanted = folded_name(text)
    if not wanted:
        return None
    index = _INDEXES.get(id(cards))
    if index is not None and index[0] is cards:
        return index[1].get((lang, wanted)) or index[1].get((None, wanted))
    for langs, printed in (((lang,), True), ((lang,), False), (LANGS, True), (LANGS, False)):
        for card in cards:
            if any(code in langs and folded_name(spelt) == wanted for code, spelt in card.spellings(printed)):
                return card
    return None


_INDEXES: dict[int, tuple[tuple[Card, ...], dict[tuple[str | None, str], Card]]] = {}


def indexed(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards, with an index of their folded names that `find` uses from now on: by (language, name) and by
    (None, name) for any of LANGS, the first card in order winning as a scan would find it. For the few lasting
    tuples of a game's cards only (an index is never dropped)."""
    by_name: dict[tuple[str | None, str], Card] = {}
    for printed in (True, False):  # every printed name before any rulebook's other name for a card
        for card in cards:
            for code, spelt in card.spellings(printed):
                by_name.setdefault((code, folded_name(spelt)), card)
    for printed in (True, False):
        for card in cards:
            for _code, spelt in card.spellings(printed):
                by_name.setdefault((None, folded_name(spelt)), card)
    _INDEXES[id(cards)] = (cards, by_name)
    return cards
