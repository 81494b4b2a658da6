"""What the project's commands share."""

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError


class PlayerCommand(BaseCommand):
    """A command whose errors are one plain line on stderr, for people, not a traceback."""

    def execute(self, *args: Any, **options: Any) -> str | None:
        # From the command line Django would prefix "CommandError: "; players get the message.
        try:
            return super().execute(*args, **options)
        except CommandError as error:
            if getattr(self, "_called_from_command_line", False) and not options.get("traceback"):
                self.stderr.write(str(error))
                sys.exit(error.returncode)
            raise
