"""Single and double elimination: a fixed bracket drawn from the seeds at round 1 (`bracket`:
the standard seeding, byes to the top seeds, a double elimination's losers dropping to fixed
places), walkovers for withdrawn teams, and the bracket's places when it is decided (winner 1,
runner-up 2, the teams out at the same stage sharing the next place: a single elimination's
losing semi-finalists 3, its losing quarter-finalists 5, ...).

The seeds are the event's order of entry ("standings" seeding: before any game the standings
are that order) or a random draw fixed by the file's seed; from round 1 on, the teams of
round 1, so a withdrawal moves no team to another place of the bracket.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..bracket import Bracket, bracket_size
from ..pairings import Pairing, random_seeds
from .base import Format, Place, Progress

if TYPE_CHECKING:
    from ..event import Event


def seeds(event: Event) -> list[str]:
    """The bracket's teams, best seed first."""
    names = event.names
    if event.rounds:
        first = event.rounds[0]
        entered = {names[i] for table in first.tables for i in table.entrants}
        entered.update(names[i] for i in first.byes)
    else:
        entered = {name for name in names if name not in event.withdrawn}
    drawn = [name for name in names if name in entered]
    if event.seeding == "random":
        assert event.seed is not None  # the file's reader asks for one
        return random_seeds(drawn, event.seed)
    return drawn


class Elimination(Format):
    lives: int
    closed_after_round_1 = (
        "An elimination takes no new teams once round 1 is paired: its bracket was drawn from "
        "the teams entered then."
    )

    def default_rounds(self, event: Event) -> int:
        rounds = bracket_size(len(event.teams)).bit_length() - 1
        return rounds if self.lives == 1 else 2 * rounds + 1

    def bracket(self, progress: Progress) -> Bracket:
        event = progress.event
        bracket = Bracket(seeds(event), self.lives)
        bracket.replay(progress.recorded(event.rounds), event.withdrawn)
        return bracket

    def next_round(self, progress: Progress) -> Pairing | None:
        event = progress.event
        games, byes = self.bracket(progress).next_round(len(event.rounds) + 1, event.withdrawn)
        return Pairing(tuple(games), tuple(byes)) if games else None

    def places(self, progress: Progress) -> list[Place]:
        bracket = self.bracket(progress)
        bracket.settle(progress.event.withdrawn)
        return [Place(*place) for place in bracket.places(progress.event.names)]


class SingleElimination(Elimination):
    name = "single_elimination"
    lives = 1


class DoubleElimination(Elimination):
    name = "double_elimination"
    lives = 2
