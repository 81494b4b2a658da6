"""Sessions as shipped: a sign-out, a password change or a deactivated account in one worker
ends the session in every other worker at once.

Each gunicorn worker is its own process. What another worker does is done here by a second
Python process on the same database (and, with DJANGO_CACHE_URL, the same Redis), through the
configured session engine; the session this process has served must stop working on its next
request.
"""

import os
import subprocess
import sys
from importlib import import_module

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from pytest_django.asserts import assertContains

from tests.conftest import PASSWORD
from tests.tools.database import current_url

pytestmark = pytest.mark.django_db(transaction=True)

SIGNED_IN = "Your games"
SIGNED_OUT = "Keep score at the Spades table"

ANOTHER_WORKER = """
import sys
from importlib import import_module
import django
django.setup()
from django.conf import settings
from django.contrib.auth import get_user_model
action, value = sys.argv[1], sys.argv[2]
if action == "sign-out":
    import_module(settings.SESSION_ENGINE).SessionStore(value).delete()
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
        [sys.executable, "-c", ANOTHER_WORKER, *args],
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
    assertContains(client.get("/"), SIGNED_IN)  # served once, as a worker serves a phone
    return client


def test_the_tests_run_the_shipped_session_engine():
    """Database sessions, read from the database whatever the cache: Redis may fail."""
    engine = settings.SESSION_ENGINE.removeprefix("django.contrib.sessions.backends.")
    assert engine == "db"
    assert "django.contrib.auth.middleware.AuthenticationMiddleware" in settings.MIDDLEWARE


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
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    thief = Client()
    thief.cookies[settings.SESSION_COOKIE_NAME] = key
    assertContains(thief.get("/"), SIGNED_IN)
    client.post(reverse("logout"))
    assertContains(thief.get("/"), SIGNED_OUT)
    assert not import_module(settings.SESSION_ENGINE).SessionStore().exists(key)


def test_signing_up_signs_you_in():
    """The new account's session names the backend that signed it in, as any other does."""
    client = Client()
    data = {"username": "zoe", "password1": PASSWORD, "password2": PASSWORD}
    client.post(reverse("signup"), data)
    assertContains(client.get("/"), SIGNED_IN)
    assertContains(client.get("/"), SIGNED_IN)  # and again, from the stored session
