"""The table: start a game, record each hand in two steps, correct it, rematch.

Every write goes the same way: the view hands `services.write_form` (or `services.write`) how
to bind its form to the game and which write to make; the service locks the game in its own
transaction, checks and saves the write, and the response is drawn from what it returns, after
the lock is let go. htmx gets back only what changed (the next entry step,
the standings, a new or removed history row, a notice); without JavaScript, post/redirect/get.
"""

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.models import User
from django.http import Http404, HttpResponse, QueryDict
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_safe
from django_htmx.http import reswap, retarget

from games import display, scoring, services
from games.access import Access
from games.accounts import guests
from games.forms.new_game import NewGameForm
from games.forms.table import BidsForm, EditHandForm, TricksForm, bid_choices, posted_number
from games.fragments import GameFragments
from games.models import Game
from games.scoring.steps import players_mark
from games.views.base import HtmxHttpRequest, navigate, open_game, post_only, render

TEMPLATE = "games/game.html"


@require_http_methods(["GET", "HEAD", "POST"])
def new_game(request: HtmxHttpRequest) -> HttpResponse:
    """The form judges names and seats; the rules are checked by building them. A visitor
    without an account becomes a guest here, on a valid post only (never for a page view)."""
    form = NewGameForm(request.POST if request.method == "POST" else None)
    status = None
    if form.is_bound and form.is_valid():
        refused = guests.may_start_game(request)
        if refused:
            form.add_error(None, refused)
            status = 429
        else:
            data = form.cleaned_data
            try:
                game = services.create_game(
                    request.user,
                    name=data["name"].strip(),
                    players=data["players"],
                    rules=data["rules"],
                    preset=data["preset"],
                    first_dealer=data["first_dealer"],
                )
            except services.LimitReached as problem:
                form.add_error(None, str(problem))
            else:
                return navigate(request, game)
    context = {
        "form": form,
        "known_names": known_names(request.user) if request.user.is_authenticated else [],
        "presets": scoring.PRESETS.values(),
    }
    return render(request, "games/new.html", context, partial="form", status=status)


def known_names(user: User) -> list[str]:
    """Names used in the user's earlier games, for the name fields to suggest."""
    names: set[str] = set()
    recent = Game.objects.filter(owner=user).order_by("-updated_at")
    for players in recent.values_list("players", flat=True)[:200]:
        names.update(players)
    return sorted(names, key=str.casefold)


def scorer(request: HtmxHttpRequest) -> Access:
    """The access of a scoring request: the owner, or a phone holding the table's scoring link."""
    return Access.of(request, scoring=True)


@require_safe
def game_detail(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The table's page; htmx asks for its live part again after a conflict or a reload, and
    for a long game's earlier rows a page at a time (`before`). A phone left on its table's
    earlier game (a reload after the next round was paired) follows the table."""
    try:
        game = open_game(request, pk, scoring=True)
    except Http404:
        return follow(request, pk)
    if game.clock_due():
        services.look_at_clock(scorer(request), pk)
        game = open_game(request, pk, scoring=True)
    before = posted_number(request.GET.get("before"))
    fragments = GameFragments(game)
    if request.htmx and before is not None:
        history, earlier = fragments.history(before)
        context = {"game": game, "history": history, "earlier": earlier}
        return TemplateResponse(request, f"{TEMPLATE}#earlier_rows", context)
    back = request.session.pop(BIDS_BACK, None)
    form = None
    if (
        isinstance(back, dict)
        and back.get("game") == game.pk
        and back.get("version") == game.version
    ):
        form = bids_taken_back(fragments, tuple(back["bids"]))
    context = live_context(fragments, form=form, before=before)
    return render(request, TEMPLATE, context, partial="live")


@require_safe
def follow_table(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Asked every few seconds by a finished game's page at a club night's table: nothing
    (204) until the table plays a newer game, then the phone is sent to it."""
    try:
        open_game(request, pk, scoring=True)
    except Http404:
        return follow(request, pk)
    return HttpResponse(status=204)


def follow(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A phone asking for its table's earlier game is sent to the table's game now, told why;
    a 404 for anyone else."""
    moved = services.moved_on(scorer(request), pk)
    if moved is None:
        raise Http404("No such game.")
    messages.info(request, str(moved))
    return navigate(request, moved.game)


# The bids an undo took back, for the page after its redirect (without JavaScript).
BIDS_BACK = "bids_taken_back"


@require_safe
def game_chart(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The score chart alone: the game page asks for it again after a hand is scored. Opened
    by its address (a bookmark, a link passed on), it is drawn as a page of the app."""
    game = open_game(request, pk, scoring=True)
    chart = GameFragments(game).chart
    if request.htmx:
        return HttpResponse(chart)
    return TemplateResponse(request, "games/chart.html", {"game": game, "chart": chart})


def blank_step(
    fragments: GameFragments, *, lean: bool
) -> tuple[list[object], Callable[[], BidsForm | TricksForm]]:
    """The blank form of the step the game waits for: what its fields are drawn from, and how
    to draw them. Drawing a step's pads is most of a recorded step's answer, and tables in the
    same state (the same names and rules, dealer and keys) draw the same fields."""
    game, state, rules = fragments.game, fragments.state, fragments.rules
    step = state.step
    assert step is not None
    players = list(game.players)
    if step.form == "tricks":
        # The hand being played, or one that bids itself (no bids, no contracts yet).
        pending = state.pending_hand
        bids = None if pending is None else pending.bids
        contracts = None if pending is None else pending.contracts
        return [players, bids, contracts], lambda: TricksForm(
            rules=rules, players=players, bids=bids, contracts=contracts, lean=lean
        )
    first, dealer, scores = state.next_first_bidder_seat, state.next_dealer_seat, state.scores
    # The sides' scores matter only through the keys each pad offers (blind bids may need a
    # side to trail).
    offered = [bid_choices(rules, seat, scores).keys for seat in range(rules.players)]
    offered += [bid_choices(rules, seats[0], scores, team=True).keys for seats in rules.sides]
    return [players, first, dealer, offered], lambda: BidsForm(
        rules=rules, players=players, first_bidder=first, dealer=dealer, scores=scores, lean=lean
    )


def live_context(
    fragments: GameFragments,
    *,
    form: BidsForm | TricksForm | None = None,
    notice: str | None = None,
    notice_kind: str = "warning",
    rows: bool = True,
    before: int | None = None,
    lean: bool = False,
) -> dict[str, Any]:
    """What the game page shows: cached fragments, and the entry step's fields: a checked
    `form` drawn with its errors, or the blank step (the same for everyone: cached).
    `lean` keys are drawn by app.js: only for the htmx swap after a recorded step."""
    game, state = fragments.game, fragments.state
    step = state.step
    fields = None
    if form is not None:
        fields = fragments.step_fields("bids" if isinstance(form, BidsForm) else "tricks", form)
    elif step is not None:
        drawn_from, make_form = blank_step(fragments, lean=lean)
        fields = fragments.blank_step_fields(drawn_from, make_form, lean=lean)
    history, earlier = fragments.history(before) if rows else ("", 0)
    return {
        "game": game,
        "fragments": fragments,
        "state": state,
        "rules": fragments.rules,
        "preset_title": display.preset_title(game.preset),
        "history": history,
        "earlier": earlier,
        "paged": before is not None,
        "step": step.form if step else None,
        "step_number": step.number if step else None,
        "step_fields": fields,
        # Only a club night's table is ever reseated (`services.reseat`).
        "seated_mark": players_mark(game.players) if game.at_event else "",
        "notice": notice,
        "notice_kind": notice_kind,
        "rematch": Game.objects.filter(rematch_of=game).first() if state.finished else None,
    }


def written(request: HtmxHttpRequest, write: services.Written) -> HttpResponse:
    """After a saved step: post/redirect/get, or for htmx only the parts that changed."""
    if not request.htmx:
        if write.notice:
            messages.success(request, write.notice)
        if write.bids_back is not None:
            # The page after the redirect shows them again (game_detail), once.
            back = {"game": write.game.pk, "version": write.game.version}
            request.session[BIDS_BACK] = {**back, "bids": list(write.bids_back)}
        return redirect(write.game)
    fragments = GameFragments(write.game, write.result, write.notes, written=True)
    form = None if write.bids_back is None else bids_taken_back(fragments, write.bids_back)
    context = live_context(
        fragments, form=form, notice=write.notice, notice_kind="success", rows=False, lean=True
    )
    context.update(oob=True, removed=write.removed_row)
    if write.added_row is not None:
        context["added"] = fragments.items(fragments.rows([write.added_row]))
    response = TemplateResponse(request, f"{TEMPLATE}#written", context)
    # Drawn now, so what the write's answer drew is kept in one call (`GameFragments.keep`).
    response.render()
    fragments.keep()
    if write.added_row or write.removed_row:
        response.headers["HX-Trigger"] = "hand-scored"  # the chart asks for itself again
    return response


def bids_taken_back(fragments: GameFragments, bids: tuple[scoring.Bid | None, ...]) -> BidsForm:
    """The bids step again after an undo of its bids, with every bid but the last one made
    (the dealer's, or the last in the bidding order) already tapped."""
    state, rules = fragments.state, fragments.rules
    first, count = state.next_first_bidder_seat, rules.players
    order = [(first + turn) % count for turn in range(count)]
    made = [seat for seat in order if seat < len(bids) and bids[seat] is not None]
    initial: dict[str, object] = {}
    for seat in made[:-1]:
        initial[f"bid_{seat}"] = scoring.bid_key(bids[seat])
    for index, seats in enumerate(rules.sides):
        given = [seat for seat in seats if seat < len(bids) and bids[seat] is not None]
        if len(seats) > 1 and len(given) == 1:  # a side that bid as a team
            initial[f"team_{index}"] = True
            if given[0] != made[-1]:
                initial[f"team_bid_{index}"] = initial.pop(f"bid_{given[0]}")
    _, make_form = blank_step(fragments, lean=False)
    form = make_form()
    assert isinstance(form, BidsForm)
    form.initial.update(initial)
    return form


def refused(
    request: HtmxHttpRequest,
    done: services.Refusal[BidsForm] | services.Refusal[TricksForm],
    form: BidsForm | TricksForm,
) -> HttpResponse:
    """A form with its errors, nothing saved: for htmx the entry step alone, drawn after the
    service's transaction."""
    fragments = GameFragments(done.game, done.result, done.notes)
    context = live_context(fragments, form=form, rows=not request.htmx)
    return render(request, TEMPLATE, context, partial="entry", status=422)


def conflict(request: HtmxHttpRequest, pk: int, problem: services.Conflict) -> HttpResponse:
    """The form no longer matches the game: say so, and show the game as it now is (or the
    game its table plays now)."""
    if isinstance(problem, services.MovedOn):
        messages.warning(request, f"Nothing was recorded. {problem}")
        return navigate(request, problem.game, status=409)
    if not request.htmx:
        messages.warning(request, str(problem))
        return redirect("game", pk=pk)
    game = open_game(request, pk, scoring=True)
    context = live_context(GameFragments(game), notice=str(problem))
    response = TemplateResponse(request, f"{TEMPLATE}#live", context, status=409)
    return reswap(retarget(response, "#live"), "outerHTML")


def add_hand_error(
    form: BidsForm | TricksForm | EditHandForm, error: scoring.HandError, number: int
) -> None:
    """The engine's problem next to the seat it names; a problem it finds in another hand
    (a correction that ends the game earlier, say) above the form, with that hand's number."""
    if error.number != number:
        form.add_error(None, f"Not saved: {display.sentence(str(error))}")
        return
    form.add_error(form.field_for_seat(error.seat, error.field), display.sentence(error.problem))


@post_only
def post_bids(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Step 1 of a hand: the bids of the next hand, and no other. The service owns the write's
    transaction; the answer is drawn after it, so the game stays locked for the write alone."""
    number = posted_number(request.POST.get("hand"))

    def read(locked: services.LockedGame) -> tuple[BidsForm, Callable[[], services.Written]]:
        seated = request.POST.get("seated") or None
        step = services.step_for(locked, "bids", number, seated=seated)
        form = BidsForm(request.POST, rules=locked.rules, players=locked.game.players)
        return form, lambda: services.record_step(locked, step, form.bids())

    try:
        done = services.write_form(scorer(request), pk, read, clock=True)
    except services.Conflict as problem:
        return conflict(request, pk, problem)
    if isinstance(done, services.Written):
        return written(request, done)
    form = done.form
    if isinstance(done.error, scoring.HandError):
        add_hand_error(form, done.error, number or 0)
    form.arrange(done.result.next_first_bidder, done.result.next_dealer)
    form.offer([side.score for side in done.result.sides])
    return refused(request, done, form)


@post_only
def post_tricks(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Step 2 of a hand, for the hand being played and no other; a hand that bids itself
    starts here, as the next hand. The answer is drawn after the service's transaction."""
    number = posted_number(request.POST.get("hand"))

    def read(locked: services.LockedGame) -> tuple[TricksForm, Callable[[], services.Written]]:
        seated = request.POST.get("seated") or None
        step = services.step_for(locked, "tricks", number, request.POST.get("bids"), seated)
        bids = locked.hands[-1].bids if step.kind == "tricks" else None
        form = TricksForm(request.POST, rules=locked.rules, players=locked.game.players, bids=bids)
        return form, lambda: services.record_step(locked, step, form.tricks())

    try:
        done = services.write_form(scorer(request), pk, read, clock=True)
    except services.Conflict as problem:
        return conflict(request, pk, problem)
    if isinstance(done, services.Written):
        return written(request, done)
    if isinstance(done.error, scoring.HandError):
        add_hand_error(done.form, done.error, number or 0)
    return refused(request, done, done.form)


@require_http_methods(["GET", "HEAD", "POST"])
def edit_hand(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """Correct any recorded hand, the one being played included; the rest follows by replay.

    A correction that ends the game before its last hand is explained first and saved only
    when confirmed (`confirm` carries the game's version, `ends_after` the end that was shown);
    the hands it removes are kept in the session so an undo right after puts them back."""
    if request.method != "POST":
        game = open_game(request, pk, scoring=True)
        hands = game.recorded_hands()
        if not 1 <= number <= len(hands):
            raise Http404("No such hand.")
        form = edit_form(game, hands, number)
        return edit_page(request, game, number, form, undo=undo_for(request, game))
    if "undo" in request.POST:
        return put_back(request, pk)
    confirm = posted_number(request.POST.get("confirm"))
    cut_after = posted_number(request.POST.get("ends_after")) if confirm else None

    def read(locked: services.LockedGame) -> tuple[EditHandForm, Callable[[], services.Written]]:
        if not 1 <= number <= len(locked.hands):
            raise services.Conflict(f"There is no hand {number} in this game any more.")
        form = edit_form(locked.game, locked.hands, number, request.POST)
        if "version" in form.errors:
            raise services.Conflict(services.OUT_OF_DATE)
        if confirm is not None and confirm != locked.game.version:
            raise services.Conflict(
                "This game changed on another phone since you were asked to confirm, so "
                "nothing was removed. Here is the current state."
            )

        def save() -> services.Written:
            bids, tricks, version = form.bids(), form.tricks(), form.cleaned_data["version"]
            return services.correct_hand(locked, number, bids, tricks, version, cut_after=cut_after)

        return form, save

    try:
        done = services.write_form(scorer(request), pk, read)
    except services.Conflict as problem:
        messages.warning(request, str(problem))
        return navigate(request, reverse("game", args=[pk]), status=409)
    if isinstance(done, services.Written):
        return corrected(request, done, number)
    if isinstance(done.error, services.EndsEarlier):
        # Shown again (409) when what was confirmed is no longer what would happen.
        status = 409 if confirm is not None else 200
        return edit_page(request, done.game, number, done.form, ending=done.error, status=status)
    if isinstance(done.error, scoring.HandError):
        add_hand_error(done.form, done.error, number)
    return edit_page(request, done.game, number, done.form)


UNDO_KEY = "correction_undo"


def corrected(request: HtmxHttpRequest, write: services.Written, number: int) -> HttpResponse:
    """After a correction: the game page; after one that removed hands, this page again with
    the way to undo it (the removed hands wait in the session: see `undo_for`)."""
    if write.notice:
        messages.success(request, write.notice)
    if write.removed is None:
        request.session.pop(UNDO_KEY, None)
        return navigate(request, write.game)
    request.session[UNDO_KEY] = {"game": write.game.pk, **write.removed.to_json()}
    return navigate(request, reverse("edit_hand", args=[write.game.pk, number]))


def undo_for(request: HtmxHttpRequest, game: Game) -> services.Removed | None:
    """The removed hands this browser may put back: kept in the session, not the database,
    because the undo is for the person who just confirmed, right after; it needs no table
    and leaves nothing to clean up, and any later change to the game (its version) voids it."""
    saved = request.session.get(UNDO_KEY)
    if not isinstance(saved, dict) or saved.get("game") != game.pk:
        return None
    removed = services.Removed.from_json(saved)
    return removed if removed is not None and removed.version == game.version else None


def put_back(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Undo a correction that removed hands, exactly, if nothing changed since."""
    saved = request.session.get(UNDO_KEY)
    ours = isinstance(saved, dict) and saved.get("game") == pk
    removed = services.Removed.from_json(saved) if ours else None
    version = posted_number(request.POST.get("undo"))

    def undo(locked: services.LockedGame) -> services.Written:
        if removed is None:
            raise services.Conflict("There is no correction to undo here; nothing changed.")
        return services.put_back(locked, version, removed)

    try:
        write = services.write(scorer(request), pk, undo)
    except services.Conflict as problem:
        messages.warning(request, str(problem))
        return navigate(request, reverse("game", args=[pk]), status=409)
    request.session.pop(UNDO_KEY, None)
    if write.notice:
        messages.success(request, write.notice)
    return navigate(request, write.game)


def edit_form(
    game: Game, hands: list[scoring.Hand], number: int, data: QueryDict | None = None
) -> EditHandForm:
    hand = hands[number - 1]
    rules = game.rules_obj()
    initial: dict[str, object] = {"version": game.version}
    bids = hand.bids or (None,) * rules.players
    for seat in range(rules.players):
        initial[f"bid_{seat}"] = "" if bids[seat] is None else scoring.bid_key(bids[seat])
        if hand.tricks is not None and hand.tricks[seat] is not None:
            initial[f"tricks_{seat}"] = str(hand.tricks[seat])
    return EditHandForm(
        data,
        initial=initial,
        rules=rules,
        players=game.players,
        allow_no_tricks=number == len(hands),
        bids_itself=not scoring.needs_bids(rules, number),
    )


def edit_page(
    request: HtmxHttpRequest,
    game: Game,
    number: int,
    form: EditHandForm,
    *,
    ending: services.EndsEarlier | None = None,
    undo: services.Removed | None = None,
    status: int | None = None,
) -> HttpResponse:
    context = {
        "game": game,
        "number": number,
        "form": form,
        "is_last": number == game.hand_count,
        "ending": ending,
        "undo": undo,
    }
    return render(request, "games/edit_hand.html", context, partial="form", status=status)


def _versioned(
    request: HtmxHttpRequest,
    pk: int,
    write: Callable[[services.LockedGame, int], services.Written],
    stale: str,
) -> HttpResponse:
    """A scorer's button that carries the version it was drawn for, so a double tap (or a
    second phone's old page) does nothing twice: `stale` says so when it has no version."""
    version = posted_number(request.POST.get("version"))

    def versioned(locked: services.LockedGame) -> services.Written:
        if version is None:
            raise services.Conflict(stale)
        return write(locked, version)

    try:
        done = services.write(scorer(request), pk, versioned)
    except services.Conflict as problem:
        return conflict(request, pk, problem)
    return written(request, done)


@post_only
def undo(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Take back the last step (or the time call)."""
    stale = "That undo button was out of date; nothing was undone."
    return _versioned(request, pk, services.undo_last, stale)


@post_only
def call_time(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The time is called at the table: the hand in play is played out and the game ends."""
    stale = "That button was out of date; the time was not called."
    return _versioned(request, pk, services.call_time, stale)


@post_only
def rematch(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Same players and rules, a new game, once; it joins the table, so the table's links (and
    a scoring phone's grant) move on to it."""
    try:
        new, created = services.start_rematch(scorer(request), pk)
    except services.Conflict as problem:
        return conflict(request, pk, problem)
    if created:
        messages.success(request, f"Rematch! {new.players[new.first_dealer]} deals first.")
    else:
        messages.info(request, "The rematch had already started: here it is.")
    return navigate(request, new)
