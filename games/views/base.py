"""What every view module shares: the typed request, the owner check, post/redirect/get."""

from collections.abc import Callable
from functools import wraps
from typing import TypeGuard

from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import get_object_or_404, redirect, resolve_url
from django_htmx.http import HttpResponseClientRedirect
from django_htmx.middleware import HtmxDetails

from games.models import Access, Game, game_open_to, games_open_to


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


class AuthenticatedHttpRequest(HtmxHttpRequest):
    """A request that reached its view signed in (`login_required`, or `signed_in`)."""

    user: User


def signed_in(request: HtmxHttpRequest) -> TypeGuard[AuthenticatedHttpRequest]:
    return request.user.is_authenticated


def owned_game(
    request: HttpRequest,
    pk: int,
    *,
    lock: bool = False,
    scoring: bool = False,
    table: bool = True,
) -> Game:
    """The game if this visitor may open it (`games_open_to`, the same rule every write goes
    through); 404 for anyone else, never 403. `scoring` also lets in a phone holding the
    table's scoring link, for the pages a scorer needs; every other page is the owner's alone.

    `lock` holds its row until the caller's transaction ends, for a write outside `recording`.
    `table=False` leaves out the game's table, for the table's own pages (read often, and
    without it by `game_open_to`'s one prepared statement).
    """
    access = Access.of(request, scoring=scoring)
    if not table and not lock:
        game = game_open_to(access, pk)
        if game is None:
            raise Http404("No game matches the given query.")
        return game
    # Its table too: the share page and a game's file read it, and the join costs nothing.
    games = games_open_to(access).select_related("table")
    # A write (`lock`) reads the checkpoint too: its version bump carries it on.
    games = games.select_for_update(of=("self",)) if lock else games.defer("checkpoint")
    return get_object_or_404(games, pk=pk)


def navigate(request: HtmxHttpRequest, to, *, status: int | None = None) -> HttpResponse:
    """Post/redirect/get. htmx is told to load the page itself (HX-Redirect): following a
    plain redirect would swap a whole page into the fragment that made the request."""
    url = resolve_url(to)
    if not request.htmx:
        return redirect(url)
    response = HttpResponseClientRedirect(url)
    if status is not None:
        response.status_code = status
    return response


def post_only(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A game's post-only address opened by GET (a reload after a form without JavaScript, a
    bookmark) goes back to the game's page rather than to a blank "405" page. The page then
    answers only the owner, as ever; any other method is refused."""

    @wraps(view)
    def wrapper(request: HttpRequest, pk: int, *args, **kwargs) -> HttpResponse:
        if request.method in ("GET", "HEAD"):
            return redirect("game", pk=pk)
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        return view(request, pk, *args, **kwargs)

    return wrapper
