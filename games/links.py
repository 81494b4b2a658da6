"""Addresses reversed once per process: a page draws dozens of links, and `reverse()` for each
was a fifth of a cached page's time.

Kept under the script prefix and the request's URLconf as well as the name and arguments,
since `reverse()` puts the prefix in front and follows a request's own URLconf.
"""

from functools import lru_cache

from django.urls import get_script_prefix, get_urlconf, reverse


def url(name: str, *args: int) -> str:
    """`reverse(name, args=args)`, worked out once for each name and arguments."""
    return _reversed(get_script_prefix(), get_urlconf(), name, args)


@lru_cache(maxsize=8192)
def _reversed(prefix: str, urlconf: str | None, name: str, args: tuple[int, ...]) -> str:
    return reverse(name, urlconf=urlconf, args=args or None)
