"""The card table through its pages: new game, every step, undo, corrections, notes, refusals."""

from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from games.cards import services
from games.cards.models import CardsGame, CardsHand
from games.scoring import card_games
from games.scoring.card_games.table import Recorded

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}


def new_data(players, preset, **rules):
    data = {f"player_{seat}": name for seat, name in enumerate(players)}
    data["preset"] = preset
    data.update({f"rule_{name}": value for name, value in rules.items()})
    return data


def make(owner, game="oh_hell", players=("Ann", "Ben", "Cat"), hands=(), **rules):
    kind = card_games.GAMES[game]
    spec = {"preset": kind.default_preset, **rules}
    return services.create_game(owner, kind=kind, players=list(players), rules=spec, hands=hands)


def bids(game, number, values, **extra):
    return {"hand": str(number), **{f"bid_{s}": str(v) for s, v in enumerate(values)}, **extra}


def tricks(number, values):
    return {"hand": str(number), **{f"tricks_{s}": str(v) for s, v in enumerate(values)}}


def test_a_new_game_of_oh_hell_starts_at_its_first_hand(owner_client):
    data = new_data(["Ann", "Ben", "Cat"], "oh_hell", max_cards_0="3")  # a number, or "off"
    response = owner_client.post(reverse("cards_new", args=["oh_hell"]), data)
    game = CardsGame.objects.get()
    assert response.status_code == 302
    assert response["Location"] == game.get_absolute_url()
    assert game.rules == {"preset": "oh_hell", "max_cards": 3}
    page = owner_client.get(game.get_absolute_url()).content.decode()
    assert "Hand 1 of 5: bids" in page
    assert "3 cards each · Ann deals; Ben bids first." in page


def test_a_whole_game_played_through_the_pages(owner_client, owner):
    game = make(owner, max_cards=2)  # 2, 1, 2 cards: three hands
    url = lambda name: reverse(name, args=[game.pk])  # noqa: E731
    plays = [([1, 0, 0], [1, 0, 1]), ([0, 0, 0], [0, 1, 0]), ([1, 1, 1], [1, 1, 0])]
    for number, (bid, took) in enumerate(plays, start=1):
        assert (
            owner_client.post(url("cards_bids"), bids(game, number, bid), **HX).status_code == 200
        )
        answer = owner_client.post(url("cards_tricks"), tricks(number, took), **HX)
        assert answer.status_code == 200
    page = answer.content.decode()
    assert "Game over" in page
    game.refresh_from_db()
    # Oh Hell: 10 + bid on an exact bid. Ann 11 + 10 + 11; Ben 10 + 0 + 11; Cat 0 + 10 + 0.
    assert game.finished
    assert game.totals == [32, 21, 10]
    assert game.winners == [0]
    assert "Ann wins with 32 points." in page


def test_the_hook_refuses_the_dealers_bid_next_to_the_dealer(owner_client, owner):
    game = make(owner, max_cards=3)
    # Hand 1: Ann deals 3 cards and bids last; Ben 1 + Cat 1: Ann may not bid 1.
    response = owner_client.post(
        reverse("cards_bids", args=[game.pk]), bids(game, 1, [1, 1, 1]), **HX
    )
    assert response.status_code == 422
    assert "Ann deals, and under the hook may not bid 1" in unescape(response.content.decode())
    assert not CardsHand.objects.exists()


def test_tricks_that_dont_add_up_are_refused(owner_client, owner):
    game = make(owner, max_cards=3, hands=[Recorded(3, (1, 1, 0))])
    response = owner_client.post(
        reverse("cards_tricks", args=[game.pk]), tricks(1, [1, 1, 0]), **HX
    )
    assert response.status_code == 422
    assert "The tricks add up to 2, but 3 tricks were played." in unescape(
        response.content.decode()
    )
    assert CardsHand.objects.get().tricks is None


def test_two_phones_posting_the_same_bids_record_them_once(owner_client, owner):
    game = make(owner, max_cards=3)
    url = reverse("cards_bids", args=[game.pk])
    assert owner_client.post(url, bids(game, 1, [1, 0, 0]), **HX).status_code == 200
    again = owner_client.post(url, bids(game, 1, [1, 0, 0]), **HX)
    assert again.status_code == 409
    assert "Hand 1's bids were already recorded; nothing was changed." in unescape(
        again.content.decode()
    )
    assert CardsHand.objects.count() == 1


def test_undo_takes_back_the_tricks_then_the_bids(owner_client, owner):
    game = make(owner, max_cards=3, hands=[Recorded(3, (1, 0, 1), (1, 1, 1))])
    url = reverse("cards_undo", args=[game.pk])
    owner_client.post(url, {"version": str(game.version)})
    game.refresh_from_db()
    assert CardsHand.objects.get().tricks is None
    assert game.hand_count == 0
    owner_client.post(url, {"version": str(game.version)})
    assert not CardsHand.objects.exists()


def test_a_correction_scores_every_later_hand_again(owner_client, owner):
    game = make(
        owner,
        max_cards=2,
        hands=[Recorded(2, (1, 0, 0), (1, 0, 1)), Recorded(1, (0, 0, 0), (0, 1, 0))],
    )
    data = {
        "bid_0": "0",
        "bid_1": "0",
        "bid_2": "1",
        "tricks_0": "1",
        "tricks_1": "0",
        "tricks_2": "1",
    }
    response = owner_client.post(reverse("cards_edit_hand", args=[game.pk, 1]), data)
    assert response.status_code == 302
    game.refresh_from_db()
    # Hand 1 now: Ann 0, Ben 10, Cat 11; hand 2: Ann 10, Ben 0, Cat 10.
    assert game.totals == [10, 10, 21]


def test_another_account_gets_404_and_changes_nothing(stranger_client, owner):
    game = make(owner, max_cards=3)
    assert stranger_client.get(game.get_absolute_url()).status_code == 404
    response = stranger_client.post(reverse("cards_bids", args=[game.pk]), bids(game, 1, [1, 0, 0]))
    assert response.status_code == 404
    assert not CardsHand.objects.exists()


@pytest.mark.parametrize(
    ("game", "data", "field", "message"),
    [
        ("oh_hell", {"player_0": "Ann", "player_1": "Ben"}, "player_2", "Enter a name."),
        ("oh_hell", {"player_0": "Ann", "player_1": "Ben", "player_2": "Cat", "player_4": "Eve"},
         "player_3",
         "Enter a name, or leave the last places empty."),
        ("wizard", {"player_0": "Ann", "player_1": "ann", "player_2": "Cat"}, "player_1",
         "Two players can't share a name at one table."),
        ("call_break", {"player_0": "Ann", "player_1": "Ben", "player_2": "Cat"}, "player_3",
         "Enter a name."),
        ("call_break", {**{f"player_{s}": n for s, n in enumerate("ABCD")}, "rule_bid_min": "9",
                        "rule_bid_max": "8"}, "rule_bid_min", "The lowest call (9) is above"),
        ("oh_hell", {**{f"player_{s}": n for s, n in enumerate("ABCDEFG")},
                     "rule_max_cards_0": "10"}, "rule_max_cards",
         "7 players can be dealt at most 7 cards each from 52, not 10."),
    ],
)  # fmt: skip
def test_a_new_game_refused_says_why_next_to_the_field(owner_client, game, data, field, message):
    kind = card_games.GAMES[game]
    response = owner_client.post(
        reverse("cards_new", args=[game]), {"preset": kind.default_preset, **data}
    )
    assert response.status_code == 422
    form = response.context["form"]
    assert any(message in error for error in form.errors[field]), form.errors
    assert not CardsGame.objects.exists()


def test_a_visitor_starting_a_game_becomes_a_guest(client):
    data = new_data(["Ann", "Ben", "Cat", "Dan"], "call_break")
    response = client.post(reverse("cards_new", args=["call_break"]), data)
    game = CardsGame.objects.get()
    assert response.status_code == 302
    assert client.get(game.get_absolute_url()).status_code == 200


def test_new_game_asks_which_game_first(client):
    page = client.get(reverse("new_game")).content.decode()
    for game in ("oh_hell", "wizard", "call_break"):
        assert reverse("cards_new", args=[game]) in page
    assert client.get(reverse("cards_new", args=["euchre"])).status_code == 404


def test_the_bids_step_says_the_hand_the_dealer_and_the_hook(owner_client, owner):
    game = make(owner, max_cards=3)
    page = unescape(owner_client.get(game.get_absolute_url()).content.decode())
    assert "Hand 1 of 5: bids" in page
    assert "The hook: Ann deals and bids last, and may not bid so that the bids add up to 3" in page
    assert 'data-hook-cards="3"' in page
    # The pads in bidding order, the dealer's last and marked for the hook's key.
    assert page.index("Ben bid") < page.index("Cat bid") < page.index("Ann bid")


def test_the_history_explains_each_hand_in_words(owner_client, owner):
    game = make(owner, max_cards=3, hands=[Recorded(3, (1, 0, 1), (1, 1, 1))])
    page = unescape(owner_client.get(game.get_absolute_url()).content.decode())
    assert "Ann bid 1, took 1" in page
    assert "Ben bid 0, took 1" in page
    assert "Hand 2 of 5: bids" in page


def test_a_hand_note_shows_in_the_history(owner_client, owner):
    game = make(owner, max_cards=3, hands=[Recorded(3, (1, 0, 1), (1, 1, 1))])
    url = reverse("cards_hand_note", args=[game.pk, 1])
    assert owner_client.post(url, {"note": "misdeal, redealt"}).status_code == 302
    page = owner_client.get(game.get_absolute_url()).content.decode()
    assert "Note: misdeal, redealt" in page
    bad = owner_client.post(url, {"note": "x" * 500})
    assert bad.status_code == 422
    assert CardsHand.objects.get().note == "misdeal, redealt"


def statements(queries):
    """What a request sends the database, without the test's own savepoints."""
    return [q["sql"] for q in queries if not q["sql"].startswith(("SAVEPOINT", "RELEASE"))]


def test_a_step_costs_six_statements_and_its_answer_reads_nothing_more(owner_client, owner):
    """The session, the user, the game's row locked, its hands, the write, the summary: the
    answer is drawn from what the write returns."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    game = make(owner, max_cards=3)
    owner_client.get(game.get_absolute_url())
    url = reverse("cards_bids", args=[game.pk])
    with CaptureQueriesContext(connection) as bids_step:
        assert owner_client.post(url, bids(game, 1, [1, 0, 0]), **HX).status_code == 200
    url = reverse("cards_tricks", args=[game.pk])
    with CaptureQueriesContext(connection) as tricks_step:
        assert owner_client.post(url, tricks(1, [1, 1, 1]), **HX).status_code == 200
    assert len(statements(bids_step.captured_queries)) == 6
    assert len(statements(tricks_step.captured_queries)) == 6
    with CaptureQueriesContext(connection) as page:
        owner_client.get(game.get_absolute_url())
    assert len(statements(page.captured_queries)) == 4  # session, user, game, hands


def test_the_game_over_offers_a_rematch_once(owner_client, owner):
    game = make(owner, max_cards=1, schedule="up", hands=[Recorded(1, (0, 0, 0), (1, 0, 0))])
    page = owner_client.get(game.get_absolute_url()).content.decode()
    assert "Game over" in page
    assert "Rematch: same players and rules" in page
    response = owner_client.post(reverse("cards_rematch", args=[game.pk]))
    rematch = CardsGame.objects.get(rematch_of=game)
    assert response["Location"] == rematch.get_absolute_url()
    page = owner_client.get(game.get_absolute_url()).content.decode()
    assert "Go to the rematch" in page
    assert rematch.get_absolute_url() in page


def test_the_notice_after_a_hand_says_what_each_player_scored(owner_client, owner):
    game = make(
        owner, "call_break", ["Ann", "Ben", "Cat", "Dan"], hands=[Recorded(13, (3, 4, 2, 3))]
    )
    url = reverse("cards_tricks", args=[game.pk])
    answer = owner_client.post(url, tricks(1, [5, 4, 1, 3]), **HX).content.decode()
    assert "Hand 1: Ann +3.2, Ben +4.0, Cat -2.0, Dan +3.0." in answer


def test_the_last_hand_says_the_hook_is_lifted_only_where_there_is_a_hook(owner_client, owner):
    """Wizard plays without the hook: its last hand says nothing of one. Oh Hell with the
    hook lifted on the last hand says so."""
    wizard = make(owner, "wizard", ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"])
    hands = [
        Recorded(n, (0,) * 6, (n, 0, 0, 0, 0, 0)) for n in range(1, 10)
    ]  # nine rounds played: the tenth is the last
    CardsHand.objects.bulk_create(
        CardsHand(game=wizard, number=n, cards=h.cards, bids=list(h.bids), tricks=list(h.tricks))
        for n, h in enumerate(hands, start=1)
    )
    page = unescape(owner_client.get(wizard.get_absolute_url()).content.decode())
    assert "Hand 10 of 10: bids" in page
    assert "the hook" not in page.lower()
    assert "data-hook-cards" not in page
    lifted = make(owner, max_cards=1, schedule="up", hook_on_last_hand=False)
    page = unescape(owner_client.get(lifted.get_absolute_url()).content.decode())
    assert "The last hand: the hook is lifted." in page


def test_a_scoring_phone_scores_without_the_owners_links_and_follows_the_rematch(client, owner):
    game = make(owner, max_cards=1, schedule="up")
    game, _ = services.set_watch_link(owner, game.pk, "score_on")
    opened = client.get(reverse("cards_score", args=[game.score_token]))
    assert opened.status_code == 302
    # It grants this browser a session's right: never kept by a cache on the way.
    assert "no-store" in opened["Cache-Control"]
    assert "private" in opened["Cache-Control"]
    page = client.get(game.get_absolute_url()).content.decode()
    assert "scoring for the table" in page
    for owners_only in ("cards_export", "cards_share", "cards_compare", "cards_game_note"):
        assert reverse(owners_only, args=[game.pk]) not in page
    response = client.post(reverse("cards_bids", args=[game.pk]), bids(game, 1, [0, 0, 0]))
    assert response.status_code == 302
    answer = client.post(reverse("cards_tricks", args=[game.pk]), tricks(1, [1, 0, 0]), **HX)
    said = "Hand 1: Ann 0, Ben +10, Cat +10; the game is over."
    assert said in unescape(answer.content.decode())
    response = client.post(reverse("cards_rematch", args=[game.pk]))
    rematch = CardsGame.objects.get(rematch_of=game)
    assert response["Location"] == rematch.get_absolute_url()
    assert rematch.owner == owner
    # The scoring link went on to the rematch: this phone scores it, and the old game's page
    # sends it there.
    assert client.get(rematch.get_absolute_url()).status_code == 200
    response = client.get(game.get_absolute_url())
    assert response.status_code == 302
    assert response["Location"] == rematch.get_absolute_url()


def rematched(client, owner, rematches=1):
    """A one-hand game whose scoring link this phone (`client`) holds, then `rematches`
    rematches started by the owner, each played out, the link moving on with each: (first
    game, latest)."""
    first = make(owner, max_cards=1, schedule="up", hands=[Recorded(1, (0, 0, 0), (1, 0, 0))])
    first, _ = services.set_watch_link(owner, first.pk, "score_on")
    client.get(reverse("cards_score", args=[first.score_token]))
    latest = first
    for _ in range(rematches):
        latest, _ = services.start_rematch(owner, latest.pk)
        services.record_bids(owner, latest.pk, 1, [0, 0, 0])
        latest = services.record_tricks(owner, latest.pk, 1, [1, 0, 0]).game
    return first, latest


def test_a_scoring_phone_left_on_an_earlier_game_is_sent_to_the_rematch(client, owner):
    first, latest = rematched(client, owner, rematches=3)
    response = client.get(first.get_absolute_url(), follow=True)
    assert response.redirect_chain == [(latest.get_absolute_url(), 302)]
    assert f"This game has moved on to its rematch, {latest.title}." in unescape(
        response.content.decode()
    )
    # A look without a body (HEAD) is sent on too, and leaves no words for a later page.
    response = client.head(first.get_absolute_url())
    assert response.status_code == 302
    assert "moved on" not in unescape(client.get(latest.get_absolute_url()).content.decode())


def test_a_step_posted_to_an_earlier_game_is_not_saved_and_the_phone_follows(client, owner):
    first, latest = rematched(client, owner)
    # The owner takes back the old game's tricks: it waits for them again, and a step this
    # phone sent to it would be recorded if the phone could still score it.
    first.refresh_from_db()  # the rematch moved the links on from it
    first = services.undo(owner, first.pk, first.version).game
    before = list(CardsHand.objects.order_by("game", "number").values_list("game", "tricks"))
    for name, data in [
        ("cards_tricks", tricks(1, [1, 0, 0])),
        ("cards_undo", {"version": str(first.version)}),
        ("cards_edit_hand", bids(first, 1, [0, 0, 0])),
    ]:
        args = [first.pk, 1] if name == "cards_edit_hand" else [first.pk]
        response = client.post(reverse(name, args=args), data, **HX)
        assert response.status_code == 409
        assert response["HX-Redirect"] == latest.get_absolute_url()
    page = unescape(client.get(latest.get_absolute_url()).content.decode())
    assert "Nothing was saved. This game has moved on to its rematch" in page
    assert list(CardsHand.objects.order_by("game", "number").values_list("game", "tricks")) == (
        before
    )
    first.refresh_from_db()
    assert (first.hand_count, first.finished) == (0, False)


def test_only_a_phone_holding_the_moved_link_follows_it(client, owner, stranger):
    first, latest = rematched(client, owner)
    other = Client()  # another phone, signed in, without the link
    other.force_login(stranger)
    assert other.get(first.get_absolute_url()).status_code == 404
    assert Client().get(first.get_absolute_url()).status_code == 404
    # A phone holding another game's link learns nothing of this one.
    elsewhere = make(owner)
    elsewhere, _ = services.set_watch_link(owner, elsewhere.pk, "score_on")
    unrelated = Client()
    unrelated.get(reverse("cards_score", args=[elsewhere.score_token]))
    assert unrelated.get(first.get_absolute_url()).status_code == 404
    # A number past any game's, and a hand the rematch has not got: a 404, not a move.
    huge = "/cards/99999999999999999999/"
    assert client.get(huge).status_code == 404
    assert client.post(f"{huge}bids/", {}).status_code == 404
    assert client.get(reverse("cards_edit_hand", args=[latest.pk, 9])).status_code == 404
    services.set_watch_link(owner, latest.pk, "score_off")  # the link ends: no one follows
    assert client.get(first.get_absolute_url()).status_code == 404
    assert client.post(reverse("cards_bids", args=[first.pk]), {}).status_code == 404


@pytest.mark.parametrize("name", ["cards_bids", "cards_tricks", "cards_undo", "cards_rematch"])
def test_opening_a_post_only_address_goes_back_to_the_game(owner_client, owner, name):
    game = make(owner, max_cards=3, hands=[Recorded(3, (1, 0, 1))])
    for method in ("get", "head"):
        response = getattr(owner_client, method)(reverse(name, args=[game.pk]))
        assert response.status_code == 302
        assert response["Location"] == game.get_absolute_url()
    assert owner_client.put(reverse(name, args=[game.pk])).status_code == 405
    assert list(CardsHand.objects.values_list("number", "bids", "tricks")) == [(1, [1, 0, 1], None)]
