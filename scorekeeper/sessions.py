"""Sessions and signed-in users read from the worker's own memory, never stale after a sign-out.

Every request of a signed-in phone read its session row and its user row: two of a recorded
step's queries, and a good part of a cached page's time. Django's `cached_db` engine keeps
sessions in the cache, but with the laptop's per-process cache a sign-out in one gunicorn worker
would leave the session alive in the other's copy. So the cached entries are keyed on an epoch
kept in a small file beside the SQLite database, which every process of this machine reads:
a session saved or deleted, or a user saved or deleted, writes a new epoch once the change is
committed, and every worker's entries from before are then unused (read again from the database
once). Reading the epoch is one `pread`; the database stays the truth. Sessions and users have
an epoch each, so a sign-in elsewhere does not empty every worker's users.

A reader takes the epoch once, before it reads the database, and caches what it read under that
epoch: if a sign-out commits meanwhile, the new epoch it writes hides the stale entry.

Only with SQLite and the local-memory cache (one machine by construction). With Redis, the
cache is shared and sessions use `cached_db` directly; PostgreSQL without a shared cache may
span machines, so it reads sessions and users from the database.
"""

from __future__ import annotations

import os
import tempfile
import threading
from functools import partial
from typing import IO, Any

from django.conf import settings
from django.contrib import auth
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.middleware import AuthenticationMiddleware
from django.contrib.sessions.backends.cached_db import SessionStore as CachedDbStore
from django.core.cache import caches
from django.core.exceptions import ImproperlyConfigured
from django.db import connections, transaction
from django.http import HttpRequest
from django.utils.crypto import constant_time_compare
from django.utils.functional import SimpleLazyObject

MIDDLEWARE = "scorekeeper.sessions.CachedUserMiddleware"
SESSIONS, USERS = 0, 8  # where each epoch sits in the file

_lock = threading.Lock()
_files: dict[str, int] = {}
_private: list[IO[bytes]] = []  # an in-memory database's epoch: this process is the only one


def epoch_path() -> str:
    """SESSION_EPOCH_FILE, or a file beside the SQLite database ("" for an in-memory one,
    which only this process can open)."""
    path = getattr(settings, "SESSION_EPOCH_FILE", "")
    if path:
        return str(path)
    connection = connections["default"]
    if connection.vendor != "sqlite":
        raise ImproperlyConfigured("scorekeeper.sessions needs SESSION_EPOCH_FILE off SQLite")
    if connection.is_in_memory_db():  # type: ignore[attr-defined]  # SQLite's own
        return ""
    # A relative name is opened from the working directory, by SQLite as here.
    return f"{os.path.abspath(str(connection.settings_dict['NAME']))}-epoch"


def _epoch_file() -> int:
    path = epoch_path()
    fd = _files.get(path)
    if fd is None:
        with _lock:
            fd = _files.get(path)
            if fd is None:
                if path:
                    # Owner only, and never through a link someone left in its place.
                    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
                else:
                    _private.append(tempfile.TemporaryFile())  # noqa: SIM115  # kept open
                    fd = _private[-1].fileno()
                _files[path] = fd
    return fd


def epoch(which: int) -> str:
    """What every process of this machine sees as the current epoch of sessions or users."""
    return os.pread(_epoch_file(), 8, which).hex()


def new_epoch(which: int) -> None:
    """Every session (or user) cached before now is stale.

    Written now and again once the change is committed: a worker that read the row before the
    commit cached it under the epoch written now, which the second write hides."""
    os.pwrite(_epoch_file(), os.urandom(8), which)
    if connections["default"].in_atomic_block:
        transaction.on_commit(partial(os.pwrite, _epoch_file(), os.urandom(8), which))


class SessionStore(CachedDbStore):
    cache_key_prefix = "session-epoch:"

    def _key_in(self, current: str) -> str:
        key = self._get_or_create_session_key()  # type: ignore[attr-defined]  # not in the stubs
        return f"{self.cache_key_prefix}{current}:{key}"

    @property
    def cache_key(self) -> str:
        return self._key_in(epoch(SESSIONS))

    def load(self) -> dict[str, Any]:
        """As `cached_db`, but the epoch is read once, before the database."""
        key = self._key_in(epoch(SESSIONS))
        cache = caches[settings.SESSION_CACHE_ALIAS]
        try:
            data = cache.get(key)
        except Exception:  # as `cached_db`: a key the backend refuses is a session not cached
            data = None
        if data is None:
            row = self._get_session_from_db()  # type: ignore[attr-defined]
            if not row:
                return {}
            data = self.decode(row.session_data)
            cache.set(key, data, self.get_expiry_age(expiry=row.expire_date))
        return data

    def save(self, must_create: bool = False) -> None:
        super().save(must_create)
        if not must_create:  # a new key is cached nowhere yet
            new_epoch(SESSIONS)

    def delete(self, session_key: str | None = None) -> None:
        super().delete(session_key)
        new_epoch(SESSIONS)


def _read_user(request: HttpRequest) -> Any:
    """Django's `get_user`, with the user read from the cache for this epoch.

    A hit is used only for a session whose backend is configured and whose password hash
    matches the cached user's, as Django checks them; anything else (no user, an old secret
    key, a changed password) goes to Django's own `get_user`, which decides and flushes."""
    session = request.session
    user_id = session.get(SESSION_KEY)
    backend_path = session.get(BACKEND_SESSION_KEY)
    session_hash = session.get(HASH_SESSION_KEY)
    if user_id is None or not session_hash or backend_path not in settings.AUTHENTICATION_BACKENDS:
        return auth.get_user(request)
    cache = caches["default"]
    key = f"user-epoch:{epoch(USERS)}:{backend_path}:{user_id}"  # the epoch before the read
    user = cache.get(key)
    if user is not None and constant_time_compare(session_hash, user.get_session_auth_hash()):
        return user
    user = auth.get_user(request)
    if user.is_authenticated:
        cache.set(key, user, 60 * 60)
    return user


class CachedUserMiddleware(AuthenticationMiddleware):
    """Django's authentication middleware, reading the signed-in user through `_read_user`.

    Saving or deleting a user starts a new epoch (`user_changed`), so a password change, a
    deactivated account or a deleted one is seen by every worker on its next request. A change
    made without `save()` (a queryset `update()`) is not seen: the app makes none."""

    def process_request(self, request: HttpRequest) -> None:
        super().process_request(request)

        def user() -> Any:
            if not hasattr(request, "_cached_user"):
                request._cached_user = _read_user(request)  # type: ignore[attr-defined]
            return request._cached_user  # type: ignore[attr-defined]

        request.user = SimpleLazyObject(user)  # type: ignore[assignment]


def user_changed(sender: Any, update_fields: Any = None, **kwargs: Any) -> None:
    """A user saved or deleted: every worker reads users again. A sign-in only moves
    `last_login`, which nothing reads from the cached user."""
    if MIDDLEWARE not in settings.MIDDLEWARE:
        return
    if update_fields is not None and set(update_fields) == {"last_login"}:
        return
    new_epoch(USERS)
