"""Club nights: the director's desk, the room board and the table cards.

Every write goes through `games.club.services`; a view binds its form, calls one service and
redirects (post/redirect/get), or shows the form again with the problem next to its field.
"""

import csv
import time
from collections.abc import Callable
from functools import wraps
from typing import Any, TypedDict

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.forms import Form
from django.http import (
    Http404,
    HttpResponse,
    HttpResponseBadRequest,
    HttpResponseNotAllowed,
    JsonResponse,
)
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.safestring import SafeString
from django.utils.text import slugify
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_safe
from django_eventstream import views as eventstream_views

from games import display, events
from games.access import Access
from games.accounts import throttle
from games.club import desk, eventfile, imports, push, reads, services
from games.club.board import context as board_context
from games.club.board import live_part, poll_etag
from games.club.forms import (
    ConfirmForm,
    EventFileForm,
    NewEventForm,
    PenaltyForm,
    PlayerForm,
    SoloForm,
    TeamForm,
    TeamsForm,
    ranking_words,
)
from games.club.models import Event, EventImport, EventRound
from games.models import Game
from games.scoring.limits import STREAM_IMPORT_ABOVE
from games.views.base import AuthenticatedHttpRequest, HtmxHttpRequest, navigate, post_only, render
from games.views.watch import loopback_host, qr_svg, reachable_url


def event_post(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """An event's post-only address opened by GET (a reload, a bookmark) goes to the desk."""

    @wraps(view)
    def wrapper(request: HtmxHttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method in ("GET", "HEAD"):
            return redirect("club:event", pk=pk)
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        return view(request, pk, *args, **kwargs)

    return wrapper


def _owned(request: HtmxHttpRequest, pk: int) -> Event:
    if not request.user.is_authenticated:
        raise Http404("No such event.")
    return get_object_or_404(Event, pk=pk, owner=request.user)


@login_required
@require_safe
def event_list(request: HtmxHttpRequest) -> TemplateResponse:
    """The director's events, newest first."""
    found = Event.objects.filter(owner_id=request.user.pk).order_by("-created_at")
    return TemplateResponse(request, "club/events.html", {"events": found})


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def new_event(request: AuthenticatedHttpRequest) -> HttpResponse:
    form = NewEventForm(request.POST if request.method == "POST" else None)
    if form.is_bound and form.is_valid():
        data = form.cleaned_data
        try:
            event = services.create_event(
                request.user,
                name=data["name"],
                rules=form.rules(),
                preset=data["preset"],
                pairing=data["pairing"],
                rounds=data["rounds"],
                round_minutes=data["round_minutes"],
                points={key: data[key] for key in ("win", "draw", "loss", "bye")},
                ranking=form.criteria(),
                playoff=data["playoff"],
                entries_until=data["entries_until"],
                seeding=data["seeding"] or "standings",
            )
        except services.EventProblem as problem:
            form.add_error(None, str(problem))
        else:
            return redirect(event)
    return render(request, "club/new.html", {"form": form}, status=422 if form.errors else None)


@never_cache
@require_safe
def event_desk(request: HtmxHttpRequest, pk: int) -> TemplateResponse:
    """The director's desk: every table at a glance, the standings, the teams and the log.
    `?table=3&team=5` opens the penalty form for that team at table 3 of the round."""
    event = _owned(request, pk)
    if services.call_time_when_due(event):
        event.refresh_from_db(fields=["version"])
    return _desk(request, event, penalty_for=desk.penalty_for(event, request.GET))


@require_safe
def desk_live(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The desk's changing part, asked for every few seconds: a 304 while nothing moved."""
    event = _owned(request, pk)
    if services.call_time_when_due(event):
        event.refresh_from_db(fields=["version"])
    version = reads.version(event)
    etag, _ = desk.poll_etag(event, version)
    response = get_conditional_response(request, etag=etag)
    if response is None:
        response = TemplateResponse(request, "club/event.html#poll", desk.live(event, version))
    response.headers["ETag"] = etag
    patch_cache_control(response, private=True, no_cache=True)
    return response


def _desk(
    request: HtmxHttpRequest,
    event: Event,
    status: int | None = None,
    penalty_for: desk.PenaltyFor | None = None,
    **forms: Form | bool,
) -> TemplateResponse:
    """The desk, with any form given (bound, showing its errors) in place of a blank one."""
    context = desk.live(event)
    teams = list(event.teams.all())
    current = context["round"] if isinstance(context["round"], EventRound) else None
    initial: dict[str, int] | None = {"round": current.number} if current else None
    if penalty_for is not None:
        initial = {"round": penalty_for.round, "table": penalty_for.table, "team": penalty_for.team}
    choices = [(team.position, team.name) for team in teams]
    penalty_form = PenaltyForm(teams=choices, initial=initial)
    if event.individual:  # a progressive night's penalty is on one player
        penalty_form.fields["team"].label = "Player"
    board_link = reachable_url(request, reverse("club:board", args=[event.board_token]))
    context.update(
        teams=teams,
        team_form=PlayerForm() if event.individual else TeamForm(),
        teams_form=TeamsForm(individual=event.individual),
        penalty_form=penalty_form,
        penalty_for=penalty_for,
        penalty_open=penalty_for is not None,
        solo_form=SoloForm(),
        entries_closed=events.entries_closed(
            event.pairing, event.entries_until, event.event_rounds.count()
        ),
        board_link=board_link,
        loopback=loopback_host(board_link),
        ranking_words=ranking_words(list(event.ranking)),
        buchholz=events.BUCHHOLZ if "buchholz" in event.ranking else "",
    )
    context.update(forms)
    return TemplateResponse(request, "club/event.html", context, status=status)


def _done(request: HtmxHttpRequest, event_pk: int, said: str | None = None) -> HttpResponse:
    if said:
        messages.success(request, said)
    return redirect("club:event", pk=event_pk)


def _refused(request: HtmxHttpRequest, event_pk: int, problem: Exception) -> HttpResponse:
    messages.warning(request, str(problem))
    return redirect("club:event", pk=event_pk)


def _change(request: HtmxHttpRequest, pk: int, change: Callable[[], str]) -> HttpResponse:
    """Make one change through the services; say what it did, or why it wasn't made."""
    try:
        said = change()
    except services.EventProblem as problem:
        return _refused(request, pk, problem)
    return _done(request, pk, said)


@event_post
def add_team(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A team enters; a problem shows on the desk next to its field, nothing entered."""
    event = _owned(request, pk)  # a 404 for anyone but the director
    form = TeamForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            team = services.add_team(
                request.user, pk, data["name"], [data["first"], data["second"]]
            )
        except services.EventProblem as problem:
            form.add_error(None, str(problem))
        else:
            return _done(request, pk, f"{team.name} entered.")
    return _desk(request, event, status=422, team_form=form)


@event_post
def add_player(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A progressive night's entry: one player."""
    event = _owned(request, pk)  # a 404 for anyone but the director
    form = PlayerForm(request.POST)
    if form.is_valid():
        name = form.cleaned_data["name"]
        try:
            services.add_team(request.user, pk, name, [name])
        except services.EventProblem as problem:
            form.add_error(None, str(problem))
        else:
            return _done(request, pk, f"{name} entered.")
    return _desk(request, event, status=422, team_form=form)


@event_post
def add_teams(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A pasted list of teams (a progressive night's: players) enters, all or nothing; a line
    that can't is named next to the list, and nothing is entered."""
    event = _owned(request, pk)  # a 404 for anyone but the director
    form = TeamsForm(request.POST, individual=event.individual)
    if form.is_valid():
        try:
            made = services.add_teams(request.user, pk, form.cleaned_data["teams"])
        except services.EntryProblem as problem:
            form.add_error("teams", f"Line {form.line_of(problem.index)}: {problem}")
        except services.EventProblem as problem:
            form.add_error("teams", str(problem))
        else:
            kind = "player" if event.individual else "team"
            count = f"{len(made)} {kind}{'' if len(made) == 1 else 's'}"
            return _done(request, pk, f"{count} entered: {', '.join(t.name for t in made)}.")
    return _desk(request, event, status=422, teams_form=form, teams_open=True)


@event_post
def withdraw_team(request: HtmxHttpRequest, pk: int, position: int) -> HttpResponse:
    def change() -> str:
        team = services.withdraw_team(request.user, pk, position)
        return f"{team.name} withdrawn: its results stand, it isn't paired again."

    return _change(request, pk, change)


@event_post
def start_round(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    def change() -> str:
        number = services.start_round(request.user, pk).number
        return f"Round {number} is paired: the tables can start."

    return _change(request, pk, change)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def import_event(request: AuthenticatedHttpRequest) -> HttpResponse:
    """A new event from its `spades-event/1` file: read as a stream and checked whole, then
    imported a slice of games at a time (`import_progress` goes on with it)."""
    form = EventFileForm(request.POST or None, request.FILES or None)
    status = None
    if form.is_bound and form.is_valid():
        refused = throttle.spend(request, throttle.EVENT_IMPORT) or throttle.spend_account(
            request.user, throttle.EVENT_IMPORT
        )
        if refused:
            form.add_error("file", refused)
            status = 429
        else:
            started = time.monotonic()
            upload = form.cleaned_data["file"]
            # A small file is read whole, for JSON errors that name the line; a larger one is
            # read as a stream, its bounds checked as it is read.
            data = upload.read() if upload.size <= STREAM_IMPORT_ABOVE else upload
            try:
                staged = imports.stage_import(request.user, data)
            except services.EventProblem as problem:
                form.add_error("file", str(problem))
            else:
                spent = time.monotonic() - started
                event = imports.import_some(staged, max(1.0, imports.IMPORT_SECONDS - spent))
                if event is None:
                    return redirect(staged)
                messages.success(request, f"{event.name} imported.")
                return redirect(event)
    if status is None and form.errors:
        status = 413 if form.too_large else 422
    context = {"form": form, "unfinished": imports.unfinished_imports(request.user)}
    return TemplateResponse(request, "club/import.html", context, status=status)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def import_progress(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """An event's import under way; a post imports its next slice of games (or, with
    `discard`, gives the import up: everything it made so far is deleted). Once every game is
    in, the event's desk."""
    staged = get_object_or_404(EventImport, pk=pk, owner=request.user, sealed=True)
    event = staged.event
    if request.method == "POST" and event is None and "discard" in request.POST:
        imports.discard_import(request.user, pk)
        messages.success(request, "The import was discarded: nothing of it is kept.")
        return navigate(request, "club:import_event")
    if request.method == "POST" and event is None:
        event = imports.import_some(staged)
        if event is not None:
            messages.success(request, f"{event.name} imported.")
    if event is not None:
        return navigate(request, event)
    if request.method == "POST" and not request.htmx:
        return redirect(staged)
    done = staged.games.filter(game__isnull=False).count()
    context = {"staged": staged, "done": done}
    return render(request, "club/import_progress.html", context, partial="progress")


@event_post
def swap_teams(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    try:
        first = int(request.POST.get("first", ""))
        second = int(request.POST.get("second", ""))
    except ValueError:
        return _refused(request, pk, services.EventProblem("Choose two teams."))
    try:
        round_ = services.swap_teams(request.user, pk, first, second)
    except services.EventProblem as problem:
        return _refused(request, pk, problem)
    return _done(request, pk, f"Round {round_.number} re-paired.")


@event_post
def start_playoff(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    def change() -> str:
        services.start_playoff(request.user, pk)
        return "The session is over: the playoff's first round is paired."

    return _change(request, pk, change)


@event_post
def undo_round(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    def change() -> str:
        number = services.undo_round(request.user, pk, request.POST.get("version") or None)
        return f"Round {number} undone: its games are gone."

    return _change(request, pk, change)


@event_post
def start_clock(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    def change() -> str:
        return f"Round {services.start_clock(request.user, pk).number}'s clock is running."

    return _change(request, pk, change)


@event_post
def add_penalty(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    event = _owned(request, pk)
    teams = [(team.position, team.name) for team in event.teams.all()]
    form = PenaltyForm(request.POST, teams=teams)
    if event.individual:  # a progressive night's penalty is on one player
        form.fields["team"].label = "Player"
    if form.is_valid():
        data = form.cleaned_data
        try:
            if data["kind"] == "tricks":
                services.add_trick_penalty(
                    request.user,
                    pk,
                    data["round"],
                    data["table"],
                    data["team"],
                    data["hand"],
                    data["tricks"],
                    data["reason"],
                )
            else:
                services.add_penalty(
                    request.user,
                    pk,
                    data["round"],
                    data["table"],
                    data["team"],
                    (data["points"] or 0) if data["kind"] == "points" else 0,
                    data["kind"] == "forfeit",
                    data["reason"],
                )
        except services.EventProblem as problem:
            field = getattr(problem, "field", None)
            form.add_error(field if field in form.fields else None, str(problem))
        else:
            return _done(request, pk, "Penalty recorded.")
    # The desk again, the penalty's form open with its problem next to the figure.
    return _desk(request, event, status=422, penalty_form=form, penalty_open=True)


@event_post
def add_solo(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    event = _owned(request, pk)
    form = SoloForm(request.POST)
    if form.is_valid():
        try:
            name = services.add_solo(request.user, pk, form.cleaned_data["name"])
        except services.EventProblem as problem:
            form.add_error("name", str(problem))
        else:
            return _done(request, pk, f"{name} waits to be drawn into a team.")
    return _desk(request, event, status=422, solo_form=form)


@event_post
def withdraw_solo(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    def change() -> str:
        name = services.withdraw_solo(request.user, pk, request.POST.get("name", ""))
        return f"{name} no longer waits for a partner."

    return _change(request, pk, change)


@event_post
def pair_solos(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    def change() -> str:
        teams, left = services.pair_solos(request.user, pk)
        drawn = ", ".join(team.name for team in teams)
        waiting = f" {left} waits for the next player who comes alone." if left else ""
        return f"Teams drawn: {drawn}.{waiting}"

    return _change(request, pk, change)


@require_safe
def export_event(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    event = _owned(request, pk)
    response = JsonResponse(
        eventfile.write(event), json_dumps_params={"indent": 1, "ensure_ascii": False}
    )
    response["Content-Disposition"] = (
        f'attachment; filename="{slugify(event.name)[:60] or "event"}.json"'
    )
    return response


CSV_FIGURES = (
    "match_points", "wins", "draws", "losses", "byes", "points_for", "point_difference", "bags",
    "buchholz",
)  # fmt: skip
CSV_COLUMNS = [
    "Rank",
    "Team",
    *(name.replace("_", " ").capitalize() for name in CSV_FIGURES),
    "Games",
]


@require_safe
def standings_csv(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    event = _owned(request, pk)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="{slugify(event.name)[:60] or "event"}-standings.csv"'
    )
    writer = csv.writer(response)
    writer.writerow(["Rank", "Player", *CSV_COLUMNS[2:]] if event.individual else CSV_COLUMNS)
    lines = reads.summary(event)["standings"]
    ranks = [line["rank"] for line in lines]
    for line in lines:
        shared = ranks.count(line["rank"]) > 1
        writer.writerow(
            display.csv_row(  # a team named "=HYPERLINK(...)" is text, never a formula
                [f"{line['rank']}=" if shared else line["rank"], line["name"]]
                + [line[key] for key in CSV_FIGURES]
                + ["; ".join(line["games"])]
            )
        )
    return response


# The sheet's columns beside the rank and the name: (line key, heading, what it is); bags and
# Buchholz only when the event ranks by them.
SHEET_FIGURES = [
    ("match_points", "Pts", "Match points"),
    ("wins_draws_losses", "W\N{EN DASH}D\N{EN DASH}L", "Wins, draws and losses"),
    ("point_difference", "+/\N{MINUS SIGN}", "Point difference"),
    ("points_for", "For", "Points for: the final scores added up"),
    ("bags", "Bags", "Bags taken"),
    ("buchholz", "Buch.", "Buchholz: the opponents' match points added up"),
]
SHEET_IF_RANKED = {"bags": "fewest_bags", "buchholz": "buchholz"}
# More lines than these print in two columns side by side, then in three (one page of A4).
SHEET_COLUMNS = (40, 100)


@require_safe
def standings_sheet(request: HtmxHttpRequest, pk: int) -> TemplateResponse:
    """The standings to print on one page: the ranking's figures, each team's players."""
    event = _owned(request, pk)
    state = reads.summary(event)
    shown = [
        item
        for item in SHEET_FIGURES
        if item[0] not in SHEET_IF_RANKED or SHEET_IF_RANKED[item[0]] in event.ranking
    ]
    if event.individual:  # a player's own total takes the match points' place
        shown = [("points_for", "Total", "The player's own total")] + [
            item for item in shown if item[0] not in ("match_points", "points_for")
        ]
    players = {team.position: " & ".join(team.players) for team in event.teams.all()}
    lines = []
    for line in state["standings"]:
        figures = {**line, "wins_draws_losses": desk.record(line)}
        lines.append(
            {
                "rank": line["rank"],
                "shared": line["shared"],
                "name": line["name"],
                "players": "" if event.individual else players.get(line["team"], ""),
                "values": [figures[key] for key, _, _ in shown],
            }
        )
    columns = 1 + sum(len(lines) > most for most in SHEET_COLUMNS)
    size = -(-len(lines) // columns) if lines else 0
    parts = [lines[start : start + size] for start in range(0, len(lines), size or 1)]
    latest = event.event_rounds.order_by("-number").first()
    waiting = (
        latest.number if latest and not state["finished"] and state["next_round"] is None else None
    )
    played = (latest.number - bool(waiting)) if latest else 0
    context = {
        "event": event,
        "state": state,
        "individual": event.individual,
        "figures": [(label, title, key == "wins_draws_losses") for key, label, title in shown],
        "parts": parts,
        "columns": columns,
        # A bye is told apart in W-D-L ("0-0-0, 1 bye"): its column is printed wider.
        "byes": any(line.get("byes") for line in state["standings"]),
        "played": played,
        "waiting": waiting,
        "format_name": event.get_pairing_display().split(":")[0],
        "ranking_words": ranking_words(list(event.ranking)),
        "buchholz": events.BUCHHOLZ if "buchholz" in event.ranking else "",
    }
    return TemplateResponse(request, "club/standings.html", context)


@event_post
def make_cards(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The cards of the tables the next round will need, made to print before it is paired."""
    try:
        made = services.make_cards(request.user, pk)
    except services.EventProblem as problem:
        messages.warning(request, str(problem))
    else:
        count = f"{len(made)} card{'' if len(made) == 1 else 's'}"
        messages.success(request, f"{count} made: print them now.")
    return redirect("club:cards", pk=pk)


class Card(TypedDict):
    """A table card: its number, and its scoring link and that link's QR code (None: off)."""

    number: int
    link: str | None
    qr: SafeString | None


@require_safe
def table_cards(request: HtmxHttpRequest, pk: int) -> TemplateResponse:
    """One card a table, to print: its number and the QR code of its scoring link, which
    follows the table from round to round for the event's life. A table whose scoring link
    was turned off (its game's Share page) prints a card that says so, with no code."""
    event = _owned(request, pk)
    cards: list[Card] = []
    for card in event.cards.select_related("table"):
        token = card.table.score_token
        if token is None:
            cards.append({"number": card.number, "link": None, "qr": None})
            continue
        link = reachable_url(request, reverse("table_score", args=[token]))
        cards.append({"number": card.number, "link": link, "qr": qr_svg(link)})
    # Before a round is paired, the cards its tables will need can be made (a POST) and printed.
    missing = desk.cards_missing(event, reads.summary(event))
    board = reachable_url(request, reverse("club:board", args=[event.board_token]))
    links = [card["link"] for card in cards if card["link"]]
    context = {
        "event": event,
        "cards": cards,
        "missing": missing,
        "paired": event.event_rounds.exists(),
        "loopback": loopback_host(links[0] if links else board),
    }
    return TemplateResponse(request, "club/cards.html", context)


def _board(polled: reads.Polled, template: str, request: HtmxHttpRequest) -> HttpResponse:
    if services.call_time_when_due(polled.event, polled.latest_round):
        polled = _board_event(polled.event.board_token)  # its games moved on with the call
    event = polled.event
    etag, poll_headers = poll_etag(event, polled.version)
    if template.endswith("#live"):
        # Most polls find nothing new: answered from the version alone (a few small queries),
        # before anything of the board is worked out.
        response = get_conditional_response(request, etag=etag)
        if response is None:
            response = HttpResponse(live_part(event, etag, poll_headers))
    else:
        context = {**board_context(event), "poll_headers": poll_headers}
        link = reachable_url(request, reverse("club:board", args=[event.board_token]))
        context["qr"] = qr_svg(link)
        context["loopback"] = loopback_host(link)
        response = TemplateResponse(request, template, context)
    response.headers["ETag"] = etag
    return _private(response)


def _private(response: HttpResponse) -> HttpResponse:
    patch_cache_control(response, private=True, no_cache=True)
    response.headers["X-Robots-Tag"] = "noindex, nofollow"
    return response


@require_safe
def board(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The room board: public, read-only, for a projector; it follows the event by itself."""
    return _board(_board_event(token), "club/board.html", request)


@require_safe
def board_live(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The board's changing part, asked for twice a second: a 304 while nothing changed."""
    return _board(_board_event(token), "club/board.html#live", request)


@require_safe
def board_push(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The board's updates as they happen (server-sent events), for its phones to follow
    instead of polling. Served by the async server (`make push`) only: on gunicorn's threads
    each follower would hold a thread for as long as it looked."""
    if not settings.BOARD_PUSH:
        raise Http404("This server doesn't push the board's updates; the board polls.")
    event = _board_event(token)
    if set(request.GET) - {"lastEventId"}:
        # The package reads other parameters (a signed resume, a proxy's recovery) that these
        # streams don't use.
        return HttpResponseBadRequest("The board's updates take no parameters.")
    if not isinstance(request, ASGIRequest):
        response = HttpResponse(
            "The board's updates are served by the async server; the board polls meanwhile.",
            status=503,
            content_type="text/plain",
        )
        response.headers["Retry-After"] = "60"
        return _private(response)
    response = eventstream_views.events(request, channels=[push.channel(event.event.pk)])
    # The stream holds its request open for as long as the phone looks; its thread's database
    # connection is not needed again (it would stay open with it, one a follower).
    connection.close()
    return _private(response)


def _board_event(token: str) -> reads.Polled:
    polled = reads.board_event(token)
    if polled is None:
        raise Http404("No such event.")
    return polled


@post_only
def confirm_result(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A player of the other side confirms a finished table's result on the scoring phone
    (`pk`: the table's game), by picking their own name."""
    access = Access.of(request, scoring=True)
    game = Game.objects.open_to(access).filter(pk=pk, at_event=True).first()
    if game is None:
        raise Http404("No such table.")
    form = ConfirmForm(request.POST, players=reads.confirmers(game))
    if form.is_valid():
        try:
            services.confirm_result(access, pk, form.cleaned_data["name"])
        except services.EventProblem as problem:
            messages.warning(request, str(problem))
        else:
            messages.success(request, "Result confirmed. Thank you!")
    else:
        messages.warning(request, " ".join(str(error) for error in form.errors["name"]))
    return redirect(game)


@event_post
def call_time(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The director calls the time at one table (`table`) or at every table still playing."""
    raw = request.POST.get("table", "")
    try:
        table = int(raw) if raw else None
    except ValueError:
        return _refused(request, pk, services.EventProblem("Choose a table."))

    def change() -> str:
        called = services.call_time(request.user, pk, table)
        where = f"table {called[0]}" if table is not None else "tables " + ", ".join(called)
        return f"Time called at {where}: the hand in play is the last."

    return _change(request, pk, change)
