"""The table: start a game, record each hand in two steps, correct it, rematch."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.messages.storage.cookie import CookieStorage
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games import display, fragments, recording, scoring
from games.forms import BidsForm, EditHandForm, NewGameForm, TricksForm
from games.models import Game
from games.views.base import HtmxHttpRequest, navigate, owned_game

OUT_OF_DATE = (
    "This game changed on another phone since that form was shown, so nothing was recorded. "
    "Here is the current state."
)


@login_required
@require_http_methods(["GET", "POST"])
def new_game(request: HtmxHttpRequest) -> HttpResponse:
    """The form judges names and seats; the rules are checked by building them."""
    form = NewGameForm(request.POST if request.method == "POST" else None)
    if form.is_bound and form.is_valid():
        data = form.cleaned_data
        game = recording.create_game(
            request.user,
            name=data["name"].strip(),
            players=data["players"],
            rules=data["rules"],
            preset=data["preset"],
            first_dealer=data["first_dealer"],
        )
        return navigate(request, game)
    context = {
        "form": form,
        "known_names": known_names(request.user),
        "presets": scoring.PRESETS.values(),
    }
    template = "games/new.html#form" if request.htmx else "games/new.html"
    return TemplateResponse(request, template, context, status=422 if form.errors else 200)


def known_names(user) -> list[str]:
    """Names used in the user's earlier games, for the name fields to suggest."""
    names: set[str] = set()
    recent = Game.objects.filter(owner=user).order_by("-updated_at")
    for players in recent.values_list("players", flat=True)[:200]:
        names.update(players)
    return sorted(names, key=str.casefold)


@require_GET
def game_detail(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The table's page; htmx asks for it again to refresh the live part."""
    return render_game(request, owned_game(request, pk))


def render_game(
    request: HtmxHttpRequest, game: Game, *, status: int = 200, **state
) -> HttpResponse:
    """The game page, or for htmx only its live part (standings, this hand, history).

    `state` is what `game_context` takes: hands and result already worked out, a form to show
    again with its errors, a notice. Without any, the HTML depends on the game's version
    alone, so it comes from the fragment cache and costs no query for the hands.
    """
    if not state:
        build = lambda: game_context(game)  # noqa: E731
        if request.htmx:
            live = fragments.render("live", game, "games/game.html#live", build, request)
            return HttpResponse(live, status=status)
        if not request.COOKIES.get(CookieStorage.cookie_name):
            # Only the owner sees this page and no message waits: the whole page is the same
            # every time until the game changes.
            page = fragments.render(
                "page",
                game,
                "games/game.html",
                lambda: {**game_context(game), "user": request.user, "messages": ()},
                request,
            )
            return HttpResponse(page, status=status)
        page = fragments.render("content", game, "games/game.html#page", build, request)
        context = {"game": game, "page_html": page}
        return TemplateResponse(request, "games/game.html", context, status=status)
    template = "games/game.html#live" if request.htmx else "games/game.html"
    return TemplateResponse(request, template, game_context(game, **state), status=status)


def game_context(
    game: Game,
    *,
    hands: list[scoring.Hand] | None = None,
    result: scoring.GameResult | None = None,
    bids_form: BidsForm | None = None,
    tricks_form: TricksForm | None = None,
    notice: str | None = None,
    notice_kind: str = "warning",
) -> dict:
    """Everything the game page shows, from a replay of the hands."""
    if hands is None:
        hands = game.recorded_hands()
    if result is None:
        result = game.replay(hands)
    rules = result.rules
    if not result.finished:
        if result.pending is not None:
            tricks_form = tricks_form or TricksForm(
                initial={"hand": result.pending.number},
                rules=rules,
                players=game.players,
                pending=result.pending,
            )
        else:
            bids_form = bids_form or new_bids_form(game, result, hands)
    return {
        "game": game,
        "result": result,
        "rules": rules,
        "preset_title": display.preset_title(game.preset),
        "sides": display.sides(result),
        "outcome": display.outcome(result),
        "history": display.hands(result),
        "pending": display.pending(result),
        "next_dealer": game.players[result.next_dealer],
        "next_first_bidder": game.players[result.next_first_bidder],
        "next_number": len(hands) + 1,
        "bids_form": bids_form,
        "tricks_form": tricks_form,
        "last_number": len(hands),
        "last_played": bool(hands) and hands[-1].tricks is not None,
        "notice": notice,
        "notice_kind": notice_kind,
        "rematch": Game.objects.filter(rematch_of=game).first() if result.finished else None,
    }


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
    if message:
        return render_game(request, game, notice=message, notice_kind="success")
    return render_game(request, game)


def conflict(request: HtmxHttpRequest, game: Game, problem: str) -> HttpResponse:
    """The form no longer matches the game: say so, and show the game as it now is."""
    if not request.htmx:
        messages.warning(request, problem)
        return redirect(game)
    game.refresh_from_db()
    return render_game(request, game, notice=problem, status=409)


def stale_step(step: str, posted: str, recorded: int) -> str:
    """Why a bids or tricks form was refused: the hand is done, or the game moved on."""
    if posted.isascii() and posted.isdigit() and len(posted) < 7 and 1 <= int(posted) <= recorded:
        return (
            f"Hand {int(posted)}'s {step} were already recorded (perhaps from another phone). "
            "Here is the current state."
        )
    return OUT_OF_DATE


def add_hand_error(form, error: scoring.HandError, number: int) -> None:
    """The engine's problem next to the seat it names; a problem it finds in another hand
    (a correction that ends the game earlier, say) above the form, with that hand's number."""
    if error.number != number:
        form.add_error(None, f"Not saved: {display.sentence(str(error))}")
        return
    form.add_error(form.field_for_seat(error.seat, error.field), display.sentence(error.problem))


@require_POST
def post_bids(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Step 1 of a hand. The posted hand number must be the next one, or the form is stale."""
    game = owned_game(request, pk)
    hands = game.recorded_hands()
    result = game.replay(hands)
    if result.finished:
        return conflict(request, game, "The game is over: no more hands can be recorded.")
    number = len(hands) + 1
    posted = request.POST.get("hand", "")
    if result.pending is not None or posted != str(number):
        return conflict(request, game, stale_step("bids", posted, recorded=len(hands)))
    form = new_bids_form(game, result, hands, data=request.POST)
    if form.is_valid():
        try:
            recording.record_bids(game.pk, number, form.bids())
        except recording.Conflict as error:
            return conflict(request, game, str(error))
        except scoring.HandError as error:
            add_hand_error(form, error, number)
        else:
            return after_write(request, game)
    return render_game(request, game, hands=hands, result=result, bids_form=form, status=422)


@require_POST
def post_tricks(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Step 2 of a hand, for the hand being played and no other."""
    game = owned_game(request, pk)
    hands = game.recorded_hands()
    result = game.replay(hands)
    pending = result.pending
    posted = request.POST.get("hand", "")
    if pending is None or posted != str(pending.number):
        played = len(hands) - (1 if pending else 0)
        return conflict(request, game, stale_step("tricks", posted, recorded=played))
    form = TricksForm(request.POST, rules=result.rules, players=game.players, pending=pending)
    if form.is_valid():
        try:
            recording.record_tricks(game.pk, pending.number, form.tricks())
        except recording.Conflict as error:
            return conflict(request, game, str(error))
        except scoring.HandError as error:
            add_hand_error(form, error, pending.number)
        else:
            return after_write(request, game)
    return render_game(request, game, hands=hands, result=result, tricks_form=form, status=422)


@require_http_methods(["GET", "POST"])
def edit_hand(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """Correct any recorded hand, the one being played included; the rest follows by replay."""
    game = owned_game(request, pk)
    hands = game.recorded_hands()
    hand = hands[number - 1] if 1 <= number <= len(hands) else None
    if hand is None:
        if request.method == "GET":
            raise Http404("No such hand.")
        return stale_edit(request, game, f"There is no hand {number} in this game any more.")
    rules = game.rules_obj()
    is_last = number == len(hands)
    initial = {"version": game.version}
    for seat in range(rules.players):
        initial[f"bid_{seat}"] = str(hand.bids[seat])
        if hand.tricks is not None and hand.tricks[seat] is not None:
            initial[f"tricks_{seat}"] = str(hand.tricks[seat])
    form = EditHandForm(
        request.POST if request.method == "POST" else None,
        initial=initial,
        rules=rules,
        players=game.players,
        allow_no_tricks=is_last,
    )
    if form.is_bound and "version" in form.errors:
        return stale_edit(request, game, OUT_OF_DATE)
    if form.is_bound and form.is_valid():
        try:
            recording.edit_hand(
                game.pk, number, form.bids(), form.tricks(), form.cleaned_data["version"]
            )
        except recording.Conflict as error:
            return stale_edit(request, game, str(error))
        except scoring.HandError as error:
            add_hand_error(form, error, number)
        else:
            messages.success(
                request, f"Hand {number} corrected; every score after it was worked out again."
            )
            return navigate(request, game)
    context = {"game": game, "number": number, "form": form, "is_last": is_last}
    template = "games/edit_hand.html#form" if request.htmx else "games/edit_hand.html"
    return TemplateResponse(request, template, context, status=422 if form.errors else 200)


def stale_edit(request: HtmxHttpRequest, game: Game, problem: str) -> HttpResponse:
    """A correction made from an old form is dropped: back to the game as it now is."""
    messages.warning(request, problem)
    return navigate(request, game, status=409)


@require_POST
def undo(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Take back the last step; the version keeps a double tap from undoing two."""
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
    """Same players and rules, a new game, once."""
    game = owned_game(request, pk)
    result = game.replay()
    if not result.finished:
        return conflict(request, game, "A rematch can start once this game is over.")
    new, created = recording.start_rematch(game, result)
    if created:
        messages.success(request, f"Rematch! {game.players[new.first_dealer]} deals first.")
    else:
        messages.info(request, "The rematch had already started: here it is.")
    return navigate(request, new)
