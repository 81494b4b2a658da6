"""The `spades-event/1` file: a whole event (its settings, teams, rounds and games) and what it
comes to: the standings, the next round's pairings, and the winner once it is over.

Each table's game is an ordinary `spades-game/1` game, read and scored by the scoring package;
a game that has not ended does not count yet (unless a team forfeited it). Every problem is one
line naming the round and the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..scoring import (
    GameFile,
    GameFileError,
    GameResult,
    Rules,
    RulesError,
    ScoringError,
    parse_game_file,
    player_name_problem,
    score_game,
)
from ..scoring.gamefile import read_json
from ..scoring.limits import MAX_HANDS
from ..scoring.rules import describe
from .pairings import (
    SEEDINGS,
    Pairing,
    PairingError,
    elimination,
    king_of_the_hill,
    progressive_move,
    random_seeds,
    round_robin,
    swiss,
)
from .penalties import TrickMove, made_moves
from .standings import (
    CRITERIA,
    Line,
    MatchPoints,
    Played,
    StandingsError,
    result_words,
    standings,
)

FORMAT = "spades-event/1"
PAIRINGS = (
    "round_robin",
    "swiss",
    "king_of_the_hill",
    "single_elimination",
    "double_elimination",
    "progressive",
    "most_wins",
)
DEFAULT_RANKING = ("match_points", "point_difference", "points_for")
# A format's own ranking where the file names none: a progressive night ranks each player by
# their own total; a most-wins session by match points (a bye worth a win), then wins.
FORMAT_RANKING = {
    "progressive": ("points_for", "wins", "point_difference"),
    "most_wins": ("match_points", "wins", "point_difference", "points_for"),
}
STAGES = ("session", "playoff")
DEFAULT_PLAYOFF = 4
MAX_TEAMS = 400
MAX_ROUNDS = 100
MAX_EVENT_BYTES = 50_000_000  # as the app's import form takes
MAX_SOLOS = 400
MAX_SEED = 2**63 - 1


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

    @property
    def individual(self) -> bool:
        return self.pairing == "progressive"

    @property
    def session_rounds(self) -> tuple[Round, ...]:
        """The rounds that count in the standings: all but a most-wins event's playoff."""
        return tuple(round_ for round_ in self.rounds if round_.stage == "session")

    @property
    def playoff_rounds(self) -> tuple[Round, ...]:
        return tuple(round_ for round_ in self.rounds if round_.stage == "playoff")


def _int(value: Any, where: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise EventFileError(
            f"{where}: expected a whole number from {low} to {high}, got {describe(value)}"
        )
    return value


def _object(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise EventFileError(f"{where}: expected an object, got {describe(value)}")
    return value


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise EventFileError(f"{where}: expected a list, got {describe(value)}")
    return value


def _settings(data: dict[str, Any]) -> tuple[str, int | None, MatchPoints, tuple[str, ...]]:
    settings = _object(data.get("event", {}), "event")
    pairing = settings.get("pairing", "swiss")
    if pairing not in PAIRINGS:
        choices = ", ".join(PAIRINGS)
        raise EventFileError(f"event.pairing: expected one of {choices}, got {describe(pairing)}")
    planned = settings.get("rounds")
    if planned is not None:
        planned = _int(planned, "event.rounds", 1, MAX_ROUNDS)
    given = _object(settings.get("points", {}), "event.points")
    values = {}
    for outcome in ("win", "draw", "loss", "bye"):
        if outcome in given:
            values[outcome] = _int(given[outcome], f"event.points.{outcome}", 0, 1000)
    unknown = set(given) - {"win", "draw", "loss", "bye"}
    if unknown:
        raise EventFileError(f"event.points: unknown outcome {describe(sorted(unknown)[0])}")
    ranking = settings.get("ranking", list(FORMAT_RANKING.get(pairing, DEFAULT_RANKING)))
    for criterion in _list(ranking, "event.ranking"):
        if criterion not in CRITERIA:
            choices = ", ".join(CRITERIA)
            raise EventFileError(
                f"event.ranking: expected criteria from {choices}, got {describe(criterion)}"
            )
    if not ranking or len(set(ranking)) != len(ranking):
        raise EventFileError("event.ranking: name each criterion once, at least one")
    return pairing, planned, MatchPoints(**values), tuple(ranking)


def _entry_settings(data: dict[str, Any]) -> tuple[int | None, str, int | None]:
    """`event.entries_until` (the last round a late team may join), `event.seeding` and the
    `event.seed` a random seeding draws its bracket from."""
    settings = _object(data.get("event", {}), "event")
    until = settings.get("entries_until")
    if until is not None:
        until = _int(until, "event.entries_until", 1, MAX_ROUNDS)
    seeding = settings.get("seeding", "standings")
    if seeding not in SEEDINGS:
        choices = ", ".join(SEEDINGS)
        raise EventFileError(f"event.seeding: expected one of {choices}, got {describe(seeding)}")
    seed = settings.get("seed")
    if seed is not None:
        seed = _int(seed, "event.seed", 0, MAX_SEED)
    elif seeding == "random":
        raise EventFileError(
            "event.seed: a random seeding needs the seed its bracket is drawn from"
        )
    return until, seeding, seed


def _solos(data: dict[str, Any]) -> tuple[str, ...]:
    """The players who came alone and still wait for a partner, in the order they entered."""
    solos = _list(data.get("solos", []), "solos")
    if len(solos) > MAX_SOLOS:
        raise EventFileError(f"solos: expected at most {MAX_SOLOS} players, got {len(solos)}")
    names = []
    for index, name in enumerate(solos):
        problem = player_name_problem(name)
        if problem:
            raise EventFileError(f"solo {index}: {problem.removeprefix('the name ')}")
        names.append(name.strip())
    if len({name.casefold() for name in names}) != len(names):
        raise EventFileError("solos: a player waits twice")
    return tuple(names)


def _teams(data: dict[str, Any], individual: bool) -> tuple[Team, ...]:
    teams = []
    for index, item in enumerate(_list(data.get("teams"), "teams")):
        where = f"team {index}"
        item = _object(item, where)
        name = item.get("name")
        if not isinstance(name, str) or not name.strip() or len(name) > 80:
            raise EventFileError(f"{where}: name: expected a name of 1 to 80 characters")
        players = _list(item.get("players"), f"{where}: players")
        wanted = 1 if individual else 2
        if len(players) != wanted or not all(isinstance(p, str) and p.strip() for p in players):
            raise EventFileError(f"{where}: players: expected {wanted} player names")
        withdrawn = item.get("withdrawn", False)
        if type(withdrawn) is not bool:
            raise EventFileError(f"{where}: withdrawn: expected true or false")
        teams.append(Team(name.strip(), tuple(player.strip() for player in players), withdrawn))
    if len(teams) > MAX_TEAMS:
        raise EventFileError(f"teams: expected at most {MAX_TEAMS} entries, got {len(teams)}")
    names = [team.name.casefold() for team in teams]
    if len(set(names)) != len(names):
        raise EventFileError("teams: two teams share a name")
    return tuple(teams)


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


def _seated(teams: tuple[Team, ...], entrants: tuple[int, ...], individual: bool) -> list[str]:
    """The game's players seat by seat, as the entrants sit."""
    if individual:
        return [teams[index].players[0] for index in entrants]
    first, second = (teams[index].players for index in entrants)
    return table_players(first, second)


def _game(item: Any, where: str, rules_spec: dict[str, Any], players: list[str]) -> GameFile | None:
    if item is None:
        return None
    game = dict(_object(item, f"{where}: game"))
    game.setdefault("rules", rules_spec)
    game.setdefault("players", players)
    try:
        parsed = parse_game_file(game)
    except GameFileError as error:
        raise EventFileError(f"{where}: game: {error}") from None
    if sorted(parsed.players) != sorted(players) or [
        {parsed.players[s], parsed.players[s + 2]} for s in (0, 1)
    ] != [{players[s], players[s + 2]} for s in (0, 1)]:
        raise EventFileError(f"{where}: game: its players are not the table's, seated as paired")
    return parsed


def _rounds(data: dict[str, Any], event: dict[str, Any]) -> tuple[Round, ...]:
    teams: tuple[Team, ...] = event["teams"]
    individual = event["individual"]
    size = 4 if individual else 2
    rounds: list[Round] = []
    for number, item in enumerate(_list(data.get("rounds", []), "rounds"), start=1):
        where = f"round {number}"
        item = _object(item, where)
        seen: set[int] = set()
        tables = []
        for table_number, table in enumerate(
            _list(item.get("tables"), f"{where}: tables"), start=1
        ):
            at = f"{where}, table {table_number}"
            table = _object(table, at)
            entrants = _list(table.get("teams"), f"{at}: teams")
            if len(entrants) != size:
                raise EventFileError(f"{at}: teams: expected {size} entries, got {len(entrants)}")
            for entrant in entrants:
                _int(entrant, f"{at}: teams", 0, len(teams) - 1)
                if entrant in seen:
                    raise EventFileError(f"{at}: team {entrant} already plays in this round")
                seen.add(entrant)
            chosen = tuple(entrants)
            players = _seated(teams, chosen, individual)
            game = _game(table.get("game"), at, event["rules_spec"], players)
            result = None if game is None else game.score()
            tables.append(Table(table_number, chosen, result, game))
        byes = _list(item.get("byes", []), f"{where}: byes")
        for bye in byes:
            _int(bye, f"{where}: byes", 0, len(teams) - 1)
            if bye in seen:
                raise EventFileError(f"{where}: byes: team {bye} both plays and sits out")
            seen.add(bye)
        stage = _stage(item, where, event["pairing"], rounds)
        rounds.append(Round(number, tuple(tables), tuple(byes), stage))
    return tuple(rounds)


def _stage(item: dict[str, Any], where: str, pairing: str, before: list[Round]) -> str:
    """Whether a round is of a most-wins event's session or of its playoff, which follows it."""
    stage = item.get("stage", "session")
    if stage not in STAGES:
        raise EventFileError(
            f'{where}: stage: expected "session" or "playoff", got {describe(stage)}'
        )
    if stage == "playoff" and pairing != "most_wins":
        raise EventFileError(f"{where}: stage: only a most-wins event has a playoff")
    if stage == "session" and any(round_.stage == "playoff" for round_ in before):
        raise EventFileError(f"{where}: stage: a session round can't follow the playoff")
    return str(stage)


def _playoff(data: dict[str, Any], pairing: str) -> int | None:
    """How many of a most-wins event's best teams play off (none for the other formats)."""
    settings = _object(data.get("event", {}), "event")
    if pairing != "most_wins":
        if "playoff" in settings:
            raise EventFileError("event.playoff: only a most-wins event has a playoff")
        return None
    return _int(settings.get("playoff", DEFAULT_PLAYOFF), "event.playoff", 2, MAX_TEAMS)


def _penalties(data: dict[str, Any], rounds: tuple[Round, ...]) -> tuple[Penalty, ...]:
    penalties: list[Penalty] = []
    for index, item in enumerate(_list(data.get("penalties", []), "penalties"), start=1):
        where = f"penalty {index}"
        item = _object(item, where)
        number = _int(item.get("round"), f"{where}: round", 1, max(len(rounds), 1))
        tables = rounds[number - 1].tables
        table = _int(item.get("table"), f"{where}: table", 1, max(len(tables), 1))
        team = item.get("team")
        if team not in tables[table - 1].entrants:
            raise EventFileError(
                f"{where}: round {number}, table {table}: team {describe(team)} doesn't play there"
            )
        forfeit = item.get("forfeit", False)
        if type(forfeit) is not bool:
            raise EventFileError(f"{where}: forfeit: expected true or false")
        points = _int(item.get("points", 0), f"{where}: points", 0, 100_000)
        tricks = _int(item.get("tricks", 0), f"{where}: tricks", 0, 13)
        hand = None
        if tricks:
            if forfeit or points:
                raise EventFileError(
                    f"{where}: a penalty of tricks stands alone: give points or a forfeit "
                    "in a penalty of their own"
                )
            hand = _int(item.get("hand"), f"{where}: hand", 1, MAX_HANDS)
        elif "hand" in item:
            raise EventFileError(f"{where}: hand: only a penalty of tricks names a hand")
        if not forfeit and not points and not tricks:
            raise EventFileError(
                f"{where}: give the points it costs, the tricks it moves, or a forfeit"
            )
        if forfeit and any(
            other.forfeit and (other.round, other.table) == (number, table) for other in penalties
        ):
            raise EventFileError(f"{where}: round {number}, table {table}: one forfeit a game")
        reason = item.get("reason", "")
        if not isinstance(reason, str) or len(reason) > 200:
            raise EventFileError(f"{where}: reason: expected a line of text")
        penalties.append(
            Penalty(number, table, team, points, forfeit, reason.strip(), hand, tricks)
        )
    return tuple(penalties)


def _trick_penalties(
    table: Table, penalties: Sequence[Penalty], round_number: int
) -> list[tuple[int, Penalty]]:
    """The trick penalties of one table, in the file's order, with their places in it."""
    return [
        (index, penalty)
        for index, penalty in enumerate(penalties)
        if penalty.tricks
        and penalty.hand is not None
        and (penalty.round, penalty.table) == (round_number, table.number)
    ]


def _counted(
    rounds: tuple[Round, ...], penalties: tuple[Penalty, ...]
) -> tuple[tuple[Round, ...], tuple[Penalty, ...]]:
    """The rounds with each game that lost tricks to a penalty scored again with them moved
    (leniently: where the moved tricks end the game sooner, the hands after are left out),
    and the penalties, each that the game as it now stands leaves nothing to move (a hand
    corrected or undone since) marked with why, and left out."""
    changed = []
    marked = list(penalties)
    for round_ in rounds:
        tables = []
        for table in round_.tables:
            here = _trick_penalties(table, penalties, round_.number)
            game = table.game
            if here and game is None:
                for index, penalty in here:
                    marked[index] = replace(penalty, unmade="no hand has been played there")
            elif here and game is not None:
                moves = [
                    # Partners sit opposite: the entrants at even places are side 0.
                    TrickMove(
                        penalty.hand or 0, table.entrants.index(penalty.team) % 2, penalty.tricks
                    )
                    for _, penalty in here
                ]
                hands, problems = made_moves(game.hands, moves)
                for (index, penalty), problem in zip(here, problems, strict=True):
                    if problem is not None:
                        marked[index] = replace(penalty, unmade=str(problem))
                try:
                    counted = score_game(
                        game.rules,
                        hands,
                        game.players,
                        game.first_dealer,
                        strict=False,
                        time_called=game.time_called,
                    )
                except ScoringError as error:
                    raise EventFileError(
                        f"round {round_.number}, table {table.number}: {error}"
                    ) from None
                table = replace(table, counted=counted)
            tables.append(table)
        changed.append(replace(round_, tables=tuple(tables)))
    return tuple(changed), tuple(marked)


def parse_event_file(data: Any) -> Event:
    """Read an event from a dict, JSON text or bytes; raises EventFileError with one line."""
    try:
        data = read_json(data, MAX_EVENT_BYTES)
    except GameFileError as error:
        raise EventFileError(str(error)) from None
    data = _object(data, "the event")
    if data.get("format", FORMAT) != FORMAT:
        raise EventFileError(f'format: expected "{FORMAT}", got {describe(data["format"])}')
    name = data.get("name", "")
    if not isinstance(name, str) or len(name) > 200:
        raise EventFileError("name: expected one line of at most 200 characters")
    rules_spec = _object(data.get("rules", {}), "rules")
    try:
        rules = Rules.from_dict(rules_spec)
    except RulesError as error:
        where = f"rules.{error.setting}" if error.setting else "rules"
        raise EventFileError(f"{where}: {error.problem}") from None
    pairing, planned, points, ranking = _settings(data)
    individual = pairing == "progressive"
    if rules.players != 4 or rules.partnerships is not True:
        raise EventFileError("rules: an event's tables play four players in partnerships")
    teams = _teams(data, individual)
    playoff = _playoff(data, pairing)
    context = {
        "teams": teams,
        "individual": individual,
        "rules_spec": rules_spec,
        "pairing": pairing,
    }
    rounds = _rounds(data, context)
    # An event still taking entries may wait for them; one under way has them.
    if rounds and len(teams) < 2:
        raise EventFileError(f"teams: expected 2 entries or more, got {len(teams)}")
    waiting = entry_problem(teams, individual) if individual else ""
    if rounds and waiting:
        raise EventFileError(f"teams: {waiting[:1].lower()}{waiting[1:]}")
    penalties = _penalties(data, rounds)
    rounds, penalties = _counted(rounds, penalties)
    entries_until, seeding, seed = _entry_settings(data)
    return Event(
        name.strip(),
        rules,
        pairing,
        planned,
        points,
        ranking,
        teams,
        rounds,
        penalties,
        playoff,
        entries_until=entries_until,
        seeding=seeding,
        seed=seed,
        solos=_solos(data),
    )


# What the event comes to ---------------------------------------------------------------------


def _played(event: Event) -> list[Played]:
    """Every counted game, as the standings take it: entrants by name."""
    names = [team.name for team in event.teams]
    penalties: dict[tuple[int, int], list[Penalty]] = {}
    for penalty in event.penalties:
        penalties.setdefault((penalty.round, penalty.table), []).append(penalty)
    played = []
    for round_ in event.rounds:
        for bye in round_.byes:
            played.append(Played(round_.number, ((names[bye],),)))
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
            for penalty in here:
                side = next(i for i, members in enumerate(sides) if penalty.team in members)
                scores[side] -= penalty.points
            forfeited = [i for i, members in enumerate(sides) if forfeits.intersection(members)]
            if forfeited:
                winners: tuple[int, ...] = (1 - forfeited[0],)
            elif any(penalty.points for penalty in here) or (
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
            told = tuple(_penalty_words(penalty, named, sides, names) for penalty in here)
            played.append(
                Played(
                    round_.number,
                    named,
                    tuple(scores),
                    tuple(bags),
                    winners,
                    table.number,
                    penalties=told,
                )
            )
    return played


def _penalty_words(
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


def _complete(round_: Round, event: Event) -> bool:
    """Whether every table of the round has a result that counts (its game over, or forfeited)."""
    forfeited = {(p.round, p.table) for p in event.penalties if p.forfeit}
    return all(
        (round_.number, table.number) in forfeited
        or (table.result is not None and table.result.finished)
        for table in round_.tables
    )


def _rounds_planned(event: Event, count: int) -> int:
    if event.planned_rounds is not None:
        return event.planned_rounds
    if event.pairing == "round_robin":
        return count - 1 if count % 2 == 0 else count
    if event.pairing == "progressive":
        # One round a table of the first round, where the moves would begin again.
        if event.rounds:
            return len(event.rounds[0].tables)
        return sum(1 for team in event.teams if not team.withdrawn) // 4
    return max(1, (count - 1).bit_length())  # Swiss and winners play winners: log2 of the field


def _next(event: Event, lines: list[Line], played: list[Played]) -> Pairing | None:
    """The next round's pairing, or None once the event is over."""
    names = [team.name for team in event.teams]
    out = {team.name for team in event.teams if team.withdrawn}
    done = len(event.rounds)
    if len(names) - len(out) < 2:  # all but one withdrew: nobody is left to pair
        return None
    if event.pairing in ("single_elimination", "double_elimination"):
        losses: dict[str, int] = {}
        for game in played:
            if len(game.winners) == 1:
                for name in game.sides[1 - game.winners[0]]:
                    losses[name] = losses.get(name, 0) + 1
        lives = 1 if event.pairing == "single_elimination" else 2
        seeds = [name for name in names if name not in out]
        if event.seeding == "random":
            assert event.seed is not None  # the file's reader asks for one
            seeds = random_seeds(seeds, event.seed)
        return elimination(seeds, losses, lives)
    if event.pairing == "most_wins" and _session_over(event):
        return _playoff_next(event, lines, played)
    if done >= _rounds_planned(event, len(names)):
        return None
    if event.pairing == "round_robin":
        # The schedule of every team entered; a withdrawn team's opponent has a bye.
        scheduled = round_robin(names)[done % (len(names) - 1 + len(names) % 2)]
        games = tuple(game for game in scheduled.games if not out.intersection(game))
        byes = [name for game in scheduled.games if out.intersection(game) for name in game]
        byes += list(scheduled.byes)
        return Pairing(games, tuple(name for name in byes if name not in out))
    if event.pairing == "progressive":
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
    ranked = [line.team for line in lines if line.team not in out]
    if event.pairing == "king_of_the_hill":
        return king_of_the_hill(ranked)
    met = {
        frozenset(names[i] for i in table.entrants)
        for round_ in event.rounds
        for table in round_.tables
    }
    had_bye = {names[i] for round_ in event.rounds for i in round_.byes}
    return swiss(ranked, met, had_bye)


def _session_over(event: Event) -> bool:
    """A most-wins event's session ends with its planned rounds, or where its playoff began."""
    planned = _rounds_planned(event, len(event.teams))
    return bool(event.playoff_rounds) or len(event.session_rounds) >= planned


def _seeds(event: Event, lines: list[Line]) -> list[str]:
    """The playoff's teams, best first by the session's standings: those of its first round
    once it is paired (so a later withdrawal moves no one up), before that the best
    `playoff` teams still playing (teams level on every criterion stand by name)."""
    names = [team.name for team in event.teams]
    if event.playoff_rounds:
        first = event.playoff_rounds[0]
        entered = {names[i] for table in first.tables for i in table.entrants}
        entered.update(names[i] for i in first.byes)
        return [line.team for line in lines if line.team in entered]
    out = {team.name for team in event.teams if team.withdrawn}
    return [line.team for line in lines if line.team not in out][: event.playoff or 0]


def _playoff_losses(event: Event, played: list[Played]) -> dict[str, int]:
    numbers = {round_.number for round_ in event.playoff_rounds}
    losses: dict[str, int] = {}
    for game in played:
        if game.round in numbers and len(game.winners) == 1:
            for name in game.sides[1 - game.winners[0]]:
                losses[name] = losses.get(name, 0) + 1
    return losses


def _playoff_alive(event: Event, lines: list[Line], played: list[Played]) -> list[str]:
    out = {team.name for team in event.teams if team.withdrawn}
    losses = _playoff_losses(event, played)
    return [seed for seed in _seeds(event, lines) if seed not in out and not losses.get(seed)]


def _playoff_next(event: Event, lines: list[Line], played: list[Played]) -> Pairing | None:
    """The playoff's next round: a single elimination of the seeds, the best left against the
    worst; None once one team is left."""
    out = {team.name for team in event.teams if team.withdrawn}
    seeds = [seed for seed in _seeds(event, lines) if seed not in out]
    if len(seeds) < 2:
        return None
    return elimination(seeds, _playoff_losses(event, played), 1)


def _playoff_summary(event: Event, lines: list[Line], played: list[Played]) -> dict[str, Any]:
    index = {team.name: position for position, team in enumerate(event.teams)}
    numbers = {round_.number for round_ in event.playoff_rounds}
    return {
        "size": event.playoff,
        "started": bool(event.playoff_rounds),
        "seeds": [index[name] for name in _seeds(event, lines)],
        "alive": [index[name] for name in _playoff_alive(event, lines, played)],
        # The standings are the session's: the playoff's own results are told here.
        "games": [result_words(game) for game in played if game.round in numbers],
    }


def summarize(event: Event) -> dict[str, Any]:
    """The standings, the next round (None while a game of this one goes on, and once the
    event is over), whether it is over and its winner, as `manage.py event` prints them."""
    entries = "" if event.rounds else entry_problem(event.teams, event.individual)
    if entries:  # nothing to rank or pair yet: it says what it waits for
        return {
            "standings": [],
            "next_round": None,
            "finished": False,
            "winner": None,
            "waiting": entries,
        }
    names = [team.name for team in event.teams]
    index = {name: position for position, name in enumerate(names)}
    played = _played(event)
    session = {round_.number for round_ in event.session_rounds}
    try:
        # A most-wins event's standings are its session's: the playoff decides the winner.
        counted = [game for game in played if game.round in session]
        lines = standings(names, counted, event.points, event.ranking)
        pairing = _next(event, lines, played)
    except (StandingsError, PairingError) as error:
        raise EventFileError(str(error)) from None
    waiting = bool(event.rounds) and not _complete(event.rounds[-1], event)
    finished = pairing is None and not waiting
    if finished and event.pairing == "most_wins":
        alive = _playoff_alive(event, lines, played)
        winner = index[alive[0]] if len(alive) == 1 else None
    elif finished and event.pairing in ("single_elimination", "double_elimination"):
        lives = 1 if event.pairing == "single_elimination" else 2
        losses = {line.team: line.losses for line in lines}
        alive = [name for name in names if losses[name] < lives]
        winner = index[alive[0]] if len(alive) == 1 else None
    elif finished:
        top = [line for line in lines if line.rank == 1]
        winner = index[top[0].team] if len(top) == 1 else None
    else:
        winner = None
    next_round = None
    if pairing is not None and not waiting:
        next_round = {
            "tables": [
                {"table": number, "teams": [index[name] for name in game]}
                for number, game in enumerate(pairing.games, start=1)
            ],
            "byes": [index[name] for name in pairing.byes],
        }
        if event.pairing == "most_wins":
            next_round["stage"] = "playoff" if _session_over(event) else "session"
    extra: dict[str, Any] = {}
    if event.pairing == "most_wins":
        extra["playoff"] = _playoff_summary(event, lines, played)
    return {
        "standings": [
            {
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
            for line in lines
        ],
        "next_round": next_round,
        "finished": finished,
        "winner": winner,
        **extra,
    }
