"""Django's Redis cache, for which a Redis that is down or slow is a miss, never an error.

Everything kept in the cache can be drawn again from the database, so a request should not
fail, or wait seconds, because Redis stopped or stalled: each call gives up after the short
socket timeouts in the settings, logs why, and answers as an empty cache would (`get` gives the
default, `set` and `add` store nothing). After a failure the worker leaves Redis alone for
`RETRY_AFTER` seconds, so a stalled Redis costs one timeout per worker every few seconds, not
one per cache call.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

PROBE = "healthz"
# Seconds without trying Redis after it failed.
RETRY_AFTER = 5.0
# Django builds a cache object per thread; whether Redis is resting is the process's to know.
_resting_until: dict[str, float] = {}
_lock = threading.Lock()


class FailSafeRedisCache(RedisCache):
    """RedisCache whose every call answers as a miss when Redis fails (see the module)."""

    def __init__(self, server: str, params: dict[str, object]) -> None:
        super().__init__(server, params)
        self._name = server

    def reachable(self) -> bool:
        """Whether Redis answers now: the health check asks it even while the workers rest."""
        try:
            super().has_key(PROBE)
        except (RedisError, OSError) as error:
            self._failed(error)
            return False
        _resting_until.pop(self._name, None)
        return True

    def resting(self) -> bool:
        return time.monotonic() < _resting_until.get(self._name, 0.0)

    def _failed(self, error: Exception) -> None:
        with _lock:
            first = not self.resting()
            _resting_until[self._name] = time.monotonic() + RETRY_AFTER
        if first:
            logger.warning(
                "Cache unreachable (%s: %s); pages are drawn from the database, "
                "Redis is tried again in %.0f s",
                type(error).__name__,
                error,
                RETRY_AFTER,
            )

    def _safely[T](self, call: Callable[[], T], fallback: T) -> T:
        if self.resting():
            return fallback
        try:
            return call()
        except (RedisError, OSError) as error:
            self._failed(error)
            return fallback

    def add(
        self,
        key: str,
        value: object,
        timeout: float | None = DEFAULT_TIMEOUT,
        version: int | None = None,
    ) -> bool:
        return self._safely(
            lambda: super(FailSafeRedisCache, self).add(key, value, timeout, version), False
        )

    def get(self, key: str, default: object = None, version: int | None = None) -> object:
        return self._safely(
            lambda: super(FailSafeRedisCache, self).get(key, default, version), default
        )

    def set(
        self,
        key: str,
        value: object,
        timeout: float | None = DEFAULT_TIMEOUT,
        version: int | None = None,
    ) -> None:
        self._safely(
            lambda: super(FailSafeRedisCache, self).set(key, value, timeout, version), None
        )

    def touch(
        self, key: str, timeout: float | None = DEFAULT_TIMEOUT, version: int | None = None
    ) -> bool:
        return self._safely(
            lambda: super(FailSafeRedisCache, self).touch(key, timeout, version), False
        )

    def delete(self, key: str, version: int | None = None) -> bool:
        return self._safely(lambda: super(FailSafeRedisCache, self).delete(key, version), False)

    def get_many(self, keys: Iterable[str], version: int | None = None) -> dict[str, object]:
        return self._safely(lambda: super(FailSafeRedisCache, self).get_many(keys, version), {})

    def has_key(self, key: str, version: int | None = None) -> bool:
        return self._safely(lambda: super(FailSafeRedisCache, self).has_key(key, version), False)

    def set_many(
        self,
        data: dict[str, object],
        timeout: float | None = DEFAULT_TIMEOUT,
        version: int | None = None,
    ) -> list[str]:
        return self._safely(
            lambda: super(FailSafeRedisCache, self).set_many(data, timeout, version), list(data)
        )

    def delete_many(self, keys: Iterable[str], version: int | None = None) -> None:
        self._safely(lambda: super(FailSafeRedisCache, self).delete_many(keys, version), None)

    def incr(self, key: str, delta: int = 1, version: int | None = None) -> int:
        """As for a key that is not there: a ValueError (a counter starts again)."""
        if not self.resting():
            try:
                return super().incr(key, delta, version)
            except (RedisError, OSError) as error:
                self._failed(error)
        raise ValueError(f"Key {key!r} not found.")

    def clear(self) -> None:
        self._safely(lambda: super(FailSafeRedisCache, self).clear(), None)
