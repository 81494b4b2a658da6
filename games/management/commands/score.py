"""`manage.py score FILE`: print the result of a game file, or one line saying what is wrong.

The file's "format" says which game it holds: `card-game/1` (Oh Hell, Wizard, Call Break) is
scored by `games.scoring.card_games`; anything else is a `spades-game/1` file, scored as it
always was. The file is read as a stream within a game file's bounds (`games.events.GAME_BOUNDS`:
its bytes, its brackets' depth, its values and texts), as the event import reads an event, so a
file of brackets is refused at the bound rather than at Python's recursion limit. Those bounds
allow 4 players, Spades' most; a card game seats up to `limits.MAX_CARD_SEATS` (the bound the
import and the backups share), so the players' list may hold that many and a Spades file with
more than 4 is refused with the bounds' own words. A card game's file is far smaller than a
Spades game's can be (`limits.MAX_CARD_GAME_FILE_BYTES`), so the game file's bytes bound both."""

import json
from dataclasses import replace
from typing import Any

from django.core.management.base import CommandParser

from games.events import GAME_BOUNDS, EventFileError, read_bounded
from games.management.base import PlayerCommand
from games.scoring import score_file
from games.scoring.card_games import FORMAT as CARD_FORMAT
from games.scoring.card_games import score_card_file
from games.scoring.limits import MAX_CARD_SEATS, MAX_SEATS

FILE_BOUNDS = replace(GAME_BOUNDS, lists={**GAME_BOUNDS.lists, ("players",): MAX_CARD_SEATS})


def score(data: Any, *, explain: bool = False) -> dict[str, Any]:
    """The result of the game file `data` (a stream or bytes) as the command prints it."""
    game = read_bounded(data, FILE_BOUNDS)
    if isinstance(game, dict) and game.get("format") == CARD_FORMAT:
        return score_card_file(game).to_json(explain=explain)
    players = game.get("players") if isinstance(game, dict) else None
    if isinstance(players, list) and len(players) > MAX_SEATS:
        raise EventFileError(
            f"players: more than {MAX_SEATS} items, more than {GAME_BOUNDS.what} holds there"
        )
    result: dict[str, Any] = score_file(game).to_json()
    return result


class Command(PlayerCommand):
    help = (
        "Score a game file (spades-game/1, or card-game/1 for Oh Hell, Wizard and Call Break; "
        "- reads standard input) and print the result as JSON."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the game file, or - for standard input")
        parser.add_argument(
            "--explain",
            action="store_true",
            help="for a card-game/1 file, add each hand's cards, dealer and words",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        explain = bool(options.get("explain"))
        result = self.read_stream(options["file"], lambda stream: score(stream, explain=explain))
        self.stdout.write(json.dumps(result, indent=2, ensure_ascii=False))
