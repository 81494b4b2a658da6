"""A card game's watch link and the owner's share page.

The watch link (/cw/<token>/) is a read-only page of one game of Oh Hell, Wizard or Call Break
for anyone holding its unguessable token: the standings, the hand being played (its cards, the
dealer, the bids once they are in) and every hand so far in words. It shows nothing else of the
owner's: no username, no links to the owner's pages, no form.

The page polls its live part every few seconds, as a Spades table link does
(`games.views.watch`): the part answers 304 Not Modified after one query while the game's
version has not moved, and sends its own ETag back in `If-None-Match`. Both are drawn without
the request (nothing of one visitor in them) and cached whole under the game's id and version,
so the watchers of a game share one drawing of each version.

The share page is the owner's: the link, its QR code, and the buttons to turn it off, on again,
or replace it (`services.set_watch_link`: the old token is then a 404). Every change moves the
game's version on, so no page cached with an old token is served again.
"""

from __future__ import annotations

import json

from django.contrib import messages
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.cache import get_conditional_response, patch_cache_control
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_safe

from games.cards import services
from games.cards.display import TableView
from games.cards.models import CardsGame
from games.fragments import TIMEOUT
from games.views.base import HtmxHttpRequest
from games.views.watch import POLL_SECONDS, etag_for, loopback_host, qr_svg, reachable_url

from .table import own_game

PAGE = "cards/watch.html"
LIVE = "cards/watch.html#live"


def watched(token: str) -> CardsGame:
    """The game an open watch link shows; 404 when the link is off, replaced or never was."""
    # A NUL can't be in a token, and PostgreSQL refuses one in a query's text.
    game = None if "\x00" in token else CardsGame.objects.filter(watch_token=token).first()
    if game is None or not game.watch_enabled:
        raise Http404("No such game.")
    return game


def watch_etag(game: CardsGame) -> str:
    return etag_for(game.watch_token, (game.pk, game.version))


def watch_html(template: str, game: CardsGame) -> str:
    """The watch page or its live part for this version of the game, drawn once and kept."""

    def draw() -> str:
        view = TableView.of(game)
        etag = watch_etag(game)
        context = {
            "game": game,
            "view": view,
            "step": view.step,
            "rows": view.rows(),
            "poll_seconds": POLL_SECONDS,
            "poll_headers": json.dumps({"If-None-Match": etag}),
            "etag": etag,
            "live_url": reverse("cards_watch_live", args=[game.watch_token]),
        }
        return render_to_string(template, context)

    key = f"watch:cards:{template}:{game.pk}:{game.version}"
    return str(cache.get_or_set(key, draw, TIMEOUT))


def public(response: HttpResponse) -> HttpResponse:
    """Never stored by a shared cache, never indexed; the browser asks again every time."""
    patch_cache_control(response, private=True, no_cache=True)
    response.headers["X-Robots-Tag"] = "noindex, nofollow"
    return response


@require_safe
def watch(request: HttpRequest, token: str) -> HttpResponse:
    return public(HttpResponse(watch_html(PAGE, watched(token))))


@require_safe
def watch_live(request: HttpRequest, token: str) -> HttpResponse:
    """The polled part: 304 from a single query while nothing has changed."""
    game = watched(token)
    etag = watch_etag(game)
    response = get_conditional_response(request, etag=etag)
    if response is None:
        response = HttpResponse(watch_html(LIVE, game))
    response.headers["ETag"] = etag
    return public(response)


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def share(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The owner's page for the watch link: show it with its QR code, turn it off or on,
    replace it. Anyone else gets 404 and changes nothing."""
    if request.method == "POST":
        game, said = services.set_watch_link(request.user, pk, str(request.POST.get("action")))
        if said:
            messages.success(request, said)
        else:
            messages.warning(request, "Nothing changed.")
        return redirect("cards_share", pk=game.pk)
    game = own_game(request, pk)
    link = reachable_url(request, reverse("cards_watch", args=[game.watch_token]))
    score_link = None
    if game.score_token:
        score_link = reachable_url(request, reverse("cards_score", args=[game.score_token]))
    context = {
        "game": game,
        "link": link,
        "qr": qr_svg(link) if game.watch_enabled else None,
        "score_link": score_link,
        "score_qr": qr_svg(score_link) if score_link else None,
        # The host alone, for the warning: the whole link is right above it.
        "loopback": loopback_host(link),
    }
    return TemplateResponse(request, "cards/share.html", context)


urlpatterns = [
    path("cards/<int:pk>/share/", share, name="cards_share"),
    path("cw/<str:token>/", watch, name="cards_watch"),
    path("cw/<str:token>/live/", watch_live, name="cards_watch_live"),
]
