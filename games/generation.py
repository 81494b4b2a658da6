"""The cache's generation: mixed into every cache key, so a restored database never meets
the rendered parts, sessions or pages its own future left in the cache.

Cached parts are keyed on what they are drawn from: a game's id and version, a hand's number
and the game's `history_version`, a session's key. A database restored from a backup rewinds
all of these, and a shared cache (Redis) that outlived it would serve the old timeline's parts
for the new one's ids: another account's names, a stale score. So every key also carries the
database's generation, a random value kept in the database (`CacheGeneration`) and made anew
by every `manage.py migrate` (and `flush`): the step a restore ends with
(docs/deployment.md, Backups).

A worker reads the generation once, on its first use of the cache; a restore or a release
restarts the workers, which then read the new one. Two generations side by side in one
timeline (a worker started before a migrate, one after) cost only a few misses.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.db import DEFAULT_DB_ALIAS, DatabaseError

_current: str | None = None


def current() -> str:
    """This process's generation, read from the database on first use (and made there if
    the database has none yet)."""
    global _current
    if _current is None:
        from games.models import CacheGeneration

        try:
            found = CacheGeneration.objects.filter(pk=1).values_list("value", flat=True).first()
        except DatabaseError:
            # No table yet (a database being migrated): a key of this process alone, never
            # one an old timeline could have used; read again next time.
            return secrets.token_hex(8)
        _current = found if found is not None else renew()
    return _current


def renew(using: str = DEFAULT_DB_ALIAS, model: Any = None) -> str:
    """A new generation, kept in the database and used by this process from now on."""
    global _current
    if model is None:
        from games.models import CacheGeneration

        model = CacheGeneration
    value = secrets.token_hex(8)
    model.objects.using(using).update_or_create(pk=1, defaults={"value": value})
    _current = value
    return value


def renew_after_migrate(
    sender: Any, *, using: str = DEFAULT_DB_ALIAS, apps: Any = None, **kwargs: Any
) -> None:
    """post_migrate (and post-flush, which gives no `apps`): the database may be a restored
    one; nothing cached before is trusted."""
    if apps is None:
        from django.apps import apps
    try:
        model = apps.get_model("games", "CacheGeneration")
    except LookupError:  # migrated back to before the generation existed
        return
    renew(using, model)


def make_key(key: str, key_prefix: str, version: int) -> str:
    """Django's cache key (`KEY_FUNCTION`), with the generation beside the prefix and version."""
    return f"{key_prefix}:{version}:{current()}:{key}"
