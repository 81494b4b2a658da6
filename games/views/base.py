"""What every view module shares: the typed request, opening a game, the htmx partial,
post/redirect/get."""

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeGuard

from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed, JsonResponse
from django.shortcuts import get_object_or_404, redirect, resolve_url
from django.template.response import TemplateResponse
from django.utils.text import slugify
from django_htmx.http import HttpResponseClientRedirect
from django_htmx.middleware import HtmxDetails

from games.access import Access
from games.models import Game


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


class AuthenticatedHttpRequest(HtmxHttpRequest):
    """A request that reached its view signed in (`login_required`, or `signed_in`)."""

    user: User


def signed_in(request: HtmxHttpRequest) -> TypeGuard[AuthenticatedHttpRequest]:
    return request.user.is_authenticated


def open_game(request: HttpRequest, pk: int, *, scoring: bool = False) -> Game:
    """The game if this visitor may open it (`Game.objects.open_to`, the same rule every write
    goes through); 404 for anyone else, never 403. `scoring` also lets in a phone holding the
    table's scoring link, for the pages a scorer needs; every other page is the owner's alone.
    """
    # The table's card, if it is a club night's table (its page keeps the round's clock).
    games = Game.objects.open_to(Access.of(request, scoring=scoring)).select_related("table__card")
    return get_object_or_404(games, pk=pk)


def render(
    request: HtmxHttpRequest,
    template: str,
    context: dict[str, Any] | None = None,
    *,
    partial: str | None = None,
    status: int | None = None,
) -> TemplateResponse:
    """The page, or for an htmx request only its `partial` (a `{% partialdef %}` in it). A
    form with errors answers 422 unless the caller says otherwise."""
    if status is None:
        form = (context or {}).get("form")
        status = 422 if form is not None and form.errors else 200
    name = f"{template}#{partial}" if partial and request.htmx else template
    return TemplateResponse(request, name, context, status=status)


def download(
    response: HttpResponse, title: str, pk: int, extension: str, fallback: str = "game"
) -> HttpResponse:
    """`response` as a file to save, named after its game ("friday-at-cats-12.json"), or
    `fallback` for a title with nothing in it to name a file by."""
    name = slugify(title)[:60] or fallback
    response["Content-Disposition"] = f'attachment; filename="{name}-{pk}.{extension}"'
    return response


def json_download(
    data: dict[str, Any], title: str, pk: int, fallback: str = "game"
) -> HttpResponse:
    """A game's file (its export), indented for a person to read, as a file to save."""
    response = JsonResponse(data, json_dumps_params={"indent": 1, "ensure_ascii": False})
    return download(response, title, pk, "json", fallback)


def navigate(request: HtmxHttpRequest, to: Any, *, status: int | None = None) -> HttpResponse:
    """Post/redirect/get. htmx is told to load the page itself (HX-Redirect): following a
    plain redirect would swap a whole page into the fragment that made the request."""
    url = resolve_url(to)
    if not request.htmx:
        return redirect(url)
    response = HttpResponseClientRedirect(url)
    if status is not None:
        response.status_code = status
    return response


type View = Callable[..., HttpResponse]


def post_only_to(page: str) -> Callable[[View], View]:
    """A game's post-only address opened by GET (a reload after a form without JavaScript, a
    bookmark) goes back to the game's page (`page`, the name of its address, taking the
    game's pk) rather than to a blank "405" page. The page then answers only those it would
    have answered, as ever; any other method is refused."""

    def decorate(view: View) -> View:
        @wraps(view)
        def wrapper(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.method in ("GET", "HEAD"):
                return redirect(page, pk=pk)
            if request.method != "POST":
                return HttpResponseNotAllowed(["POST"])
            return view(request, pk, *args, **kwargs)

        return wrapper

    return decorate


post_only = post_only_to("game")  # a Spades game's addresses
