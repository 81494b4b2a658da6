"""`manage.py score FILE`: print the result of a game file, or one line saying what is wrong."""

import json
import sys
from typing import Any

from django.core.management.base import CommandError, CommandParser

from games.management.base import PlayerCommand
from games.scoring import GameFileError, score_file


class Command(PlayerCommand):
    help = "Score a spades-game/1 file (- reads standard input) and print the result as JSON."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the game file, or - for standard input")

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["file"]
        try:
            if path == "-":
                data = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read()
            else:
                with open(path, "rb") as handle:
                    data = handle.read()
        except OSError as error:
            reason = error.strerror or "cannot be read"
            raise CommandError(f"{path}: {reason}", returncode=2) from None
        try:
            result = score_file(data)
        except GameFileError as error:
            raise CommandError(str(error), returncode=2) from None
        self.stdout.write(json.dumps(result.to_json(), indent=2, ensure_ascii=False))
