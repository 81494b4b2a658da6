"""The `spades-event/1` file: a whole event (its settings, teams, rounds, games and penalties),
read and checked. What it comes to (the standings, the next round, the winner and places) is
`summary.summarize`, by the event's format (`formats/`); both names are kept here too.

Each table's game is an ordinary `spades-game/1` game, read and scored by the scoring package.
Every problem is one line naming the round and the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..scoring import (
    GameFile,
    GameFileError,
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
from .event import (
    Event,
    EventFileError,
    Penalty,
    Round,
    Table,
    Team,
    entry_problem,
    table_players,
)
from .formats import DEFAULT_RANKING, FORMATS, PAIRINGS, format_for
from .pairings import SEEDINGS
from .penalties import TrickMove, made_moves
from .standings import CRITERIA, MatchPoints
from .summary import summarize

__all__ = [
    "FORMAT",
    "MAX_EVENT_BYTES",
    "Event",
    "EventFileError",
    "Penalty",
    "Round",
    "Table",
    "Team",
    "entry_problem",
    "parse_event_file",
    "summarize",
    "table_players",
]

FORMAT = "spades-event/1"
# A format's own ranking where the file names none (each format's `ranking`): a progressive
# night ranks each player by their own total; a most-wins session by match points, then wins.
FORMAT_RANKING = {
    name: fmt.ranking for name, fmt in FORMATS.items() if fmt.ranking != DEFAULT_RANKING
}
STAGES = ("session", "playoff")
DEFAULT_PLAYOFF = 4
MAX_TEAMS = 400
MAX_ROUNDS = 100
MAX_EVENT_BYTES = 50_000_000  # as the app's import form takes
MAX_SOLOS = 400
MAX_SEED = 2**63 - 1


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
    ranking = settings.get("ranking", list(format_for(pairing).ranking))
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
    if stage == "playoff" and not format_for(pairing).has_playoff:
        raise EventFileError(f"{where}: stage: only a most-wins event has a playoff")
    if stage == "session" and any(round_.stage == "playoff" for round_ in before):
        raise EventFileError(f"{where}: stage: a session round can't follow the playoff")
    return str(stage)


def _playoff(data: dict[str, Any], pairing: str) -> int | None:
    """How many of a most-wins event's best teams play off (none for the other formats)."""
    settings = _object(data.get("event", {}), "event")
    if not format_for(pairing).has_playoff:
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
    individual = format_for(pairing).individual
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
    event = Event(
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
        individual=individual,
    )
    problem = format_for(pairing).problem(event)
    if problem:
        raise EventFileError(problem)
    return event
