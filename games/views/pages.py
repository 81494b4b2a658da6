"""Home (the game history once signed in), the history itself, and the health check."""

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass

from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.core.paginator import Paginator
from django.db.models import Count, Max
from django.http import HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from games.accounts import guests
from games.forms.history import HistoryFilter
from games.models import Game
from games.views.base import AuthenticatedHttpRequest, HtmxHttpRequest, signed_in
from scorekeeper.health import check

PAGE_SIZE = 20


@require_safe
@never_cache
def healthz(request: HtmxHttpRequest) -> HttpResponse:
    """Each part's state as JSON, for a person and a load balancer: 200 while the database
    takes writes (with "degraded" if the cache is missing), 503 when it does not."""
    health = check()
    return JsonResponse(
        {"status": health.status, "database": health.database, "cache": health.cache},
        status=200 if health.writable else 503,
    )


@dataclass(frozen=True)
class HistoryRow:
    game: Game
    sides: list[tuple[str, int]]
    winner: str | None


def history_rows(games: Iterable[Game]) -> list[HistoryRow]:
    rows = []
    for game in games:
        sides = game.side_scores()
        winner = sides[game.winner][0] if game.winner is not None else None
        rows.append(HistoryRow(game, sides, winner))
    return rows


NEWEST_FIRST = ("-updated_at", "-pk")
# Home is where a table picks up its game again: games in progress first, then newest first.
PLAYING_FIRST = ("finished", *NEWEST_FIRST)


def render_history(
    request: AuthenticatedHttpRequest, template: str, order: tuple[str, ...] = NEWEST_FIRST
) -> HttpResponse:
    """The user's games a page at a time, filtered by player and state; for htmx only the list.

    The list is cached under the number of matching games and the latest change among them:
    any write to a game moves its `updated_at`, so a cached list is never stale.
    """
    games = Game.objects.filter(owner=request.user).order_by(*order)
    form = HistoryFilter(request.GET)
    filtered = False
    if form.is_valid():
        player = form.cleaned_data["player"].strip().lower().replace("|", "")
        if player:
            games = games.filter(player_names__icontains=player)
        state = form.cleaned_data["state"]
        if state:
            games = games.filter(finished=state == "finished")
        filtered = bool(player or state)
    summary = games.aggregate(count=Count("pk"), latest=Max("updated_at"))
    paginator = Paginator(games, PAGE_SIZE)
    paginator.count = summary["count"]  # already counted, with the latest change
    page = paginator.get_page(request.GET.get("page"))
    context = {"form": form, "page": page, "filtered": filtered}
    raw = "|".join(
        str(part)
        for part in (
            request.user.pk,
            request.path,
            order,
            request.GET.urlencode(),
            summary["count"],
            summary["latest"].isoformat() if summary["latest"] else "",
        )
    )
    key = "history:" + hashlib.sha256(raw.encode()).hexdigest()
    listing = cache.get(key)
    if listing is None:
        listing = render_to_string(
            "games/games.html#list",
            {**context, "rows": history_rows(page.object_list)},
            request=request,
        )
        cache.set(key, listing, 60 * 60)
    if request.htmx and not request.htmx.boosted:
        return HttpResponse(listing)
    context["list_html"] = mark_safe(listing)
    context["filters_html"] = _filters(form)
    return TemplateResponse(request, template, context)


def _filters(form: HistoryFilter) -> SafeString:
    """The filter's fields as asked for (most often empty): drawn once and kept, as drawing a
    form's widgets was the largest part of the list's page."""
    asked = [(name, form.data.get(name, "")) for name in form.fields]
    key = "filters:" + hashlib.sha256(repr(asked).encode()).hexdigest()
    html: str | None = cache.get(key)
    if html is None:
        html = render_to_string("games/games.html#filters", {"form": form})
        cache.set(key, html, 60 * 60)
    return mark_safe(html)


@require_safe
def home(request: HtmxHttpRequest) -> HttpResponse:
    if not signed_in(request):
        return TemplateResponse(request, "games/welcome.html")
    guests.keep_alive(request)
    return render_history(request, "games/home.html", PLAYING_FIRST)


@login_required
@require_safe
def game_list(request: AuthenticatedHttpRequest) -> HttpResponse:
    return render_history(request, "games/games.html")
