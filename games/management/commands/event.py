"""`manage.py event FILE`: an event file's standings and next round, or one line saying what is
wrong with it."""

import json
from typing import Any

from django.core.management.base import CommandError, CommandParser

from games.events import EventFileError, parse_event_file, summarize
from games.management.base import PlayerCommand


class Command(PlayerCommand):
    help = (
        "Read a spades-event/1 file (- reads standard input) and print its standings and next "
        "round's pairings as JSON."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the event file, or - for standard input")

    def handle(self, *args: Any, **options: Any) -> None:
        data = self.read_file(options["file"])
        try:
            summary = summarize(parse_event_file(data))
        except EventFileError as error:
            raise CommandError(str(error), returncode=2) from None
        self.stdout.write(json.dumps(summary, indent=2, ensure_ascii=False))
