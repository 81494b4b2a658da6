"""The `spades-event/1` file: a whole event (its settings, teams, rounds, games and penalties),
read and checked. What it comes to (the standings, the next round, the winner and places) is
`summary.summarize`, by the event's format (`formats/`); both names are kept here too.

Each table's game is an ordinary `spades-game/1` game, read and scored by the scoring package.
Every problem is one line naming the round and the table.

A file is read as a stream (`read_bounded`), each of its costs counted as the parser reads it
and refused the moment it passes its bound (`EVENT_BOUNDS`, from `scoring.limits`): bytes,
brackets' depth, values, each text's length, each list's items by where the list is, the games
and hands of the whole file; a key the format doesn't name is passed over, never built. Every
name it holds (the event's, the teams', the players', the walk-ins', a penalty's reason)
follows the one name rule of the game form and the game file.
"""

from __future__ import annotations

import codecs
import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import IO

import ijson

from ..scoring import (
    GameFile,
    GameFileError,
    Rules,
    RulesError,
    ScoringError,
    limits,
    parse_game_file,
    score_game,
)
from ..scoring.entry import game_name_problem, name_length
from ..scoring.gamefile import JSONObject, JSONValue
from ..scoring.limits import MAX_HANDS
from ..scoring.rules import describe
from .entry import MAX_TEAM_NAME, club_name_problem
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
    "EVENT_BOUNDS",
    "FORMAT",
    "GAME_BOUNDS",
    "MAX_EVENT_BYTES",
    "Bounds",
    "Event",
    "EventFileError",
    "Penalty",
    "Round",
    "Table",
    "Team",
    "entry_problem",
    "parse_event_file",
    "read_bounded",
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
MAX_TEAMS = limits.MAX_EVENT_TEAMS
MAX_ROUNDS = 100
# The largest event there can be (`scoring.limits`: about 204 MB, every name and note at its
# longest); what it may cost besides is bounded as it is read (`EVENT_BOUNDS`).
MAX_EVENT_BYTES = limits.MAX_EVENT_BYTES
MAX_SOLOS = limits.MAX_EVENT_SOLOS
MAX_SEED = 2**63 - 1


def _int(value: JSONValue, where: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise EventFileError(
            f"{where}: expected a whole number from {low} to {high}, got {describe(value)}"
        )
    return value


def _object(value: JSONValue, where: str) -> JSONObject:
    if not isinstance(value, dict):
        raise EventFileError(f"{where}: expected an object, got {describe(value)}")
    return value


def _list(value: JSONValue, where: str) -> list[JSONValue]:
    if not isinstance(value, list):
        raise EventFileError(f"{where}: expected a list, got {describe(value)}")
    return value


def _settings(data: JSONObject) -> tuple[str, int | None, MatchPoints, tuple[str, ...]]:
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


def _entry_settings(data: JSONObject) -> tuple[int | None, str, int | None]:
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


def _solos(data: JSONObject) -> tuple[str, ...]:
    """The players who came alone and still wait for a partner, in the order they entered."""
    solos = _list(data.get("solos", []), "solos")
    if len(solos) > MAX_SOLOS:
        raise EventFileError(f"solos: expected at most {MAX_SOLOS} players, got {len(solos)}")
    names = []
    for index, name in enumerate(solos):
        problem = club_name_problem(name)
        if problem:
            raise EventFileError(f"solo {index}: {problem.removeprefix('the name ')}")
        names.append(name.strip())
    if len({name.casefold() for name in names}) != len(names):
        raise EventFileError("solos: a player waits twice")
    return tuple(names)


def _teams(data: JSONObject, individual: bool) -> tuple[Team, ...]:
    teams = []
    for index, item in enumerate(_list(data.get("teams"), "teams")):
        where = f"team {index}"
        item = _object(item, where)
        name = item.get("name")
        if not isinstance(name, str) or not name.strip():
            raise EventFileError(
                f"teams[{index}].name: expected a name of 1 to {MAX_TEAM_NAME} characters"
            )
        _name_rule(name, f"teams[{index}].name", MAX_TEAM_NAME)
        players = _list(item.get("players"), f"{where}: players")
        wanted = 1 if individual else 2
        if len(players) != wanted or not all(isinstance(p, str) and p.strip() for p in players):
            raise EventFileError(f"{where}: players: expected {wanted} player names")
        for number, player in enumerate(players):
            problem = club_name_problem(player)
            if problem:
                raise EventFileError(f"teams[{index}].players[{number}]: {problem}")
        withdrawn = item.get("withdrawn", False)
        if type(withdrawn) is not bool:
            raise EventFileError(f"{where}: withdrawn: expected true or false")
        teams.append(Team(name.strip(), tuple(player.strip() for player in players), withdrawn))
    if len(teams) > MAX_TEAMS:
        raise EventFileError(f"teams: expected at most {MAX_TEAMS} entries, got {len(teams)}")
    names = [team.name.casefold() for team in teams]
    if len(set(names)) != len(names):
        raise EventFileError("teams: two teams share a name")
    # A player plays for one team still in (case aside, as a game tells its players apart):
    # two such teams would meet with one name in two seats.
    playing: dict[str, int] = {}
    for index, team in enumerate(teams):
        if team.withdrawn:
            continue
        for number, player in enumerate(team.players):
            earlier = playing.setdefault(player.casefold(), index)
            if earlier != index:
                raise EventFileError(
                    f"teams[{index}].players[{number}]: {player} already plays for teams[{earlier}]"
                )
    return tuple(teams)


def _name_rule(text: str, where: str, longest: int) -> None:
    """A name (or a penalty's reason) by the rule every name of the app follows: one line
    with no control codes or stray invisible marks (NUL among them), at most `longest`
    characters as a reader counts them and as the column stores them."""
    problem = game_name_problem(text)
    if problem is None and (name_length(text.strip()) > longest or len(text.strip()) > longest):
        problem = f"the name is longer than {longest} characters"
    if problem is not None:
        raise EventFileError(f"{where}: {problem}")


def _seated(teams: tuple[Team, ...], entrants: tuple[int, ...], individual: bool) -> list[str]:
    """The game's players seat by seat, as the entrants sit."""
    if individual:
        return [teams[index].players[0] for index in entrants]
    first, second = (teams[index].players for index in entrants)
    return table_players(first, second)


def _game(
    item: JSONValue, where: str, rules_spec: JSONObject, players: list[str]
) -> GameFile | None:
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


def _rounds(data: JSONObject, event: JSONObject) -> tuple[Round, ...]:
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


def _stage(item: JSONObject, where: str, pairing: str, before: list[Round]) -> str:
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


def _playoff(data: JSONObject, pairing: str) -> int | None:
    """How many of a most-wins event's best teams play off (none for the other formats)."""
    settings = _object(data.get("event", {}), "event")
    if not format_for(pairing).has_playoff:
        if "playoff" in settings:
            raise EventFileError("event.playoff: only a most-wins event has a playoff")
        return None
    return _int(settings.get("playoff", DEFAULT_PLAYOFF), "event.playoff", 2, MAX_TEAMS)


def _penalties(data: JSONObject, rounds: tuple[Round, ...]) -> tuple[Penalty, ...]:
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
        if not isinstance(reason, str):
            raise EventFileError(f"{where}: reason: expected a line of text")
        _name_rule(reason, f"penalties[{index - 1}].reason", limits.MAX_PENALTY_REASON)
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


# Reading the file: a stream, every cost counted as it is read.


@dataclass(frozen=True)
class Bounds:
    """What one JSON file may cost, checked as the parser reads it, before anything it would
    cost is built: its bytes, its brackets' depth, its values, each text's length, each list's
    items (by where the list is: a path of keys, "*" for any item of a list), the items of
    some lists counted across the file (every table's game, every game's hands), and the keys
    of the file the format names (any other is passed over, unbuilt, within a few values)."""

    what: str  # "an event file", "a game file": for the messages
    max_bytes: int
    max_depth: int
    max_values: int
    max_string: int
    other_list: int
    lists: Mapping[tuple[str, ...], int]
    totals: Mapping[tuple[str, ...], tuple[str, int]]  # a list's path: (what, most in all)
    known: frozenset[str] | None = None
    unknown_values: int = limits.MAX_EVENT_UNKNOWN_VALUES


_TABLES = ("rounds", "*", "tables")
_HANDS = (*_TABLES, "*", "game", "hands")
EVENT_BOUNDS = Bounds(
    what="an event file",
    max_bytes=limits.MAX_EVENT_BYTES,
    max_depth=limits.MAX_EVENT_DEPTH,
    max_values=limits.MAX_EVENT_VALUES,
    max_string=limits.MAX_EVENT_STRING,
    other_list=limits.MAX_EVENT_OTHER_LIST,
    lists={
        ("teams",): limits.MAX_EVENT_TEAMS,
        ("teams", "*", "players"): 2,
        ("solos",): limits.MAX_EVENT_SOLOS,
        ("rounds",): limits.MAX_EVENT_ROUND_LIST,
        _TABLES: limits.MAX_EVENT_TABLES,
        ("rounds", "*", "byes"): limits.MAX_EVENT_TEAMS,
        (*_TABLES, "*", "teams"): 4,
        _HANDS: MAX_HANDS,
        ("penalties",): limits.MAX_EVENT_PENALTIES,
    },
    totals={
        _TABLES: ("games", limits.MAX_EVENT_GAMES),
        _HANDS: ("hands", limits.MAX_EVENT_HANDS),
    },
    known=frozenset(("format", "name", "rules", "event", "teams", "solos", "rounds", "penalties")),
)
# One game file (`manage.py score`): the game file's own limits, read the same way.
GAME_BOUNDS = Bounds(
    what="a game file",
    max_bytes=limits.MAX_GAME_FILE_BYTES,
    max_depth=limits.MAX_JSON_DEPTH + 4,
    max_values=12 * MAX_HANDS + 10_000,
    max_string=limits.MAX_EVENT_STRING,
    other_list=limits.MAX_EVENT_OTHER_LIST,
    lists={("hands",): MAX_HANDS, ("players",): limits.MAX_SEATS},
    totals={},
)
# Bytes the parser may read without a value coming out of them: the longest text a file
# holds, as escapes, is a few kilobytes; the parser reads 64 KB at a time.
_READ_SIZE = 65_536
_QUIET_BYTES = 4 * _READ_SIZE
_OPENERS = ("start_map", "start_array")
_CLOSERS = ("end_map", "end_array")


class _Counted:
    """The file as the parser reads it: checked as UTF-8 on the way in, its bytes counted, and
    stopped when a run of it (one long text, a sea of spaces) passes `_QUIET_BYTES` with no
    value read: the parser would otherwise hold all of it."""

    def __init__(self, raw: IO[bytes], bounds: Bounds) -> None:
        self.raw = raw
        self.bounds = bounds
        self.decoder = codecs.getincrementaldecoder("utf-8")()
        self.position = 0
        self.seen = 0  # where the last value was read
        self.first = True

    def read(self, size: int = -1) -> bytes:
        chunk = self.raw.read(_READ_SIZE if size < 0 else min(size, _READ_SIZE))
        if self.first and chunk:
            self.first = False
            chunk = chunk.removeprefix(codecs.BOM_UTF8)
        try:
            self.decoder.decode(chunk, final=not chunk)
        except UnicodeDecodeError:
            raise EventFileError("the file is not UTF-8 text") from None
        self.position += len(chunk)
        if self.position > self.bounds.max_bytes:
            raise EventFileError(
                f"the file is too large for {self.bounds.what} "
                f"(more than {self.bounds.max_bytes} bytes)"
            )
        if self.position - self.seen > _QUIET_BYTES:
            raise EventFileError(
                f"a text (or a run of spaces) in the file is longer than anything "
                f"{self.bounds.what} holds (more than {_QUIET_BYTES} bytes)"
            )
        return chunk


def _where(path: Sequence[str | int]) -> str:
    """`teams[3].players[1]`: where a value is in the file."""
    text = ""
    for step in path:
        text += f"[{step}]" if isinstance(step, int) else f".{step}" if text else step
    return text or "the file"


class _Builder:
    """The file's values built as the parser reads them, every bound checked first."""

    def __init__(self, bounds: Bounds) -> None:
        self.bounds = bounds
        self.values = 0
        self.totals: dict[tuple[str, ...], int] = {}
        # Each open object or list: the value, its pattern (keys, "*" for a list's item), its
        # place (keys and indexes), the most items it may hold, and the key being read.
        self.stack: list[tuple[JSONValue, tuple[str, ...], list[str | int], int, list[str]]] = []
        self.root: JSONValue = None
        self.done = False
        self.skipping = 0  # brackets open in a value being passed over
        self.skipped = 0
        self.skip_key = ""

    def refuse(self, message: str) -> EventFileError:
        return EventFileError(message)

    def child(self) -> tuple[tuple[str, ...], list[str | int]]:
        """The pattern and place of the next value, counted against its container."""
        if not self.stack:
            return (), []
        container, pattern, place, most, key = self.stack[-1]
        if isinstance(container, list):
            if len(container) >= most:
                raise self.refuse(
                    f"{_where(place)}: more than {most} items, more than "
                    f"{self.bounds.what} holds there"
                )
            if pattern in self.bounds.totals:
                name, limit = self.bounds.totals[pattern]
                count = self.totals.get(pattern, 0) + 1
                if count > limit:
                    raise self.refuse(
                        f"{_where(place)}: the file holds more than {limit} {name}, "
                        "more than an event can"
                    )
                self.totals[pattern] = count
            return (*pattern, "*"), [*place, len(container)]
        return (*pattern, key[0]), [*place, key[0]]

    def add(self, value: JSONValue) -> None:
        if not self.stack:
            self.root = value
            return
        container, _, _, _, key = self.stack[-1]
        if isinstance(container, list):
            container.append(value)
        else:
            container[key[0]] = value

    def event(self, event: str, value: JSONValue) -> None:
        self.values += 1
        if self.values > self.bounds.max_values:
            raise self.refuse(
                f"the file holds more than {self.bounds.max_values} values, "
                f"more than {self.bounds.what} can"
            )
        if self.skipping or self.skip_key:
            self.skip(event)
            return
        if event == "map_key":
            container, pattern, place, most, key = self.stack[-1]
            if len(container) >= most:
                raise self.refuse(f"{_where(place)}: more keys than {self.bounds.what} has")
            if not pattern and self.bounds.known is not None and value not in self.bounds.known:
                self.skip_key = str(value)[:40]
                return
            key[:] = [value]
            return
        depth = len(self.stack) + (event in _OPENERS)
        if depth > self.bounds.max_depth:
            raise self.refuse(
                f"the file's brackets are nested more than {self.bounds.max_depth} deep, "
                f"deeper than {self.bounds.what} can be"
            )
        if event in _CLOSERS:
            self.stack.pop()
            self.done = not self.stack
            return
        pattern, place = self.child()
        if event in _OPENERS:
            made: JSONValue = {} if event == "start_map" else []
            most = self.bounds.lists.get(pattern, self.bounds.other_list)
            self.add(made)
            self.stack.append((made, pattern, place, most, [""]))  # a map: its key, once read
            return
        if isinstance(value, str) and len(value) > self.bounds.max_string:
            raise self.refuse(
                f"{_where(place)}: a text of more than {self.bounds.max_string} characters"
            )
        self.add(value)
        self.done = not self.stack

    def skip(self, event: str) -> None:
        """A value under a key the format doesn't name: passed over, never built."""
        self.skipped += 1
        if self.skipped > self.bounds.unknown_values:
            raise self.refuse(
                f"{self.skip_key}: not a key of {self.bounds.what}, and too large to pass "
                f"over (more than {self.bounds.unknown_values} values)"
            )
        if event in _OPENERS:
            self.skipping += 1
            if len(self.stack) + self.skipping > self.bounds.max_depth:
                raise self.refuse(
                    f"the file's brackets are nested more than {self.bounds.max_depth} deep, "
                    f"deeper than {self.bounds.what} can be"
                )
        elif event in _CLOSERS:
            self.skipping -= 1
        if not self.skipping:
            self.skip_key = ""


def read_bounded(data: JSONValue, bounds: Bounds = EVENT_BOUNDS) -> JSONValue:
    """The JSON value in `data` (bytes, text or a binary file), read as a stream within
    `bounds`: EventFileError with one line the moment it passes one. A value already built
    (a dict) passes through."""
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    in_memory = isinstance(data, (bytes, bytearray))
    if in_memory:
        if len(data) > bounds.max_bytes:
            raise EventFileError(
                f"the file is too large for {bounds.what} (more than {bounds.max_bytes} bytes)"
            )
        stream: IO[bytes] = io.BytesIO(data)
    elif hasattr(data, "read"):
        stream = data
    else:
        return data
    counted = _Counted(stream, bounds)
    builder = _Builder(bounds)
    try:
        for event, value in ijson.basic_parse(counted, use_float=True, buf_size=_READ_SIZE):
            counted.seen = counted.position
            if builder.done:
                raise EventFileError("not valid JSON: more after the end of the file")
            builder.event(event, value)
    except ijson.JSONError as error:
        if in_memory:
            _json_problem(bytes(data))
        first = str(error).splitlines()[0] if str(error) else "unreadable"
        raise EventFileError(f"not valid JSON: {first.removeprefix('b')}") from None
    except (ValueError, OverflowError) as error:
        if isinstance(error, EventFileError):
            raise
        raise EventFileError("not valid JSON: a number too long") from None
    if not builder.done:
        raise EventFileError("not valid JSON: the file ends too soon")
    return builder.root


def _json_problem(data: bytes) -> None:
    """The problem `json` finds in a file the stream found bad, with its line and column: it
    stops where the stream did, so it builds no more than the stream checked."""
    try:
        json.loads(data.decode("utf-8-sig"))
    except json.JSONDecodeError as error:
        raise EventFileError(
            f"not valid JSON: {error.msg} (line {error.lineno}, column {error.colno})"
        ) from None
    except (ValueError, RecursionError):
        raise EventFileError("not valid JSON: a number too long") from None


def parse_event_file(data: JSONValue) -> Event:
    """Read an event from a dict, JSON text, bytes or a binary file (read as a stream within
    `EVENT_BOUNDS`); raises EventFileError with one line."""
    data = _object(read_bounded(data, EVENT_BOUNDS), "the event")
    if data.get("format", FORMAT) != FORMAT:
        raise EventFileError(f'format: expected "{FORMAT}", got {describe(data["format"])}')
    name = data.get("name", "")
    if not isinstance(name, str):
        raise EventFileError(
            f"name: expected one line of at most {limits.MAX_EVENT_NAME} characters"
        )
    _name_rule(name, "name", limits.MAX_EVENT_NAME)
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
