"""The laptop's sessions: read from each worker's own cache, yet ended everywhere at once.

Each gunicorn worker keeps sessions and signed-in users in its own memory, under an epoch kept
in a file every process shares. What another process does (sign out, change a password) is
done here by a second Python process on the same database and epoch file, as another worker
would; the session this process has cached must stop working on its next request.
"""

import os
import stat
import subprocess
import sys

import pytest
from django.conf import settings
from django.core.cache import caches
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pytest_django.asserts import assertContains

from scorekeeper.sessions import SESSIONS, USERS, SessionStore, epoch, epoch_path
from tests.conftest import PASSWORD
from tests.tools.database import current_url

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("laptop_sessions")]

SIGNED_IN = "Your games"
SIGNED_OUT = "Keep score at the Spades table"

ANOTHER_WORKER = """
import sys
import django
django.setup()
from django.conf import settings
settings.SESSION_ENGINE = "scorekeeper.sessions"
settings.MIDDLEWARE = [
    "scorekeeper.sessions.CachedUserMiddleware"
    if name == "django.contrib.auth.middleware.AuthenticationMiddleware" else name
    for name in settings.MIDDLEWARE
]
settings.SESSION_EPOCH_FILE = sys.argv[1]
from django.contrib.auth import get_user_model
from scorekeeper.sessions import SessionStore
action, value = sys.argv[2], sys.argv[3]
if action == "sign-out":
    SessionStore(value).delete()
elif action == "password":
    user = get_user_model().objects.get(username=value)
    user.set_password("another long table password 43")
    user.save()
elif action == "deactivate":
    user = get_user_model().objects.get(username=value)
    user.is_active = False
    user.save()
print("done")
"""


def another_worker(*args):
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
        "DATABASE_URL": current_url(),
    }
    env.setdefault("DJANGO_SECRET_KEY", settings.SECRET_KEY)
    done = subprocess.run(
        [sys.executable, "-c", ANOTHER_WORKER, settings.SESSION_EPOCH_FILE, *args],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "done"


def signed_in(owner):
    client = Client()
    client.post(reverse("login"), {"username": owner.username, "password": PASSWORD})
    assertContains(client.get("/"), SIGNED_IN)  # now cached in this process
    return client


def test_a_session_and_its_user_are_read_from_the_cache(owner):
    client = signed_in(owner)
    with CaptureQueriesContext(connection) as captured:
        assertContains(client.get("/"), SIGNED_IN)
    read = " ".join(query["sql"] for query in captured.captured_queries)
    assert "django_session" not in read
    assert "auth_user" not in read


def test_a_sign_out_in_another_worker_ends_the_session_here(owner):
    client = signed_in(owner)
    another_worker("sign-out", client.cookies[settings.SESSION_COOKIE_NAME].value)
    assertContains(client.get("/"), SIGNED_OUT)


def test_a_password_changed_in_another_worker_signs_out_the_old_sessions_here(owner):
    client = signed_in(owner)
    another_worker("password", owner.username)
    assertContains(client.get("/"), SIGNED_OUT)


def test_an_account_deactivated_in_another_worker_is_signed_out_here(owner):
    client = signed_in(owner)
    another_worker("deactivate", owner.username)
    assertContains(client.get("/"), SIGNED_OUT)


def test_a_copied_cookie_stops_working_after_sign_out(owner):
    client = signed_in(owner)
    thief = Client()
    thief.cookies[settings.SESSION_COOKIE_NAME] = client.cookies[settings.SESSION_COOKIE_NAME].value
    assertContains(thief.get("/"), SIGNED_IN)
    client.post(reverse("logout"))
    assertContains(thief.get("/"), SIGNED_OUT)


def test_a_sign_out_during_a_read_is_not_cached_as_signed_in(owner, monkeypatch):
    """The reader takes the epoch before the database: a sign-out that commits after the read
    writes a new epoch, and the row read before it is never served under that epoch."""
    client = signed_in(owner)
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    caches["default"].clear()  # this worker must read the row
    real_read = SessionStore._get_session_from_db

    def read_then_signed_out_elsewhere(store):
        row = real_read(store)
        monkeypatch.setattr(SessionStore, "_get_session_from_db", real_read)  # once
        SessionStore(key).delete()  # another worker's sign-out, committed
        return row

    monkeypatch.setattr(SessionStore, "_get_session_from_db", read_then_signed_out_elsewhere)
    assertContains(client.get("/"), SIGNED_IN)  # the request that read it before the sign-out
    assertContains(client.get("/"), SIGNED_OUT)


def test_a_change_inside_a_transaction_starts_another_epoch_once_committed(owner):
    """A worker may read the old row until the commit, and cache it under the epoch written at
    the save: the epoch written at the commit hides it."""
    with transaction.atomic():
        owner.is_active = False
        owner.save()
        during = epoch(USERS)
    assert epoch(USERS) != during


def test_the_epoch_file_is_the_owners_alone(owner):
    signed_in(owner)
    mode = os.stat(settings.SESSION_EPOCH_FILE).st_mode
    assert stat.S_IMODE(mode) == 0o600


def test_the_epoch_file_is_never_opened_through_a_link(settings, tmp_path):
    target = tmp_path / "elsewhere"
    target.write_bytes(b"")
    settings.SESSION_EPOCH_FILE = str(tmp_path / "link")
    os.symlink(target, settings.SESSION_EPOCH_FILE)
    with pytest.raises(OSError, match="symbolic links"):
        epoch(SESSIONS)


def test_signing_up_signs_you_in():
    """The new account's session names the backend that signed it in, as any other does."""
    client = Client()
    data = {"username": "zoe", "password1": PASSWORD, "password2": PASSWORD}
    client.post(reverse("signup"), data)
    assertContains(client.get("/"), SIGNED_IN)
    assertContains(client.get("/"), SIGNED_IN)  # and again, from the cache


@pytest.mark.skipif(connection.vendor != "sqlite", reason="the default file is SQLite's")
@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("/srv/spades/db.sqlite3", "/srv/spades/db.sqlite3-epoch"),
        ("db.sqlite3", os.path.join(os.getcwd(), "db.sqlite3-epoch")),  # as SQLite opens it
        (":memory:", ""),  # only this process: its own epoch
    ],
)
def test_the_epoch_file_sits_beside_the_database(settings, monkeypatch, name, expected):
    settings.SESSION_EPOCH_FILE = ""
    monkeypatch.setitem(connection.settings_dict, "NAME", name)
    assert epoch_path() == expected
