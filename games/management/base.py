"""What the project's commands share."""

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError


class PlayerCommand(BaseCommand):
    """A command whose errors are one plain line on stderr, for people, not a traceback.

    From the command line Django would print "CommandError: " before the message; players
    get the message alone. Called from code (`call_command`), the error is raised as usual."""

    from_command_line = False

    def run_from_argv(self, argv: list[str]) -> None:
        self.from_command_line = True
        super().run_from_argv(argv)

    def execute(self, *args: Any, **options: Any) -> str | None:
        try:
            return super().execute(*args, **options)
        except CommandError as error:
            if self.from_command_line and not options.get("traceback"):
                self.stderr.write(str(error))
                sys.exit(error.returncode)
            raise

    def read_file(self, path: str) -> bytes | str:
        """The bytes of `path` (standard input for -), or a one-line error that exits 2."""
        try:
            if path == "-":
                return sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read()
            with open(path, "rb") as handle:
                return handle.read()
        except OSError as error:
            reason = error.strerror or "cannot be read"
            raise CommandError(f"{path}: {reason}", returncode=2) from None
