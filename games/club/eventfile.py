"""A club night as its `spades-event/1` file: written from the event's rows, and read into a
plan that `club.services` stages and imports a slice at a time.

This module only reads and writes the file; what the file comes to (standings, the next round)
is the pure `games.events` package's, and the rows are made by the services.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import IO

from games import events, scoring
from games.club.models import Event
from games.models import Game
from games.restore import game_file
from games.scoring.gamefile import JSONObject


class EventFileProblem(Exception):
    """The file can't be read as an event; one line says where and why."""


def write(event: Event) -> JSONObject:
    """The event as its file writes it: settings, teams, rounds, each table's game as a game
    file, and the penalties."""
    teams = list(event.teams.all())
    rounds = list(event.event_rounds.prefetch_related("seatings__penalties"))
    seatings = [seating for round_ in rounds for seating in round_.seatings.all()]
    found = Game.objects.filter(seating__in=seatings).select_related("table")
    games = {game.pk: game for game in found}
    hands = Game.hands_by_game(games.values())
    penalties = []
    written_rounds: list[JSONObject] = []
    for round_ in rounds:
        tables = []
        for seating in round_.seatings.all():
            game = games[seating.game_id]
            file = game_file(game, hands[game.pk], {}).to_dict()
            file.pop("name", None)
            tables.append({"teams": list(seating.teams), "game": file})
            # In the order given: penalties of tricks in one hand count what the ones before left.
            for penalty in sorted(seating.penalties.all(), key=lambda penalty: penalty.pk):
                item: JSONObject = {
                    "round": round_.number,
                    "table": seating.number,
                    "team": penalty.team,
                    "reason": penalty.reason,
                }
                if penalty.forfeit:
                    item["forfeit"] = True
                if penalty.points:
                    item["points"] = penalty.points
                if penalty.tricks:
                    item["hand"] = penalty.hand
                    item["tricks"] = penalty.tricks
                penalties.append(item)
        written: JSONObject = {"tables": tables, "byes": list(round_.byes)}
        if round_.stage != "session":
            written["stage"] = round_.stage
        written_rounds.append(written)
    settings: JSONObject = {
        "pairing": event.pairing,
        "points": dict(event.points),
        "ranking": list(event.ranking),
    }
    if event.rounds is not None:
        settings["rounds"] = event.rounds
    if event.playoff is not None:
        settings["playoff"] = event.playoff
    if event.entries_until is not None:
        settings["entries_until"] = event.entries_until
    if event.seeding != "standings":
        settings["seeding"] = event.seeding
        settings["seed"] = event.seed
    entry: JSONObject = {"solos": list(event.solos)} if event.solos else {}
    return {
        "format": events.FORMAT,
        "name": event.name,
        "rules": {"preset": event.preset, **_rule_overrides(event)},
        "event": settings,
        "teams": [
            {
                "name": team.name,
                "players": list(team.players),
                **({"withdrawn": True} if team.withdrawn else {}),
            }
            for team in teams
        ],
        **entry,
        "rounds": written_rounds,
        "penalties": penalties,
    }


def _rule_overrides(event: Event) -> JSONObject:
    rules = scoring.Rules.from_dict(event.rules)
    base = (
        scoring.get_preset(event.preset).rules
        if event.preset in scoring.PRESETS
        else scoring.Rules()
    )
    return {name: getattr(rules, name) for name in rules.differences(base)}


@dataclass(frozen=True)
class Plan:
    """An event file read and checked: the parsed event, the preset its rules name, and each
    table's game file, round by round, as the services make them."""

    event: events.Event
    preset: str
    games: tuple[tuple[scoring.GameFile, ...], ...]


def read(data: bytes | IO[bytes]) -> Plan:
    """The event in `data` (the file's bytes, or the upload itself: read as a stream, within
    the event file's bounds, before anything it holds is built), checked whole;
    EventFileProblem (one line) for a file it can't read."""
    try:
        raw = events.read_bounded(data, events.EVENT_BOUNDS)
        parsed = events.parse_event_file(raw)
    except events.EventFileError as error:
        raise EventFileProblem(str(error)) from None
    spec = raw.get("rules", {})
    preset = spec.get("preset", "standard") if isinstance(spec.get("preset"), str) else "standard"
    games = []
    for round_item, round_ in zip(raw.get("rounds", []), parsed.rounds, strict=True):
        tables = []
        for table_item, table in zip(round_item["tables"], round_.tables, strict=True):
            seated = [parsed.teams[position] for position in table.entrants]
            game_data = dict(table_item.get("game") or {})
            game_data.setdefault("rules", spec)
            game_data.setdefault("players", _players(seated))
            tables.append(scoring.parse_game_file(game_data))
        games.append(tuple(tables))
    return Plan(parsed, preset if preset in scoring.PRESETS else "standard", tuple(games))


def _players(teams: Sequence[events.event.Team]) -> list[str]:
    """The seats of a table: a progressive table's four players, or two teams' partners."""
    if len(teams) == 4:
        return [team.players[0] for team in teams]
    first, second = teams
    return events.table_players(first.players, second.players)
