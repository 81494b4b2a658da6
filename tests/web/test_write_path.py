"""Every write owns its transaction in its service: no view opens a lock (STYLE.md, "The service
owns the transaction"), so nothing is drawn while a game's row, or SQLite's write lock, is held."""

from pathlib import Path

from django.conf import settings

VIEWS = [*Path(settings.BASE_DIR, "games", "views").glob("*.py")]
VIEWS.append(Path(settings.BASE_DIR, "games", "club", "views.py"))


def test_no_view_opens_a_lock_or_a_transaction():
    for path in VIEWS:
        text = path.read_text()
        for opened in ("locked_game(", "locked_event(", "select_for_update", "atomic("):
            assert opened not in text, f"{path.name} opens {opened}"
