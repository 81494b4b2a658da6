"""How the teams of an event stand: worked out again from its games' results every time.

A team's line counts its match points (a win, a draw, a loss and a bye worth what the event
says), games, points and bags, and explains itself game by game. The order is the event's list
of criteria, each one deciding only among the teams the ones before it left level; teams still
level after the last share their rank.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

# Every criterion an event may rank by, in the words the standings page uses.
CRITERIA: dict[str, str] = {
    "match_points": "match points",
    "wins": "wins",
    "point_difference": "point difference",
    "points_for": "points for",
    "fewest_bags": "fewest bags",
    "head_to_head": "head to head",
    "buchholz": "Buchholz (the opponents' match points)",
}


class StandingsError(ValueError):
    """The results can't be ranked as given; the message says why in one line."""


@dataclass(frozen=True)
class MatchPoints:
    """What each outcome of a game is worth in the standings (2/1/0, or 6/3/1, ...)."""

    win: int = 2
    draw: int = 1
    loss: int = 0
    bye: int = 2


@dataclass(frozen=True)
class Played:
    """One game of the event as it ended: its two teams (one for a bye), their scores and the
    bags each took, and the winners (both teams for a draw, none for a bye)."""

    round: int
    teams: tuple[str, ...]
    scores: tuple[int, ...] = ()
    bags: tuple[int, ...] = ()
    winners: tuple[str, ...] = ()
    table: int | None = None

    @property
    def bye(self) -> bool:
        return len(self.teams) == 1


@dataclass(frozen=True)
class Line:
    """One team's line of the standings, with the games it is made of, in words."""

    team: str
    rank: int
    shared: bool  # another team has the same rank: level on every criterion
    match_points: int
    wins: int
    draws: int
    losses: int
    byes: int
    points_for: int
    points_against: int
    bags: int
    buchholz: int
    games: tuple[str, ...]

    @property
    def point_difference(self) -> int:
        return self.points_for - self.points_against

    @property
    def played(self) -> int:
        return self.wins + self.draws + self.losses


@dataclass
class _Tally:
    match_points: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    points_for: int = 0
    points_against: int = 0
    bags: int = 0


def _check(teams: Sequence[str], played: Sequence[Played], criteria: Sequence[str]) -> None:
    known = set(teams)
    if len(known) != len(teams):
        raise StandingsError("a team is entered twice")
    for criterion in criteria:
        if criterion not in CRITERIA:
            raise StandingsError(
                f"unknown criterion {criterion!r}; choose from {', '.join(CRITERIA)}"
            )
    for game in played:
        where = f"round {game.round}"
        for team in game.teams:
            if team not in known:
                raise StandingsError(f"{where}: {team!r} is not a team of the event")
        if game.bye:
            continue
        if len(game.teams) != 2 or game.teams[0] == game.teams[1]:
            raise StandingsError(f"{where}: a game is between two teams")
        if len(game.scores) != 2 or len(game.bags) != 2:
            raise StandingsError(f"{where}: a game needs both teams' scores and bags")
        if not game.winners or any(team not in game.teams for team in game.winners):
            raise StandingsError(f"{where}: the winners must be teams of the game")


def _words(game: Played, team: str, gained: int) -> str:
    where = f"Round {game.round}" + (f", table {game.table}" if game.table is not None else "")
    if game.bye:
        return f"{where}: a bye (+{gained})"
    index = game.teams.index(team)
    other = game.teams[1 - index]
    score = f"{game.scores[index]}-{game.scores[1 - index]}"
    if len(game.winners) == 2:
        how = f"drew with {other}"
    elif game.winners[0] == team:
        how = f"beat {other}"
    else:
        how = f"lost to {other}"
    return f"{where}: {how} {score} (+{gained})"


def standings(
    teams: Sequence[str],
    played: Iterable[Played],
    points: MatchPoints | None = None,
    criteria: Sequence[str] = ("match_points", "point_difference"),
) -> list[Line]:
    """Every team's line, best first, ranked by `criteria` in order."""
    points = points or MatchPoints()
    games = sorted(played, key=lambda game: (game.round, game.table or 0))
    _check(teams, games, criteria)
    tally = {team: _Tally() for team in teams}
    words: dict[str, list[str]] = {team: [] for team in teams}
    opponents: dict[str, list[str]] = {team: [] for team in teams}
    for game in games:
        if game.bye:
            (team,) = game.teams
            tally[team].byes += 1
            tally[team].match_points += points.bye
            words[team].append(_words(game, team, points.bye))
            continue
        for index, team in enumerate(game.teams):
            mine = tally[team]
            other = game.teams[1 - index]
            opponents[team].append(other)
            mine.points_for += game.scores[index]
            mine.points_against += game.scores[1 - index]
            mine.bags += game.bags[index]
            if len(game.winners) == 2:
                mine.draws += 1
                gained = points.draw
            elif game.winners[0] == team:
                mine.wins += 1
                gained = points.win
            else:
                mine.losses += 1
                gained = points.loss
            mine.match_points += gained
            words[team].append(_words(game, team, gained))
    buchholz = {team: sum(tally[other].match_points for other in opponents[team]) for team in teams}

    def value(team: str, criterion: str, level: frozenset[str]) -> int:
        mine = tally[team]
        if criterion == "head_to_head":
            # Match points in the games between the teams still level with it.
            won = 0
            for game in games:
                if game.bye or team not in game.teams:
                    continue
                other = game.teams[1 - game.teams.index(team)]
                if other not in level:
                    continue
                if len(game.winners) == 2:
                    won += points.draw
                elif game.winners[0] == team:
                    won += points.win
                else:
                    won += points.loss
            return won
        if criterion == "buchholz":
            return buchholz[team]
        if criterion == "point_difference":
            return mine.points_for - mine.points_against
        if criterion == "fewest_bags":
            return -mine.bags
        figure: int = getattr(mine, criterion)
        return figure

    groups: list[list[str]] = [sorted(teams)]
    for criterion in criteria:
        refined: list[list[str]] = []
        for group in groups:
            if len(group) == 1:
                refined.append(group)
                continue
            level = frozenset(group)
            values = {team: value(team, criterion, level) for team in group}
            for shown in sorted(set(values.values()), reverse=True):
                refined.append([team for team in group if values[team] == shown])
        groups = refined

    lines = []
    rank = 1
    for group in groups:
        for team in group:
            mine = tally[team]
            lines.append(
                Line(
                    team=team,
                    rank=rank,
                    shared=len(group) > 1,
                    match_points=mine.match_points,
                    wins=mine.wins,
                    draws=mine.draws,
                    losses=mine.losses,
                    byes=mine.byes,
                    points_for=mine.points_for,
                    points_against=mine.points_against,
                    bags=mine.bags,
                    buchholz=buchholz[team],
                    games=tuple(words[team]),
                )
            )
        rank += len(group)
    return lines
