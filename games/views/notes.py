"""Notes: the table writes one on a game or on a hand; the owner alone may change them.

A game's note shows under its title, a hand's in its history row, both on the watch page too,
and both travel in the game file.
"""

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from games import services
from games.access import Access
from games.forms.notes import NoteForm
from games.views.base import HtmxHttpRequest, navigate, open_game, render

TEMPLATE = "games/note.html"


def _saved(request: HtmxHttpRequest, note: str, what: str) -> None:
    messages.success(request, f"Note on {what} saved." if note else f"Note on {what} removed.")


@require_http_methods(["GET", "HEAD", "POST"])
def game_note(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    game = open_game(request, pk)
    form = NoteForm(request.POST if request.method == "POST" else None, initial={"note": game.note})
    if form.is_bound and form.is_valid():
        note = form.cleaned_data["note"]
        game = services.set_game_note(Access.of(request), pk, note)
        _saved(request, note, "the game")
        return navigate(request, game)
    action = reverse("game_note", args=[pk])
    return render(request, TEMPLATE, {"game": game, "form": form, "number": None, "action": action})


@require_http_methods(["GET", "HEAD", "POST"])
def hand_note(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    game = open_game(request, pk)
    current = game.hands.filter(number=number).values_list("note", flat=True).first()
    if current is None:
        raise Http404("No such hand.")
    form = NoteForm(request.POST if request.method == "POST" else None, initial={"note": current})
    if form.is_bound and form.is_valid():
        note = form.cleaned_data["note"]
        game = services.set_hand_note(Access.of(request), pk, number, note)
        _saved(request, note, f"hand {number}")
        return navigate(request, game)
    action = reverse("hand_note", args=[pk, number])
    context = {"game": game, "form": form, "number": number, "action": action}
    return render(request, TEMPLATE, context)
