"""Rendered HTML kept per game version, so a page asked for again is not rendered again.

Every write bumps the game's version, so a key that holds the version is never stale; old
entries age out. CSRF tokens belong to one visitor, so cached HTML holds a placeholder that is
filled in for each request.
"""

from collections.abc import Callable

from django.core.cache import cache
from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from games.models import Game

CSRF_PLACEHOLDER = "csrf-token-placeholder-7f3c9a"
TIMEOUT = 60 * 60


def key(kind: str, game: Game) -> str:
    # Ids are never reused (AUTOINCREMENT on SQLite, sequences on PostgreSQL).
    return f"fragment:{kind}:{game.pk}:{game.version}"


def render(
    kind: str,
    game: Game,
    template: str,
    context: Callable[[], dict],
    request: HttpRequest | None = None,
) -> SafeString:
    """The template rendered for this version of the game; `context` is built only on a miss."""
    html = cache.get(key(kind, game))
    if html is None:
        html = render_to_string(template, {**context(), "csrf_token": CSRF_PLACEHOLDER})
        cache.set(key(kind, game), html, TIMEOUT)
    if request is not None and CSRF_PLACEHOLDER in html:
        html = html.replace(CSRF_PLACEHOLDER, get_token(request))
    # Our own template's output, escaped when it was rendered.
    return mark_safe(html)
