"""Reading and writing the `spades-game/1` file: the whole game as the table recorded it."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .engine import Hand, score_game, time_called_problem
from .entry import duplicate_name, game_name_problem, note_problem, player_name_problem
from .errors import GameFileError, HandError, RulesError, ScoringError
from .limits import MAX_GAME_FILE_BYTES as MAX_BYTES
from .limits import MAX_HANDS
from .limits import MAX_JSON_DEPTH as MAX_DEPTH
from .presets import get_preset
from .results import GameResult
from .rules import Rules, describe

# A value read from a JSON document, or to be written as one: any of JSON's types. Whoever
# reads one checks its type before using it, and says what it expected when it is wrong.
type JSONValue = Any
type JSONObject = dict[str, JSONValue]

FORMAT = "spades-game/1"
KNOWN_KEYS = ("format", "name", "note", "rules", "players", "first_dealer", "hands", "time_called")


@dataclass(frozen=True)
class GameFile:
    name: str | None
    rules: Rules
    rules_spec: JSONObject
    players: tuple[str, ...]
    first_dealer: int
    hands: tuple[Hand, ...]
    extra: JSONObject = field(default_factory=dict)
    hand_extras: tuple[JSONObject, ...] = ()
    note: str = ""  # the table's note on the game ("" for none)
    hand_notes: tuple[str, ...] = ()  # hand n's note at index n - 1 ("" for none)
    time_called: int | None = None  # the hand during which the time was called

    def score(self, strict: bool = True) -> GameResult:
        return score_game(
            self.rules,
            self.hands,
            self.players,
            self.first_dealer,
            strict,
            time_called=self.time_called,
        )

    def rules_dict(self) -> JSONObject:
        """The rules as a preset plus what differs from it, or in full when no preset was named."""
        preset_name = self.rules_spec.get("preset")
        if not isinstance(preset_name, str):
            return self.rules.to_dict()
        base = get_preset(preset_name).rules
        written: JSONObject = {"preset": preset_name}
        for name in self.rules.differences(base):
            written[name] = getattr(self.rules, name)
        return written

    def to_dict(self) -> JSONObject:
        data: JSONObject = {"format": FORMAT}
        if self.name is not None:
            data["name"] = self.name
        if self.note:
            data["note"] = self.note
        data["rules"] = self.rules_dict()
        data["players"] = list(self.players)
        data["first_dealer"] = self.first_dealer
        hands = []
        for index, hand in enumerate(self.hands):
            item: JSONObject = {"bids": list(hand.bids) if hand.bids is not None else None}
            if hand.tricks is not None:
                item["tricks"] = list(hand.tricks)
            if index < len(self.hand_notes) and self.hand_notes[index]:
                item["note"] = self.hand_notes[index]
            if index < len(self.hand_extras):
                item.update(self.hand_extras[index])
            hands.append(item)
        data["hands"] = hands
        if self.time_called is not None:
            data["time_called"] = self.time_called
        data.update(self.extra)
        return data


def read_json(data: JSONValue, limit: int) -> JSONValue:
    """JSON text or bytes (a dict passes through) read as a file of at most `limit` bytes;
    GameFileError with one line when it can't be. The event file reads its text this way too."""
    if isinstance(data, (bytes, bytearray)):
        if len(data) > limit:
            raise GameFileError(f"the file is too large (more than {limit} bytes)")
        try:
            data = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise GameFileError("the file is not UTF-8 text") from None
    if isinstance(data, str):
        if len(data) > limit:
            raise GameFileError(f"the file is too large (more than {limit} characters)")
        try:
            data = json.loads(data)
        except json.JSONDecodeError as error:
            raise GameFileError(
                f"not valid JSON: {error.msg} (line {error.lineno}, column {error.colno})"
            ) from None
        except (ValueError, RecursionError):
            raise GameFileError("not valid JSON: a number too long or nesting too deep") from None
    return data


def _load(data: JSONValue) -> JSONObject:
    data = read_json(data, MAX_BYTES)
    if not isinstance(data, dict):
        raise GameFileError(f"expected a JSON object for the game, got {_kind(data)}")
    return data


def _kind(value: JSONValue) -> str:
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return describe(value)


def _check_plain(value: JSONValue, where: str, depth: int = 0) -> None:
    """Extra keys are kept as given, so they must be plain JSON that can be written back."""
    if depth > MAX_DEPTH:
        raise GameFileError(f"{where}: nested too deeply")
    if value is None or isinstance(value, (bool, str)):
        return
    if isinstance(value, int):
        if abs(value) > 10**15:
            raise GameFileError(f"{where}: number too large")
        return
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise GameFileError(f"{where}: not a JSON number")
        return
    if isinstance(value, list):
        for item in value:
            _check_plain(item, where, depth + 1)
        return
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise GameFileError(f"{where}: keys must be text")
            _check_plain(item, where, depth + 1)
        return
    raise GameFileError(f"{where}: {type(value).__name__} is not a JSON value")


def _players(value: JSONValue, count: int) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise GameFileError(f"players: expected a list of {count} names, got {_kind(value)}")
    if len(value) != count:
        raise GameFileError(f"players: expected {count} names, got {len(value)}")
    return checked_names(value, GameFileError, _kind)


def checked_names(
    value: list[JSONValue], error: type[GameFileError], kind: Callable[[JSONValue], str]
) -> tuple[str, ...]:
    """A file's player names by the one name rule, none twice (a Spades file's or a card
    game's, each raising its own `error` and naming a value's `kind` in its own words)."""
    names = []
    for position, name in enumerate(value, start=1):
        if not isinstance(name, str):
            raise error(f"players: name {position} must be text, got {kind(name)}")
        problem = player_name_problem(name)
        if problem:
            raise error(f"players: name {position} {problem.removeprefix('the name ')}")
        names.append(name.strip())
    twice = duplicate_name(names)
    if twice is not None:
        raise error(f"players: {describe(names[twice])} appears twice")
    return tuple(names)


def _note(value: JSONValue, where: str, number: int | None = None) -> str:
    if value is None:
        return ""
    problem = note_problem(value)
    if problem:
        raise GameFileError(f"{where}: {problem.removeprefix('the note ')}", number=number)
    return str(value).strip()


def _hands(value: JSONValue) -> tuple[tuple[Hand, ...], tuple[JSONObject, ...], tuple[str, ...]]:
    if not isinstance(value, list):
        raise GameFileError(f"hands: expected a list, got {_kind(value)}")
    if len(value) > MAX_HANDS:
        raise GameFileError(f"hands: more than {MAX_HANDS} hands")
    hands = []
    extras = []
    notes = []
    for number, item in enumerate(value, start=1):
        if not isinstance(item, dict):
            raise GameFileError(
                f'hand {number}: expected an object with "bids" and "tricks", got {_kind(item)}',
                number=number,
            )
        # Bids left out or null: a hand that bids itself (the replay says whether one may).
        bids = item.get("bids")
        tricks = item.get("tricks")
        if bids is not None and not isinstance(bids, list):
            raise GameFileError(
                f"hand {number}: bids must be a list, got {_kind(bids)}",
                number=number,
                field="bids",
            )
        if tricks is not None and not isinstance(tricks, list):
            raise GameFileError(
                f"hand {number}: tricks must be a list, got {_kind(tricks)}",
                number=number,
                field="tricks",
            )
        notes.append(_note(item.get("note"), f"hand {number}: note", number))
        extra = {key: item[key] for key in item if key not in ("bids", "tricks", "note")}
        _check_plain(extra, f"hand {number}")
        hands.append(
            Hand(
                tuple(bids) if bids is not None else None,
                tuple(tricks) if tricks is not None else None,
            )
        )
        extras.append(extra)
    return tuple(hands), tuple(extras), tuple(notes)


def _parse(data: JSONValue) -> tuple[GameFile, GameResult]:
    data = _load(data)
    if "format" in data and data["format"] != FORMAT:
        raise GameFileError(f'format: expected "{FORMAT}", got {describe(data["format"])}')
    name = data.get("name")
    if name is not None:
        if not isinstance(name, str):
            raise GameFileError(f"name: expected text, got {_kind(name)}")
        problem = game_name_problem(name)
        if problem:
            raise GameFileError(f"name: {problem.removeprefix('the name ')}")
        name = name.strip()
    note = _note(data.get("note"), "note")
    spec = data.get("rules", {})
    if not isinstance(spec, dict):
        raise GameFileError(f"rules: expected an object, got {_kind(spec)}")
    try:
        rules = Rules.from_dict(spec)
    except RulesError as error:
        where = f"rules.{error.setting}" if error.setting else "rules"
        raise GameFileError(f"{where}: {error.problem}") from None
    if "players" not in data:
        raise GameFileError(f"players: missing; expected {rules.players} names")
    players = _players(data["players"], rules.players)
    first_dealer = data.get("first_dealer", 0)
    if type(first_dealer) is not int or not 0 <= first_dealer < rules.players:
        raise GameFileError(
            f"first_dealer: expected a seat from 0 to {rules.players - 1}, got "
            f"{describe(first_dealer)}"
        )
    hands, hand_extras, hand_notes = _hands(data.get("hands", []))
    time_called = data.get("time_called")
    if time_called is not None:
        problem = time_called_problem(time_called, len(hands))
        if problem:
            raise GameFileError(f"time_called: {problem}")
    extra = {key: data[key] for key in data if key not in KNOWN_KEYS}
    _check_plain(extra, "game")
    game = GameFile(
        name=name,
        rules=rules,
        rules_spec=dict(spec),
        players=players,
        first_dealer=first_dealer,
        hands=hands,
        extra=extra,
        hand_extras=hand_extras,
        note=note,
        hand_notes=hand_notes,
        time_called=time_called,
    )
    try:
        result = game.score()
    except HandError as error:
        raise GameFileError(
            str(error), number=error.number, seat=error.seat, field=error.field
        ) from None
    except ScoringError as error:
        raise GameFileError(str(error)) from None
    return game, result


def parse_game_file(data: JSONValue) -> GameFile:
    """Read a game from a dict, JSON text or bytes; raises GameFileError with one line."""
    return _parse(data)[0]


def score_file(data: JSONValue) -> GameResult:
    return _parse(data)[1]
