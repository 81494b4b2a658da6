"""Looking back at card games: a game's rules card, What if? and statistics by player.

Each page reads: the work is `games.cards.review`'s. A game's pages are its owner's alone
(404 for anyone else, as at the table); the statistics are the signed-in account's.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path
from django.views.decorators.http import require_safe

from games.cards import review
from games.cards.compare_form import CardsCompareForm
from games.cards.views.table import own_game
from games.scoring import card_games
from games.views.base import HtmxHttpRequest


@require_safe
def rules_card(request: HtmxHttpRequest, pk: int) -> TemplateResponse:
    """The game's rules in words: each setting, the deals, where the preset was changed."""
    game = own_game(request, pk)
    context = {"game": game, "card": review.rules_card(game)}
    return TemplateResponse(request, "cards/rules_card.html", context)


def refused_words(error: card_games.CardGameError) -> str:
    """A replay's refusal ("hand 3: ...") as the page says it."""
    if error.number is not None:
        problem = str(error).partition(": ")[2] or str(error)
        return f"Hand {error.number} couldn't have been played under those rules: {problem}."
    return f"These hands can't be scored under those rules: {error}."


@require_safe
def compare(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The same hands under other rules, chosen in the query string so the link can be shared."""
    game = own_game(request, pk)
    # A form sent without JavaScript sends every setting, most of them empty: one redirect to
    # the short address that names only what was chosen.
    sent = [(name, value) for name, values in request.GET.lists() for value in values]
    chosen = [(name, value) for name, value in sent if value.strip()]
    if len(chosen) < len(sent):
        query = urlencode(chosen)
        return HttpResponseRedirect(f"{request.path}?{query}" if query else request.path)
    hands = game.recorded()
    form = CardsCompareForm(request.GET or None, game=game)
    comparison = None
    if form.is_bound and form.is_valid():
        try:
            comparison = review.compare(game, hands, form.cleaned_data["rules"])
        except card_games.CardGameError as error:
            form.add_error(None, refused_words(error))
    context = {
        "game": game,
        "form": form,
        "comparison": comparison,
        "played": sum(hand.played for hand in hands),
    }
    return TemplateResponse(request, "cards/compare.html", context)


@login_required
@require_safe
def players(request: HtmxHttpRequest) -> TemplateResponse:
    """Each player's figures over the account's card games, game by game."""
    report = review.for_owner(request.user)
    return TemplateResponse(request, "cards/players.html", {"report": report})


urlpatterns = [
    path("cards/<int:pk>/rules/", rules_card, name="cards_rules_card"),
    path("cards/<int:pk>/compare/", compare, name="cards_compare"),
    path("cards/players/", players, name="cards_players"),
]
