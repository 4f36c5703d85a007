"""A game driven through its main states with the Flask test client, in one language, yielding every page a
phone or the display shows on the way (for the glossary scan of German and Russian pages)."""

from __future__ import annotations

from collections.abc import Iterator

from tests.helpers.http_phones import act, join, state
from tests.helpers.http_tables import GOTH_NUMBERS, PROFILE, profile_fields

PHASES = ("draw", "roll", "call", "freetime", "discard", "heal")
JOB_PHASES = ("draw", "roll", "call", "freetime", "discard")


def _open(client, game: str, lang: str, seats: int = 4) -> str:
    response = client.post("/tables", data={"game": game, "seats": str(seats), "language": lang})
    assert response.status_code == 303
    return response.headers["Location"].split("/")[2]


def _ok(response) -> None:
    text = response.get_data(as_text=True)
    assert response.status_code == 200, (
        text.split('class="error"')[-1][:300] if 'class="error"' in text else text[-300:]
    )


def _pages(name: str, token: str, display, phones: dict) -> Iterator[tuple[str, str, object]]:
    """The display's page and every phone's seat page, as (state, url, client)."""
    yield f"{name}: display", f"/t/{token}/display", display
    for seat, phone in phones.items():
        yield f"{name}: seat {seat}", f"/t/{token}/seat", phone


def _advance(client, token, seat, phase, turn) -> None:
    _ok(act(client, token, type="advance", seat=seat, phase=phase, turn=turn))


def guevara_states(app, lang: str) -> Iterator[tuple[str, str, object]]:
    """Chez Guevara from the front page to the story: setup, every phase, a cancel window with pulling rank, a
    raid with its loot, a denouncement, a swap, the win, the log and the story."""
    visitor = app.test_client()
    visitor.set_cookie("lang", lang)
    question = {"de": "Überfall Beute", "ru": "налёт трофеи"}.get(lang, "raid loot")
    for url in (
        "/",
        "/games",
        "/rules",
        f"/rules?q={question}&game=guevara",
        "/rules/guevara.raid.loot",
        "/decks/guevara",
    ):
        yield f"page {url}", url, visitor
    display = app.test_client()
    display.set_cookie("lang", lang)
    token = _open(display, "guevara", lang)
    ana = join(app, token, 1, "Ana")
    yield from _pages("setup", token, display, {1: ana})
    yield "join page", f"/t/{token}/join", app.test_client()
    _ok(act(display, token, type="set_profile", **PROFILE))
    yield from _pages("profile entered", token, display, {1: ana})
    for seat, rank in ((1, "private"), (2, "corporal"), (3, "sergeant"), (4, "private")):
        _ok(act(display, token, type="set_rank", seat=seat, rank=rank))
    _ok(act(display, token, type="set_dealer", seat=4))
    _ok(act(display, token, type="start_game"))
    ben, cleo, dan = join(app, token, 2, "Ben"), join(app, token, 3, "Cleo"), join(app, token, 4, "Dan")
    phones = {1: ana, 2: ben, 3: cleo, 4: dan}
    for phase in PHASES[:3]:
        yield from _pages(f"turn 1 {phase}", token, display, {1: ana, 2: ben})
        if phase == "call":
            _ok(
                act(ana, token, type="play_card", seat=1, name="Glorious Leader", card_type="person", slack=0)
            )
            _ok(
                act(
                    ana,
                    token,
                    type="play_card",
                    seat=1,
                    name="Camp Cook",
                    card_type="person",
                    slack=2,
                    invited=1,
                )
            )
            yield from _pages("a call waiting for its roll", token, display, {1: ana})
            _ok(act(ana, token, type="roll_for_card", seat=1, value=5))
        _advance(ana, token, 1, phase, 1)
    _ok(act(ana, token, type="play_card", seat=1, name="Hammock Time", card_type="activity", slack=2))
    yield from _pages("a cancel window", token, display, phones)
    window = state(display, token)["window"]["id"]
    _ok(act(ben, token, type="pull_rank", seat=2, window=window, name="Drill", slack=1))
    yield from _pages("an order by pulling rank", token, display, phones)
    for phone, seat in ((cleo, 3), (dan, 4)):
        _ok(act(phone, token, type="pass_card", seat=seat, window=window))
    _ok(act(display, token, type="adjust_wounds", seat=1, delta=1))
    for phase in PHASES[3:]:
        yield from _pages(f"turn 1 {phase}", token, display, {1: ana})
        _advance(ana, token, 1, phase, 1)
    for phase in PHASES:  # Ben's turn: he calls a raid in his Free Time
        if phase == "freetime":
            yield from _pages("Ben's Free Time", token, display, {2: ben})
        _advance(ben, token, 2, phase, 2)
    for phase in PHASES[:3]:
        _advance(cleo, token, 3, phase, 3)
    raid_card = {"de": "Überfall auf das Dorf", "ru": "Налёт на деревню"}.get(lang, "Raid the Village")
    _ok(act(cleo, token, type="call_raid", seat=3, name=raid_card, loot=2))
    yield from _pages("a raid announced", token, display, phones)
    raid_window = state(display, token)["window"]["id"]
    for phone, seat in ((ana, 1), (ben, 2), (dan, 4)):
        _ok(act(phone, token, type="pass_card", seat=seat, window=raid_window))
    yield from _pages("the raid's rolls", token, display, phones)
    for phone, seat, value in ((cleo, 3, 6), (ana, 1, 2), (ben, 2, 3), (dan, 4, 1)):
        _ok(act(phone, token, type="raid_roll", seat=seat, value=value))
    yield from _pages("the loot", token, display, phones)
    _ok(act(cleo, token, type="end_loot", seat=3))
    _ok(act(ben, token, type="denounce", seat=2, target=1))
    yield from _pages("a denouncement", token, display, {1: ana, 2: ben})
    _ok(act(ana, token, type="denounce_roll", seat=1, value=1, extra=0))
    yield from _pages("a guilty verdict", token, display, {1: ana, 2: ben})
    _ok(act(ben, token, type="denounce_done", seat=2))
    _ok(act(cleo, token, type="demote", seat=3, target=2))
    yield from _pages("after a demotion", token, display, {2: ben, 3: cleo})
    _ok(act(display, token, type="adjust_slack", seat=3, delta=30))
    yield from _pages("the win", token, display, phones)
    yield "the log", f"/t/{token}/log", ana
    story = display.get(f"/t/{token}/story").headers["Location"]
    yield "the story", story, display
    yield "the deck page after a game", "/decks/guevara", visitor


def goth_states(app, lang: str) -> Iterator[tuple[str, str, object]]:
    """Chez Goth: the job cards entered, each phase of a turn, a TV card's window, a job change and the win."""
    display = app.test_client()
    display.set_cookie("lang", lang)
    token = _open(display, "goth", lang, seats=3)
    ana = join(app, token, 1, "Ana")
    yield from _pages("job setup", token, display, {1: ana})
    page = display.get(f"/t/{token}/display").get_data(as_text=True)
    _ok(act(display, token, type="set_job_profile", **profile_fields(page, GOTH_NUMBERS)))
    ben, cleo = join(app, token, 2, "Ben"), join(app, token, 3, "Cleo")
    phones = {1: ana, 2: ben, 3: cleo}
    for phone, seat, job in ((ana, 1, "artist"), (ben, 2, "poet"), (cleo, 3, "barista")):
        _ok(act(phone, token, type="set_job", seat=seat, job=job))
    yield from _pages("jobs chosen", token, display, phones)
    _ok(act(display, token, type="set_dealer", seat=3))
    _ok(act(display, token, type="start_game"))
    yield from _pages("the first turn", token, display, {1: ana, 2: ben})
    yield "the deck page", "/decks/goth", display
    _ok(act(display, token, type="adjust_slack", seat=2, delta=30))
    yield from _pages("the win", token, display, phones)
    yield "the log", f"/t/{token}/log", ana
