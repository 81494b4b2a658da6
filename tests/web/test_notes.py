"""Notes: the table writes one on a game or a hand; it shows in the history and the watch page."""

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from games.models import Game, Hand
from tests.conftest import QUIET_HAND

pytestmark = pytest.mark.django_db


def hand_note_url(game, number):
    return reverse("hand_note", args=[game.pk, number])


def game_note_url(game):
    return reverse("game_note", args=[game.pk])


def test_a_hand_note_shows_in_the_history_and_on_the_watch_page(owner_client, make_game, client):
    game = make_game([QUIET_HAND, QUIET_HAND])
    # The rows are drawn and cached before the note is written.
    assertNotContains(owner_client.get(game.get_absolute_url()), "misdeal")
    response = owner_client.post(hand_note_url(game, 2), {"note": "  misdeal, redealt  "})
    assert response.status_code == 302
    assert response["Location"] == game.get_absolute_url()
    assert Hand.objects.get(game=game, number=2).note == "misdeal, redealt"
    page = owner_client.get(game.get_absolute_url())
    assertContains(page, "Note on hand 2 saved.")
    assertContains(page, '<span class="note">Note: misdeal, redealt</span>', html=True, count=1)
    client.logout()
    watch = client.get(reverse("table_watch", args=[game.table.watch_token]))
    assertContains(watch, '<span class="note">Note: misdeal, redealt</span>', html=True)


def test_a_hand_note_moves_the_history_on(owner_client, make_game):
    game = make_game([QUIET_HAND])
    before = (game.version, game.history_version)
    owner_client.post(hand_note_url(game, 1), {"note": "renege: 3 tricks to Ben + Dan"})
    game.refresh_from_db()
    assert (game.version, game.history_version) == (before[0] + 1, before[1] + 1)


def test_a_game_note_shows_under_the_title_and_on_the_watch_page(owner_client, make_game, client):
    game = make_game([QUIET_HAND])
    assertContains(owner_client.get(game.get_absolute_url()), "Add a note")
    # The watch page cached before the note.
    owner_client.get(reverse("table_watch", args=[game.table.watch_token]))
    owner_client.post(game_note_url(game), {"note": "Played at Ben's"})
    page = owner_client.get(game.get_absolute_url())
    assertContains(page, '<span class="note">Played at Ben&#x27;s</span>', html=True)
    assertContains(page, "Change the note")
    client.logout()
    watch = client.get(reverse("table_watch", args=[game.table.watch_token]))
    assertContains(watch, "Played at Ben&#x27;s")


def test_an_empty_note_removes_it(owner_client, make_game):
    game = make_game([QUIET_HAND])
    owner_client.post(game_note_url(game), {"note": "x"})
    owner_client.post(game_note_url(game), {"note": "  "})
    game.refresh_from_db()
    assert game.note == ""


def test_the_note_pages_show_the_current_note(owner_client, make_game):
    game = make_game([QUIET_HAND])
    Hand.objects.filter(game=game).update(note="misdeal")
    page = owner_client.get(hand_note_url(game, 1))
    assertContains(page, 'value="misdeal"')
    edit = owner_client.get(reverse("edit_hand", args=[game.pk, 1]))
    assertContains(edit, f'href="{hand_note_url(game, 1)}"')


@pytest.mark.parametrize(
    ("note", "message"),
    [
        ("two\nlines", "The note contains a line break, tab or control code."),
        ("x" * 101, "The note is longer than 100 characters."),
    ],
)
@pytest.mark.parametrize("which", ["game", "hand"])
def test_a_bad_note_is_refused_next_to_its_field(owner_client, make_game, note, message, which):
    game = make_game([QUIET_HAND])
    url = game_note_url(game) if which == "game" else hand_note_url(game, 1)
    version = game.version
    response = owner_client.post(url, {"note": note})
    assert response.status_code == 422
    assert response.context["form"].errors == {"note": [message]}
    game.refresh_from_db()
    assert game.version == version
    assert (game.note, Hand.objects.get(game=game).note) == ("", "")


def test_a_hand_that_is_not_there_has_no_note(owner_client, make_game):
    game = make_game([QUIET_HAND])
    assert owner_client.get(hand_note_url(game, 2)).status_code == 404
    assert owner_client.post(hand_note_url(game, 2), {"note": "x"}).status_code == 404


def test_only_the_owner_writes_notes(stranger_client, make_game):
    game = make_game([QUIET_HAND])
    for url in (game_note_url(game), hand_note_url(game, 1)):
        assert stranger_client.get(url).status_code == 404
        assert stranger_client.post(url, {"note": "mine"}).status_code == 404
    game.refresh_from_db()
    assert game.note == ""
    assert Game.objects.get(pk=game.pk).hand_notes() == {}
