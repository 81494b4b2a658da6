"""What an event comes to: the standings, the next round's pairings, and once it is over its
winner and every team's place, each by the event's format (`formats/`).

The games count as the file records them: a game that has not ended does not count yet
(unless a team forfeited it), a game that lost tricks to a penalty counts as scored again with
them moved, and a penalty of points comes off the side it was given to (at a progressive
table, off the penalised player's own total alone: her partner keeps the score they made).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..scoring.gamefile import JSONObject
from .event import Event, EventFileError, Penalty, Round, entry_problem
from .formats import Progress, format_for
from .pairings import PairingError
from .standings import Line, Played, StandingsError, standings


def played(event: Event) -> list[Played]:
    """Every counted game, as the standings take it: entrants by name."""
    names = event.names
    penalties: dict[tuple[int, int], list[Penalty]] = {}
    for penalty in event.penalties:
        penalties.setdefault((penalty.round, penalty.table), []).append(penalty)
    games = []
    for round_ in event.rounds:
        for bye in round_.byes:
            games.append(Played(round_.number, ((names[bye],),)))
        for table in round_.tables:
            here = penalties.get((round_.number, table.number), [])
            forfeits = {penalty.team for penalty in here if penalty.forfeit}
            result = table.result
            if result is None and not forfeits:
                continue
            if result is not None and not result.finished and not forfeits:
                continue
            # Entrants by side: partners sit opposite (seats 1 and 3, seats 2 and 4).
            sides: list[tuple[int, ...]]
            if event.individual:
                sides = [
                    (table.entrants[0], table.entrants[2]),
                    (table.entrants[1], table.entrants[3]),
                ]
            else:
                sides = [(table.entrants[0],), (table.entrants[1],)]
            # A game that lost tricks to a penalty counts as scored again with them moved.
            counted = table.counted or result
            scores = [0, 0] if counted is None else [side.score for side in counted.sides]
            bags = [0, 0] if counted is None else [side.bags_taken for side in counted.sides]
            deducted: dict[str, int] = {}
            for penalty in here:
                if event.individual:  # off the penalised player alone
                    name = names[penalty.team]
                    deducted[name] = deducted.get(name, 0) + penalty.points
                else:
                    side = next(i for i, members in enumerate(sides) if penalty.team in members)
                    scores[side] -= penalty.points
            forfeited = [i for i, members in enumerate(sides) if forfeits.intersection(members)]
            if forfeited:
                winners: tuple[int, ...] = (1 - forfeited[0],)
            elif (not event.individual and any(penalty.points for penalty in here)) or (
                counted is not None and not counted.finished
            ):
                # Points off, or moved tricks that leave the game short of its end: the
                # higher score wins, a draw when level.
                if scores[0] == scores[1]:
                    winners = (0, 1)
                else:
                    winners = (0,) if scores[0] > scores[1] else (1,)
            else:
                assert counted is not None
                winners = counted.winners
            named = tuple(tuple(names[i] for i in members) for members in sides)
            told = tuple(penalty_words(penalty, named, sides, names) for penalty in here)
            games.append(
                Played(
                    round_.number,
                    named,
                    tuple(scores),
                    tuple(bags),
                    winners,
                    table.number,
                    penalties=told,
                    deducted=tuple(sorted(deducted.items())),
                )
            )
    return games


def penalty_words(
    penalty: Penalty,
    named: tuple[tuple[str, ...], ...],
    sides: Sequence[tuple[int, ...]],
    names: Sequence[str],
) -> str:
    """A penalty as a team's line tells it: "3 tricks of hand 4 moved from Aces to Books
    (renege)"."""
    side = next(i for i, members in enumerate(sides) if penalty.team in members)
    who = names[penalty.team]
    if penalty.forfeit:
        what = f"{who} forfeited the game"
    elif penalty.tricks:
        others = " and ".join(named[1 - side])
        count = "1 trick" if penalty.tricks == 1 else f"{penalty.tricks} tricks"
        what = f"{count} of hand {penalty.hand} moved from {who} to {others}"
    else:
        what = f"{penalty.points} points off {who}"
    what = f"{what} ({penalty.reason})" if penalty.reason else what
    return f"{what}, not made: {penalty.unmade}" if penalty.unmade else what


def complete(round_: Round, event: Event) -> bool:
    """Whether every table of the round has a result that counts (its game over, or forfeited)."""
    forfeited = {(p.round, p.table) for p in event.penalties if p.forfeit}
    return all(
        (round_.number, table.number) in forfeited
        or (table.result is not None and table.result.finished)
        for table in round_.tables
    )


def _line(line: Line, index: dict[str, int]) -> JSONObject:
    return {
        "team": index[line.team],
        "name": line.team,
        "rank": line.rank,
        "shared": line.shared,
        "match_points": line.match_points,
        "wins": line.wins,
        "draws": line.draws,
        "losses": line.losses,
        "byes": line.byes,
        "point_difference": line.point_difference,
        "points_for": line.points_for,
        "bags": line.bags,
        "buchholz": line.buchholz,
        "games": list(line.games),
    }


def summarize(event: Event) -> JSONObject:
    """The standings, the next round (None while a game of this one goes on, and once the
    event is over), whether it is over and its winner, and once it is over every team's
    place ("places", best first), as `manage.py event` prints them."""
    entries = "" if event.rounds else entry_problem(event.teams, event.individual)
    if entries:  # nothing to rank or pair yet: it says what it waits for
        return {
            "standings": [],
            "next_round": None,
            "finished": False,
            "winner": None,
            "waiting": entries,
        }
    fmt = format_for(event.pairing)
    names = event.names
    index = {name: position for position, name in enumerate(names)}
    games = played(event)
    counting = {round_.number for round_ in fmt.standing_rounds(event)}
    done = {round_.number for round_ in event.rounds if complete(round_, event)}
    try:
        counted = [game for game in games if game.round in counting]
        lines = standings(
            names, counted, event.points, event.ranking, rounds=sorted(counting & done)
        )
        progress = Progress(event, lines, games)
        pairing = None
        if len(names) - len(event.withdrawn) >= 2:  # else nobody is left to pair
            pairing = fmt.next_round(progress)
    except (StandingsError, PairingError) as error:
        raise EventFileError(str(error)) from None
    waiting = bool(event.rounds) and not complete(event.rounds[-1], event)
    finished = pairing is None and not waiting
    next_round = None
    if pairing is not None and not waiting:
        next_round = {
            "tables": [
                {"table": number, "teams": [index[name] for name in game]}
                for number, game in enumerate(pairing.games, start=1)
            ],
            "byes": [index[name] for name in pairing.byes],
            **fmt.round_extra(event),
        }
    places = fmt.places(progress) if finished else []
    top = [place for place in places if place.place == 1]
    summary: JSONObject = {
        "standings": [_line(line, index) for line in lines],
        "next_round": next_round,
        "finished": finished,
        "winner": index[top[0].team] if len(top) == 1 else None,
        **fmt.summary_extra(progress),
    }
    if finished:
        summary["places"] = [
            {"place": place.place, "shared": place.shared, "team": index[place.team]}
            for place in places
        ]
    return summary
