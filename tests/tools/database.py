"""A fresh, migrated database for the bench, of the kind the settings name, removed after."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from django.db import connections


def url_with_name(url: str, name: str) -> str:
    """The same server as `url`, another database on it."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/" + name))


def current_url() -> str:
    """A DATABASE_URL for the database the default connection uses now (a test one, say)."""
    connection = connections["default"]
    name = str(connection.settings_dict["NAME"])
    if connection.vendor == "sqlite":
        return f"sqlite:///{name}"
    return url_with_name(os.environ["DATABASE_URL"], name)


@contextmanager
def bench_database() -> Iterator[str]:
    """Point the default connection at a new database and yield its DATABASE_URL.

    SQLite gets a file in a temporary folder; any other database gets `<name>_bench` on the
    same server (dropped first if a crashed run left it, and dropped again at the end).
    """
    connection = connections["default"]
    settings_dict = connection.settings_dict
    saved_test = dict(settings_dict.get("TEST") or {})
    folder = None
    if connection.vendor == "sqlite":
        folder = tempfile.mkdtemp(prefix="spades-bench-db-")
        name = str(Path(folder) / "bench.sqlite3")
        url = f"sqlite:///{name}"
    else:
        name = f"{settings_dict['NAME']}_bench"
        url = url_with_name(os.environ["DATABASE_URL"], name)
    settings_dict["TEST"] = {**saved_test, "NAME": name}
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        yield url
    finally:
        connections.close_all()
        connection.creation.destroy_test_db(old_name, verbosity=0)
        settings_dict["TEST"] = saved_test
        if folder:
            shutil.rmtree(folder, ignore_errors=True)
