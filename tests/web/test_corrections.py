"""A correction that ends the game earlier: explained, confirmed, applied whole, and undone."""

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains

from games.models import Game, Hand, PlayerRecord
from tests.conftest import QUIET_HAND, assert_summary_is_a_fresh_replay
from tests.web.conftest import BIG_HAND, HX

# Ben + Dan bid 26 and take 1 in hand 2: -260, under the -200 floor, so the game ends there.
ENDING_ROWS = [(6, 6), (13, 0), (6, 6), (13, 1)]
EXPLANATION = (
    "With this correction the game ends after hand 2: Ben + Dan fell to -200 or below. "
    "Hands 3-4 would be removed."
)


def edit_data(game, rows, **extra):
    data = {"version": str(game.version)}
    for seat, (bid, took) in enumerate(rows):
        data[f"bid_{seat}"] = str(bid)
        data[f"tricks_{seat}"] = "" if took is None else str(took)
    return data | {key: str(value) for key, value in extra.items()}


def snapshot(game):
    """Every stored fact about the game's hands and what follows from them."""
    game.refresh_from_db()
    hands = list(
        Hand.objects.filter(game=game).values_list(
            "number", "bids", "tricks", "note", "recorded_at", "updated_at"
        )
    )
    records = list(
        PlayerRecord.objects.filter(game=game)
        .order_by("seat")
        .values_list("seat", "hands", "wins", "finished", "bags", "times_set")
    )
    summary = (game.hand_count, game.scores, game.finished, game.winner, game.finished_at)
    return hands, records, summary


@pytest.fixture
def long_game(make_game):
    game = make_game([BIG_HAND, BIG_HAND, QUIET_HAND, QUIET_HAND])
    Hand.objects.filter(game=game, number=4).update(note="Dan reneged")
    return game


def url(game, number=2):
    return reverse("edit_hand", args=[game.pk, number])


def test_the_explanation_says_what_would_happen_and_changes_nothing(owner_client, long_game):
    before = snapshot(long_game)
    version = long_game.version
    response = owner_client.post(url(long_game), edit_data(long_game, ENDING_ROWS))
    assert response.status_code == 200
    assert response.context["ending"].ended_after == 2
    assert str(response.context["ending"]) == EXPLANATION
    assertContains(response, "Nothing is changed until you confirm.")
    assertContains(
        response,
        f'<button type="submit" name="confirm" value="{version}" class="primary wide">'
        "Save, and remove hands 3-4</button>",
        html=True,
    )
    assertContains(response, '<input type="hidden" name="ends_after" value="2">', html=True)
    assert snapshot(long_game) == before
    assert long_game.version == version


def test_htmx_gets_the_explanation_in_the_form(owner_client, long_game):
    response = owner_client.post(url(long_game), edit_data(long_game, ENDING_ROWS), headers=HX)
    assert response.status_code == 200
    body = response.content.decode()
    assert body.lstrip().startswith("<form")
    assert 'role="alert"' in body
    assert "Hands 3-4 would be removed." in body


def test_confirming_removes_the_later_hands_and_ends_the_game(owner_client, long_game):
    records_before = list(PlayerRecord.objects.filter(game=long_game).values_list("hands", "wins"))
    data = edit_data(long_game, ENDING_ROWS, confirm=long_game.version, ends_after=2)
    response = owner_client.post(url(long_game), data)
    assert response.status_code == 302
    assert response["Location"] == url(long_game)
    long_game.refresh_from_db()
    assert list(Hand.objects.filter(game=long_game).values_list("number", flat=True)) == [1, 2]
    assert Hand.objects.get(game=long_game, number=2).tricks == [6, 0, 6, 1]
    assert long_game.finished is True
    assert long_game.finished_at is not None
    assert_summary_is_a_fresh_replay(long_game)
    records = list(PlayerRecord.objects.filter(game=long_game).values_list("hands", "wins"))
    assert records != records_before
    assert set(PlayerRecord.objects.filter(game=long_game).values_list("hands", flat=True)) == {2}
    page = owner_client.get(response["Location"])
    assertContains(page, "the game now ends after hand 2, so hands 3-4 were removed.")
    assertContains(page, "Undo: put hands 3-4 back")


def test_htmx_confirm_goes_to_the_page_with_the_undo(owner_client, long_game):
    data = edit_data(long_game, ENDING_ROWS, confirm=long_game.version, ends_after=2)
    response = owner_client.post(url(long_game), data, headers=HX)
    assert response.status_code == 200
    assert response["HX-Redirect"] == url(long_game)
    assert Hand.objects.filter(game=long_game).count() == 2


def test_undo_right_after_puts_the_game_back_exactly(owner_client, long_game):
    before = snapshot(long_game)
    data = edit_data(long_game, ENDING_ROWS, confirm=long_game.version, ends_after=2)
    owner_client.post(url(long_game), data)
    long_game.refresh_from_db()
    response = owner_client.post(url(long_game), {"undo": str(long_game.version)})
    assert response.status_code == 302
    assert response["Location"] == long_game.get_absolute_url()
    assert snapshot(long_game) == before
    assert_summary_is_a_fresh_replay(long_game)
    assert Hand.objects.get(game=long_game, number=4).note == "Dan reneged"
    page = owner_client.get(long_game.get_absolute_url())
    assertContains(page, "Undone: hands 3-4 put back, and hand 2 as it was.")
    # The undo is spent: a second one changes nothing.
    long_game.refresh_from_db()
    again = owner_client.post(url(long_game), {"undo": str(long_game.version)}, headers=HX)
    assert again.status_code == 409
    assert snapshot(long_game) == before


def test_undo_after_the_game_changed_again_is_refused(owner_client, long_game):
    data = edit_data(long_game, ENDING_ROWS, confirm=long_game.version, ends_after=2)
    owner_client.post(url(long_game), data)
    long_game.refresh_from_db()
    stale = long_game.version
    owner_client.post(url(long_game, 1), edit_data(long_game, [(4, 5), (3, 2), (3, 3), (3, 3)]))
    long_game.refresh_from_db()
    after = snapshot(long_game)
    assert long_game.version != stale
    page = owner_client.get(url(long_game))
    assert page.context["undo"] is None
    response = owner_client.post(url(long_game), {"undo": str(long_game.version)}, headers=HX)
    assert response.status_code == 409
    assert snapshot(long_game) == after
    assert Hand.objects.filter(game=long_game).count() == 2


def test_a_stale_confirm_changes_nothing_and_says_why(owner_client, long_game):
    data = edit_data(long_game, ENDING_ROWS, confirm=long_game.version, ends_after=2)
    long_game.bump_version()  # another phone changed the game in between
    before = snapshot(long_game)
    response = owner_client.post(url(long_game), data, headers=HX)
    assert response.status_code == 409
    assert snapshot(long_game) == before
    page = owner_client.get(long_game.get_absolute_url())
    assertContains(page, "nothing was removed")


def test_a_confirm_of_another_end_is_explained_again(owner_client, long_game):
    """What was confirmed must be what happens: another end is shown again, with 409."""
    before = snapshot(long_game)
    data = edit_data(long_game, ENDING_ROWS, confirm=long_game.version, ends_after=3)
    response = owner_client.post(url(long_game), data)
    assert response.status_code == 409
    assert str(response.context["ending"]) == EXPLANATION
    assert snapshot(long_game) == before


def test_a_confirm_field_alone_does_not_skip_the_explanation(owner_client, long_game):
    before = snapshot(long_game)
    data = edit_data(long_game, ENDING_ROWS, confirm=long_game.version)
    response = owner_client.post(url(long_game), data)
    assert response.status_code == 409
    assert snapshot(long_game) == before


def test_a_correction_that_keeps_every_hand_needs_no_confirm(owner_client, long_game):
    rows = [(6, 7), (1, 0), (6, 5), (1, 1)]
    response = owner_client.post(url(long_game), edit_data(long_game, rows))
    assert response.status_code == 302
    assert response["Location"] == long_game.get_absolute_url()
    assert Hand.objects.filter(game=long_game).count() == 4
    assert owner_client.get(url(long_game)).context["undo"] is None


def test_only_the_owner_can_confirm_or_undo(stranger_client, long_game):
    before = snapshot(long_game)
    data = edit_data(long_game, ENDING_ROWS, confirm=long_game.version, ends_after=2)
    assert stranger_client.post(url(long_game), data).status_code == 404
    assert stranger_client.post(url(long_game), {"undo": "1"}).status_code == 404
    assert stranger_client.get(url(long_game)).status_code == 404
    assert snapshot(long_game) == before


def test_an_undo_kept_for_one_game_does_not_apply_to_another(owner_client, long_game, make_game):
    other = make_game([BIG_HAND, BIG_HAND, QUIET_HAND, QUIET_HAND])
    data = edit_data(long_game, ENDING_ROWS, confirm=long_game.version, ends_after=2)
    owner_client.post(url(long_game), data)
    before = snapshot(other)
    response = owner_client.post(url(other), {"undo": str(other.version)})
    assert response.status_code == 409 or response.status_code == 302
    assert snapshot(other) == before
    assert Game.objects.get(pk=long_game.pk).hand_count == 2
