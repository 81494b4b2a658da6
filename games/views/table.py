"""The table: start a game, record each hand in two steps, correct it, rematch."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games import display, recording, scoring
from games.forms import BidsForm, EditHandForm, NewGameForm, TricksForm
from games.models import Game, Hand
from games.views.base import HtmxHttpRequest, owned_game


@login_required
@require_http_methods(["GET", "POST"])
def new_game(request: HtmxHttpRequest) -> HttpResponse:
    form = NewGameForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        game = recording.create_game(
            request.user,
            name=data["name"].strip(),
            players=data["players"],
            rules=data["rules"],
            preset=data["preset"],
            first_dealer=data["first_dealer"],
        )
        return redirect(game)
    context = {"form": form, "known_names": known_names(request.user)}
    return TemplateResponse(
        request, "games/new.html", context, status=422 if form.errors else 200
    )


def known_names(user) -> list[str]:
    """Names used in the user's earlier games, for the name fields to suggest."""
    names: set[str] = set()
    for players in Game.objects.filter(owner=user).values_list("players", flat=True)[:200]:
        names.update(players)
    return sorted(names, key=str.casefold)


@require_GET
def game_detail(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    return render_game(request, owned_game(request, pk))


def render_game(
    request: HtmxHttpRequest,
    game: Game,
    *,
    hands: list[Hand] | None = None,
    bids_form: BidsForm | None = None,
    tricks_form: TricksForm | None = None,
    notice: str | None = None,
    status: int = 200,
) -> TemplateResponse:
    """The game page, or for htmx only its live part (standings, this hand, history)."""
    if hands is None:
        hands = list(game.hands.all())
    result = game.replay(hands)
    rules = result.rules
    if not result.finished:
        if result.pending is not None:
            tricks_form = tricks_form or TricksForm(
                initial={"hand": result.pending.number},
                rules=rules,
                players=game.players,
                bids=result.pending.bids,
            )
        else:
            bids_form = bids_form or new_bids_form(game, result, hands)
    last = hands[-1] if hands else None
    context = {
        "game": game,
        "result": result,
        "rules": rules,
        "sides": display.sides(result),
        "history": display.hands(result),
        "pending": display.pending(result),
        "next_dealer": game.players[result.next_dealer],
        "next_first_bidder": game.players[result.next_first_bidder],
        "next_number": len(hands) + 1,
        "bids_form": bids_form,
        "tricks_form": tricks_form,
        "last_hand": last,
        "notice": notice,
    }
    template = "games/game.html#live" if request.htmx else "games/game.html"
    return TemplateResponse(request, template, context, status=status)


def new_bids_form(game: Game, result: scoring.GameResult, hands, data=None) -> BidsForm:
    return BidsForm(
        data,
        initial={"hand": len(hands) + 1},
        rules=result.rules,
        players=game.players,
        first_bidder=result.next_first_bidder,
        dealer=result.next_dealer,
    )


def after_write(request: HtmxHttpRequest, game: Game, message: str | None = None) -> HttpResponse:
    """Post/redirect/get without JavaScript; the fresh live part for htmx."""
    if not request.htmx:
        if message:
            messages.success(request, message)
        return redirect(game)
    game.refresh_from_db()
    return render_game(request, game, notice=message)


def conflict(request: HtmxHttpRequest, game: Game, problem: str) -> HttpResponse:
    if not request.htmx:
        messages.warning(request, problem)
        return redirect(game)
    game.refresh_from_db()
    return render_game(request, game, notice=problem, status=409)


@require_POST
def post_bids(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    game = owned_game(request, pk)
    hands = list(game.hands.all())
    result = game.replay(hands)
    if result.finished:
        return conflict(request, game, "The game is over: no more hands can be recorded.")
    if result.pending is not None:
        return conflict(
            request,
            game,
            f"Hand {result.pending.number}'s bids were already recorded (perhaps from another "
            "phone). Here is the current state.",
        )
    form = new_bids_form(game, result, hands, data=request.POST)
    if form.is_valid():
        try:
            recording.record_bids(game.pk, form.cleaned_data["hand"], form.bids())
        except recording.Conflict as error:
            return conflict(request, game, str(error))
        except scoring.HandError as error:
            form.add_error(form.field_for_seat(error.seat), error.problem)
        else:
            return after_write(request, game)
    return render_game(request, game, hands=hands, bids_form=form, status=422)


@require_POST
def post_tricks(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    game = owned_game(request, pk)
    hands = list(game.hands.all())
    result = game.replay(hands)
    if result.pending is None:
        number = request.POST.get("hand", "")
        return conflict(
            request,
            game,
            f"Hand {number}'s tricks were already recorded (perhaps from another phone). "
            "Here is the current state.",
        )
    form = TricksForm(
        request.POST, rules=result.rules, players=game.players, bids=result.pending.bids
    )
    if form.is_valid():
        try:
            recording.record_tricks(game.pk, form.cleaned_data["hand"], form.tricks())
        except recording.Conflict as error:
            return conflict(request, game, str(error))
        except scoring.HandError as error:
            form.add_error(form.field_for_seat(error.seat), error.problem)
        else:
            return after_write(request, game)
    return render_game(request, game, hands=hands, tricks_form=form, status=422)


@require_http_methods(["GET", "POST"])
def edit_hand(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    game = owned_game(request, pk)
    hands = list(game.hands.all())
    hand = next((h for h in hands if h.number == number), None)
    if hand is None:
        messages.warning(request, f"There is no hand {number} in this game.")
        return redirect(game)
    rules = game.rules_obj()
    is_last = hand.number == hands[-1].number
    initial = {"version": game.version}
    for seat in range(rules.players):
        initial[f"bid_{seat}"] = str(hand.bids[seat])
        if hand.tricks is not None and hand.tricks[seat] is not None:
            initial[f"tricks_{seat}"] = str(hand.tricks[seat])
    form = EditHandForm(
        request.POST or None,
        initial=initial,
        rules=rules,
        players=game.players,
        allow_no_tricks=is_last,
    )
    if request.method == "POST" and form.is_valid():
        try:
            recording.edit_hand(
                game.pk, number, form.bids(), form.tricks(), form.cleaned_data["version"]
            )
        except recording.Conflict as error:
            messages.warning(request, str(error))
            return redirect(game)
        except scoring.HandError as error:
            form.add_error(form.field_for_seat(error.seat, error.field), error.problem)
        else:
            messages.success(
                request, f"Hand {number} corrected; every score after it was worked out again."
            )
            return redirect(game)
    context = {"game": game, "hand": hand, "form": form, "is_last": is_last}
    status = 422 if form.errors else 200
    return TemplateResponse(request, "games/edit_hand.html", context, status=status)


@require_POST
def undo(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    game = owned_game(request, pk)
    try:
        version = int(request.POST.get("version", ""))
    except ValueError:
        return conflict(request, game, "That undo button was out of date; nothing was undone.")
    try:
        undone, _ = recording.undo_last(game.pk, version)
    except recording.Conflict as error:
        return conflict(request, game, str(error))
    return after_write(request, game, undone)


@require_POST
def rematch(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    game = owned_game(request, pk)
    result = game.replay()
    if not result.finished:
        return conflict(request, game, "A rematch can start once this game is over.")
    new = recording.create_game(
        request.user,
        name=game.name,
        players=game.players,
        rules=result.rules,
        preset=game.preset,
        first_dealer=result.next_dealer,
    )
    messages.success(request, f"Rematch! {game.players[new.first_dealer]} deals first.")
    return redirect(new)
