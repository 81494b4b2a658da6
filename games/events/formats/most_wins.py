"""A most-wins session with a playoff: Swiss rounds rank the teams by match points (a bye
worth a win), then wins; then the session's best `playoff` teams play a single elimination
seeded from the session's standings (the same fixed bracket as `elimination`: 1 v 4 and 2 v 3
for four). The session's standings stay as the session left them; the playoff decides the
winner, and the places: the playoff's teams by the bracket, then the others by the session's
standings. The director may end the session early: the first playoff round says so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...scoring.gamefile import JSONObject
from ..bracket import Bracket
from ..pairings import Pairing
from ..standings import result_words
from .base import Format, Place, Progress
from .swiss import swiss_round

if TYPE_CHECKING:
    from ..event import Event, Round


class MostWins(Format):
    name = "most_wins"
    has_playoff = True
    ranking = ("match_points", "wins", "point_difference", "points_for")

    def entries_closed(self, paired: int, playoff_started: bool = False) -> str | None:
        if playoff_started:
            return (
                "A most-wins event takes no new teams once its playoff began: the playoff's "
                "seeds were the session's best."
            )
        return None

    def session_over(self, event: Event) -> bool:
        """The session ends with its planned rounds, or where its playoff began."""
        planned = self.planned_rounds(event)
        return bool(event.playoff_rounds) or len(event.session_rounds) >= planned

    def standing_rounds(self, event: Event) -> tuple[Round, ...]:
        return event.session_rounds

    def seeds(self, progress: Progress) -> list[str]:
        """The playoff's teams, best first by the session's standings: those of its first
        round once it is paired (so a later withdrawal moves no one up), before that the best
        `playoff` teams still playing (teams level on every criterion stand by name)."""
        event = progress.event
        names = event.names
        if event.playoff_rounds:
            first = event.playoff_rounds[0]
            entered = {names[i] for table in first.tables for i in table.entrants}
            entered.update(names[i] for i in first.byes)
            return [line.team for line in progress.lines if line.team in entered]
        return progress.ranked[: event.playoff or 0]

    def bracket(self, progress: Progress) -> Bracket:
        event = progress.event
        bracket = Bracket(self.seeds(progress), 1)
        bracket.replay(progress.recorded(event.playoff_rounds), event.withdrawn)
        return bracket

    def alive(self, progress: Progress) -> list[str]:
        """The playoff's teams still in it: not out of the bracket, not withdrawn."""
        bracket = self.bracket(progress)
        out = bracket.eliminated()
        gone = progress.event.withdrawn
        return [seed for seed in bracket.seeds if seed not in out and seed not in gone]

    def next_round(self, progress: Progress) -> Pairing | None:
        event = progress.event
        if not self.session_over(event):
            return swiss_round(progress, self.planned_rounds(event), len(event.session_rounds))
        if len([seed for seed in self.seeds(progress) if seed not in event.withdrawn]) < 2:
            return None
        number = len(event.playoff_rounds) + 1
        games, byes = self.bracket(progress).next_round(number, event.withdrawn)
        return Pairing(tuple(games), tuple(byes)) if games else None

    def places(self, progress: Progress) -> list[Place]:
        bracket = self.bracket(progress)
        bracket.settle(progress.event.withdrawn)
        seeded = bracket.places(bracket.seeds) if bracket.seeds else []
        places = [Place(*place) for place in seeded]
        others = [line for line in progress.lines if line.team not in bracket.rank]
        for line in others:
            level = [other for other in others if other.rank == line.rank]
            before = sum(1 for other in others if other.rank < line.rank)
            places.append(Place(len(seeded) + before + 1, len(level) > 1, line.team))
        return places

    def round_extra(self, event: Event) -> JSONObject:
        return {"stage": "playoff" if self.session_over(event) else "session"}

    def summary_extra(self, progress: Progress) -> JSONObject:
        event = progress.event
        index = {name: position for position, name in enumerate(event.names)}
        numbers = {round_.number for round_ in event.playoff_rounds}
        return {
            "playoff": {
                "size": event.playoff,
                "started": bool(event.playoff_rounds),
                "seeds": [index[name] for name in self.seeds(progress)],
                "alive": [index[name] for name in self.alive(progress)],
                # The standings are the session's: the playoff's own results are told here.
                "games": [result_words(game) for game in progress.played if game.round in numbers],
            }
        }
