"""A round robin: every team meets every other once, by the circle method's schedule of the
teams entered (one team stays, the others turn round it; with an odd count each team sits out
once). The schedule is fixed by the teams of round 1: no team joins later, and a file that
adds one after round 1 is refused. A withdrawn team's scheduled opponent has a bye."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..pairings import Pairing, round_robin
from .base import Format, Progress

if TYPE_CHECKING:
    from ..event import Event


class RoundRobin(Format):
    name = "round_robin"
    closed_after_round_1 = (
        "A round robin takes no new teams once round 1 is paired: its schedule of every team "
        "meeting every other was fixed then."
    )

    def default_rounds(self, event: Event) -> int:
        count = len(event.teams)
        return count - 1 if count % 2 == 0 else count

    def next_round(self, progress: Progress) -> Pairing | None:
        event = progress.event
        done = len(event.rounds)
        if done >= self.planned_rounds(event):
            return None
        names = event.names
        out = event.withdrawn
        scheduled = round_robin(names)[done % (len(names) - 1 + len(names) % 2)]
        games = tuple(game for game in scheduled.games if not out.intersection(game))
        byes = [name for game in scheduled.games if out.intersection(game) for name in game]
        byes += list(scheduled.byes)
        return Pairing(games, tuple(name for name in byes if name not in out))
