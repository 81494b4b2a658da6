"""On SQLite, a writer that comes while another process writes transaction after transaction
(a restore, one game per transaction) gets in between two of them, and the busy process still
gets its turns. Two real processes through Django's connection to one SQLite file; the test
counts what happened in order (which transactions committed while the writer waited), never
how long anything took."""

import os
import sqlite3
import subprocess
import sys
import textwrap

import pytest
from django.conf import settings

pytestmark = pytest.mark.skipif(
    settings.DATABASES["default"]["ENGINE"] != "scorekeeper.sqlite",
    reason="the turnstile is for SQLite; PostgreSQL writers lock rows",
)

IMPORTS = 40

SETUP = """
import os, sys, time
import django
django.setup()
from django.db import connection, transaction
"""

IMPORTER = (
    SETUP
    + f"""
for number in range({IMPORTS}):
    with transaction.atomic():  # one game of a restore
        with connection.cursor() as cursor:
            cursor.execute("INSERT INTO events (who) VALUES ('importer')")
        time.sleep(0.02)  # the work of importing it, with the write lock held
"""
)

WRITER = (
    SETUP
    + """
def imported():
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM events WHERE who = 'importer'")
        return cursor.fetchone()[0]

deadline = time.monotonic() + 30
while imported() < 3:  # the restore is well under way
    if time.monotonic() > deadline:
        sys.exit("the importer never started")
    time.sleep(0.005)
seen = imported()
with transaction.atomic():  # another user's bid
    with connection.cursor() as cursor:
        cursor.execute("INSERT INTO events (who) VALUES ('writer')")
print(seen)
"""
)


def run_both(tmp_path, engine):
    database = tmp_path / "turnstile.sqlite3"
    with sqlite3.connect(database) as db:  # made before either process opens it
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("CREATE TABLE events (id INTEGER PRIMARY KEY AUTOINCREMENT, who TEXT)")
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
        "DJANGO_SECRET_KEY": "k" * 50,
        "DATABASE_URL": f"sqlite:///{database}",
        "TURNSTILE_TEST_ENGINE": engine,
    }
    prefix = (
        "import os\nfrom django.conf import settings\n"
        "settings.DATABASES['default']['ENGINE'] = os.environ['TURNSTILE_TEST_ENGINE']\n"
    )
    importer = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(prefix + IMPORTER)], env=env, cwd=settings.BASE_DIR
    )
    writer = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(prefix + WRITER)],
        env=env,
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert importer.wait(timeout=60) == 0
    assert writer.returncode == 0, writer.stderr
    seen = int(writer.stdout.strip())
    with sqlite3.connect(database) as db:
        order = [who for (who,) in db.execute("SELECT who FROM events ORDER BY id")]
    return seen, order


def test_a_writer_gets_in_between_two_games_of_a_restore(tmp_path):
    seen, order = run_both(tmp_path, "scorekeeper.sqlite")
    assert order.count("importer") == IMPORTS  # the restore was not starved either
    waited_through = order.index("writer") - seen
    # The game being imported when the writer came, and at most one that began as it queued.
    # (On Django's own backend, run_both(tmp_path, "django.db.backends.sqlite3"), the writer
    # waits behind nearly every game: SQLite's busy handler sleeps while the importer goes on.)
    assert waited_through <= 2, order
