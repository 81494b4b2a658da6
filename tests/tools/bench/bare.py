"""The least a recorded step and a signed-in page can cost on the project's own parts, for
`profile_requests`.

A step must at least pass the middleware (CSRF checked), read the session and the signed-in
user, lock its game for the user, insert its hand, move the game's version on in the same
turn at the write lock (`writing`), and answer with a small form that carries a CSRF token.
This view does exactly that and nothing else: no rules, no replay, no checks of what was
posted, an answer of a few lines. Its time says how much of a real step's cost is the
machinery every step pays before the scorekeeper does anything of its own. `bare_page` is the
same for a page: the session and the signed-in user read, a line drawn.

Served only by the tool (as its ROOT_URLCONF, beside the project's own addresses), never by
the app.
"""

from django.db.models import F
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.template import engines
from django.urls import include, path

from games.access import Access
from games.models import Game, Hand
from scorekeeper.write_turns import writing

ANSWER = engines["django"].from_string(
    '<li id="hand-{{ number }}">Hand {{ number }}: bids {{ bids|join:", " }}</li>'
    '<form method="post" action="{{ action }}">{% csrf_token %}'
    '<label for="t">Tricks</label><input id="t" name="t"><button>Save</button></form>'
)


def bare_step(request: HttpRequest, pk: int) -> HttpResponse:
    bids = [3, 3, 4, 3]
    with writing():
        game = get_object_or_404(
            Game.objects.open_to(Access.of(request)).select_for_update(), pk=pk
        )
        number = game.hand_count + 1
        Hand.objects.create(game=game, number=number, bids=bids)
        Game.objects.filter(pk=pk).update(version=F("version") + 1, hand_count=number)
    context = {"number": number, "bids": bids, "action": request.path}
    return HttpResponse(ANSWER.render(context, request))


PAGE = engines["django"].from_string("<p>Signed in as {{ user.get_username }}</p>")


def bare_page(request: HttpRequest) -> HttpResponse:
    Access.of(request)
    return HttpResponse(PAGE.render({"user": request.user}, request))


urlpatterns = [
    path("bare-step/<int:pk>/", bare_step),
    path("bare-page/", bare_page),
    path("", include("scorekeeper.urls")),
]
