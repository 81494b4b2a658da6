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
from django.db import connection
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.cache import get_conditional_response, patch_cache_control
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from games import display, fragments
from games.models import Game, new_watch_token
from games.views.base import HtmxHttpRequest, owned_game

POLL_SECONDS = 4


def etag_for(pk: int, version: int) -> str:
    return f'"g{pk}v{version}"'


def watch_context(game: Game) -> dict:
    result = game.replay()
    etag = etag_for(game.pk, game.version)
    return {
        "game": game,
        "result": result,
        "rules": result.rules,
        "sides": display.sides(result),
        "outcome": display.outcome(result),
        "history": display.hands(result),
        "pending": display.pending(result),
        "next_dealer": game.players[result.next_dealer],
        "poll_seconds": POLL_SECONDS,
        "poll_headers": json.dumps({"If-None-Match": etag}),
        "etag": etag,
    }


def _private(response: HttpResponse) -> HttpResponse:
    """Never stored by a shared cache; the browser asks again every time."""
    patch_cache_control(response, private=True, no_cache=True)
    response.headers["X-Robots-Tag"] = "noindex, nofollow"
    return response


@require_GET
def watch(request: HtmxHttpRequest, token: str) -> HttpResponse:
    game = get_object_or_404(Game, watch_token=token, watch_enabled=True)
    return _private(TemplateResponse(request, "games/watch.html", watch_context(game)))


def watch_state(token: str) -> tuple[int, int] | None:
    """The game's id and version for an open watch link, or None.

    Plain SQL: this runs for every watcher every few seconds, and building the ORM query
    cost more than running it.
    """
    table = Game._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT id, version FROM {table} WHERE watch_token = %s AND watch_enabled = %s",
            [token, True],
        )
        return cursor.fetchone()


@require_GET
def watch_live(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The polled fragment: 304 from a single query while nothing has changed."""
    state = watch_state(token)
    if state is None:
        raise Http404("No such game.")
    etag = etag_for(*state)
    response = get_conditional_response(request, etag=etag)
    if response is None:
        game = Game.objects.get(pk=state[0])
        live = fragments.render("watch", game, "games/watch.html#live", lambda: watch_context(game))
        response = HttpResponse(live)
    response.headers["ETag"] = etag
    return _private(response)


@never_cache
@require_http_methods(["GET", "POST"])
def share(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The owner's page for the watch link: show it, turn it off or on, or replace it."""
    game = owned_game(request, pk)
    if request.method == "POST":
        action = request.POST.get("action")
        games = Game.objects.filter(pk=game.pk)
        if action == "off":
            games.update(watch_enabled=False)
            messages.success(request, "The watch link is off: nobody can open it now.")
        elif action == "on":
            games.update(watch_enabled=True)
            messages.success(request, "The watch link works again.")
        elif action == "replace":
            games.update(watch_token=new_watch_token(), watch_enabled=True)
            messages.success(request, "New watch link made; the old one no longer works.")
        else:
            messages.warning(request, "Nothing changed.")
        return redirect("share", pk=game.pk)
    link = request.build_absolute_uri(reverse("watch", args=[game.watch_token]))
    return TemplateResponse(request, "games/share.html", {"game": game, "link": link})
