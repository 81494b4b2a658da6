"""`manage.py event FILE`: an event file's standings and next round, or one line saying what is
wrong with it.

The file is read as a stream within the event file's bounds (`games.events.EVENT_BOUNDS`, as
the app's import reads an upload): a file too large, too deep or too wide is refused as the
stream reaches the bound, before it costs more."""

import json
from typing import Any

from django.core.management.base import CommandParser

from games.events import parse_event_file, summarize
from games.management.base import PlayerCommand


class Command(PlayerCommand):
    help = (
        "Read a spades-event/1 file (- reads standard input) and print its standings and next "
        "round's pairings as JSON."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the event file, or - for standard input")

    def handle(self, *args: Any, **options: Any) -> None:
        summary = self.read_stream(
            options["file"], lambda stream: summarize(parse_event_file(stream))
        )
        self.stdout.write(json.dumps(summary, indent=2, ensure_ascii=False))
