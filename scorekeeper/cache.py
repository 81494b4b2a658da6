"""Django's local-memory cache, bounded by the bytes it holds rather than by its entry count.

Cached parts of pages vary from a 200-byte history row to a long game's chart, so an entry cap
let a few long games grow each worker by a gigabyte. This backend keeps Django's LocMemCache
(same keys, pickling, expiry and locking) and adds two limits from OPTIONS:

- MAX_BYTES: the pickled values held in all; the least recently used entries go first.
- MAX_ENTRY_BYTES: a value larger than this is not stored at all (the caller renders it again).
"""

from __future__ import annotations

from collections import OrderedDict
from threading import Lock
from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.locmem import LocMemCache

_sizes: dict[str, dict[str, int]] = {}
_totals: dict[str, list[int]] = {}


class BoundedLocMemCache(LocMemCache):
    # LocMemCache's own state, which django-stubs leaves out of its stub.
    _cache: OrderedDict[str, bytes]
    _expire_info: dict[str, float | None]
    _lock: Lock

    def __init__(self, name: str, params: dict[str, Any]) -> None:
        super().__init__(name, params)
        options = params.get("OPTIONS", {})
        self.max_bytes = int(options.get("MAX_BYTES", 64 * 1024 * 1024))
        self.max_entry_bytes = int(options.get("MAX_ENTRY_BYTES", 1024 * 1024))
        self._sizes = _sizes.setdefault(name, {})
        self._total = _totals.setdefault(name, [0])

    @property
    def bytes_held(self) -> int:
        return self._total[0]

    def _set(self, key: str, value: bytes, timeout: Any = DEFAULT_TIMEOUT) -> None:
        self._delete(key)
        size = len(value)
        if size > self.max_entry_bytes:
            return
        # The most recently used entries sit at the front; evict from the back.
        while self._cache and (
            self._total[0] + size > self.max_bytes or len(self._cache) >= self._max_entries
        ):
            old, _ = self._cache.popitem()
            self._forget(old)
        super()._set(key, value, timeout)  # type: ignore[misc]  # missing from django-stubs
        self._sizes[key] = size
        self._total[0] += size

    def incr(self, key: str, delta: int = 1, version: int | None = None) -> int:
        value = super().incr(key, delta, version)
        validated = self.make_and_validate_key(key, version=version)
        with self._lock:
            if validated in self._cache:
                self._total[0] -= self._sizes.get(validated, 0)
                self._sizes[validated] = len(self._cache[validated])
                self._total[0] += self._sizes[validated]
        return value

    def _forget(self, key: str) -> None:
        self._expire_info.pop(key, None)
        self._total[0] -= self._sizes.pop(key, 0)

    def _delete(self, key: str) -> bool:
        existed = key in self._cache
        self._cache.pop(key, None)
        self._forget(key)
        return existed

    def _cull(self) -> None:
        # Entries leave one at a time in _set; Django's bulk cull would lose the byte count.
        if self._cache:
            key, _ = self._cache.popitem()
            self._forget(key)

    def clear(self) -> None:
        with self._lock:
            self._cache.clear()
            self._expire_info.clear()
            self._sizes.clear()
            self._total[0] = 0
