"""The Swiss system: each round, teams of like standing meet, never twice where a pairing of
the round avoids it, and the bye goes to the lowest-ranked team that hasn't had one (FIDE
Handbook C.04.1, "Basic rules for Swiss Systems": two players shall not play each other more
than once; a player who has had the pairing-allocated bye shall not receive it again; in
general, players are paired to others with the same score). Where every team has had a bye,
the rules leave it open; we give the lowest-ranked team a second one. The pairing itself is
`pairings.swiss`: a quick search down the standings, and a maximum-weight matching where that
finds nothing.

The Handbook's rules speak of one round at a time; a Swiss that plays nearly as many rounds
as a round robin (8 teams, 7 rounds) can pair round 5 so that round 6 has no pairing without
a rematch. Our choice: the search also looks ahead, taking the first pairing of the round
after which the rounds still planned can all be paired without a rematch.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..pairings import Pairing, swiss
from .base import Format, Progress

if TYPE_CHECKING:
    from ..event import Event


def swiss_round(progress: Progress, rounds: int, done: int) -> Pairing | None:
    """The next Swiss round of an event that plays `rounds` of them and has paired `done`."""
    if done >= rounds:
        return None
    event: Event = progress.event
    names = event.names
    met = {
        frozenset(names[i] for i in table.entrants)
        for round_ in event.rounds
        for table in round_.tables
    }
    had_bye = {names[i] for round_ in event.rounds for i in round_.byes}
    scores = {line.team: line.match_points for line in progress.lines}
    return swiss(progress.ranked, met, had_bye, rounds_left=rounds - done - 1, scores=scores)


class Swiss(Format):
    name = "swiss"

    def next_round(self, progress: Progress) -> Pairing | None:
        event = progress.event
        return swiss_round(progress, self.planned_rounds(event), len(event.rounds))
