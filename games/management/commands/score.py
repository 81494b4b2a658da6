"""`manage.py score FILE`: print the result of a game file, or one line saying what is wrong.

The file is read as a stream within a game file's bounds (`games.events.GAME_BOUNDS`: its
bytes, its brackets' depth, its values and texts), as the event import reads an event, so a
file of brackets is refused at the bound rather than at Python's recursion limit."""

import json
from typing import Any

from django.core.management.base import CommandParser

from games.events import GAME_BOUNDS, read_bounded
from games.management.base import PlayerCommand
from games.scoring import score_file


class Command(PlayerCommand):
    help = "Score a spades-game/1 file (- reads standard input) and print the result as JSON."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the game file, or - for standard input")

    def handle(self, *args: Any, **options: Any) -> None:
        result = self.read_stream(
            options["file"], lambda stream: score_file(read_bounded(stream, GAME_BOUNDS))
        )
        self.stdout.write(json.dumps(result.to_json(), indent=2, ensure_ascii=False))
