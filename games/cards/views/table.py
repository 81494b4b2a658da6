"""The card table: start a game of Oh Hell, Wizard or Call Break, record each hand in two
steps (every player's bid, then every player's tricks), undo, correct a hand, write notes.

Views bind their form, call one function of `games.cards.services` (which owns the
transaction) and draw the answer after it returns. htmx gets the entry step back with the
score bar, the notice and the history swapped beside it; without JavaScript, post/redirect/get.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import wraps
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_safe
from django_htmx.http import reswap, retarget

from games.accounts import guests
from games.cards import services
from games.cards.display import TableView
from games.cards.forms import CardBidsForm, CardTricksForm, CorrectionForm, NewCardGameForm
from games.cards.models import CardsGame
from games.forms.notes import NoteForm
from games.forms.table import posted_number
from games.scoring import card_games
from games.scoring.card_games.table import BIDS, OVER, TRICKS, Step, step_of
from games.services import LimitReached
from games.views.base import HtmxHttpRequest, View, navigate, post_only_to, render

TEMPLATE = "cards/game.html"


def kind_or_404(name: str) -> card_games.CardGame:
    if name not in card_games.GAMES:
        raise Http404("No such game.")
    return card_games.GAMES[name]


def own_game(request: HtmxHttpRequest, pk: int) -> CardsGame:
    """The owner's game; 404 for anyone else, never 403."""
    return get_object_or_404(CardsGame.objects.owned_by(request.user), pk=pk)


# The scoring links this browser opened, kept in its session: a list of tokens.
SCORE_TOKENS = "card_score_tokens"
MAX_TOKENS = 20


def tokens(request: HtmxHttpRequest) -> tuple[str, ...]:
    raw = request.session.get(SCORE_TOKENS, [])
    return tuple(token for token in raw if isinstance(token, str)) if isinstance(raw, list) else ()


def scoring_game(request: HtmxHttpRequest, pk: int) -> CardsGame:
    """The game for the pages a scoring phone may use (the game, its steps, undo, corrections,
    rematch): the owner's, or one whose scoring link this browser opened while the link is
    still the game's. 404 for anyone else, never 403."""
    return get_object_or_404(CardsGame.objects.open_to(request.user, tokens(request)), pk=pk)


@never_cache
@require_safe
def score(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The scoring link: this browser may now score the game, for as long as the link stays
    the game's (and moves on with it to a rematch). No account needed: signing out ends it."""
    game = None if "\x00" in token else CardsGame.objects.filter(score_token=token).first()
    if game is None:
        raise Http404("No such game.")
    kept = [held for held in tokens(request) if held != token]
    request.session[SCORE_TOKENS] = [*kept[-(MAX_TOKENS - 1) :], token]
    messages.success(request, "This phone can score this game now.")
    response = redirect(game)
    response.headers["X-Robots-Tag"] = "noindex, nofollow"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


@require_http_methods(["GET", "HEAD", "POST"])
def new_game(request: HtmxHttpRequest, game: str) -> HttpResponse:
    """A new game of one kind. A visitor without an account becomes a guest on a valid post,
    as for Spades."""
    kind = kind_or_404(game)
    form = NewCardGameForm(request.POST if request.method == "POST" else None, kind=kind)
    status = None
    if form.is_bound and form.is_valid():
        refused = guests.may_start_game(request)
        if refused:
            form.add_error(None, refused)
            status = 429
        else:
            data = form.cleaned_data
            try:
                made = services.create_game(
                    request.user,
                    kind=kind,
                    players=data["players"],
                    rules=data["rules"],
                    name=data["name"],
                )
            except LimitReached as problem:
                form.add_error(None, str(problem))
            else:
                return navigate(request, made)
    context = {"form": form, "kind": kind, "presets": kind.presets.values()}
    return render(request, "cards/new.html", context, partial="form", status=status)


def live_context(
    game: CardsGame,
    *,
    form: CardBidsForm | CardTricksForm | None = None,
    notice: str | None = None,
    notice_kind: str = "warning",
    view: TableView | None = None,
) -> dict[str, Any]:
    view = view or TableView.of(game)
    if form is None and view.step.kind == BIDS:
        form = CardBidsForm(step=view.step, players=game.players)
    elif form is None and view.step.kind == TRICKS:
        form = CardTricksForm(step=view.step, players=game.players)
    rematch = None
    if view.step.kind == OVER:
        rematch = CardsGame.objects.filter(rematch_of=game).first()
    return {
        "game": game,
        "rematch": rematch,
        "view": view,
        "step": view.step,
        "form": form,
        "notice": notice,
        "notice_kind": notice_kind,
    }


def following(view: View) -> View:
    """A scoring phone left on a game whose scoring link moved on to its rematch is sent
    there, told why (nothing it posted is saved); anyone else still meets the 404, and so
    does a phone that may open the game itself (a hand it has not got, say)."""

    @wraps(view)
    def wrapper(request: HtmxHttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, pk, *args, **kwargs)
        except Http404:
            held = tokens(request)
            games = CardsGame.objects
            if not held or games.open_to(request.user, held).filter(pk=pk).exists():
                raise
            later = games.moved_on(held, pk)
            if later is None:
                raise
        moved = f"This game has moved on to its rematch, {later.title}."
        if request.method == "POST":
            messages.warning(request, f"Nothing was saved. {moved}")
            return navigate(request, later, status=409)
        if request.method == "GET":  # a HEAD would leave the words for a later page
            messages.info(request, moved)
        return navigate(request, later)

    return wrapper


@require_safe
@following
def game_page(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    game = scoring_game(request, pk)
    return TemplateResponse(request, TEMPLATE, live_context(game))


def written(request: HtmxHttpRequest, done: services.Written) -> HttpResponse:
    if not request.htmx:
        messages.success(request, done.said)
        return redirect(done.game)
    view = None
    if done.hands is not None and done.notes is not None:
        view = TableView.build(done.game, done.hands, done.notes)
    context = live_context(done.game, notice=done.said, notice_kind="success", view=view)
    response = TemplateResponse(request, f"{TEMPLATE}#written", {**context, "oob": True})
    response.headers["HX-Trigger"] = "hand-scored"
    return response


def stale(request: HtmxHttpRequest, pk: int, problem: services.Stale) -> HttpResponse:
    """The form no longer matches the game: say so and show the game as it now is."""
    if not request.htmx:
        messages.warning(request, str(problem))
        return redirect("cards_game", pk=pk)
    context = live_context(scoring_game(request, pk), notice=str(problem))
    response = TemplateResponse(request, f"{TEMPLATE}#live", context, status=409)
    return reswap(retarget(response, "#live"), "outerHTML")


def refused_step(
    request: HtmxHttpRequest, game: CardsGame, form: CardBidsForm | CardTricksForm
) -> HttpResponse:
    context = live_context(game, form=form)
    return render(request, TEMPLATE, context, partial="entry", status=422)


def _step(request: HtmxHttpRequest, pk: int, kind: str) -> HttpResponse:
    """A step's form is made and checked for the step found under the game's lock; the
    answer is drawn from what the write returns, after the lock is let go."""
    number = posted_number(request.POST.get("hand"))
    form_class = CardBidsForm if kind == BIDS else CardTricksForm
    bound: list[CardBidsForm | CardTricksForm] = []

    def bind(step: Step, players: Sequence[str]) -> list[int] | None:
        form = form_class(request.POST, step=step, players=players)
        bound.append(form)
        return form.values() if form.is_valid() else None

    try:
        done = services.record_step(request.user, pk, number, kind, bind, tokens(request))
    except services.Stale as problem:
        return stale(request, pk, problem)
    except services.Refused as problem:
        bound[0].show_problems(problem.problems)
        return refused_step(request, scoring_game(request, pk), bound[0])
    except LimitReached as problem:
        bound[0].add_error(None, str(problem))
        return refused_step(request, scoring_game(request, pk), bound[0])
    if done is None:
        return refused_step(request, scoring_game(request, pk), bound[0])
    return written(request, done)


post_only = post_only_to("cards_game")


@post_only
@following
def post_bids(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    return _step(request, pk, BIDS)


@post_only
@following
def post_tricks(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    return _step(request, pk, TRICKS)


@post_only
@following
def undo(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    scoring_game(request, pk)
    try:
        done = services.undo(
            request.user, pk, posted_number(request.POST.get("version")), tokens(request)
        )
    except services.Stale as problem:
        return stale(request, pk, problem)
    return written(request, done)


@post_only
@following
def rematch(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A new game with the same players and rules; a second tap finds the first rematch."""
    scoring_game(request, pk)
    try:
        made, new = services.start_rematch(request.user, pk, tokens(request))
    except services.Stale as problem:
        messages.warning(request, str(problem))
        return navigate(request, scoring_game(request, pk))
    except LimitReached as problem:
        messages.warning(request, str(problem))
        return navigate(request, scoring_game(request, pk))
    if not new:
        messages.info(request, "The rematch had already been started: here it is.")
    return navigate(request, made)


@require_http_methods(["GET", "HEAD", "POST"])
@following
def edit_hand(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """Put right a recorded hand's bids and tricks; the totals after it follow."""
    game = scoring_game(request, pk)
    hands = game.recorded()
    if not 1 <= number <= len(hands):
        raise Http404("No such hand.")
    hand = hands[number - 1]
    step = step_of(game.rules_obj(), len(game.players), hands[: number - 1])
    initial: dict[str, int] = {}
    for seat, bid in enumerate(hand.bids):
        initial[f"bid_{seat}"] = bid
        if hand.tricks is not None:
            initial[f"tricks_{seat}"] = hand.tricks[seat]
    data = request.POST if request.method == "POST" else None
    form = CorrectionForm(
        data, initial=initial, step=step, players=game.players, played=hand.played
    )
    if form.is_bound and form.is_valid():
        try:
            done = services.correct_hand(
                request.user, pk, number, form.bids(), form.tricks(), tokens(request)
            )
        except services.Stale as problem:
            messages.warning(request, str(problem))
            return navigate(request, game)
        except services.Refused as problem:
            form.show_problems(problem.problems)
        else:
            messages.success(request, done.said)
            return navigate(request, done.game)
    context = {"game": game, "form": form, "number": number, "step": step}
    return render(request, "cards/edit_hand.html", context, partial="form")


@require_http_methods(["GET", "HEAD", "POST"])
def game_note(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    game = own_game(request, pk)
    form = NoteForm(request.POST if request.method == "POST" else None, initial={"note": game.note})
    if form.is_bound and form.is_valid():
        game = services.set_note(request.user, pk, form.cleaned_data["note"])
        messages.success(request, "Note saved." if game.note else "Note removed.")
        return navigate(request, game)
    action = reverse("cards_game_note", args=[pk])
    context = {"game": game, "form": form, "number": None, "action": action}
    return render(request, "games/note.html", context)


@require_http_methods(["GET", "HEAD", "POST"])
def hand_note(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    game = own_game(request, pk)
    current = game.hands.filter(number=number).values_list("note", flat=True).first()
    if current is None:
        raise Http404("No such hand.")
    form = NoteForm(request.POST if request.method == "POST" else None, initial={"note": current})
    if form.is_bound and form.is_valid():
        note = form.cleaned_data["note"]
        game = services.set_hand_note(request.user, pk, number, note)
        messages.success(request, f"Note on hand {number} saved." if note else "Note removed.")
        return navigate(request, game)
    action = reverse("cards_hand_note", args=[pk, number])
    context = {"game": game, "form": form, "number": number, "action": action}
    return render(request, "games/note.html", context)


urlpatterns = [
    path("cards/new/<str:game>/", new_game, name="cards_new"),
    path("cards/<int:pk>/", game_page, name="cards_game"),
    path("cards/<int:pk>/bids/", post_bids, name="cards_bids"),
    path("cards/<int:pk>/tricks/", post_tricks, name="cards_tricks"),
    path("cards/<int:pk>/undo/", undo, name="cards_undo"),
    path("cards/<int:pk>/rematch/", rematch, name="cards_rematch"),
    path("cs/<str:token>/", score, name="cards_score"),
    path("cards/<int:pk>/hands/<int:number>/edit/", edit_hand, name="cards_edit_hand"),
    path("cards/<int:pk>/note/", game_note, name="cards_game_note"),
    path("cards/<int:pk>/hands/<int:number>/note/", hand_note, name="cards_hand_note"),
]
