"""Recording hands at the table: two steps, htmx or not, and nothing saved from bad input."""

import re

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse, set_script_prefix
from pytest_django.asserts import assertContains, assertNotContains

from games import services
from games.models import Game, Hand
from tests.conftest import QUIET_HAND, quiet_hands
from tests.web.conftest import BIG_HAND, HX, bids_data, bids_url, step_inputs, tricks_url

pytestmark = pytest.mark.django_db


def test_bids_then_tricks_without_javascript_redirects_and_scores(owner_client, make_game):
    game = make_game()
    response = owner_client.post(
        bids_url(game), {"hand": "1", "bid_0": "3", "bid_1": "nil", "bid_2": "4", "bid_3": "2"}
    )
    assert response.status_code == 302
    assert response["Location"] == game.get_absolute_url()
    hand = Hand.objects.get(game=game)
    assert hand.bids == [3, "nil", 4, 2]
    assert hand.tricks is None

    page = owner_client.get(game.get_absolute_url())
    assert "Hand 1: tricks" in page.content.decode()

    response = owner_client.post(
        tricks_url(game), {"hand": "1", "side_0": "9", "tricks_1": "0", "tricks_3": "4"}
    )
    assert response.status_code == 302
    hand.refresh_from_db()
    assert hand.tricks == [9, 0, None, 4]
    game.refresh_from_db()
    # Ann + Cat bid 7, took 9: 70 + 2 bags. Ben's nil made: 100; Dan bid 2 took 4: 20 + 2.
    assert game.scores == [72, 122]
    assert game.hand_count == 1


def test_htmx_bids_get_back_only_what_changed(owner_client, make_game):
    game = make_game(quiet_hands(3))
    response = owner_client.post(bids_url(game), bids_data(4, 3, 3, 4, 2), headers=HX)
    assert response.status_code == 200
    body = response.content.decode()
    # The next step replaces the entry; the standings and the notice come out of band.
    assert body.lstrip().startswith('<section id="entry"')
    assert "Hand 4: tricks" in body
    assert '<div id="standings" hx-swap-oob="innerHTML">' in body
    assert '<div id="notice" hx-swap-oob="innerHTML">' in body
    # No history: bids change no row; and never the whole page or live part.
    for absent in ('id="hand-', "history-rows", 'id="live"', "<html", "chart"):
        assert absent not in body
    assert "HX-Trigger" not in response.headers


def test_htmx_tricks_add_the_new_history_row_alone(owner_client, make_game):
    game = make_game([*quiet_hands(3), {"bids": [3, 3, 4, 2]}])
    data = {"hand": "4", "side_0": "7", "side_1": "6"}
    response = owner_client.post(tricks_url(game), data, headers=HX)
    assert response.status_code == 200
    body = response.content.decode()
    assert '<div hx-swap-oob="afterbegin:#history-rows"><div class="hand-item" id="hand-4">' in body
    assert body.count('class="hand-item"') == 1
    assert 'id="hand-3"' not in body
    assert "Hand 5: bids" in body
    # The history had rows already: "No hands played yet" stays as it was, unsent.
    assert 'id="no-hands"' not in body
    # The chart is asked for again by the page, not sent with every step.
    assert response.headers["HX-Trigger"] == "hand-scored"


def test_htmx_hides_no_hands_yet_with_the_first_row_and_shows_it_after_the_last(
    owner_client, make_game
):
    game = make_game([{"bids": [3, 3, 4, 2]}])
    data = {"hand": "1", "side_0": "7", "side_1": "6"}
    body = owner_client.post(tricks_url(game), data, headers=HX).content.decode()
    assert '<p id="no-hands" class="muted" hx-swap-oob="true" hidden>' in body
    game.refresh_from_db()
    undo = {"version": str(game.version)}
    body = owner_client.post(reverse("undo", args=[game.pk]), undo, headers=HX).content.decode()
    assert '<p id="no-hands" class="muted" hx-swap-oob="true">No hands played yet.</p>' in body


def test_htmx_undo_of_tricks_removes_that_row_only(owner_client, make_game):
    game = make_game(quiet_hands(2))
    response = owner_client.post(
        reverse("undo", args=[game.pk]), {"version": game.version}, headers=HX
    )
    body = response.content.decode()
    assert '<div id="hand-2" hx-swap-oob="delete"></div>' in body
    assert 'id="hand-1"' not in body
    assert "Hand 2: tricks" in body


def test_an_htmx_conflict_redraws_the_whole_live_part(owner_client, make_game):
    game = make_game(quiet_hands(2))
    response = owner_client.post(bids_url(game), bids_data(2, 3, 3, 4, 2), headers=HX)
    assert response.status_code == 409
    assert response.headers["HX-Retarget"] == "#live"
    assert response.headers["HX-Reswap"] == "outerHTML"
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="live">')
    assert 'id="hand-2"' in body
    assert 'id="hand-1"' in body
    assert "Hand 2&#x27;s bids were already recorded" in body


def test_the_chart_comes_alone_for_the_page_to_refresh(owner_client, make_game):
    game = make_game(quiet_hands(2))
    response = owner_client.get(
        reverse("game_chart", args=[game.pk]), headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    body = response.content.decode()
    assert body.lstrip().startswith('<figure class="score-chart">')
    assert "<html" not in body


def test_the_chart_opened_by_its_address_is_a_page_of_the_app(owner_client, make_game):
    game = make_game(quiet_hands(2))
    response = owner_client.get(reverse("game_chart", args=[game.pk]))
    assertContains(response, '<html lang="en">')
    assertContains(response, "<h1>Score chart</h1>", html=True)
    assertContains(response, '<figure class="score-chart">')
    assertContains(response, f'href="{game.get_absolute_url()}"')


def test_tricks_that_do_not_add_up_save_nothing_and_say_why(owner_client, make_game):
    game = make_game()
    owner_client.post(
        bids_url(game), {"hand": "1", "bid_0": "3", "bid_1": "3", "bid_2": "4", "bid_3": "2"}
    )
    response = owner_client.post(tricks_url(game), {"hand": "1", "side_0": "9", "side_1": "3"})
    assert response.status_code == 422
    assert "12" in response.content.decode()
    assert Hand.objects.get(game=game).tricks is None


def test_a_missing_side_is_offered_the_remainder(owner_client, make_game):
    game = make_game()
    owner_client.post(
        bids_url(game), {"hand": "1", "bid_0": "3", "bid_1": "3", "bid_2": "4", "bid_3": "2"}
    )
    response = owner_client.post(tricks_url(game), {"hand": "1", "side_0": "9"}, headers=HX)
    assert response.status_code == 422
    body = response.content.decode()
    assert "the tricks left over are 4" in body
    assert 'class="key offered"><input type="radio" name="side_1" value="4"' in body
    assert Hand.objects.get(game=game).tricks is None


def test_missing_bid_is_named_next_to_its_seat(owner_client, make_game):
    game = make_game()
    response = owner_client.post(
        bids_url(game), {"hand": "1", "bid_0": "3", "bid_1": "3", "bid_2": "4"}
    )
    assert response.status_code == 422
    assert "Choose Dan&#x27;s bid." in response.content.decode()
    assert not Hand.objects.filter(game=game).exists()


def test_the_same_bids_posted_twice_are_recorded_once(owner_client, make_game):
    game = make_game()
    data = {"hand": "1", "bid_0": "3", "bid_1": "3", "bid_2": "4", "bid_3": "2"}
    assert owner_client.post(bids_url(game), data).status_code == 302
    second = owner_client.post(bids_url(game), data, headers=HX)
    assert second.status_code == 409
    assert "already recorded" in second.content.decode()
    assert Hand.objects.filter(game=game).count() == 1


def test_the_same_tricks_posted_twice_are_recorded_once(owner_client, make_game):
    game = make_game()
    owner_client.post(
        bids_url(game), {"hand": "1", "bid_0": "3", "bid_1": "3", "bid_2": "4", "bid_3": "2"}
    )
    data = {"hand": "1", "side_0": "7", "side_1": "6"}
    assert owner_client.post(tricks_url(game), data).status_code == 302
    second = owner_client.post(tricks_url(game), data)
    assert second.status_code == 302
    page = owner_client.get(second["Location"])
    assert "already recorded" in page.content.decode()
    assert Hand.objects.get(game=game).tricks == [7, 6, None, None]


def test_undo_takes_back_tricks_then_bids(owner_client, make_game):
    game = make_game(quiet_hands(2))
    url = reverse("undo", args=[game.pk])
    response = owner_client.post(url, {"version": game.version}, headers=HX)
    assert response.status_code == 200
    assert Hand.objects.get(game=game, number=2).tricks is None
    game.refresh_from_db()
    owner_client.post(url, {"version": game.version})
    assert list(Hand.objects.filter(game=game).values_list("number", flat=True)) == [1]


def test_stale_undo_changes_nothing(owner_client, make_game):
    game = make_game(quiet_hands(2))
    response = owner_client.post(reverse("undo", args=[game.pk]), {"version": game.version - 1})
    assert response.status_code == 302
    assert Hand.objects.get(game=game, number=2).tricks is not None


def test_editing_a_past_hand_replays_every_later_hand(owner_client, make_game):
    game = make_game(quiet_hands(3))
    url = reverse("edit_hand", args=[game.pk, 1])
    assert owner_client.get(url).status_code == 200
    data = {"version": game.version}
    for seat, (bid, took) in enumerate([(4, 6), (3, 1), (3, 3), (3, 3)]):
        data[f"bid_{seat}"] = str(bid)
        data[f"tricks_{seat}"] = str(took)
    response = owner_client.post(url, data)
    assert response.status_code == 302
    game.refresh_from_db()
    # Hand 1 now: Ann + Cat bid 7 took 9 (72), Ben + Dan bid 6 took 4 (set, -60);
    # then 2 quiet hands.
    assert game.scores == [72 + 70 + 70, -60 + 60 + 60]


def test_a_game_ends_and_offers_a_rematch_with_the_deal_rotated(owner_client, make_game):
    game = make_game([BIG_HAND] * 5)
    assert game.finished is True
    assert game.winner == 0
    page = owner_client.get(game.get_absolute_url()).content.decode()
    assert "Ann + Cat win with 600 points." in page
    assert "Rematch" in page
    assert f'action="/games/{game.pk}/bids/"' not in page

    response = owner_client.post(reverse("rematch", args=[game.pk]))
    new = Game.objects.exclude(pk=game.pk).get()
    assert response["Location"] == new.get_absolute_url()
    assert new.players == game.players
    assert new.rules == game.rules
    assert new.first_dealer == 1
    assert new.hand_count == 0


def test_no_bids_are_taken_after_the_game_is_over(owner_client, make_game):
    game = make_game([BIG_HAND] * 5)
    response = owner_client.post(
        bids_url(game), {"hand": "6", "bid_0": "3", "bid_1": "3", "bid_2": "4", "bid_3": "2"}
    )
    assert response.status_code == 302
    assert Hand.objects.filter(game=game).count() == 5


# Bids checked against the table's rules: the error sits next to the seat it is about.


def test_blind_nil_before_a_side_trails_enough_is_refused_next_to_that_seat(
    owner_client, make_game
):
    game = make_game(preset="tournament")  # blind nil only for a side 100 or more behind
    response = owner_client.post(bids_url(game), bids_data(1, 4, "blind_nil", 4, 4), headers=HX)
    assert response.status_code == 422
    form = response.context["form"]
    assert form.errors["bid_1"] == [
        "Ben can't bid blind nil now: blind nil is only allowed when your side trails by 100 "
        "or more."
    ]
    assert not form.non_field_errors()
    body = response.content.decode()
    fieldset = body[body.index('name="bid_1"') :]
    fieldset = fieldset[: fieldset.index("</fieldset>")]
    assert "Ben can&#x27;t bid blind nil now" in fieldset
    assert not Hand.objects.filter(game=game).exists()


def test_blind_nil_is_taken_once_the_side_trails_enough(owner_client, make_game):
    ahead = {"bids": [6, 2, 6, 2], "tricks": [6, 1, 6, 0]}  # Ben + Dan trail 120 to -40
    game = make_game([ahead], preset="tournament")
    response = owner_client.post(bids_url(game), bids_data(2, 4, "blind_nil", 4, 4))
    assert response.status_code == 302
    assert Hand.objects.get(game=game, number=2).bids == [4, "blind_nil", 4, 4]


def test_blind_nil_is_not_a_key_where_the_table_does_not_play_it(owner_client, make_game):
    game = make_game(preset="mirrors")
    page = owner_client.get(game.get_absolute_url()).content.decode()
    assert 'value="blind_nil"' not in page
    response = owner_client.post(bids_url(game), bids_data(1, 4, "blind_nil", 4, 5))
    assert response.status_code == 422
    assert response.context["form"].errors["bid_1"] == ["Choose Ben's bid from the keys."]


def test_suicide_bids_without_a_nil_on_each_side_are_refused(owner_client, make_game):
    game = make_game(preset="suicide")
    response = owner_client.post(bids_url(game), bids_data(1, 3, 3, 4, 2))
    assert response.status_code == 422
    assert response.context["form"].non_field_errors() == [
        "In suicide one partner on each side must bid nil and the other a number."
    ]
    assert "In suicide one partner on each side must bid nil" in response.content.decode()
    assert not Hand.objects.filter(game=game).exists()


def test_a_side_bidding_under_the_table_minimum_is_refused(owner_client, make_game):
    game = make_game(preset="tournament")  # each side must bid at least 4
    response = owner_client.post(bids_url(game), bids_data(1, 2, 3, 1, 3), headers=HX)
    assert response.status_code == 422
    assert response.context["form"].non_field_errors() == [
        "Ann + Cat bid 3 together, but this table's minimum is 4."
    ]
    assert not Hand.objects.filter(game=game).exists()


def test_a_cutthroat_minimum_names_the_player(owner_client, make_game):
    game = make_game(preset="cutthroat", min_team_bid=2)
    response = owner_client.post(bids_url(game), bids_data(1, 3, 1, 4, 2))
    assert response.status_code == 422
    assert response.context["form"].errors["bid_1"] == ["Ben bid 1, but this table's minimum is 2."]


def test_until_the_tricks_are_in_the_bids_show_as_each_sides_contract(owner_client, make_game):
    game = make_game([{"bids": [3, "nil", 4, 2]}])
    page = owner_client.get(game.get_absolute_url())
    assert page.status_code == 200
    assertContains(page, "<li><strong>Ann + Cat</strong>: bid 7</li>", html=True)
    assertContains(page, "<li><strong>Ben + Dan</strong>: bid 2, Ben nil</li>", html=True)
    # Nil bidders count their own tricks; the side without a nil gives one total.
    fields = ["csrfmiddlewaretoken", "hand", "bids", "side_0", "tricks_1", "tricks_3"]
    assert step_inputs(page) == fields


def test_cutthroat_tricks_are_entered_per_player(owner_client, make_game, play):
    game = make_game(preset="cutthroat3", players=("Ann", "Ben", "Cat"))
    play(game, [5, 6, 6], {"tricks_0": "5", "tricks_1": "6", "tricks_2": "6"})
    game.refresh_from_db()
    assert game.scores == [50, 60, 60]


# Stale forms and the hand number.


def test_bids_for_a_hand_that_is_not_next_are_refused_with_the_current_state(
    owner_client, make_game
):
    game = make_game(quiet_hands(2))
    response = owner_client.post(bids_url(game), bids_data(2, 3, 3, 4, 2), headers=HX)
    assert response.status_code == 409
    assertContains(response, "Hand 2&#x27;s bids were already recorded", status_code=409)
    # The entry for hand 3, ready.
    assertContains(response, "Hand 3: bids", status_code=409)
    names = step_inputs(response)
    assert names[:2] == ["csrfmiddlewaretoken", "hand"]
    assert {"bid_0", "bid_1", "bid_2", "bid_3"} <= set(names)
    assertContains(response, 'name="hand" value="3"', status_code=409)
    assert Hand.objects.filter(game=game).count() == 2


@pytest.mark.parametrize("posted", ["", "abc", "7"])
def test_a_form_from_a_game_that_moved_on_records_nothing(owner_client, make_game, posted):
    game = make_game(quiet_hands(2))
    data = bids_data(3, 3, 3, 4, 2) | {"hand": posted}
    response = owner_client.post(bids_url(game), data, headers=HX)
    assert response.status_code == 409
    assertContains(response, "changed on another phone", status_code=409)
    assert Hand.objects.filter(game=game).count() == 2


def test_tricks_for_another_hand_than_the_one_being_played_are_refused(owner_client, make_game):
    game = make_game([QUIET_HAND, {"bids": [3, 3, 4, 2]}])
    response = owner_client.post(tricks_url(game), {"hand": "1", "side_0": "7", "side_1": "6"})
    assert response.status_code == 302
    page = owner_client.get(response["Location"])
    assertContains(page, "Hand 1&#x27;s tricks were already recorded")
    assert Hand.objects.get(game=game, number=2).tricks is None


def test_a_race_lost_at_the_database_is_a_conflict_not_an_error(
    owner_client, make_game, monkeypatch
):
    """The lock makes this unreachable; if it were reached, the unique (game, number)
    constraint decides, and the whole write rolls back."""
    game = make_game()

    class ReadBeforeTheOtherPhone(services.LockedGame):
        def __init__(self, game: Game, by_owner: bool = True) -> None:
            super().__init__(game, by_owner)
            Hand.objects.create(game=game, number=1, bids=[3, 3, 4, 2])

    monkeypatch.setattr(services, "LockedGame", ReadBeforeTheOtherPhone)
    response = owner_client.post(bids_url(game), bids_data(1, 4, 4, 4, 1), headers=HX)
    assert response.status_code == 409
    assertContains(response, "Hand 1&#x27;s bids were already recorded", status_code=409)
    assert Hand.objects.filter(game=game).count() == 0  # the whole write rolled back


def test_the_database_refuses_a_second_hand_with_the_same_number(make_game):
    game = make_game([QUIET_HAND])
    with pytest.raises(IntegrityError), transaction.atomic():
        Hand.objects.create(game=game, number=1, bids=[3, 3, 3, 3])


# What htmx gets back.


def test_htmx_tricks_errors_come_back_as_the_entry_step_with_422(owner_client, make_game):
    game = make_game([{"bids": [3, 3, 4, 2]}])
    response = owner_client.post(
        tricks_url(game), {"hand": "1", "side_0": "9", "side_1": "3"}, headers=HX
    )
    assert response.status_code == 422
    body = response.content.decode()
    assert body.lstrip().startswith('<section id="entry"')
    assert "standings" not in body
    assert response.context["form"].non_field_errors() == [
        "Tricks add up to 12, but a hand has 13 tricks."
    ]


def test_htmx_undo_says_what_it_took_back(owner_client, make_game):
    game = make_game(quiet_hands(1))
    response = owner_client.post(
        reverse("undo", args=[game.pk]), {"version": game.version}, headers=HX
    )
    assertContains(response, "Took back hand 1&#x27;s tricks; its bids stay.")
    assert response.context["notice_kind"] == "success"


def test_a_message_after_a_redirect_shows_once(owner_client, make_game):
    game = make_game(quiet_hands(1))
    response = owner_client.post(reverse("undo", args=[game.pk]), {"version": game.version})
    assert response.status_code == 302
    page = owner_client.get(response["Location"])
    assertContains(page, "Took back hand 1&#x27;s tricks; its bids stay.")
    again = owner_client.get(response["Location"])
    assertNotContains(again, "Took back")


def test_htmx_game_page_gets_the_live_part(owner_client, make_game):
    game = make_game(quiet_hands(2))
    response = owner_client.get(game.get_absolute_url(), headers=HX)
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="live">')
    assert "Standings" in body
    assert "#2" in body
    assert "Hand 3: bids" in body


def test_every_htmx_form_also_posts_without_javascript(owner_client, make_game):
    game = make_game(quiet_hands(1))
    body = owner_client.get(game.get_absolute_url()).content.decode()
    for name in ("post_bids", "undo"):
        url = reverse(name, args=[game.pk])
        assert f'action="{url}" hx-post="{url}"' in body
    assert 'hx-headers=\'{"X-CSRFToken": "' in body


# The history, the standings and the end of the game.


def test_the_history_shows_each_sides_bid_tricks_points_score_and_bags(owner_client, make_game):
    game = make_game([{"bids": [3, "nil", 4, 2], "tricks": [9, 0, None, 4]}])
    page = owner_client.get(game.get_absolute_url())
    body = page.content.decode()
    assert "<small> bid 7, took 9 · bags: 2</small>" in body
    assert "<small> Ben nil, Dan 2, took 4 · bags: 2</small>" in body
    assert "Bids: Ben nil, Dan 2" in body
    assert "Ann + Cat bid 7, took 9: +70" in body  # the engine's explanation, one tap away
    assert "Ben&#x27;s nil made: +100" in body
    assertContains(page, '<div class="score">72</div>', html=True)
    assertContains(page, '<div class="meta">Bags: 2 of 10</div>', html=True)
    assertContains(page, '<div class="meta">Needs 428 more to win</div>', html=True)


def test_the_page_says_who_deals_and_who_bids_first(owner_client, make_game):
    game = make_game(quiet_hands(1))
    page = owner_client.get(game.get_absolute_url())
    assertContains(page, "<p>Ben deals; Cat bids first.</p>", html=True)
    assertContains(page, "Cat (bids first)")
    assertContains(page, "Ben (dealer)")


def test_a_cutthroat_winner_is_named_alone(owner_client, make_game):
    win = {"bids": [13, 0, 0, 0], "tricks": [13, 0, 0, 0]}  # 130 for Ann, nils for the rest
    game = make_game([win] * 4, preset="cutthroat", target_score=400)
    page = owner_client.get(game.get_absolute_url())
    assertContains(page, "Ann wins with 520 points.")
    assertContains(page, "The game ended after hand 4: Ann reached 400.")


def test_a_game_lost_at_the_floor_names_the_winner_and_why(owner_client, make_game):
    sunk = {"bids": [3, 13, 3, 13], "tricks": [7, 3, 0, 3]}  # Ben + Dan bid 26, take 6
    game = make_game([sunk])
    page = owner_client.get(game.get_absolute_url())
    assertContains(page, "Ann + Cat win with 61 points.")
    assertContains(page, "The game ended after hand 1: Ben + Dan fell to -200 or below.")


def test_undo_after_the_game_is_over_reopens_it(owner_client, make_game):
    game = make_game([BIG_HAND] * 5)
    response = owner_client.post(
        reverse("undo", args=[game.pk]), {"version": game.version}, headers=HX
    )
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.finished is False
    assert game.winner is None
    assert "Hand 5: tricks" in response.content.decode()
    assert "Rematch" not in response.content.decode()


def test_a_second_rematch_tap_finds_the_first_rematch(owner_client, make_game):
    game = make_game([BIG_HAND] * 5)
    first = owner_client.post(reverse("rematch", args=[game.pk]))
    second = owner_client.post(reverse("rematch", args=[game.pk]), headers=HX)
    new = Game.objects.get(rematch_of=game)
    assert first["Location"] == new.get_absolute_url()
    assert second["HX-Redirect"] == new.get_absolute_url()
    assert Game.objects.count() == 2
    page = owner_client.get(game.get_absolute_url()).content.decode()
    assert "Go to the rematch" in page
    assert f'action="/games/{game.pk}/rematch/"' not in page


def test_a_rematch_before_the_end_is_refused(owner_client, make_game):
    game = make_game(quiet_hands(1))
    response = owner_client.post(reverse("rematch", args=[game.pk]), headers=HX)
    assert response.status_code == 409
    assert Game.objects.count() == 1


# Corrections.


def edit_data(game, rows):
    data = {"version": str(game.version)}
    for seat, (bid, took) in enumerate(rows):
        data[f"bid_{seat}"] = str(bid)
        data[f"tricks_{seat}"] = "" if took is None else str(took)
    return data


# A correction that ends the game earlier: tests/web/test_corrections.py.


def test_a_correction_names_the_seat_it_is_about(owner_client, make_game):
    game = make_game(quiet_hands(2))
    rows = [(4, 4), ("nil", None), (3, 3), (3, 6)]
    response = owner_client.post(reverse("edit_hand", args=[game.pk, 1]), edit_data(game, rows))
    assert response.status_code == 422
    assert response.context["form"].errors["tricks_1"] == [
        "Ben bid nil, so Ben's tricks must be entered separately."
    ]


def test_htmx_correction_errors_come_back_as_the_form_with_422(owner_client, make_game):
    game = make_game(quiet_hands(2))
    rows = [(4, 5), (3, 3), (3, 3), (3, 3)]
    url = reverse("edit_hand", args=[game.pk, 1])
    response = owner_client.post(url, edit_data(game, rows), headers=HX)
    assert response.status_code == 422
    body = response.content.decode()
    assert body.lstrip().startswith("<form")
    assert "Tricks add up to 14, but a hand has 13 tricks." in body


def test_a_stale_correction_never_overwrites(owner_client, make_game):
    game = make_game(quiet_hands(2))
    rows = [(4, 6), (3, 1), (3, 3), (3, 3)]
    data = edit_data(game, rows) | {"version": str(game.version - 1)}
    url = reverse("edit_hand", args=[game.pk, 1])
    response = owner_client.post(url, data, headers=HX)
    assert response.status_code == 409
    assert response["HX-Redirect"] == game.get_absolute_url()
    page = owner_client.get(game.get_absolute_url())
    assertContains(page, "changed on another phone")
    assert Hand.objects.get(game=game, number=1).tricks == [4, 3, 3, 3]
    response = owner_client.post(url, {k: v for k, v in data.items() if k != "version"})
    assert response.status_code == 302
    assert Hand.objects.get(game=game, number=1).tricks == [4, 3, 3, 3]


def test_correcting_a_hand_that_was_undone_meanwhile_is_a_conflict(owner_client, make_game):
    game = make_game([QUIET_HAND, {"bids": [3, 3, 4, 2]}])
    data = edit_data(game, [(3, None), (3, None), (4, None), (2, None)])
    owner_client.post(reverse("undo", args=[game.pk]), {"version": game.version})
    response = owner_client.post(reverse("edit_hand", args=[game.pk, 2]), data)
    assert response.status_code == 302
    page = owner_client.get(response["Location"])
    assertContains(page, "There is no hand 2 in this game any more.")


def test_the_bids_of_the_hand_being_played_can_be_corrected(owner_client, make_game):
    game = make_game([QUIET_HAND, {"bids": [3, 3, 4, 2]}])
    url = reverse("edit_hand", args=[game.pk, 2])
    page = owner_client.get(url)
    assert page.status_code == 200
    assertContains(page, "Leave every tricks box empty if this hand is still being played.")
    rows = [(3, None), ("nil", None), (4, None), (2, None)]
    response = owner_client.post(url, edit_data(game, rows))
    assert response.status_code == 302
    hand = Hand.objects.get(game=game, number=2)
    assert hand.bids == [3, "nil", 4, 2]
    assert hand.tricks is None
    page = owner_client.get(game.get_absolute_url())
    fields = ["csrfmiddlewaretoken", "hand", "bids", "side_0", "tricks_1", "tricks_3"]
    assert step_inputs(page) == fields
    assertContains(page, "Hand 2 corrected; every score after it was worked out again.")


def test_a_past_hand_cannot_be_left_without_tricks(owner_client, make_game):
    game = make_game(quiet_hands(2))
    rows = [(4, None), (3, None), (3, None), (3, None)]
    response = owner_client.post(reverse("edit_hand", args=[game.pk, 1]), edit_data(game, rows))
    assert response.status_code == 422
    assert response.context["form"].non_field_errors() == [
        "Only the last hand can be left without tricks."
    ]


def test_the_game_page_names_its_rules_and_links_to_the_rules_card(owner_client, make_game):
    game = make_game(preset="partner_helps")
    page = owner_client.get(game.get_absolute_url()).content.decode()
    card = reverse("rules_card", args=[game.pk])
    assert f'Rules: <a href="{card}">Failed nil helps the partner</a>' in page


@pytest.mark.parametrize("name", ["post_bids", "post_tricks", "undo", "rematch"])
def test_opening_a_post_only_address_goes_back_to_the_game(owner_client, make_game, name):
    game = make_game(quiet_hands(1))
    for method in ("get", "head"):
        response = getattr(owner_client, method)(reverse(name, args=[game.pk]))
        assert response.status_code == 302
        assert response["Location"] == game.get_absolute_url()
    assert owner_client.put(reverse(name, args=[game.pk])).status_code == 405
    assert Hand.objects.filter(game=game).count() == 1


def test_a_recorded_hand_says_what_it_scored(owner_client, make_game):
    game = make_game([{"bids": [4, 3, 4, 2]}])
    data = {"hand": "1", "side_0": "9", "side_1": "4"}
    response = owner_client.post(tricks_url(game), data, headers=HX)
    assertContains(response, "Hand 1: Ann + Cat +81, Ben + Dan -50")
    page = owner_client.get(owner_client.post(tricks_url(game), data)["Location"])
    assert page.status_code == 200


def test_the_top_bars_links_follow_the_script_prefix(client):
    try:
        set_script_prefix("/spades/")
        page = client.get("/accounts/login/")
    finally:
        set_script_prefix("/")
    assertContains(page, 'data-sign-in="/spades/accounts/login/"')
    assertContains(page, '<a class="brand" href="/spades/">')


def test_undoing_the_bids_takes_back_only_the_last_bid(owner_client, make_game):
    """Ben deals hand 2 (Cat bids first): an undo keeps Cat's, Dan's and Ann's bids tapped and
    leaves Ben's, the last, to tap again."""
    game = make_game([QUIET_HAND])
    owner_client.post(bids_url(game), bids_data(2, 3, 2, 4, 3), headers={"HX-Request": "true"})
    game.refresh_from_db()
    response = owner_client.post(
        reverse("undo", args=[game.pk]),
        {"version": str(game.version)},
        headers={"HX-Request": "true"},
    )
    assertContains(response, "Took back hand 2&#x27;s last bid")
    body = response.content.decode()
    checked = dict(re.findall(r'name="(bid_\d)" value="(\w+)"[^>]* checked', body))
    assert checked == {"bid_0": "3", "bid_2": "4", "bid_3": "3"}
    assert not Hand.objects.filter(game=game, number=2).exists()


def test_without_javascript_the_undone_bids_come_back_too(owner_client, make_game):
    game = make_game([QUIET_HAND])
    owner_client.post(bids_url(game), bids_data(2, 3, 2, 4, 3))
    game.refresh_from_db()
    response = owner_client.post(reverse("undo", args=[game.pk]), {"version": str(game.version)})
    assert response.status_code == 302
    body = owner_client.get(game.get_absolute_url()).content.decode()
    checked = dict(re.findall(r'name="(bid_\d)" value="(\w+)"[^>]* checked', body))
    assert checked == {"bid_0": "3", "bid_2": "4", "bid_3": "3"}
    # Once: the next visit shows the step as it stands, blank.
    again = owner_client.get(game.get_absolute_url()).content.decode()
    assert re.findall(r'name="(bid_\d)" value="(\w+)"[^>]* checked', again) == []


def test_time_called_from_the_table_page_and_undone(owner_client, make_game):
    game = make_game([QUIET_HAND, {"bids": [4, 3, 3, 3]}])
    page = owner_client.get(game.get_absolute_url())
    assertContains(page, ">Time called</button>")
    url = reverse("call_time", args=[game.pk])
    response = owner_client.post(url, {"version": game.version}, headers=HX)
    assert response.status_code == 200
    assertContains(response, "Time called during hand 2: the game ends once its tricks are in")
    assertContains(response, "Undo the time call")
    assertNotContains(response, ">Time called</button>")
    game.refresh_from_db()
    assert game.time_called == 2
    # A second phone's stale button: nothing changes, and it says so.
    stale = owner_client.post(url, {"version": game.version - 1}, headers=HX)
    assert stale.status_code == 409
    owner_client.post(reverse("undo", args=[game.pk]), {"version": game.version})
    game.refresh_from_db()
    assert game.time_called is None


def test_time_called_is_for_the_scorer_only(client, make_game, stranger):
    game = make_game([QUIET_HAND])
    client.force_login(stranger)
    response = client.post(reverse("call_time", args=[game.pk]), {"version": game.version})
    assert response.status_code == 404
    game.refresh_from_db()
    assert game.time_called is None


def tricks_form_bids(client, game) -> str:
    """The bids the page's tricks step says it was drawn against."""
    page = client.get(game.get_absolute_url()).content.decode()
    form = page[page.index(f'action="{tricks_url(game)}"') :]
    return form.split('name="bids" value="', 1)[1].split('"', 1)[0]


def rebid(client, game, *bids):
    """Another phone takes back hand 1's bids and enters others."""
    game.refresh_from_db()
    client.post(reverse("undo", args=[game.pk]), {"version": game.version})
    client.post(bids_url(game), bids_data(1, *bids))


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_tricks_tapped_against_bids_changed_since_are_refused_with_the_current_state(
    owner_client, make_game, htmx
):
    game = make_game()
    owner_client.post(bids_url(game), bids_data(1, 3, 3, 4, 2))
    tapped_against = tricks_form_bids(owner_client, game)
    assert tapped_against == "3,3,4,2"
    rebid(owner_client, game, 5, 2, 4, 1)  # the bids re-entered on another phone

    data = {"hand": "1", "bids": tapped_against, "side_0": "7", "side_1": "6"}
    response = owner_client.post(tricks_url(game), data, headers=HX if htmx else None)
    message = "Hand 1&#x27;s bids were changed on another phone after these tricks were tapped"
    if htmx:
        assert response.status_code == 409
        assertContains(response, message, status_code=409)
        assertContains(response, 'name="bids" value="5,2,4,1"', status_code=409)
    else:
        assert response.status_code == 302
        assertContains(owner_client.get(response["Location"]), message)
    assert Hand.objects.get(game=game).tricks is None

    data["bids"] = tricks_form_bids(owner_client, game)
    assert owner_client.post(tricks_url(game), data).status_code == 302
    assert Hand.objects.get(game=game).tricks == [7, 6, None, None]


def test_tricks_tapped_against_the_same_bids_entered_again_are_recorded(owner_client, make_game):
    game = make_game()
    owner_client.post(bids_url(game), bids_data(1, "nil", 3, 4, 2))
    tapped_against = tricks_form_bids(owner_client, game)
    rebid(owner_client, game, "nil", 3, 4, 2)
    data = {"hand": "1", "bids": tapped_against, "tricks_0": "0", "tricks_2": "6", "side_1": "7"}
    response = owner_client.post(tricks_url(game), data, headers=HX)
    assert response.status_code == 200, response.content.decode()[:300]
    assert Hand.objects.get(game=game).tricks is not None
