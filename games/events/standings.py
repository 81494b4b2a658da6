"""How the teams of an event stand: worked out again from its games' results every time.

A team's line counts its match points (a win, a draw, a loss and a bye worth what the event
says), games, points and bags, and explains itself game by game. The order is the event's list
of criteria, each one deciding only among the teams the ones before it left level; teams still
level after the last share their rank.

Buchholz, precisely (FIDE Handbook C.07, "Tie-Break Regulations", in the edition that handled
unplayed games with a virtual opponent, before the 2023 edition changed to its own rule):
a team's Buchholz adds up, round by round, the match points of whoever it met:

- a game played (a forfeit included: the two teams were paired and one of them won): the
  opponent's match points at the end, except that each round the opponent did not play (a
  bye, or a round it was absent from: withdrawn, or not yet entered) counts for it as a draw
  rather than what it got there, so an opponent's bye or withdrawal neither raises nor lowers
  the Buchholz of those who met it;
- a round the team itself did not play (a bye, or a round it was absent from): a virtual
  opponent, who had the team's own match points before that round, lost the bye to it (or
  won the round the team was absent from) and drew every later round.

Rounds count for the byes and absences once they are complete (every table has a result);
in a progressive night each opponent at the table counts. The tests pin each part.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
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
    """One game of the event as it ended: its sides (a team alone, or the two partners of a
    progressive table's side; a bye is one side of one), their final scores and the bags each
    took, and the winning sides by index (both for a draw, none for a bye)."""

    round: int
    sides: tuple[tuple[str, ...], ...]
    scores: tuple[int, ...] = ()
    bags: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    table: int | None = None
    # What the director's penalties did to the game, in words, told on both sides' lines.
    penalties: tuple[str, ...] = ()
    # Points a penalty took off one entrant's own total alone (a progressive night's player),
    # not off the side's score: (entrant, points).
    deducted: tuple[tuple[str, int], ...] = ()

    @property
    def bye(self) -> bool:
        return len(self.sides) == 1

    def side_of(self, entrant: str) -> int:
        return next(index for index, side in enumerate(self.sides) if entrant in side)

    def entrants(self) -> list[str]:
        return [entrant for side in self.sides for entrant in side]


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
            choices = ", ".join(CRITERIA)
            raise StandingsError(f"unknown criterion {criterion!r}; choose from {choices}")
    for game in played:
        where = f"round {game.round}"
        entrants = game.entrants()
        for team in entrants:
            if team not in known:
                raise StandingsError(f"{where}: {team!r} is not a team of the event")
        if len(set(entrants)) != len(entrants):
            raise StandingsError(f"{where}: a team plays on both sides of a game")
        if game.bye:
            if len(entrants) != 1:
                raise StandingsError(f"{where}: a bye is for one team")
            continue
        if len(game.sides) != 2 or not all(game.sides):
            raise StandingsError(f"{where}: a game is between two sides")
        if len(game.scores) != 2 or len(game.bags) != 2:
            raise StandingsError(f"{where}: a game needs both sides' scores and bags")
        if not game.winners or any(side not in (0, 1) for side in game.winners):
            raise StandingsError(f"{where}: the winners must be sides of the game")


def _where(game: Played) -> str:
    return f"Round {game.round}" + (f", table {game.table}" if game.table is not None else "")


def result_words(game: Played) -> str:
    """A game's result told from neither side, as a bracket lists it."""
    where = _where(game)
    if game.bye:
        return f"{where}: a bye for {' and '.join(game.sides[0])}"
    first, second = (" and ".join(side) for side in game.sides)
    if len(game.winners) == 2:
        told = f"{first} drew with {second} {game.scores[0]} to {game.scores[1]}"
    else:
        won = game.winners[0]
        winners, losers = (first, second) if won == 0 else (second, first)
        told = f"{winners} beat {losers} {game.scores[won]} to {game.scores[1 - won]}"
    return f"{where}: {told}" + "".join(f"; penalty: {words}" for words in game.penalties)


def _words(game: Played, team: str, gained: int) -> str:
    where = _where(game)
    if game.bye:
        return f"{where}: a bye (+{gained})"
    index = game.side_of(team)
    partners = [entrant for entrant in game.sides[index] if entrant != team]
    others = " and ".join(game.sides[1 - index])
    score = f"{game.scores[index]} to {game.scores[1 - index]}"  # "-70-62" would misread
    if len(game.winners) == 2:
        how = f"drew with {others}"
    elif game.winners[0] == index:
        how = f"beat {others}"
    else:
        how = f"lost to {others}"
    if partners:
        how = f"with {' and '.join(partners)}, {how}"
    told = "".join(f"; penalty: {words}" for words in game.penalties)
    return f"{where}: {how} {score} (+{gained}){told}"


# Buchholz in a player's words, for the desk and the printed standings.
BUCHHOLZ = (
    "Buchholz: the match points of every opponent a team met, added up. An opponent's bye or "
    "missed round counts for it as a draw; the team's own bye counts as an opponent with the "
    "team's points before that round who lost the bye and drew every round after."
)


def buchholz(
    teams: Sequence[str],
    games: Sequence[Played],
    points: MatchPoints,
    gained: Mapping[tuple[str, int], int],
    rounds: Sequence[int],
) -> dict[str, int]:
    """Each team's Buchholz as the module's words define it. `gained` holds the match points
    each team took in each round; `rounds` are the complete rounds."""
    total = dict.fromkeys(teams, 0)
    for (team, _), value in gained.items():
        total[team] += value
    seen: dict[str, set[int]] = {team: set() for team in teams}
    byes: dict[str, set[int]] = {team: set() for team in teams}
    for game in games:
        for team in game.entrants():
            seen[team].add(game.round)
            if game.bye:
                byes[team].add(game.round)
    complete = sorted(set(rounds))
    unplayed = {
        team: [number for number in complete if number not in seen[team] or number in byes[team]]
        for team in teams
    }
    # An opponent's score, its unplayed rounds counted as draws.
    adjusted = {
        team: total[team]
        + sum(points.draw - gained.get((team, number), 0) for number in unplayed[team])
        for team in teams
    }
    result = dict.fromkeys(teams, 0)
    for game in games:
        if game.bye:
            continue
        for index, side in enumerate(game.sides):
            for team in side:
                result[team] += sum(adjusted[other] for other in game.sides[1 - index])
    for team in teams:
        for number in unplayed[team]:
            before = sum(
                value for (who, at), value in gained.items() if who == team and at < number
            )
            won = points.loss if number in byes[team] else points.win
            later = sum(1 for other in complete if other > number)
            result[team] += before + won + points.draw * later
    return result


def standings(
    teams: Sequence[str],
    played: Iterable[Played],
    points: MatchPoints | None = None,
    criteria: Sequence[str] = ("match_points", "point_difference"),
    rounds: Sequence[int] | None = None,
) -> list[Line]:
    """Every team's line, best first, ranked by `criteria` in order. `rounds` are the
    complete rounds, whose byes and absences Buchholz counts (all rounds with a game when
    not given)."""
    points = points or MatchPoints()
    games = sorted(played, key=lambda game: (game.round, game.table or 0))
    _check(teams, games, criteria)
    tally = {team: _Tally() for team in teams}
    words: dict[str, list[str]] = {team: [] for team in teams}
    gained: dict[tuple[str, int], int] = {}
    for game in games:
        if game.bye:
            (team,) = game.sides[0]
            tally[team].byes += 1
            tally[team].match_points += points.bye
            gained[(team, game.round)] = gained.get((team, game.round), 0) + points.bye
            words[team].append(_words(game, team, points.bye))
            continue
        deducted = dict(game.deducted)
        for index, side in enumerate(game.sides):
            if len(game.winners) == 2:
                gained_here = points.draw
            elif game.winners[0] == index:
                gained_here = points.win
            else:
                gained_here = points.loss
            for team in side:
                mine = tally[team]
                gained[(team, game.round)] = gained.get((team, game.round), 0) + gained_here
                mine.points_for += game.scores[index] - deducted.get(team, 0)
                mine.points_against += game.scores[1 - index]
                mine.bags += game.bags[index]
                if len(game.winners) == 2:
                    mine.draws += 1
                elif game.winners[0] == index:
                    mine.wins += 1
                else:
                    mine.losses += 1
                mine.match_points += gained_here
                words[team].append(_words(game, team, gained_here))
    counted = sorted({game.round for game in games}) if rounds is None else rounds
    tie_break = buchholz(teams, games, points, gained, counted)

    def value(team: str, criterion: str, level: frozenset[str]) -> int:
        mine = tally[team]
        if criterion == "head_to_head":
            # Match points in the games between the teams still level with it.
            won = 0
            for game in games:
                if game.bye or team not in game.entrants():
                    continue
                index = game.side_of(team)
                if not level.intersection(game.sides[1 - index]):
                    continue
                if len(game.winners) == 2:
                    won += points.draw
                elif game.winners[0] == index:
                    won += points.win
                else:
                    won += points.loss
            return won
        if criterion == "buchholz":
            return tie_break[team]
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
                    buchholz=tie_break[team],
                    games=tuple(words[team]),
                )
            )
        rank += len(group)
    return lines
