"""The watch links and the share page.

A table link (/t/<token>/) shows the table's current game, so it follows the table from game to
rematch: a read-only view for anyone holding an unguessable token. The old per-game links
(/watch/<token>/, from before table links) lead to their game's table link (`OldWatchLink`),
so a bookmark still works, while the table's link is on and has not been replaced.

The page polls a fragment every 4 seconds. The fragment answers 304 Not Modified, after one
cheap query, while the game shown is the same at the same version. It sends its own ETag back in
`If-None-Match` (hx-headers), so the browser passes the 304 to htmx instead of answering from
its cache, and the watch page tells htmx not to swap on 304.

The page shows only this game: no username, no links to the owner's pages, no other games.
The owner turns the link off or replaces it on the share page; an old or disabled token is a 404.
The share page also hands out the scoring link (/t/score/<token>/): opening it gives that
browser's session the right to score the table's current game (`Game.objects.open_to`).
"""

import ipaddress
import json
from urllib.parse import urlsplit

import segno
from django.conf import settings
from django.contrib import messages
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.crypto import salted_hmac
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_safe

from games import generation, services
from games.access import MAX_GRANTS, SCORE_GRANTS, Access
from games.fragments import TIMEOUT, GameFragments
from games.models import Game, OldWatchLink, Table
from games.views.base import HtmxHttpRequest, open_game

POLL_SECONDS = 4


def etag_for(token: str, state: tuple[int, int]) -> str:
    """Opaque: it changes with the game shown (a rematch starts again at a low version), its
    version and the cache's generation (a restored database rewinds versions), but tells
    nothing of the game's id or how often it changed."""
    text = f"{generation.current()}:{token}:{state[0]}:{state[1]}"
    digest = salted_hmac("watch-etag", text, algorithm="sha256").hexdigest()
    return f'"{digest[:24]}"'


def watch_state(token: str) -> tuple[int, int] | None:
    """The table's newest game's id and version for an open table link, or None."""
    if "\x00" in token:
        return None
    games = Game.objects.filter(table__watch_token=token, table__watch_enabled=True)
    return games.order_by("-pk").values_list("pk", "version").first()


def old_link_target(token: str) -> str | None:
    """The table link an old per-game link leads to now, or None: its table's link is off,
    was replaced since, or there never was such a link."""
    if "\x00" in token:
        return None
    return (
        OldWatchLink.objects.filter(token=token, table__watch_enabled=True)
        .values_list("table__watch_token", flat=True)
        .first()
    )


def watch_html(template: str, token: str, state: tuple[int, int]) -> str:
    """The watch page or its live part for this version, from the cache when it is there.

    Neither holds anything of one visitor (no form, no account), so each is cached whole, drawn
    from the game's cached fragments. A replaced token moves the game's version on, so no
    page cached with an old token is served again.
    """
    key = f"watch:table:{template}:{state[0]}:{state[1]}"
    html: str | None = cache.get(key)
    if html is None:
        game = Game.objects.get(pk=state[0])
        fragments = GameFragments(game)
        etag = etag_for(token, (game.pk, game.version))
        context = {
            "game": game,
            "fragments": fragments,
            "state": fragments.state,
            "rules": fragments.rules,
            "rows": fragments.page_of_rows()[0],
            "poll_seconds": POLL_SECONDS,
            "poll_headers": json.dumps({"If-None-Match": etag}),
            "etag": etag,
            "live_url": reverse("table_live", args=[token]),
        }
        html = render_to_string(template, context)
        cache.set(key, html, TIMEOUT)
    return html


def _private(response: HttpResponse) -> HttpResponse:
    """Never stored by a shared cache; the browser asks again every time."""
    patch_cache_control(response, private=True, no_cache=True)
    response.headers["X-Robots-Tag"] = "noindex, nofollow"
    return response


def _page(token: str) -> HttpResponse:
    state = watch_state(token)
    if state is None:
        raise Http404("No such game.")
    return _private(HttpResponse(watch_html("games/watch.html", token, state)))


def _live(request: HttpRequest, token: str) -> HttpResponse:
    """The polled fragment: 304 from a single query while nothing has changed."""
    state = watch_state(token)
    if state is None:
        raise Http404("No such game.")
    etag = etag_for(token, state)
    response = get_conditional_response(request, etag=etag)
    if response is None:
        response = HttpResponse(watch_html("games/watch.html#live", token, state))
    response.headers["ETag"] = etag
    return _private(response)


def _old_link(token: str, view: str) -> HttpResponse:
    """An old per-game link: on to its table's link (not for good: the table's link may be
    replaced, and then the old one ends)."""
    target = old_link_target(token)
    if target is None:
        raise Http404("No such game.")
    response = _private(redirect(view, token=target))
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


@require_safe
def watch(request: HtmxHttpRequest, token: str) -> HttpResponse:
    return _old_link(token, "table_watch")


@require_safe
def watch_live(request: HtmxHttpRequest, token: str) -> HttpResponse:
    return _old_link(token, "table_live")


@require_safe
def table_watch(request: HtmxHttpRequest, token: str) -> HttpResponse:
    return _page(token)


@require_safe
def table_live(request: HtmxHttpRequest, token: str) -> HttpResponse:
    return _live(request, token)


@never_cache
@require_safe
def table_score(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The scoring link: this browser's session may now score the table's current game, for
    as long as the link stays the table's. The session needs no account, so a phone that is
    signed out can score too; signing in keeps the grant, signing out ends it."""
    table = None if "\x00" in token else Table.objects.filter(score_token=token).first()
    game = table.current_game() if table is not None else None
    if table is None or game is None:
        raise Http404("No such table.")
    kept = [
        pair
        for pair in request.session.get(SCORE_GRANTS, [])
        if isinstance(pair, list) and pair[:1] != [table.pk]
    ]
    request.session[SCORE_GRANTS] = [*kept[-(MAX_GRANTS - 1) :], [table.pk, token]]
    messages.success(request, "This phone can score this table now.")
    response = redirect(game)
    response.headers["X-Robots-Tag"] = "noindex, nofollow"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


def is_loopback(host: str) -> bool:
    """Whether a host (as in a URL, perhaps with a port) names this machine only."""
    name = urlsplit(f"//{host}").hostname or ""
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def loopback_host(link: str) -> str:
    """The host of a link that only this computer can open (127.0.0.1, localhost), or "": a
    page showing such a link says other phones can't open it."""
    parts = urlsplit(link)
    return (parts.hostname or "") if is_loopback(parts.netloc) else ""


def reachable_url(request: HttpRequest, path: str) -> str:
    """An address for `path` that other phones can open: the one this page was opened on,
    unless that is the laptop's loopback address and a public address is configured
    (`make run HOST=0.0.0.0` sets it to the laptop's address on the local network)."""
    public = getattr(settings, "PUBLIC_URL", "")
    if public and is_loopback(request.get_host()):
        return public + path
    return request.build_absolute_uri(path)


def qr_svg(link: str) -> SafeString:
    """The link as a QR code, inline SVG drawn with attributes only (the CSP allows no inline
    style); dark on a white ground with its quiet zone, so it scans in dark mode too. Safe:
    segno writes only path data, nothing of the link's text."""
    code = segno.make(link, error="m")
    svg = code.svg_inline(
        scale=1, border=4, dark="#000", light="#fff", omitsize=True, svgclass="qr-code"
    )
    return mark_safe(svg)


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def share(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The owner's page for the table's links: show them, turn them on or off, replace them."""
    if request.method == "POST":
        game, done = services.change_links(Access.of(request), pk, request.POST.get("action"))
        if done:
            messages.success(request, done)
        else:
            messages.warning(request, "Nothing changed.")
        return redirect("share", pk=game.pk)
    game = open_game(request, pk)
    table = game.table
    link = reachable_url(request, reverse("table_watch", args=[table.watch_token]))
    score_link = None
    if table.score_token:
        score_link = reachable_url(request, reverse("table_score", args=[table.score_token]))
    context = {
        "game": game,
        "table": table,
        "link": link,
        "qr": qr_svg(link) if table.watch_enabled else None,
        # The host alone, for the warning: the whole link is right above it.
        "loopback": loopback_host(link),
        "score_link": score_link,
        "score_qr": qr_svg(score_link) if score_link else None,
    }
    return TemplateResponse(request, "games/share.html", context)
