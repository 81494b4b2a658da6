"""What `/healthz` checks: the database takes a write, the disk under SQLite has room, and the
cache answers. The database is what the app cannot work without; the cache only makes it faster.
"""

from __future__ import annotations

import logging
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

from django.core.cache import caches
from django.db import DatabaseError, connection
from django.utils import timezone

from scorekeeper.cache import FailSafeRedisCache
from scorekeeper.models import Heartbeat

logger = logging.getLogger(__name__)

# Below this much free space on the disk under a SQLite file, the database is called full: a
# write that needs new pages would fail even while the heartbeat's own row still fits.
SQLITE_MIN_FREE = 1024 * 1024
# A worker writes at most this often (seconds); a load balancer polls every few seconds, so each
# of its checks writes, while a benchmark hammering /healthz costs a round trip a request.
WRITE_EVERY = 1.0
_last_write = -WRITE_EVERY


@dataclass(frozen=True)
class Health:
    database: str  # "writable", "not writable" or "disk full"
    cache: str  # "reachable", "unreachable", or "local" (each worker's own memory)

    @property
    def writable(self) -> bool:
        return self.database == "writable"

    @property
    def status(self) -> str:
        """ "ok"; "degraded" when only the cache is missing (pages come from the database);
        "down" when writes would fail."""
        if not self.writable:
            return "down"
        return "degraded" if self.cache == "unreachable" else "ok"


def database_state() -> str:
    global _last_write
    try:
        if time.monotonic() - _last_write < WRITE_EVERY:
            # Answered by a write a moment ago: a round trip shows the database is still there.
            with connection.cursor() as cursor:
                cursor.execute("SELECT 1")
                cursor.fetchone()
        else:
            _write()
            _last_write = time.monotonic()
    except DatabaseError as error:
        logger.warning("Health check: the database takes no writes (%s)", error)
        return "disk full" if "full" in str(error).lower() else "not writable"
    if connection.vendor == "sqlite":
        folder = Path(str(connection.settings_dict["NAME"])).resolve().parent
        free = shutil.disk_usage(folder).free
        if free < SQLITE_MIN_FREE:
            logger.warning("Health check: %d KB free under the SQLite database", free // 1024)
            return "disk full"
    return "writable"


def _write() -> None:
    """One upsert: a write like any other, on SQLite and PostgreSQL alike."""
    Heartbeat.objects.bulk_create(
        [Heartbeat(pk=1, beat=timezone.now())],
        update_conflicts=True,
        unique_fields=["pk"],
        update_fields=["beat"],
    )


def cache_state() -> str:
    backend = caches["default"]
    if isinstance(backend, FailSafeRedisCache):
        return "reachable" if backend.reachable() else "unreachable"
    return "local"


def check() -> Health:
    return Health(database=database_state(), cache=cache_state())
