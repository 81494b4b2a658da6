"""The table: start a game, record each hand in two steps, correct it, rematch.

Every write goes the same way: `recording.writing` locks the game (a new hand goes on from its
checkpoint; a correction or an undo reads every hand), the view reads its form, one `Table`
method checks and saves the write, and the response is drawn from what that method returns.
htmx gets back only what changed (the next entry step, the standings, a new or removed history
row, a notice); without JavaScript, post/redirect/get.
"""

from collections.abc import Callable
from typing import NamedTuple

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_safe
from django_htmx.http import reswap, retarget

from games import display, links, recording, scoring
from games.accounts import guests
from games.forms.new_game import NewGameForm
from games.forms.table import (
    BidsForm,
    EditHandForm,
    HiddenNumber,
    TricksForm,
    offered_bids,
    posted_number,
)
from games.models import Access, Game, games_open_to
from games.parts import GameParts
from games.views.base import HtmxHttpRequest, navigate, owned_game, post_only

TEMPLATE = "games/game.html"


class GameLinks:
    """A game's own addresses for its page (`links.undo` in the template), each reversed once
    per process (`games.links`): the page has some twenty of them."""

    def __init__(self, pk: int) -> None:
        self.pk = pk

    def __getitem__(self, name: str) -> str:
        return links.url(name, self.pk)


@require_http_methods(["GET", "HEAD", "POST"])
def new_game(request: HtmxHttpRequest) -> HttpResponse:
    """The form judges names and seats; the rules are checked by building them. A visitor
    without an account becomes a guest here, on a valid post only (never for a page view)."""
    form = NewGameForm(request.POST if request.method == "POST" else None)
    status = 200
    if form.is_bound and form.is_valid():
        refused = None if request.user.is_authenticated else guests.start(request)
        if refused:
            form.add_error(None, refused)
            status = 429
        else:
            guests.keep_alive(request)
            data = form.cleaned_data
            try:
                game = recording.create_game(
                    request.user,
                    name=data["name"].strip(),
                    players=data["players"],
                    rules=data["rules"],
                    preset=data["preset"],
                    first_dealer=data["first_dealer"],
                )
            except recording.LimitReached as problem:
                form.add_error(None, str(problem))
            else:
                return navigate(request, game)
    context = {
        "form": form,
        "known_names": known_names(request.user) if request.user.is_authenticated else [],
        "presets": scoring.PRESETS.values(),
    }
    template = "games/new.html#form" if request.htmx else "games/new.html"
    if form.errors and status == 200:
        status = 422
    return TemplateResponse(request, template, context, status=status)


def known_names(user) -> list[str]:
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
    """The table's page; htmx asks for its live part again after a conflict or a reload."""
    game = owned_game(request, pk, scoring=True, table=False)
    before = posted_number(request.GET.get("before"))
    parts = GameParts(game)
    if request.htmx and before is not None:
        history, earlier = parts.history(before)
        context = {"game": game, "history": history, "earlier": earlier}
        return TemplateResponse(request, f"{TEMPLATE}#earlier_rows", context)
    template = f"{TEMPLATE}#live" if request.htmx else TEMPLATE
    return TemplateResponse(request, template, live_context(parts, before=before))


@require_safe
def game_chart(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The score chart alone: the page asks for it again after a hand is scored."""
    return HttpResponse(GameParts(owned_game(request, pk, scoring=True, table=False)).chart)


class NextStep(NamedTuple):
    step: str  # "bids" or "tricks"
    number: int  # the hand's
    drawn_from: tuple  # everything its fields are drawn from, bar the hand's number
    make: Callable[[], BidsForm | TricksForm]


def step_due(parts: GameParts) -> tuple[str, int]:
    """The step ("bids" or "tricks") a game not yet over waits for, and the hand's number."""
    state = parts.state
    if state.pending_hand is not None:
        return "tricks", state.pending_hand.number
    # A hand that bids itself has no bids step: its tricks start it.
    bids = scoring.needs_bids(parts.rules, state.next_number)
    return ("bids" if bids else "tricks"), state.next_number


def next_step(parts: GameParts, *, lean: bool) -> NextStep:
    """The entry step a game not yet over waits for (`step_due`), and what its fields depend
    on."""
    game, state, rules = parts.game, parts.state, parts.rules
    players = tuple(game.players)
    step, number = step_due(parts)
    if step == "tricks":
        # The hand being played, or one that bids itself (no bids, no contracts yet).
        pending = state.pending_hand
        bids = None if pending is None else pending.bids
        contracts = None if pending is None else pending.contracts
        return NextStep(
            "tricks",
            number,
            (players, bids, contracts),
            lambda: TricksForm(
                rules=rules, players=players, bids=bids, contracts=contracts, lean=lean
            ),
        )
    first, dealer = state.next_first_bidder_seat, state.next_dealer_seat
    # The sides' scores matter only through the keys each seat is offered.
    offered = tuple(
        offered_bids(rules, seat, state.scores, team=team)
        for seat in range(rules.players)
        for team in (False, True)
    )
    return NextStep(
        "bids",
        number,
        (players, first, dealer, offered),
        lambda: BidsForm(
            rules=rules,
            players=players,
            first_bidder=first,
            dealer=dealer,
            scores=state.scores,
            lean=lean,
        ),
    )


def live_context(
    parts: GameParts,
    *,
    bids_form: BidsForm | None = None,
    tricks_form: TricksForm | None = None,
    notice: str | None = None,
    notice_kind: str = "warning",
    rows: bool = True,
    before: int | None = None,
    lean: bool = False,
) -> dict:
    """What the game page shows: cached parts, and the forms drawn afresh for each visitor.
    `lean` keys are drawn by app.js: only for the htmx swap after a recorded step."""
    game, state, rules = parts.game, parts.state, parts.rules
    step, number, fields = None, None, ""
    if state.finished:
        pass
    elif tricks_form is not None:  # checked, with its errors
        step, number, fields = (
            "tricks",
            tricks_form["hand"],
            parts.step_fields("tricks", tricks_form),
        )
    elif bids_form is not None:
        step, number, fields = "bids", bids_form["hand"], parts.step_fields("bids", bids_form)
    else:
        step, hand = step_due(parts)
        number = HiddenNumber().render("hand", hand, {"id": "id_hand"})
        fields = parts.new_step_fields(step, lambda: next_step(parts, lean=lean), lean=lean)
    history, earlier = parts.history(before) if rows else ("", 0)
    return {
        "game": game,
        "links": GameLinks(game.pk),
        "parts": parts,
        "state": state,
        "rules": rules,
        "preset_title": display.preset_title(game.preset),
        "history": history,
        "earlier": earlier,
        "paged": before is not None,
        "step": step,
        "step_number": number,
        "step_fields": fields,
        # Only a checked form (drawn afresh with its errors); an unchecked step is cached.
        "bids_form": bids_form,
        "tricks_form": tricks_form,
        "notice": notice,
        "notice_kind": notice_kind,
        "rematch": Game.objects.filter(rematch_of=game).first() if state.finished else None,
    }


def written(request: HtmxHttpRequest, write: recording.Written) -> HttpResponse:
    """After a saved step: post/redirect/get, or for htmx only the parts that changed."""
    if not request.htmx:
        if write.notice:
            messages.success(request, write.notice)
        return redirect(write.game)
    parts = GameParts(write.game, result=write.result)
    context = live_context(parts, notice=write.notice, notice_kind="success", rows=False, lean=True)
    context.update(oob=True, removed=write.removed_row)
    if write.added_row is not None:
        context["added"] = parts.items(parts.rows([write.added_row]))
    response = TemplateResponse(request, f"{TEMPLATE}#written", context)
    if write.added_row or write.removed_row:
        response.headers["HX-Trigger"] = "hand-scored"  # the chart asks for itself again
    return response


def refused(request: HtmxHttpRequest, table: recording.Table, **forms) -> HttpResponse:
    """A form with its errors, nothing saved: for htmx the entry step alone."""
    parts = GameParts(table.game, result=table.result)
    if request.htmx:
        context = live_context(parts, rows=False, **forms)
        return TemplateResponse(request, f"{TEMPLATE}#entry", context, status=422)
    return TemplateResponse(request, TEMPLATE, live_context(parts, **forms), status=422)


def conflict(request: HtmxHttpRequest, pk: int, problem: recording.Conflict) -> HttpResponse:
    """The form no longer matches the game: say so, and show the game as it now is."""
    if not request.htmx:
        messages.warning(request, str(problem))
        return redirect("game", pk=pk)
    context = live_context(GameParts(owned_game(request, pk, scoring=True)), notice=str(problem))
    response = TemplateResponse(request, f"{TEMPLATE}#live", context, status=409)
    return reswap(retarget(response, "#live"), "outerHTML")


def add_hand_error(form, error: scoring.HandError, number: int) -> None:
    """The engine's problem next to the seat it names; a problem it finds in another hand
    (a correction that ends the game earlier, say) above the form, with that hand's number."""
    if error.number != number:
        form.add_error(None, f"Not saved: {display.sentence(str(error))}")
        return
    form.add_error(form.field_for_seat(error.seat, error.field), display.sentence(error.problem))


@post_only
def post_bids(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Step 1 of a hand. The posted hand number must be the next one, or the form is stale.
    The answer is drawn after the commit: the write lock is held for the write alone."""
    try:
        with recording.writing(scorer(request), pk) as table:
            number = table.check_bids_step(posted_number(request.POST.get("hand")))
            form = BidsForm(request.POST, rules=table.rules, players=table.game.players)
            write = None
            if form.is_valid():
                try:
                    write = table.record_bids(number, form.bids())
                except scoring.HandError as error:
                    add_hand_error(form, error, number)
            if write is None:
                result = table.result
                form.arrange(result.next_first_bidder, result.next_dealer)
                form.offer([side.score for side in result.sides])
                return refused(request, table, bids_form=form)
    except recording.Conflict as problem:
        return conflict(request, pk, problem)
    return written(request, write)


@post_only
def post_tricks(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Step 2 of a hand, for the hand being played and no other; a hand that bids itself
    starts here, as the next hand. The answer is drawn after the commit."""
    try:
        with recording.writing(scorer(request), pk) as table:
            posted = posted_number(request.POST.get("hand"))
            unbid = table.bids_itself(posted)
            number = posted if unbid and posted is not None else table.check_tricks_step(posted)
            players, bids = table.game.players, None if unbid else table.playing_bids()
            form = TricksForm(request.POST, rules=table.rules, players=players, bids=bids)
            write = None
            if form.is_valid():
                record = table.record_unbid_hand if unbid else table.record_tricks
                try:
                    write = record(number, form.tricks())
                except scoring.HandError as error:
                    add_hand_error(form, error, number)
            if write is None:
                return refused(request, table, tricks_form=form)
    except recording.Conflict as problem:
        return conflict(request, pk, problem)
    return written(request, write)


@require_http_methods(["GET", "HEAD", "POST"])
def edit_hand(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """Correct any recorded hand, the one being played included; the rest follows by replay.

    A correction that ends the game before its last hand is explained first and saved only
    when confirmed (`confirm` carries the game's version, `ends_after` the end that was shown);
    the hands it removes are kept in the session so an undo right after puts them back."""
    if request.method != "POST":
        game = owned_game(request, pk, scoring=True)
        hands = game.recorded_hands()
        if not 1 <= number <= len(hands):
            raise Http404("No such hand.")
        form = edit_form(game, hands, number)
        return edit_page(request, game, number, form, undo=undo_for(request, game))
    if "undo" in request.POST:
        return put_back(request, pk)
    confirm = posted_number(request.POST.get("confirm"))
    try:
        with recording.writing(scorer(request), pk, every_hand=True) as table:
            if not 1 <= number <= len(table.hands):
                raise recording.Conflict(f"There is no hand {number} in this game any more.")
            form = edit_form(table.game, table.hands, number, request.POST)
            if "version" in form.errors:
                raise recording.Conflict(recording.OUT_OF_DATE)
            if confirm is not None and confirm != table.game.version:
                raise recording.Conflict(
                    "This game changed on another phone since you were asked to confirm, so "
                    "nothing was removed. Here is the current state."
                )
            cut_after = posted_number(request.POST.get("ends_after")) if confirm else None
            if form.is_valid():
                try:
                    write = table.correct_hand(
                        number,
                        form.bids(),
                        form.tricks(),
                        form.cleaned_data["version"],
                        cut_after=cut_after,
                    )
                except scoring.HandError as error:
                    add_hand_error(form, error, number)
                except recording.EndsEarlier as ending:
                    # Shown again (409) when what was confirmed is no longer what would happen.
                    status = 409 if confirm is not None else 200
                    return edit_page(
                        request, table.game, number, form, ending=ending, status=status
                    )
                else:
                    return corrected(request, write, number)
            return edit_page(request, table.game, number, form)
    except recording.Conflict as problem:
        messages.warning(request, str(problem))
        return navigate(request, reverse("game", args=[pk]), status=409)


UNDO_KEY = "correction_undo"


def corrected(request: HtmxHttpRequest, write: recording.Written, number: int) -> HttpResponse:
    """After a correction: the game page; after one that removed hands, this page again with
    the way to undo it (the removed hands wait in the session: see `undo_for`)."""
    if write.notice:
        messages.success(request, write.notice)
    if write.removed is None:
        request.session.pop(UNDO_KEY, None)
        return navigate(request, write.game)
    request.session[UNDO_KEY] = {"game": write.game.pk, **write.removed.to_json()}
    return navigate(request, reverse("edit_hand", args=[write.game.pk, number]))


def undo_for(request: HtmxHttpRequest, game: Game) -> recording.Removed | None:
    """The removed hands this browser may put back: kept in the session, not the database,
    because the undo is for the person who just confirmed, right after; it needs no table
    and leaves nothing to clean up, and any later change to the game (its version) voids it."""
    saved = request.session.get(UNDO_KEY)
    if not isinstance(saved, dict) or saved.get("game") != game.pk:
        return None
    removed = recording.Removed.from_json(saved)
    return removed if removed is not None and removed.version == game.version else None


def put_back(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Undo a correction that removed hands, exactly, if nothing changed since."""
    saved = request.session.get(UNDO_KEY)
    ours = isinstance(saved, dict) and saved.get("game") == pk
    removed = recording.Removed.from_json(saved) if ours else None
    try:
        with recording.writing(scorer(request), pk, every_hand=True) as table:
            if removed is None:
                raise recording.Conflict("There is no correction to undo here; nothing changed.")
            write = table.put_back(posted_number(request.POST.get("undo")), removed)
    except recording.Conflict as problem:
        messages.warning(request, str(problem))
        return navigate(request, reverse("game", args=[pk]), status=409)
    request.session.pop(UNDO_KEY, None)
    if write.notice:
        messages.success(request, write.notice)
    return navigate(request, write.game)


def edit_form(game: Game, hands: list[scoring.Hand], number: int, data=None) -> EditHandForm:
    hand = hands[number - 1]
    rules = game.rules_obj()
    initial: dict = {"version": game.version}
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
    form,
    *,
    ending: recording.EndsEarlier | None = None,
    undo: recording.Removed | None = None,
    status: int | None = None,
) -> HttpResponse:
    is_last = number == game.hand_count
    context = {
        "game": game,
        "number": number,
        "form": form,
        "is_last": is_last,
        "ending": ending,
        "undo": undo,
    }
    template = "games/edit_hand.html#form" if request.htmx else "games/edit_hand.html"
    if status is None:
        status = 422 if form.errors else 200
    return TemplateResponse(request, template, context, status=status)


@post_only
def undo(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Take back the last step; the version keeps a double tap from undoing two."""
    try:
        with recording.writing(scorer(request), pk, every_hand=True) as table:
            version = posted_number(request.POST.get("version"))
            if version is None:
                raise recording.Conflict("That undo button was out of date; nothing was undone.")
            write = table.undo_last(version)
    except recording.Conflict as problem:
        return conflict(request, pk, problem)
    return written(request, write)


@post_only
def rematch(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Same players and rules, a new game, once; it joins the table, so the table's links (and
    a scoring phone's grant) move on to it."""
    try:
        game = owned_game(request, pk, scoring=True)
    except Http404:
        # A scoring phone's second tap: the rematch it started is the table's game now.
        # Through the game's pk, whose lookup turns a number too big for the column into no
        # match; a foreign key's does not, and the database would refuse it.
        game_asked = Game.objects.filter(pk=pk).values("pk")
        started = games_open_to(scorer(request)).filter(rematch_of__in=game_asked).first()
        if started is None:
            raise
        messages.info(request, "The rematch had already started: here it is.")
        return navigate(request, started)
    result = game.replay()
    if not result.finished:
        return conflict(
            request, pk, recording.Conflict("A rematch can start once this game is over.")
        )
    try:
        new, created = recording.start_rematch(game, result)
    except recording.LimitReached as problem:
        return conflict(request, pk, problem)
    if created:
        messages.success(request, f"Rematch! {game.players[new.first_dealer]} deals first.")
    else:
        messages.info(request, "The rematch had already started: here it is.")
    return navigate(request, new)
