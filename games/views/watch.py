"""The watch link: a read-only view of one game for anyone holding its unguessable token.

The page polls a fragment every 4 seconds. The fragment answers 304 Not Modified, after one
cheap query, while the game's version is unchanged. It sends its own ETag back in
`If-None-Match` (hx-headers), so the browser passes the 304 to htmx instead of answering from
its cache, and the watch page tells htmx not to swap on 304.

The page shows only this game: no username, no links to the owner's pages, no other games.
The owner turns the link off or replaces it on the share page; an old or disabled token is a 404.
"""

import json

from django.contrib import messages
from django.core.cache import cache
from django.db import connection, transaction
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.crypto import salted_hmac
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_safe

from games.models import Game
from games.parts import TIMEOUT, GameParts
from games.views.base import HtmxHttpRequest, owned_game

POLL_SECONDS = 4


def etag_for(token: str, version: int) -> str:
    """Opaque: it changes with the game but tells nothing of its id or how often it changed."""
    digest = salted_hmac("watch-etag", f"{token}:{version}", algorithm="sha256").hexdigest()
    return f'"{digest[:24]}"'


def watch_state(token: str) -> tuple[int, int] | None:
    """The game's id and version for an open watch link, or None.

    Plain SQL: this runs for every watcher every few seconds, and building the ORM query
    cost more than running it.
    """
    if "\x00" in token:
        return None
    table = Game._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT id, version FROM {table} WHERE watch_token = %s AND watch_enabled = %s",
            [token, True],
        )
        return cursor.fetchone()


def watch_html(template: str, token: str, state: tuple[int, int]) -> str:
    """The watch page or its live part for this version, from the cache when it is there.

    Neither holds anything of one visitor (no form, no token, no account), so each is cached
    whole; a long game's page is over the cache's entry limit and is assembled from its parts
    (each cached on its own) every time instead.
    """
    key = f"watch:{template}:{state[0]}:{state[1]}"
    html = cache.get(key)
    if html is None:
        game = Game.objects.get(pk=state[0])
        parts = GameParts(game)
        etag = etag_for(token, game.version)
        context = {
            "game": game,
            "parts": parts,
            "state": parts.state,
            "rules": parts.rules,
            "rows": parts.page_of_rows()[0],
            "poll_seconds": POLL_SECONDS,
            "poll_headers": json.dumps({"If-None-Match": etag}),
            "etag": etag,
        }
        html = render_to_string(template, context)
        cache.set(key, html, TIMEOUT)
    return html


def _private(response: HttpResponse) -> HttpResponse:
    """Never stored by a shared cache; the browser asks again every time."""
    patch_cache_control(response, private=True, no_cache=True)
    response.headers["X-Robots-Tag"] = "noindex, nofollow"
    return response


@require_safe
def watch(request: HtmxHttpRequest, token: str) -> HttpResponse:
    state = watch_state(token)
    if state is None:
        raise Http404("No such game.")
    return _private(HttpResponse(watch_html("games/watch.html", token, state)))


@require_safe
def watch_live(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The polled fragment: 304 from a single query while nothing has changed."""
    state = watch_state(token)
    if state is None:
        raise Http404("No such game.")
    etag = etag_for(token, state[1])
    response = get_conditional_response(request, etag=etag)
    if response is None:
        response = HttpResponse(watch_html("games/watch.html#live", token, state))
    response.headers["ETag"] = etag
    return _private(response)


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def share(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The owner's page for the watch link: show it, turn it off or on, or replace it."""
    if request.method == "POST":
        with transaction.atomic():
            game = owned_game(request, pk, lock=True)
            change_watch_link(request, game, request.POST.get("action"))
        return redirect("share", pk=game.pk)
    game = owned_game(request, pk)
    link = request.build_absolute_uri(reverse("watch", args=[game.watch_token]))
    return TemplateResponse(request, "games/share.html", {"game": game, "link": link})


def change_watch_link(request: HtmxHttpRequest, game: Game, action: str | None) -> None:
    if action == "off":
        game.set_watch_link(enabled=False)
        messages.success(request, "The watch link is off: nobody can open it now.")
    elif action == "on":
        game.set_watch_link(enabled=True)
        messages.success(request, "The watch link works again.")
    elif action == "replace":
        game.set_watch_link(enabled=True, new_token=True)
        messages.success(request, "New watch link made; the old one no longer works.")
    else:
        messages.warning(request, "Nothing changed.")
