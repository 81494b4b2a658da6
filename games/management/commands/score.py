"""`manage.py score FILE`: print the result of a game file, or one line saying what is wrong."""

import json
import sys

from django.core.management.base import BaseCommand, CommandError

from games.scoring import GameFileError, score_file


class Command(BaseCommand):
    help = "Score a spades-game/1 file (- reads standard input) and print the result as JSON."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the game file, or - for standard input")

    def execute(self, *args, **options):
        # From the command line Django would prefix "CommandError: "; players get the message.
        try:
            return super().execute(*args, **options)
        except CommandError as error:
            if getattr(self, "_called_from_command_line", False) and not options.get("traceback"):
                self.stderr.write(str(error))
                sys.exit(error.returncode)
            raise

    def handle(self, *args, **options):
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
