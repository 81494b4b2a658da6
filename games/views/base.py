"""What every view module shares: the typed request and the owner check."""

from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404
from django_htmx.middleware import HtmxDetails

from games.models import Game


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def owned_game(request: HttpRequest, pk: int) -> Game:
    """The game if it belongs to the signed-in user; 404 for anyone else, never 403."""
    if not request.user.is_authenticated:
        raise Http404("No such game.")
    return get_object_or_404(Game, pk=pk, owner=request.user)
