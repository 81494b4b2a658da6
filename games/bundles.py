"""Several games in one file: the `spades-games/1` bundle that "Export all games" writes.

A bundle is `{"format": "spades-games/1", "games": [<game objects>]}`, each game a
`spades-game/1` object or a `card-game/1` one (Oh Hell, Wizard, Call Break: its "format" says
so). Reading one accepts a single game file too, so an import can take either. Each game is read
by the scoring package's own `parse_game_file` or `parse_card_file`; a problem names the game's
position first: "game 2: hand 3: ...".

A backup can be far larger than one game, so it is read as a stream: one game at a time is held
in memory, never the whole file, and no one game may take more of the stream than the largest
game file. A file small enough to be one game is read whole, for JSON errors that name the line.
"""

from __future__ import annotations

import codecs
import copy
import json
import re
from collections.abc import Callable, Iterable, Iterator
from typing import IO

import ijson

from games import scoring
from games.scoring import card_games, limits
from games.scoring.gamefile import JSONObject, JSONValue

FORMAT = "spades-games/1"
# Events one game may take in the stream: about 20 a hand, and the rest of the game besides.
_GAME_EVENTS = 25 * limits.MAX_HANDS + 5_000
# Brackets a bundle may nest: a game two deep in it, and the game's own keys as deep as a game
# file allows (its extra values MAX_JSON_DEPTH deep, under a hand under its hands).
_MAX_DEPTH = limits.MAX_JSON_DEPTH + 6
# Objects and lists a file read whole may open, before Python builds them all at once (some
# 80 bytes each): a hand is three, a game a few more. A file of nothing but "{}," would be
# 1.7 million of them in 5 MB, over 120 MB of memory.
_MAX_CONTAINERS = 3 * limits.MAX_ACCOUNT_HANDS + 10 * limits.MAX_ACCOUNT_GAMES
_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_OPENERS = ("start_map", "start_array")
_CLOSERS = ("end_map", "end_array")


def _error(message: str) -> scoring.GameFileError:
    return scoring.GameFileError(message)


def _too_large(limit: int) -> scoring.GameFileError:
    return _error(f"the file is too large (more than {limit} bytes)")


def _game_too_large(position: int) -> scoring.GameFileError:
    return _error(
        f"game {position}: more than {limits.MAX_GAME_FILE_BYTES} bytes, "
        "larger than any game can be"
    )


def _part_too_large() -> scoring.GameFileError:
    return _error(
        f"not a file of games: something in it besides its games is more than "
        f"{limits.MAX_GAME_FILE_BYTES} bytes"
    )


CSV_FILE = (
    "this is a CSV export, which holds the scores but not the game itself: "
    "import the JSON export (Export on the game page) instead"
)


def looks_like_csv(text: str) -> bool:
    """A spreadsheet's rows rather than JSON: the app's own CSV export ("hand,dealer,...") or
    any file whose first lines split on the same separator into the same number of cells."""
    lines = [line for line in text.lstrip("\ufeff").splitlines()[:5] if line.strip()]
    if not lines or lines[0].lstrip()[:1] in ("{", "["):
        return False
    if lines[0].startswith("hand,dealer,"):
        return True
    for separator in (",", ";", "\t"):
        cells = [line.count(separator) for line in lines]
        if cells[0] and all(count == cells[0] for count in cells):
            return True
    return False


def _containers(text: str) -> int:
    """How many objects and lists the text opens: a bracket count, and only when that is over
    the limit (a note may hold brackets) one that leaves out the strings."""
    count = text.count("{") + text.count("[")
    if count <= _MAX_CONTAINERS:
        return count
    bare = _STRINGS.sub("", text)
    return bare.count("{") + bare.count("[")


def _decode_json(data: JSONValue) -> JSONValue:
    if isinstance(data, (bytes, bytearray)):
        if len(data) > limits.MAX_IMPORT_BYTES:
            raise _too_large(limits.MAX_IMPORT_BYTES)
        try:
            data = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise _error("the file is not UTF-8 text") from None
    if isinstance(data, str):
        if len(data) > limits.MAX_IMPORT_BYTES:
            raise _too_large(limits.MAX_IMPORT_BYTES)
        if _containers(data) > _MAX_CONTAINERS:
            raise _error(
                "not a file of games: it holds far more lists and objects than games and "
                "hands can make"
            )
        try:
            return json.loads(data)
        except json.JSONDecodeError as error:
            if looks_like_csv(data):
                raise _error(CSV_FILE) from None
            raise _error(
                f"not valid JSON: {error.msg} (line {error.lineno}, column {error.colno})"
            ) from None
        except RecursionError:
            # Python's parser stops at its recursion limit, having paid for that depth alone.
            raise _too_deep() from None
        except ValueError:
            raise _error("not valid JSON: a number too long") from None
    return data


class GameSource:
    """The games of a file, as plain JSON values, one at a time: `for position, raw in source`.

    `single` says, once the games have been read, whether the file was one game rather than
    a bundle. A problem with the file as a whole raises GameFileError from the iteration.
    """

    def __init__(self, data: JSONValue = None, *, stream: IO[bytes] | None = None) -> None:
        self._data = data
        self._stream = stream
        self.single = False

    @classmethod
    def open(cls, stream: IO[bytes], size: int) -> GameSource:
        """An uploaded file: read whole when it could be one game, streamed when larger."""
        if size > limits.MAX_IMPORT_BYTES:
            raise _too_large(limits.MAX_IMPORT_BYTES)
        if size <= limits.STREAM_IMPORT_ABOVE:
            return cls(stream.read())
        return cls(stream=stream)

    def __iter__(self) -> Iterator[tuple[int, JSONValue]]:
        if self._stream is not None:
            yield from _stream_games(self._stream)
            return
        size = len(self._data) if isinstance(self._data, (bytes, bytearray, str)) else 0
        data = _decode_json(self._data)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            self.single = True
            if size > limits.MAX_GAME_FILE_BYTES:
                raise _too_large(limits.MAX_GAME_FILE_BYTES)
            if is_card_game(data) and size > limits.MAX_CARD_GAME_FILE_BYTES:
                raise _too_large(limits.MAX_CARD_GAME_FILE_BYTES)
            yield 1, data
            return
        games = data.get("games")
        _check_games_list(games)
        assert games is not None  # _check_games_list refuses anything but a list
        yield from enumerate(games, start=1)


def _check_games_list(games: JSONValue) -> None:
    if not isinstance(games, list):
        raise _error('games: expected a list of games under "games"')
    if not games:
        raise _error("games: the file holds no games")
    if len(games) > limits.MAX_IMPORT_GAMES:
        raise _error(f"games: more than {limits.MAX_IMPORT_GAMES} games in one file")


class _Counted:
    """The upload as the stream parser reads it: checked as UTF-8 on the way in and counted.

    Every piece of the file (each game, each other value of the bundle, and the keys and
    spaces before them) gets at most the bytes of the largest game file, counted from where
    the piece before it ended: one string or one run of spaces can't make the parser hold or
    chew more than that before it is refused."""

    def __init__(self, raw: IO[bytes]) -> None:
        self.raw = raw
        self.decoder = codecs.getincrementaldecoder("utf-8")()
        self.position = 0
        self.first = True
        self.limit = 0
        self.over = _part_too_large()
        self.next_piece(self.over)

    def next_piece(self, over: scoring.GameFileError) -> None:
        """A new piece starts here; `over` is raised if it runs past its bytes."""
        # The parser reads ahead a buffer at a time, so the piece may have begun in it.
        self.limit = self.position + limits.MAX_GAME_FILE_BYTES + 65_536
        self.over = over

    def read(self, size: int = -1) -> bytes:
        chunk = self.raw.read(size)
        if self.first and chunk:  # the parser may first read nothing, to learn the type
            self.first = False
            chunk = chunk.removeprefix(codecs.BOM_UTF8)
        try:
            self.decoder.decode(chunk, final=not chunk)
        except UnicodeDecodeError:
            raise _error("the file is not UTF-8 text") from None
        self.position += len(chunk)
        if self.position > self.limit:
            raise self.over
        return chunk


def _too_deep() -> scoring.GameFileError:
    return _error("not a game file: its brackets are nested too deeply")


def _build(
    event: str,
    value: JSONValue,
    events: Iterator[tuple[str, JSONValue]],
    budget: int,
    over: Exception,
) -> JSONValue:
    """One JSON value from the stream, starting at `event`; `over` if it takes more than
    `budget` events. Nesting is counted as the parser reads it (its events are read a
    buffer at a time), so a file of brackets is refused before it costs anything."""
    builder = ijson.ObjectBuilder()
    builder.event(event, value)
    if event not in _OPENERS:
        return builder.value
    depth = 1
    for count, (event, value) in enumerate(events):
        if count > budget:
            raise over
        builder.event(event, value)
        if event in _OPENERS:
            depth += 1
            if depth > _MAX_DEPTH - 2:  # a game sits two deep in a bundle
                raise _too_deep()
        elif event in _CLOSERS:
            depth -= 1
            if depth == 0:
                return builder.value
    raise _error("not valid JSON: the file ends too soon")


def _stream_games(raw: IO[bytes]) -> Iterator[tuple[int, JSONValue]]:
    """A bundle's games from a stream. A file this large cannot be a single game, so anything
    but a bundle is refused as too large for one.

    The parser's basic events carry no path (ijson's `parse` builds one for every event,
    as long as the nesting is deep: a file of brackets cost gigabytes that way)."""
    counted = _Counted(raw)
    events = ijson.basic_parse(counted, use_float=True)
    top: JSONObject = {}
    count = 0
    # Over this size a file can't be one game, so anything but a bundle is too large.
    too_large = _too_large(limits.MAX_GAME_FILE_BYTES)
    try:
        event, _ = next(events)
        if event != "start_map":
            raise too_large
        for event, value in events:
            if event == "end_map":
                break
            key = value
            event, value = next(events)
            if key != "games" or event != "start_array":
                top[key] = _build(event, value, events, 1_000, too_large)
                counted.next_piece(_part_too_large())
                continue
            top[key] = []
            counted.next_piece(_game_too_large(count + 1))
            for event, value in events:
                if event == "end_array":
                    break
                count += 1
                if count > limits.MAX_IMPORT_GAMES:
                    raise _error(f"games: more than {limits.MAX_IMPORT_GAMES} games in one file")
                game = _build(event, value, events, _GAME_EVENTS, _game_too_large(count))
                counted.next_piece(_game_too_large(count + 1))
                yield count, game
            counted.next_piece(_part_too_large())
        for _ in events:  # anything after the object is an error
            pass
    except ijson.JSONError as error:
        first = str(error).splitlines()[0] if str(error) else "unreadable"
        raise _error(f"not valid JSON: {first.removeprefix('b')}") from None
    except ValueError as error:
        if isinstance(error, scoring.GameFileError):
            raise
        raise _error("not valid JSON: a number too long") from None
    except StopIteration:
        raise _error("not valid JSON: the file ends too soon") from None
    if top.get("format") != FORMAT:
        raise too_large
    if not isinstance(top.get("games"), list):
        raise _error('games: expected a list of games under "games"')
    if not count:
        raise _error("games: the file holds no games")


def parse_bundle(data: JSONValue) -> list[scoring.GameFile]:
    """The games in a bundle, or the one game of a game file; raises GameFileError."""
    source = GameSource(data)
    parsed = []
    for position, item in source:
        parsed.append(parse_one(item, position, source.single))
    return parsed


def parse_one(item: JSONValue, position: int, single: bool) -> scoring.GameFile:
    """One Spades game of a file; its problems name its position when the file holds several."""
    return _at_position(scoring.parse_game_file, item, position, single)


def is_card_game(item: JSONValue) -> bool:
    """Whether a file's game is a card game (Oh Hell, Wizard, Call Break), by its "format"."""
    return isinstance(item, dict) and item.get("format") == card_games.FORMAT


def parse_card(item: JSONValue, position: int, single: bool) -> card_games.CardGameFile:
    """One card game of a file; its problems name its position when the file holds several."""
    return _at_position(card_games.parse_card_file, item, position, single)


def _at_position[T](
    parse: Callable[[JSONValue], T], item: JSONValue, position: int, single: bool
) -> T:
    if single:
        return parse(item)
    try:
        return parse(item)
    except scoring.GameFileError as error:
        # The same problem (its kind, hand, seat and field kept), named by the game's place.
        named = copy.copy(error)
        named.args = (f"game {position}: {error}",)
        raise named from None


def stream_bundle(games: Iterable[JSONObject]) -> Iterator[str]:
    """A bundle written a game at a time, so the whole file is never held at once."""
    yield f'{{"format": "{FORMAT}", "games": [\n'
    separator = ""
    for game in games:
        yield separator + json.dumps(game, ensure_ascii=False, separators=(",", ":"))
        separator = ",\n"
    yield "\n]}\n"
