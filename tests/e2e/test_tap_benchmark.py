"""The tap benchmark: a Chez Guevara turn with known cards takes at most 8 taps and no keystroke, also on a server
that only imported the deck file of another; a turn with one new card costs only the keystrokes of its name and number.

`python -m tests.e2e.tap_counts` prints the same counts for any checkout (before and after the picker).
"""

import json
import urllib.request

from companion.testing.real_server import Server
from tests.helpers.browser_steps import table_of_three
from tests.helpers.counted_taps import NEW_CARDS, Thumb, pass_turn, play_turn
from tests.helpers.host import accept_every_proposal


def test_known_cards_take_eight_taps_and_no_keystroke_and_a_new_card_only_its_own(browser, tmp_path):
    teaching = Server(tmp_path / "teaching").start()
    try:
        ana, ben, cleo = table_of_three(browser, teaching)
        play_turn(Thumb(ana), 1, "Ben", new=NEW_CARDS)  # the table copies the four cards' numbers once
        known = Thumb(ben)
        play_turn(known, 2, "Cleo")
        assert known.taps <= 8 and known.keys == 0, (known.taps, known.keys)
        pass_turn(Thumb(cleo), "Ana")  # a Sergeant has one Free Time only: Ana plays the turn with a new card
        one_new = Thumb(ana)
        play_turn(one_new, 1, "Ben", activity="Siesta", new=("Siesta",))
        assert one_new.keys == len("Siesta") + len("1"), one_new.keys
        # Names typed at one table only wait for the host; the host takes them into the shared deck, which travels
        assert accept_every_proposal(teaching.loopback_url, teaching.host_key()) == 4  # Camp Cook, Rum, Hammock, Siesta
        with urllib.request.urlopen(teaching.loopback_url + "/decks/guevara.json", timeout=10) as answer:
            deck_file = json.load(answer)
    finally:
        teaching.stop()

    fresh = Server(tmp_path / "fresh").start()
    try:
        host = fresh.host_key()
        shown = post_json(fresh.loopback_url + "/decks/guevara", {"deck": deck_file}, host)["differences"]
        take = [difference["id"] for difference in shown]
        assert post_json(fresh.loopback_url + "/decks/guevara", {"deck": deck_file, "take": take}, host)["applied"] == 5
        ana, _ben, _cleo = table_of_three(browser, fresh, watched=("Ana",))
        imported = Thumb(ana)
        play_turn(imported, 1, "Ben")
        assert imported.taps <= 8 and imported.keys == 0, (imported.taps, imported.keys)
    finally:
        fresh.stop()


def post_json(url: str, body: dict, host_key: str) -> dict:
    """A JSON post by the server's host (its key as bearer: only the host imports a deck)."""
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {host_key}"}
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST", headers=headers)
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)
