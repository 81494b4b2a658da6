"""Game files in and out: the same `spades-game/1` format as `manage.py score`.

The import takes a card game's `card-game/1` file too (Oh Hell, Wizard, Call Break: it becomes
one of the owner's card games at once), and a backup holding both kinds. An import is checked
whole and then imported a few seconds' worth of games per request (see `games.restore`); its
page shows each game's outcome and, while games are left, asks for the next batch by itself
(htmx) or with a button.
"""

import time
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AnonymousUser, User
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_http_methods, require_safe

from games import bundles, display, restore, scoring
from games.cards.models import CardsGame
from games.forms.files import ImportForm
from games.models import Restore
from games.views.base import HtmxHttpRequest, json_download, navigate, open_game, render

REPORT_PAGE = 100  # games listed per page of an import's report


@require_safe
def export_game(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    game = open_game(request, pk)
    return json_download(restore.game_file(game).to_dict(), game.title, game.pk)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def import_game(request: HtmxHttpRequest) -> HttpResponse:
    """A game file, or a file of all one's games: checked whole, then imported game by game.
    A file with any bad game imports nothing, and says which games and why."""
    posted = request.method == "POST"
    context_extra: dict[str, Any] = {}
    form = ImportForm(request.POST if posted else None, request.FILES if posted else None)
    if form.is_bound and form.is_valid():
        started = time.monotonic()
        upload = form.cleaned_data["file"]
        try:
            source = bundles.GameSource.open(upload, upload.size)
            copy = form.cleaned_data["copy"]
            kept = restore.stage(request.user, source, upload.name or "", copy=copy)
        except restore.Duplicate as twin:
            form.add_error(
                "file",
                f"{display.sentence(str(twin))} Nothing was imported. To have it twice, tick "
                "“Import again as a copy”.",
            )
            context_extra = {"duplicate": twin.game}
        except scoring.GameFileError as error:
            form.add_error("file", display.sentence(str(error)))
        except restore.Refused as refused:
            for problem in refused.problems:
                form.add_error("file", display.sentence(problem))
            if refused.more:
                form.add_error("file", f"And {refused.more} more games with problems.")
        else:
            if isinstance(kept, CardsGame):
                messages.success(request, f"Imported {kept.title}.")
                return navigate(request, kept)
            spent = time.monotonic() - started
            restore.import_some(kept, max(1.0, restore.SECONDS_PER_REQUEST - spent))
            if source.single:
                item = kept.items.get()
                if item.game is not None:
                    messages.success(request, f"Imported {item.game.title}.")
                    return navigate(request, item.game)
            return navigate(request, kept)
    context = {"form": form, "unfinished": unfinished(request.user), **context_extra}
    return render(request, "games/import.html", context, partial="form")


def unfinished(user: User | AnonymousUser) -> list[Restore]:
    """Imports with games still to do (a closed page, a request cut short): to go on with."""
    if not user.is_authenticated:
        return []
    waiting = Restore.objects.filter(owner=user, total__gt=0, items__done=False)
    return list(waiting.distinct().order_by("-created_at")[:5])


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def import_progress(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """An import's report, game by game; a post imports its next batch of games."""
    kept = get_object_or_404(Restore, pk=pk, owner=request.user, total__gt=0)
    if request.method == "POST":
        restore.import_some(kept)
        if not request.htmx:
            return redirect(kept)
    done = restore.progress(kept)
    page = Paginator(kept.items.defer("data").order_by("position"), REPORT_PAGE).get_page(
        request.GET.get("page")
    )
    context = {"restore": kept, "progress": done, "page": page}
    return render(request, "games/import_progress.html", context, partial="report")
