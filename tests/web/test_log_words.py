"""Every kind of log line and undo label, in every language and game, with a woman's name and a card of each type:
the player is the line's subject (English), no Russian verb takes a gender from the player's name, a Russian card
name stays in the nominative, and no German pronoun stands for a card whose gender the sentence cannot know, nor
does a German card name stand where it would have to be declined."""

from __future__ import annotations

import re

import pytest
from flask import g

from companion import cards as catalog
from companion.rules import GAMES, TableState
from companion.rules.state import Seat
from companion.web.words import log_sentences, told
from companion.web.words.log_sentences import SAID, TELLERS

MARIA = {"en": "Maria", "de": "Maria", "ru": "Мария"}
OTHERS = {2: "Ana", 3: "Olga"}
SEQ, STEP = 40, 30  # the line's event, and an earlier tap an undo line names


def card_fields(card, prefix: str = "") -> dict:
    """The name and key an event gives a card (`prefix` "pest_" for a pest)."""
    return {f"{prefix}name": card.names["en"] or card.names["de"], f"{prefix}key": card.key}


def tent_card(card, uid: int = 7, seat: int = 2) -> dict:
    """A card as an event's effects list it."""
    return {"uid": uid, "seat": seat, "type": card.type, "categories": list(card.categories), **card_fields(card)}


def samples(card, game) -> list[tuple[str, dict]]:
    """One or more events of every kind the log tells, naming `card` wherever the event names a card."""
    played = {"name": card_fields(card)["name"], "key": card.key, "type": card.type}
    job = next(iter(catalog.JOBS_BY_KEY))
    effects = {"left": [tent_card(card)], "moved": [{**tent_card(card), "from": 2, "to": 3}],
               "landed": [tent_card(card)], "dropped": [tent_card(card)]}
    found = [
        ("table_created", {"seats": 3}), ("seat_named", {"name": "Maria"}), ("order_set", {"order": [1, 2, 3]}),
        ("slack_adjusted", {"delta": 2}), ("wounds_adjusted", {"delta": 1}), ("wounds_adjusted", {"delta": -1}),
        ("die_rolled", {"purpose": "other", "value": 4, "note": ""}),
        ("die_rolled", {"purpose": "call", "value": 4, "note": "", "physical": True}),
        ("rank_set", {"rank": "corporal"}), ("rank_set", {"rank": "private", "off_rulebook": True}),
        *[("rank_changed", {"rank": "corporal", "why": why}) for why in ("promotion", "demotion", "denounce", "swap")],
        ("rank_changed", {"rank": "private", "why": "demotion", "by": 2}),
        ("swap_pending", {"rank": "corporal", "by": 2}), ("swap_pending", {"rank": "corporal"}),
        ("ranks_dealt", {"ranks": [[1, "private"], [2, "corporal"]]}),
        ("turn_started", {"number": 3, "income": 2, "free_time": 1}),
        ("turn_started", {"number": 3, "income": 0, "free_time": 1, "awaiting": ["income"]}),
        ("job_die_rolled", {"field": "income", "value": 3, "number": 4, "note": "", "physical": False}),
        ("job_die_set", {"physical": True}),
        ("budget_card_played", {**card_fields(card), "income": 1, "free_time": -1}),
        ("phase_entered", {"phase": game.phases[1]}),
        ("phases_passed", {"phases": list(game.phases[1:]), "to": "end"}),
        ("phases_passed", {"phases": list(game.phases[1:3]), "to": game.phases[3]}),
        ("income_adjusted", {"delta": 1}), ("free_time_adjusted", {"delta": -1}),
        ("free_time_used", {"kind": "scrounge", "cost": 2}), ("free_time_used", {"kind": "activity", "cost": 1}),
        *[("card_played", {"kind": kind, "cards": [played], "target": target, "effects": effects})
          for kind in ("call", "person", "cat", "activity", "variable", "scrounge", "raid") for target in (1, 2)],
        ("card_played", {"kind": "scrounge", "cards": [played], "target": 1, "joins": True}),
        ("card_played", {"kind": "raid", "cards": [played], "target": 1, "handed_by": 2}),
        ("rank_pulled", {"card": played}), ("call_rolled", {"value": 5}), ("call_rolled", {"value": 1}),
        ("slack_rolled", {"value": 4, **card_fields(card), "slack": 3}), ("slack_rolled", {"value": 4}),
        *[("card_canceled", {"window": 1, "with": card_fields(card)["name"], "kind": kind, "owner": owner})
          for kind in ("call", "scrounge") for owner in (2, None)],
        *[("rid_rolled", {"value": value, "to": to, **card_fields(card)})
          for value, to in ((2, 2), (6, 2), (6, "discard"))],
        ("pest_hungry", {"pest": 5, "categories": ["food"], **card_fields(card, "pest_")}),
        ("pest_fed", {"card": 3, "pest": 5, **card_fields(card), **card_fields(card, "pest_")}),
        ("card_removed", {"from": 2, **card_fields(card)}), ("card_removed", {}),
        ("card_moved", {"from": 1, "to": 2, **card_fields(card)}), ("card_moved", {"to": 2}),
        ("card_marked", {"delta": 1}), ("job_set", {"job": job}), ("jobs_dealt", {"jobs": [[1, job]]}),
        ("job_changed", {"why": "new_job", "job": job, "heartache_lost": 1, "job_slack": 1,
                         "heartache_gained": 1}),
        ("job_changed", {"why": "fired", "job": job}),
        ("job_numbers_set", {"job": job, "income": [2], "free_time": [1, 3], "goal": 25}),
        ("heartache_changed", {"delta": 1}), ("heartache_changed", {"delta": -1, "why": "empty_room"}),
        ("tv_watched", {"card": played}), ("undone", {"target": STEP}), ("redone", {"target": STEP}),
        ("raid_rolled", {"value": 6, "round": 1, "wound": True, "outcome": {"winner": 1, "promoted": "corporal"}}),
        ("raid_rolled", {"value": 3, "round": 2, "wound": False, "outcome": {"tie": [1, 2]}}),
        ("raid_rolled", {"value": 5, "round": 1, "wound": False, "outcome": {"winner": 1}}),
        ("loot_taken", {"card": played}), ("loot_taken", {"card": None}), ("loot_order_set", {"order": [2, 1]}),
        ("denounce_played", {"target": 2}), ("revenge_taken", {"accuser": 2}),
        *[("denounce_rolled", {"value": 3, "total": 4, "innocent": innocent}) for innocent in (True, False)],
        ("denounce_moved", {"from": 2, "to": 1, **card_fields(card)}), ("denounce_moved", {"to": 1}),
    ]
    return found + [(kind, {}) for kind in SAID]


def table(game_key: str, lang: str) -> TableState:
    """Maria (seat 1) and two others at a table of the game."""
    seats = {1: Seat(1, MARIA[lang], claimed=True), **{s: Seat(s, name, claimed=True) for s, name in OTHERS.items()}}
    return TableState(game=game_key, seats=seats, order=[1, 2, 3])


def lines(game_key: str, lang: str, card) -> list[tuple[str, str]]:
    """(kind, text) of every sample event's log sentence and undo label, with Maria's line owner."""
    state = table(game_key, lang)
    earlier = {"type": "pest_fed", "seq": STEP, "seat": 1, "at": 0,
               "args": {"card": 3, "pest": 5, **card_fields(card), **card_fields(card, "pest_")}}
    told = []
    for kind, args in samples(card, state.rules):
        event = {"type": kind, "seq": SEQ, "seat": 1, "at": 0, "args": args}
        by_seq = {STEP: earlier, SEQ: event}
        told.append((kind, log_sentences.describe(event, state, by_seq)))
        told.append((kind, log_sentences.tap_label(SEQ, state, by_seq)))
    return told


def shown_name(card, lang: str) -> str:
    """The card's name as the reader's language shows it."""
    return catalog.name(card, lang)


# One card of each type a game's catalog has (which card matters less than its type: a Russian Person or Thing
# name declines alike).
GAME_CARDS = {key: tuple({card.type: card for card in reversed(catalog.cards_for(record.decks))}.values())
              for key, record in GAMES.items() if key != "geekgoth"}
# Russian words ending in -л that are not a verb's past tense: the game's nouns.
RU_NOUNS_IN_L = {"развал", "стол", "капрал"}
RU_GENDERED = re.compile(r"\((а|ла)\)|\b(ранен|виновен|невиновен|повышен|разжалован|должен|должна|стал|сам)\b")
DE_PRONOUN = re.compile(r"\b(er|sie|es|ihn|ihm|seine?[rsnm]?|ihre?[rsnm]?)\b")
BEFORE_A_NAME = ("«", ":", "—", "→", "(", ",")  # or nothing: the name opens the line
# A German card name keeps its printed (nominative) form only as a title after a noun, or after a colon: "ruft
# Ruhmreicher Anführer" would need "den Ruhmreichen Anführer", which no table of names can give every card.
DE_BEFORE_A_CARD = r"\b(Karte|Aktivität|Person|Ding)$"


def test_every_event_kind_the_log_tells_is_sampled():
    sampled = {kind for kind, _args in samples(GAME_CARDS["guevara"][0], GAMES["guevara"])}
    assert sampled >= set(TELLERS) | set(SAID)


def faults(lang: str, kind: str, text: str, card, line_owner: str, players: tuple[str, ...]) -> list[str]:
    """What is wrong with one line (`text` after the player's name) in `lang`."""
    found = []
    if lang == "en" and kind not in SAID and not re.match(r"[a-z+\-0-9(]", text) and not text.startswith(line_owner):
        found.append("the player is not the subject")
    if lang == "ru":
        past = [word for word in re.findall(r"[а-яё]+", text.lower())
                if re.search(r"[аеиоуыяё]л(ся)?$", word) and word not in RU_NOUNS_IN_L]
        found += [f"a gendered past tense: {word}" for word in past]
        found += [f"a gendered form: {hit.group()}" for hit in RU_GENDERED.finditer(text)]
        for name in (shown_name(card, lang), *players):
            for hit in re.finditer(re.escape(name), text):
                before = text[:hit.start()].rstrip()
                if before and not (before.endswith(BEFORE_A_NAME) or re.search(r"игрок\w*$", before)):
                    found.append(f"{name} in an oblique case after {before[-12:]!r}")
    if lang == "de" and "Karte" not in text:
        found += [f"a pronoun for a card: {hit.group()}" for hit in DE_PRONOUN.finditer(text)]
    if lang == "de":
        for hit in re.finditer(re.escape(shown_name(card, lang)), text):
            before = text[:hit.start()].rstrip()
            if before and not (before.endswith(BEFORE_A_NAME) or re.search(DE_BEFORE_A_CARD, before)):
                found.append(f"{hit.group()} declined after {before[-12:]!r}")
    return found


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
@pytest.mark.parametrize("game_key", sorted(GAME_CARDS))
def test_no_log_line_has_a_known_fault_with_a_card_of_each_type(app, game_key, lang):
    wrong = set()
    with app.test_request_context():
        g.lang = lang
        players = (MARIA[lang], *OTHERS.values())
        for card in GAME_CARDS[game_key]:
            for kind, text in lines(game_key, lang, card):
                owner_free = text.split(": ", 1)[1] if text.startswith(MARIA[lang] + ": ") else text
                found = faults(lang, kind, owner_free, card, MARIA[lang], players)
                wrong |= {f"{kind}: {text} — {fault}" for fault in found}
    assert not wrong, "\n".join(sorted(wrong)[:40])


@pytest.mark.parametrize("game_key, word, other", [("guevara", "призыв товарища", "звонок"),
                                                   ("geek", "звонок гостю", "призыв")])
def test_a_call_is_named_in_the_games_own_russian_word(app, game_key, word, other):
    with app.test_request_context():
        g.lang = "ru"
        told = [text for kind, text in lines(game_key, "ru", GAME_CARDS[game_key][0]) if kind == "call_rolled"]
    assert told and all(word in text and other not in text for text in told)


@pytest.mark.parametrize("game_key, word, other", [("guevara", "призыв товарища", "звонок"),
                                                   ("geek", "звонок гостю", "призыв")])
def test_the_dice_hint_names_a_call_in_the_games_own_russian_word(app, client, game_key, word, other):
    token = client.post("/tables", data={"game": game_key, "seats": "3", "language": "ru"}
                        ).headers["Location"].split("/")[2]
    client.set_cookie("lang", "ru")
    page = client.get(f"/t/{token}/display").get_data(as_text=True)
    hint = re.search(r"Бросок для шага, который ждёт броска \(([^)]*)\)", page)
    assert hint and word in hint[1] and other not in hint[1]


@pytest.mark.parametrize("table_lang, shown", [("en", "Drunken Oaf"), ("de", "Besoffener Tölpel"),
                                               ("ru", "Besoffener Tölpel")])
def test_a_russian_reader_sees_a_card_no_russian_edition_names_as_the_tables_edition_names_it(app, table_lang, shown):
    oaf = {"name": "Drunken Oaf", "key": "besoffener_toelpel"}
    with app.test_request_context():
        g.lang, g.table_lang = "ru", table_lang
        assert told.card_label(oaf) == shown


@pytest.mark.parametrize("actor, name", [("display", "Display"), ("seat:2", "Ana")])
def test_every_undo_label_of_a_tap_that_belongs_to_no_seat_names_who_tapped(app, actor, name):
    with app.test_request_context():
        g.lang = "en"
        state, card = table("guevara", "en"), GAME_CARDS["guevara"][0]
        nameless = set()
        for kind, args in samples(card, state.rules):
            event = {"type": kind, "seq": SEQ, "seat": None, "actor": actor, "at": 0, "args": args}
            label = log_sentences.tap_label(SEQ, state, {SEQ: event})
            if not label.startswith(f"{name}: "):
                nameless.add(f"{kind}: {label}")
    assert not nameless, "\n".join(sorted(nameless))
