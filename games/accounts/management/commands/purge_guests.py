"""`manage.py purge_guests [--days N]`: delete guests (and their games) nobody can come back to."""

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.accounts import guests

# A guest's session lasts as long as a sign-in does; after that its games can't be reached.
DEFAULT_DAYS = max(1, settings.SESSION_COOKIE_AGE // (60 * 60 * 24))


class Command(BaseCommand):
    help = (
        "Delete the guests (visitors who started games without an account) not seen, and "
        "with no game changed, for N days, with their games."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--days",
            type=int,
            default=DEFAULT_DAYS,
            help=f"how long a guest may be away before it goes (default {DEFAULT_DAYS})",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        days = options["days"]
        if days < 1:
            raise CommandError("--days must be 1 or more.")
        deleted = guests.purge(days)
        self.stdout.write(
            f"Deleted {deleted} guest{'s' if deleted != 1 else ''} away {days}+ days."
        )
