"""Tables played through the real server's JSON API with their display's key, as a program would."""

from __future__ import annotations

import json
import urllib.request

RANKS = {"counts": {"private": 4, "corporal": 2, "sergeant": 2},
         "values": {rank: {"income": 3, "free_time": 2, "slack": 0, "penalty": 0, "perk": ""}
                    for rank in ("private", "corporal", "sergeant")}}
JOBS = [{"key": key, "name": name, "income": [3], "free_time": [2], "goal": 25, "hand": 6, "perk": "", "goth": False}
        for key, name in (("slacker", "Slacker"), ("temp", "Temp"), ("drummer", "Drummer"))]
GUEVARA = ("draw", "roll", "call", "freetime", "discard", "heal")
GEEK = ("draw", "roll", "call", "freetime", "discard")
COOK = {"name": "Camp Cook", "type": "person", "slack": 0, "invited": False}
SIESTA = {"name": "Siesta", "type": "activity", "slack": 1, "categories": ["sleep"]}


def api(server, path, body, key=None):
    """One JSON call to the real server, as a program on this machine would (on loopback, whatever name the
    phones open it by)."""
    request = urllib.request.Request(server.loopback_url + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json",
                                              **({"Authorization": f"Bearer {key}"} if key else {})})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)


class Table:
    """A three-seat table opened through the API, played by its display's key."""

    def __init__(self, server, game: str, lang: str, seats: int = 3):
        made = api(server, "/api/tables", {"game": game, "seats": seats, "language": lang})
        self.server, self.token, self.key, self.join_url = server, made["token"], made["display_key"], made["join_url"]
        self.game, self.seats = game, seats

    def act(self, type, seat=None, **args):
        """One action, as the display."""
        return api(self.server, f"/t/{self.token}/actions", {"type": type, "seat": seat, "args": args}, self.key)

    def set_up(self) -> None:
        """Ranks or jobs for everyone, the last seat deals, the game starts with seat 1."""
        if self.game == "guevara":
            self.act("set_profile", **RANKS)
            for seat in range(1, self.seats + 1):
                self.act("set_rank", seat, rank="private" if seat <= 4 else "corporal")
        else:
            self.act("set_job_profile", jobs=JOBS)
            for seat, job in zip(range(1, self.seats + 1), ("slacker", "temp", "drummer")):
                self.act("set_job", seat, job=job)
        self.act("set_dealer", self.seats)
        self.act("start_game")

    @property
    def display_url(self) -> str:
        return f"{self.server.url}/t/{self.token}/display?key={self.key}"
