"""A progressive card night: players enter one by one and sit four to a table, partners
opposite; after each round seat 1 stays, seat 3 moves down a table, seat 2 up one and seat 4
up two (`pairings.progressive_move`), so partners and opponents change every round. It plays
one round a table of round 1 unless the event names a number. Each player ranks by their own
total, then wins, then point difference; a penalty of points comes off the penalised player's
own total alone (her partner did nothing wrong), as a progressive night scores each player
apart (see `summary`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..pairings import Pairing, PairingError, progressive_move
from .base import Format, Progress

if TYPE_CHECKING:
    from ..event import Event


class Progressive(Format):
    name = "progressive"
    individual = True
    ranking = ("points_for", "wins", "point_difference")

    def entries_closed(self, paired: int, playoff_started: bool = False) -> str | None:
        if paired:
            return (
                "A progressive night takes no new players once round 1 started: its tables "
                "move together."
            )
        return None

    def default_rounds(self, event: Event) -> int:
        # One round a table of the first round, where the moves would begin again.
        if event.rounds:
            return len(event.rounds[0].tables)
        return sum(1 for team in event.teams if not team.withdrawn) // 4

    def next_round(self, progress: Progress) -> Pairing | None:
        event = progress.event
        if len(event.rounds) >= self.planned_rounds(event):
            return None
        names = event.names
        out = event.withdrawn
        seats: list[tuple[str, ...]]
        if not event.rounds:
            playing = [name for name in names if name not in out]
            seats = [tuple(playing[i : i + 4]) for i in range(0, len(playing), 4)]
        else:
            last = [tuple(names[i] for i in t.entrants) for t in event.rounds[-1].tables]
            gone = sorted(out.intersection(name for table in last for name in table))
            if gone:
                raise PairingError(
                    f"a progressive night can't move its tables on without {gone[0]}, who withdrew"
                )
            seats = list(progressive_move(last))
        return Pairing(tuple(seats))
