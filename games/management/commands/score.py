"""`manage.py score FILE`: print the result of a game file, or one line saying what is wrong."""

import json
from typing import Any

from django.core.management.base import CommandError, CommandParser

from games.management.base import PlayerCommand
from games.scoring import GameFileError, score_file


class Command(PlayerCommand):
    help = "Score a spades-game/1 file (- reads standard input) and print the result as JSON."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the game file, or - for standard input")

    def handle(self, *args: Any, **options: Any) -> None:
        data = self.read_file(options["file"])
        try:
            result = score_file(data)
        except GameFileError as error:
            raise CommandError(str(error), returncode=2) from None
        self.stdout.write(json.dumps(result.to_json(), indent=2, ensure_ascii=False))
