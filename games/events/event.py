"""An event as its file tells it: settings, teams, rounds and penalties, read and checked.

The dataclasses here are what `eventfile` builds from a `spades-event/1` file and what the
formats (`formats/`) and the summary (`summary`) read; nothing here pairs or ranks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..scoring import GameFile, GameResult, Rules
from .standings import MatchPoints


class EventFileError(ValueError):
    """An event file can't be read; the message is one line naming where."""


@dataclass(frozen=True)
class Team:
    name: str
    players: tuple[str, ...]
    withdrawn: bool = False  # keeps its results; not paired again


@dataclass(frozen=True)
class Table:
    """One table of a round: its entrants by index (two teams; four players, seat by seat, at
    a progressive table) and its game as scored, if it has one yet."""

    number: int
    entrants: tuple[int, ...]
    result: GameResult | None
    game: GameFile | None = None
    # The game scored again with the tricks a penalty moved, when one did: what the standings
    # count (whether the game counts yet is still its own end, as played).
    counted: GameResult | None = None


@dataclass(frozen=True)
class Round:
    number: int
    tables: tuple[Table, ...]
    byes: tuple[int, ...]
    stage: str = "session"  # a most-wins event's playoff rounds say "playoff"


@dataclass(frozen=True)
class Penalty:
    """A penalty on a team in one table's game: points off its score there, a forfeit, or
    `tricks` of hand `hand` given to the opponents."""

    round: int
    table: int
    team: int
    points: int
    forfeit: bool
    reason: str
    hand: int | None = None
    tricks: int = 0
    # Why a penalty of tricks moved nothing: the game as it now stands (a hand corrected or
    # undone at the table after it was given) has not the tricks it names. "" when it moved.
    unmade: str = ""


@dataclass(frozen=True)
class Event:
    name: str
    rules: Rules
    pairing: str
    planned_rounds: int | None
    points: MatchPoints
    ranking: tuple[str, ...]
    teams: tuple[Team, ...]
    rounds: tuple[Round, ...]
    penalties: tuple[Penalty, ...]
    playoff: int | None = None  # a most-wins event: how many of its best teams play off
    # The last round a late team may join (None: any, where the format takes late teams).
    entries_until: int | None = None
    # How an elimination seeds its bracket: "standings" (the order entered, the standings'
    # order before any game) or "random" (drawn from `seed`, so every reader draws the same).
    seeding: str = "standings"
    seed: int | None = None
    # Players who came alone and wait to be drawn into a team, in the order they entered.
    solos: tuple[str, ...] = ()
    # A progressive night: each entry is one player (the format says, as the file is read).
    individual: bool = False

    @property
    def names(self) -> list[str]:
        return [team.name for team in self.teams]

    @property
    def withdrawn(self) -> set[str]:
        return {team.name for team in self.teams if team.withdrawn}

    @property
    def session_rounds(self) -> tuple[Round, ...]:
        """The rounds that count in the standings: all but a most-wins event's playoff."""
        return tuple(round_ for round_ in self.rounds if round_.stage == "session")

    @property
    def playoff_rounds(self) -> tuple[Round, ...]:
        return tuple(round_ for round_ in self.rounds if round_.stage == "playoff")


def entry_problem(teams: Sequence[Team], individual: bool) -> str:
    """What an event still taking entries waits for before its first round can be paired
    ("" when nothing): two teams, or a progressive night's players in fours."""
    playing = sum(1 for team in teams if not team.withdrawn)
    if not individual:
        return "" if playing >= 2 else "Enter at least two teams first."
    short = -playing % 4
    if playing and not short:
        return ""
    more = f"{short or 4} more player{'s' if short != 1 else ''}"
    withdraw = f" or withdraw {4 - short}" if short and playing > 4 - short else ""
    return (
        f"A progressive night seats four players at every table: {playing} playing so far, "
        f"enter {more}{withdraw}."
    )


def table_players(first: Sequence[str], second: Sequence[str]) -> list[str]:
    """Two teams' players seat by seat: the first team in seats 1 and 3, partners opposite."""
    return [first[0], second[0], first[1], second[1]]
