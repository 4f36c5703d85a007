"""A finished game as a play for BG Stats: the link that hands the whole play to the app, and the host's location.

The format is BG Stats' own for other apps ("Push plays to BG Stats from other apps or websites",
https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/): the play as JSON,
URL-encoded after `createPlay.html?data=`. The link is only made here, never fetched: the phone that opens it
takes the play to BG Stats, and nothing is sent anywhere before that.
"""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime
from urllib.parse import quote

from sqlite_utils import Database

from .. import cards as catalog
from ..rules import GAMES, N_, RANK_NAMES, game_story
from ..storage import archive, store
from ..translations import translations

SOURCE_NAME = "Chez Companion"
BGSTATS_LINK = "https://app.bgstatsapp.com/createPlay.html?data="
LOCATION_KEY = "host:location"  # kept in `remembered`: where this server's tables play, as the host typed it
LOCATION_LENGTH = 60


def finished_game(db: Database, stories: archive.Stories, table: store.TableRow,
                  number: int | None = None) -> game_story.Game | None:
    """A table's finished game by its number, or its newest finished game; None when there is no such game."""
    games = [told for told in stories.story_of(db, table.id, table.token).games if told.finished]
    if number is None:
        return games[-1] if games else None
    return next((told for told in games if told.number == number), None)


def location(db: Database) -> str:
    """Where this server's tables play, as the host set it ('' until then)."""
    kept = store.remembered(db, LOCATION_KEY)
    return kept.get("name", "") if kept else ""


def set_location(db: Database, name: str) -> None:
    """Keep where this server's tables play ('' takes it away)."""
    store.remember(db, LOCATION_KEY, {"name": name})


def table_tag(token: str) -> str:
    """A stable name for a table that reveals nothing of its token (the token opens the table)."""
    return hashlib.sha256(("bgstats play:" + token).encode()).hexdigest()[:16]


def utc_text(moment: float) -> str:
    """A moment as BG Stats' playDate: UTC, `yyyy-MM-dd HH:mm:ss`."""
    return datetime.fromtimestamp(moment, UTC).strftime("%Y-%m-%d %H:%M:%S")


def role_of(finished: game_story.Game, seat: int, language: str) -> str:
    """The rank or the job a seat held at the end, named in the table's language ('' for none)."""
    state = finished.state
    if seat in state.ranks:
        return translations(language).ugettext(RANK_NAMES[state.ranks[seat]])
    key = state.jobs.get(seat)
    if key is None:
        return ""
    known = catalog.JOBS_BY_KEY.get(key)
    if known is not None:
        return catalog.name(known, language)
    job = state.job_profile.get(key)
    return job.name if job else key


def player_name(finished: game_story.Game, seat: int, language: str) -> str:
    """A seat's name at the end, or 'Seat N' in the table's language."""
    return finished.state.seats[seat].name or translations(language).ugettext(N_("Seat %(number)d")) % {"number": seat}


def play_record(finished: game_story.Game, token: str, language: str, where: str = "") -> dict:
    """The finished game as BG Stats' play: every total as the rules count it, the ids stable across rematches."""
    tag = table_tag(token)
    began = finished.first_turn_at if finished.first_turn_at is not None else finished.started_at
    record = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": f"{tag}-{finished.number}",
        "playDate": utc_text(finished.won_at or 0),
        "durationMin": max(0, round(((finished.won_at or 0) - (began or finished.won_at or 0)) / 60)),
        "game": {"name": GAMES[finished.game].title, "sourceGameId": f"chez-companion-{finished.game}",
                 "highestWins": True},
        "players": [{"name": player_name(finished, seat, language), "sourcePlayerId": f"{tag}-seat{seat}",
                     "score": finished.totals[seat], "winner": seat == finished.winner,
                     "startPlayer": seat == finished.start_seat, "role": role_of(finished, seat, language)}
                    for seat in finished.order],
    }
    if where:
        record["location"] = where
    return record


def bgstats_link(record: dict) -> str:
    """BG Stats' link that carries the whole play (compact JSON, its UTF-8 percent-encoded but for ':' and ',',
    which a query may hold as they are: the display's QR code of the link is that much less dense)."""
    return BGSTATS_LINK + quote(json.dumps(record, ensure_ascii=False, separators=(",", ":")), safe=":,")


def link_of(db: Database, finished: game_story.Game, table: store.TableRow, where: str | None = None) -> str:
    """The BG Stats link of a table's finished game, with the host's location (`where`, if read already)."""
    return bgstats_link(play_record(finished, table.token, table.language, location(db) if where is None else where))
