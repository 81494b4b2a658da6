"""Home (the game history once signed in), the history itself, and the health check.

Both lists show the Spades games a page at a time, filtered by player and state, and beside
them the account's card games (Oh Hell, Wizard, Call Break): on home the few most recent, in
progress first; on the games list all of them, newest first, a page at a time. The filters are
the Spades list's; the card games have their own pages (`?cards=`).
"""

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
from games.cards.display import units_text
from games.cards.models import CardsGame
from games.forms.history import HistoryFilter
from games.models import Game
from games.scoring.limits import MAX_ACCOUNT_GAMES
from games.views.base import AuthenticatedHttpRequest, HtmxHttpRequest, signed_in
from scorekeeper.health import check

PAGE_SIZE = 20
# Card games: the most recent few on home, a page at a time on the games list.
CARDS_ON_HOME = 5
CARDS_PAGE_SIZE = 20
CARDS_LAST_PAGE = -(-MAX_ACCOUNT_GAMES // CARDS_PAGE_SIZE)


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


@dataclass(frozen=True)
class CardsRow:
    """A card game in a list: its totals in the game's units, who won, how far it has got."""

    game: CardsGame
    totals: list[tuple[str, str]]  # each player's name and total, in seat order
    winners: list[str]
    hand: int  # the hand being played (the last one once finished)
    hands: int  # hands in the game


def cards_row(game: CardsGame) -> CardsRow:
    """From the game's kept summary and its rules: no query."""
    rules = game.rules_obj()
    units = game.totals or [0] * len(game.players)
    hands = len(rules.hand_sizes(len(game.players)))
    names = zip(game.players, units, strict=False)
    return CardsRow(
        game=game,
        totals=[(name, units_text(total, rules.scale)) for name, total in names],
        winners=[game.players[seat] for seat in game.winners] if game.finished else [],
        hand=min(game.hand_count + (0 if game.finished else 1), hands),
        hands=hands,
    )


@dataclass(frozen=True)
class CardsSection:
    """A page of the account's card games, read in one query (one more row than is shown
    says whether there are older ones, with no count)."""

    rows: list[CardsRow]
    page: int
    older: bool

    @property
    def newer(self) -> bool:
        return self.page > 1


def cards_section(
    request: AuthenticatedHttpRequest, order: tuple[str, ...], size: int, page: int = 1
) -> CardsSection:
    start = (page - 1) * size
    games = list(
        CardsGame.objects.owned_by(request.user).order_by(*order)[start : start + size + 1]
    )
    return CardsSection([cards_row(game) for game in games[:size]], page, len(games) > size)


def cards_page(asked: str | None) -> int:
    """The page of card games asked for: a whole number from 1 up to the last there can be;
    anything else is the first."""
    if asked is None or not (asked.isascii() and asked.isdigit()) or len(asked) > 6:
        return 1
    return min(max(int(asked), 1), CARDS_LAST_PAGE)


NEWEST_FIRST = ("-updated_at", "-pk")
# Home is where a table picks up its game again: games in progress first, then newest first.
PLAYING_FIRST = ("finished", *NEWEST_FIRST)


def render_history(
    request: AuthenticatedHttpRequest,
    template: str,
    order: tuple[str, ...] = NEWEST_FIRST,
    *,
    cards: CardsSection,
) -> HttpResponse:
    """The user's games a page at a time, filtered by player and state; for htmx only the list.
    Beside them on the page, the `cards` section of their card games.

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
    # With card games about, an empty Spades list says "no Spades games", not "no games".
    has_cards = bool(cards.rows) or cards.newer
    context = {"form": form, "page": page, "filtered": filtered, "has_cards": has_cards}
    raw = "|".join(
        str(part)
        for part in (
            request.user.pk,
            request.path,
            order,
            request.GET.urlencode(),
            summary["count"],
            summary["latest"].isoformat() if summary["latest"] else "",
            has_cards,
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
    context["cards"] = cards
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
    cards = cards_section(request, PLAYING_FIRST, CARDS_ON_HOME)
    return render_history(request, "games/home.html", PLAYING_FIRST, cards=cards)


@login_required
@require_safe
def game_list(request: AuthenticatedHttpRequest) -> HttpResponse:
    page = cards_page(request.GET.get("cards"))
    cards = cards_section(request, NEWEST_FIRST, CARDS_PAGE_SIZE, page)
    return render_history(request, "games/games.html", cards=cards)
