"""What every format of a club event answers, and the event's state a format reads.

A format is one module (`swiss`, `round_robin`, `king_of_the_hill`, `elimination`,
`progressive`, `most_wins`) behind this one interface, chosen by `format_for` from the pairing
the event file names, as Tabbycat keeps each draw generator in its own class behind one base
(`tabbycat/draw/generator/`). What differs by format lives here and nowhere else: how the next
round is paired, how many rounds are planned, when the event is over with whom placed where,
and whether late entries are taken.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ...scoring.gamefile import JSONObject
from ..bracket import Recorded
from ..pairings import Pairing
from ..standings import Line, Played

if TYPE_CHECKING:
    from ..event import Event, Round

DEFAULT_RANKING = ("match_points", "point_difference", "points_for")


@dataclass(frozen=True)
class Progress:
    """The event and what its games come to so far: the standings' lines (best first) and
    every game that counts, by name."""

    event: Event
    lines: list[Line]
    played: list[Played]

    @property
    def ranked(self) -> list[str]:
        """The teams still playing, best first by the standings."""
        out = self.event.withdrawn
        return [line.team for line in self.lines if line.team not in out]

    def recorded(self, rounds: Sequence[Round]) -> list[list[Recorded]]:
        """The rounds' tables as a bracket reads them: the two teams, and the winner where the
        game counts with one (None while it is played, or where it was drawn); then the
        round's byes."""
        names = self.event.names
        won = {
            (game.round, game.table): game.sides[game.winners[0]][0]
            for game in self.played
            if not game.bye and len(game.winners) == 1
        }
        return [
            [
                Recorded(
                    names[table.entrants[0]],
                    names[table.entrants[1]],
                    won.get((round_.number, table.number)),
                )
                for table in round_.tables
            ]
            + [Recorded(names[bye], None) for bye in round_.byes]
            for round_ in rounds
        ]


@dataclass(frozen=True)
class Place:
    """A team's final place: `shared` where another team has the same."""

    place: int
    shared: bool
    team: str


class Format(ABC):
    """One format of a club event."""

    name: ClassVar[str]
    # One player an entry, seated four to a table (a progressive night), or teams of two.
    individual: ClassVar[bool] = False
    # Whether the event's best teams play off after its session (a most-wins event).
    has_playoff: ClassVar[bool] = False
    # The ranking the event file falls back on where it names none.
    ranking: ClassVar[tuple[str, ...]] = DEFAULT_RANKING
    # Why no team may join once round 1 is paired, where the first round fixes every later one
    # (None: the format takes late entries, up to the event's `entries_until`).
    closed_after_round_1: ClassVar[str | None] = None

    def entries_closed(self, paired: int, playoff_started: bool = False) -> str | None:
        """Why the format takes no new team now that `paired` rounds are paired (None while
        it takes late entries; the event's own `entries_until` is the event's, not the
        format's)."""
        if paired and self.closed_after_round_1 is not None:
            return self.closed_after_round_1
        return None

    def problem(self, event: Event) -> str:
        """What the file's rounds break of the format's own rules, in one line ("" if none).
        A format closed after round 1 has every team still playing in round 1: one entered
        later would change the schedule or the bracket every reader draws from it."""
        if self.closed_after_round_1 is None or not event.rounds:
            return ""
        first = event.rounds[0]
        seated = {index for table in first.tables for index in table.entrants}
        seated.update(first.byes)
        for index, team in enumerate(event.teams):
            if index not in seated and not team.withdrawn:
                return f"team {index} ({team.name}): not in round 1. {self.closed_after_round_1}"
        return ""

    def default_rounds(self, event: Event) -> int:
        """The rounds the format plays where the event names no number: log2 of the field,
        as a Swiss needs to leave one team unbeaten."""
        return max(1, (len(event.teams) - 1).bit_length())

    def planned_rounds(self, event: Event) -> int:
        if event.planned_rounds is not None:
            return event.planned_rounds
        return self.default_rounds(event)

    def standing_rounds(self, event: Event) -> tuple[Round, ...]:
        """The rounds whose games count in the standings."""
        return event.rounds

    @abstractmethod
    def next_round(self, progress: Progress) -> Pairing | None:
        """The next round's pairing, or None once the event is over."""

    def places(self, progress: Progress) -> list[Place]:
        """Every team's final place, best first: by default the standings' ranks."""
        return [Place(line.rank, line.shared, line.team) for line in progress.lines]

    def round_extra(self, event: Event) -> JSONObject:
        """Keys the next round's summary adds for this format."""
        return {}

    def summary_extra(self, progress: Progress) -> JSONObject:
        """Keys the event's summary adds for this format."""
        return {}
