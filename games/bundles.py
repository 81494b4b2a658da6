"""Several games in one file: the `spades-games/1` bundle that "Export all games" writes.

A bundle is `{"format": "spades-games/1", "games": [<spades-game/1 objects>]}`. Reading one
accepts a single game file too, so an import can take either. Each game is read by the scoring
package's own `parse_game_file`; a problem names the game's position first: "game 2: hand 3: ...".
"""

from __future__ import annotations

import json
from typing import Any

from games import scoring

FORMAT = "spades-games/1"
MAX_BYTES = scoring.limits.MAX_BUNDLE_BYTES
MAX_GAMES = scoring.limits.MAX_BUNDLE_GAMES


def bundle(games: list[scoring.GameFile]) -> dict[str, Any]:
    return {"format": FORMAT, "games": [game.to_dict() for game in games]}


def _load(data: Any) -> Any:
    if isinstance(data, (bytes, bytearray)):
        if len(data) > MAX_BYTES:
            raise scoring.GameFileError(f"the file is too large (more than {MAX_BYTES} bytes)")
        try:
            data = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise scoring.GameFileError("the file is not UTF-8 text") from None
    if isinstance(data, str):
        if len(data) > MAX_BYTES:
            raise scoring.GameFileError(f"the file is too large (more than {MAX_BYTES} characters)")
        try:
            return json.loads(data)
        except json.JSONDecodeError as error:
            raise scoring.GameFileError(
                f"not valid JSON: {error.msg} (line {error.lineno}, column {error.colno})"
            ) from None
        except (ValueError, RecursionError):
            raise scoring.GameFileError(
                "not valid JSON: a number too long or nesting too deep"
            ) from None
    return data


def parse_bundle(data: Any) -> list[scoring.GameFile]:
    """The games in a bundle, or the one game of a game file; raises GameFileError."""
    data = _load(data)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return [scoring.parse_game_file(data)]
    games = data.get("games")
    if not isinstance(games, list):
        raise scoring.GameFileError('games: expected a list of games under "games"')
    if not games:
        raise scoring.GameFileError("games: the file holds no games")
    if len(games) > MAX_GAMES:
        raise scoring.GameFileError(f"games: more than {MAX_GAMES} games in one file")
    parsed = []
    for position, item in enumerate(games, start=1):
        try:
            parsed.append(scoring.parse_game_file(item))
        except scoring.GameFileError as error:
            raise scoring.GameFileError(
                f"game {position}: {error}",
                number=error.number,
                seat=error.seat,
                field=error.field,
            ) from None
    return parsed
