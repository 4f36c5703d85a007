"""A club night for the server's host: every table played since a moment, the games won since, and the standings
by player name (case and accents ignored, and two spellings the host merged counted as one; two seats of one game
are always two players, however alike their names)."""

from __future__ import annotations

import unicodedata
from collections import Counter
from dataclasses import dataclass, field

from sqlite_utils import Database

from ..storage import archive, evening_rows, store
from . import play_records


@dataclass(frozen=True)
class Result:
    """One player's end of one finished game."""

    name: str
    key: str  # the name as standings count it: folded, merges followed (a second seat of one game: its own spelling)
    total: int
    winner: bool


@dataclass(frozen=True)
class Played:
    """One finished game of the evening, with its BG Stats link."""

    number: int
    winner: str
    won_at: float | None
    results: list[Result]
    link: str


@dataclass(frozen=True)
class TableNight:
    """One table of the evening: its game, when it was opened, and the games won there since the evening began."""

    table_id: int
    game: str
    opened_at: float
    games: list[Played]


@dataclass
class Standing:
    """One player's evening across every table."""

    name: str
    key: str  # the key its results count under
    games: int = 0
    wins: int = 0
    totals: list[int] = field(default_factory=list)

    @property
    def average(self) -> float:
        """The average total, to one decimal."""
        return round(sum(self.totals) / len(self.totals), 1) if self.totals else 0.0

    @property
    def best(self) -> int:
        """The best total."""
        return max(self.totals, default=0)


@dataclass(frozen=True)
class Evening:
    """The club night's tables, standings, the spellings seen and the merges in force."""

    tables: list[TableNight]
    standings: list[Standing]
    spellings: list[str]
    merges: list[tuple[evening_rows.NameMerge, str, str]]  # each merge with the spellings it joins, as written


def name_key(name: str) -> str:
    """A player's name reduced for matching: case, accents and spacing ignored ("Zoë" is "zoe")."""
    decomposed = unicodedata.normalize("NFKD", name)
    return " ".join("".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold().split())


def merged_keys(merges: list[evening_rows.NameMerge]) -> dict[str, str]:
    """Each merged spelling's key and the key it counts as, chains followed (a merged into b into c: a is c)."""
    into = {merge.spelling: merge.into_name for merge in merges}

    def end(key: str) -> str:
        seen = {key}
        while key in into and into[key] not in seen:
            key = into[key]
            seen.add(key)
        return key

    return {key: end(key) for key in into}


def counted_as(key: str, merged: dict[str, str]) -> str:
    """The key a folded name counts as in the standings."""
    return merged.get(key, key)


EXACT = "="  # a key of this prefix is a spelling counted as written: a second seat of one game with a like name


def evening(db: Database, stories: archive.Stories, since: float) -> Evening:
    """Every table played since `since`, the games won there since then and the standings, merges applied."""
    merges = evening_rows.merges_in_force(db)
    merged, where = merged_keys(merges), play_records.location(db)
    tables, spelled = [], Counter()
    for table, opened_at in evening_rows.tables_played_since(db, since):
        games = []
        for told in stories.story_of(db, table.id, table.token).games:
            if not told.finished or (told.won_at or 0) < since:
                continue
            results, taken = [], set()
            for seat in told.order:
                name = play_records.player_name(told, seat, table.language)
                spelled[name] += 1
                key = counted_as(name_key(name), merged)
                key = EXACT + name if key in taken else key  # "Ana" and "ana" at one table are two people
                taken.add(key)
                results.append(Result(name, key, told.totals[seat], seat == told.winner))
            games.append(Played(told.number, play_records.player_name(told, told.winner, table.language),
                                told.won_at, results, play_records.link_of(db, told, table, where)))
        tables.append(TableNight(table.id, table.game, opened_at, games))
    return Evening(tables, standings(tables, spelled, merged), sorted(spelled, key=name_key),
                   [(merge, _written(merge.spelling, spelled), _written(merge.into_name, spelled))
                    for merge in merges])


def standings(tables: list[TableNight], spelled: Counter, merged: dict[str, str] | None = None) -> list[Standing]:
    """Games, wins, average and best total per player, the most wins first, then the best average."""
    by_key: dict[str, Standing] = {}
    for night in tables:
        for played in night.games:
            for result in played.results:
                written = result.name if result.key.startswith(EXACT) else _written(result.key, spelled, merged)
                standing = by_key.setdefault(result.key, Standing(written, result.key))
                standing.games += 1
                standing.wins += result.winner
                standing.totals.append(result.total)
    return sorted(by_key.values(), key=lambda s: (-s.wins, -s.average, -s.best, name_key(s.name)))


def _written(key: str, spelled: Counter, merged: dict[str, str] | None = None) -> str:
    """The spelling of a key seen most often this evening; else that of a spelling merged into it; else the key."""
    ranked = [name for name, _count in spelled.most_common()]
    own = [name for name in ranked if name_key(name) == key]
    joined = [name for name in ranked if counted_as(name_key(name), merged or {}) == key]
    return (own or joined or [key])[0]


class SameName(ValueError):
    """The two spellings already count as one player."""


class NobodyPlayed(ValueError):
    """Nobody played under that name in the evening shown."""


def merge(db: Database, spelling: str, into: str, spellings: list[str] | None = None) -> None:
    """Count one spelling as another from now on (undoable); SameName when they already count as one, NobodyPlayed
    when either is none of `spellings` (the evening's, where given)."""
    if spellings is not None and not {name_key(spelling), name_key(into)} <= {name_key(s) for s in spellings}:
        raise NobodyPlayed()
    with store.write_transaction(db):
        merged = merged_keys(evening_rows.merges_in_force(db))
        first, second = counted_as(name_key(spelling), merged), counted_as(name_key(into), merged)
        if first == second:
            raise SameName()
        evening_rows.add_merge(db, first, second)  # the whole of one player's spellings joins the other's


def undo_merge(db: Database, merge_id: int) -> bool:
    """Take a merge back; False when no merge in force has that id."""
    with store.write_transaction(db):
        return evening_rows.undo_merge(db, merge_id)
