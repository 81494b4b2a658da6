"""The card games looked back on: the rules card, What if? and statistics by player, with the
numbers worked out by hand from the rules."""

import re
from html import unescape

import pytest
from django.urls import reverse

from games.cards import review, services
from games.cards.models import CardsGame
from games.scoring import card_games
from games.scoring.card_games.table import Recorded

pytestmark = pytest.mark.django_db


def make(owner, game="oh_hell", players=("Ann", "Ben", "Cat"), hands=(), **rules):
    kind = card_games.GAMES[game]
    spec = {"preset": rules.pop("preset", kind.default_preset), **rules}
    return services.create_game(owner, kind=kind, players=list(players), rules=spec, hands=hands)


def page(response):
    return unescape(response.content.decode())


def words(response):
    """The page's text without its tags, each run of spaces one space."""
    return " ".join(re.sub(r"<[^>]+>", "", page(response)).split())


# A 3-player Oh Hell game, max_cards 3: 3, 2, 1, 2, 3 cards, Ann deals first. Under "oh_hell"
# (10 + bid on an exact bid, else nothing):
#   hand 1 (3 cards): bids 1 1 0, took 1 2 0: Ann 11, Ben 0, Cat 10
#   hand 2 (2 cards): bids 1 0 0, took 0 1 1: nobody exact, 0 each
#   hand 3 (1 card):  bids 0 0 0, took 1 0 0: Ann 0, Ben 10, Cat 10
#   hand 4 (2 cards): bids 1 1 1, took 1 1 0: Ann 11, Ben 11, Cat 0
#   hand 5 (3 cards): bids 2 0 0, took 2 0 1: Ann 12, Ben 10, Cat 0
#   totals Ann 34, Ben 31, Cat 20: Ann wins.
# Under "oh_hell_every_trick" a missed bid still scores its tricks, a point each:
#   hand 1: Ben +2; hand 2: Ben +1, Cat +1; hand 3: Ann +1; hand 5: Cat +1
#   totals Ann 35, Ben 34, Cat 22: Ann still wins.
OH_HELL = [
    Recorded(3, (1, 1, 0), (1, 2, 0)),
    Recorded(2, (1, 0, 0), (0, 1, 1)),
    Recorded(1, (0, 0, 0), (1, 0, 0)),
    Recorded(2, (1, 1, 1), (1, 1, 0)),
    Recorded(3, (2, 0, 0), (2, 0, 1)),
]

# Call Break, five deals, calls 1 to 8 (Ann, Ben, Cat, Dan). A made call scores the call and
# 0.1 a trick over; a failed call loses the call (as played) or only the tricks short:
#   deal 1: calls 3 4 2 5, took 4 4 1 4: Ann 3.1, Ben 4, Cat -2 (short 1), Dan -5 (short 1)
#   deal 2: calls 2 3 3 8, took 2 3 3 5: Ann 2, Ben 3, Cat 3, Dan -8 (short 3)
#   deal 3: calls 3 3 3 5, took 3 3 2 5: Ann 3, Ben 3, Cat -3 (short 1), Dan 5
#   deal 4: calls 2 2 2 6, took 2 2 3 6: Ann 2, Ben 2, Cat 2.1, Dan 6
#   deal 5: calls 1 1 1 8, took 2 1 2 8: Ann 1.1, Ben 1, Cat 1.1, Dan 8
#   as played: Ann 11.2, Ben 13.0, Cat 1.2, Dan 6.0: Ben wins.
#   the shortfall only: Cat -1 -1 instead of -2 -3 (4.2); Dan -1 -3 instead of -5 -8 (15.0).
CALL_BREAK_PLAYERS = ("Ann", "Ben", "Cat", "Dan")
CALL_BREAK = [
    Recorded(13, (3, 4, 2, 5), (4, 4, 1, 4)),
    Recorded(13, (2, 3, 3, 8), (2, 3, 3, 5)),
    Recorded(13, (3, 3, 3, 5), (3, 3, 2, 5)),
    Recorded(13, (2, 2, 2, 6), (2, 2, 3, 6)),
    Recorded(13, (1, 1, 1, 8), (2, 1, 2, 8)),
]


def call_break(owner, hands=CALL_BREAK, **rules):
    return make(owner, "call_break", CALL_BREAK_PLAYERS, hands, **rules)


def compared(game, **query):
    """The comparison as the page makes it, from the query string's values."""
    from games.cards.compare_form import CardsCompareForm

    form = CardsCompareForm({key: str(value) for key, value in query.items()}, game=game)
    assert form.is_valid(), form.errors
    return review.compare(game, game.recorded(), form.cleaned_data["rules"])


# ---- The rules card -------------------------------------------------------------------------


def test_the_rules_card_says_every_setting_the_deals_and_what_the_table_changed(owner):
    game = make(owner, max_cards=3, hook_on_last_hand=False)
    card = review.rules_card(game)
    assert card.preset.name == "oh_hell"
    lines = {line.setting.name: line for line in card.lines}
    assert [line.setting.name for line in card.lines] == [s.name for s in game.kind.settings]
    assert card.changes == 2
    assert lines["max_cards"].changed
    assert lines["max_cards"].words == "At most 3 cards a hand"
    assert lines["max_cards"].preset_words == "10 cards for 3 to 5 players, 8 for 6, 7 for 7"
    assert lines["hook_on_last_hand"].words == "The hook is lifted on the last hand"
    assert not lines["exact_bonus"].changed
    assert lines["exact_bonus"].words == "An exact bid earns 10 points"
    # down_up from 3: 3, 2, 1, 2, 3 cards; the deal passes round from Ann.
    assert [(d.number, d.cards, d.dealer) for d in card.deals] == [
        (1, 3, "Ann"), (2, 2, "Ben"), (3, 1, "Cat"), (4, 2, "Ann"), (5, 3, "Ben"),
    ]  # fmt: skip


def test_wizards_rules_card_deals_sixty_cards_round_by_round(owner):
    game = make(owner, "wizard", ("Ann", "Ben", "Cat", "Dan"))
    card = review.rules_card(game)
    assert card.changes == 0
    assert [d.cards for d in card.deals] == list(range(1, 16))  # 60 / 4 rounds
    assert card.deals[-1].dealer == "Cat"  # round 15: the deal has gone round 3 times, + 2


def test_the_rules_card_page(owner_client, owner):
    game = make(owner, max_cards=3)
    response = owner_client.get(reverse("cards_rules_card", args=[game.pk]))
    assert response.status_code == 200
    text = words(response)
    assert "played by the Oh Hell: 10 + bid rules, with 1 setting changed by the table" in text
    assert "An exact bid scores 10 plus the bid; any other result scores nothing." in text
    assert "At most 3 cards a hand." in text
    assert "The preset: 10 cards for 3 to 5 players, 8 for 6, 7 for 7." in text
    assert "For 3 players: 5 hands" in text
    assert f'href="{reverse("cards_compare", args=[game.pk])}"' in page(response)


def test_call_breaks_rules_card_in_tenths_and_deals(owner_client, owner):
    game = call_break(owner, hands=(), failure="shortfall")
    text = words(owner_client.get(reverse("cards_rules_card", args=[game.pk])))
    assert "A failed call loses only the tricks short." in text
    assert "The preset: a failed call loses the call." in text
    assert "Each trick over the call adds 0.1." in text
    assert "For 4 players: 5 hands" in text


# ---- What if? -------------------------------------------------------------------------------


def test_oh_hell_rescored_with_a_point_a_trick(owner):
    game = make(owner, max_cards=3, hands=OH_HELL)
    comparison = compared(game, preset="oh_hell_every_trick")
    assert [(p.total, p.other_total) for p in comparison.players] == [
        ("34", "35"), ("31", "34"), ("20", "22"),
    ]  # fmt: skip
    assert [p.ahead for p in comparison.players] == [True, False, False]
    assert [p.other_ahead for p in comparison.players] == [True, False, False]
    assert comparison.verdict() == "The same result: Ann wins."
    # max_cards 3 is the table's own: the preset doesn't name it, so it stays.
    assert [change.label for change in comparison.changes] == ["When tricks count"]
    hand_1 = comparison.hands[0]
    assert [(c.points, c.other_points) for c in hand_1.cells] == [
        ("+11", "+11"), ("0", "+2"), ("+10", "+10"),
    ]  # fmt: skip
    assert [hand.number for hand in comparison.changed_hands] == [1, 2, 3, 5]
    assert hand_1.cells[1].other_words.startswith("Ben bid 1, took 2: missed by 1 (over)")


def test_call_break_rescored_when_a_failure_costs_only_the_shortfall(owner):
    game = call_break(owner)
    comparison = compared(game, failure="shortfall")
    assert [(p.total, p.other_total) for p in comparison.players] == [
        ("11.2", "11.2"), ("13.0", "13.0"), ("1.2", "4.2"), ("6.0", "15.0"),
    ]  # fmt: skip
    assert comparison.result.winners == (1,)
    assert comparison.other.winners == (3,)
    assert comparison.verdict() == "Another result: Dan would win, where Ben won this game."
    deal_2 = comparison.hands[1]
    assert (deal_2.cells[3].points, deal_2.cells[3].other_points) == ("-8.0", "-3.0")
    assert [hand.number for hand in comparison.changed_hands] == [1, 2, 3]


def test_the_same_rules_change_nothing(owner):
    game = make(owner, max_cards=3, hands=OH_HELL)
    comparison = compared(game)
    assert comparison.same_rules
    assert not comparison.changed_hands
    assert comparison.verdict() == "Those are the rules this game was played by: nothing changes."
    # Choosing the game's own preset keeps its own settings too: still the same rules.
    assert compared(game, preset="oh_hell").same_rules


def test_fewer_deals_score_only_the_hands_that_game_would_have_had(owner):
    game = call_break(owner)
    comparison = compared(game, deals=3)
    # After three deals: Ann 3.1 + 2 + 3, Ben 4 + 3 + 3, Cat -2 + 3 - 3, Dan -5 - 8 + 5.
    assert [p.other_total for p in comparison.players] == ["8.1", "10.0", "-2.0", "-8.0"]
    assert comparison.unscored == 2
    assert comparison.other.finished
    assert comparison.verdict() == "The same result: Ben wins."


def test_more_deals_leave_the_game_going(owner):
    game = call_break(owner, hands=CALL_BREAK[:3], preset="call_break_short")
    comparison = compared(game, deals=5)
    assert comparison.result.finished
    assert comparison.still_going
    assert comparison.hands_to_come == 2
    assert (
        comparison.verdict() == "Under these rules the game would not be over yet: Ben would lead."
    )


def what_if(client, game, **query):
    return client.get(reverse("cards_compare", args=[game.pk]), query)


def test_the_what_if_page_side_by_side(owner_client, owner):
    game = call_break(owner)
    response = what_if(owner_client, game, failure="shortfall")
    assert response.status_code == 200
    text = page(response)
    assert "Another result: Dan would win, where Ben won this game." in text
    assert "<strong>A failed call</strong>: A failed call loses only the tricks short" in text
    assert "-8.0 → <strong>-3.0</strong>" in text
    assert "Dan called 8, took 5: failed by 3, -3.0" in text


def test_a_changed_schedule_is_refused_naming_the_hand(owner_client, owner):
    game = make(owner, max_cards=3, hands=OH_HELL)
    response = what_if(owner_client, game, max_cards=4)
    assert response.status_code == 200
    text = page(response)
    assert (
        "Hand 1 couldn't have been played under those rules: the schedule deals 4 cards in "
        "hand 1, not 3." in text
    )
    assert "Each hand's points" not in text
    text = page(what_if(owner_client, game, schedule="up"))
    assert "the schedule deals 1 card in hand 1, not 3." in text


def test_a_bid_the_hook_forbids_is_refused_naming_the_hand(owner_client, owner):
    # No hook at this table: in hand 2 (2 cards, Ben deals) the bids 1 + 0 + 1 add up to 2.
    hands = [Recorded(3, (1, 1, 0), (1, 2, 0)), Recorded(2, (1, 0, 1), (1, 0, 1))]
    game = make(owner, max_cards=3, hook=False, hands=hands)
    text = page(what_if(owner_client, game, hook="true"))
    assert (
        "Hand 2 couldn't have been played under those rules: the bids add up to the 2 cards "
        "dealt; under the hook the dealer, Ben, may not bid 0." in text
    )


def test_a_bid_out_of_range_is_refused_naming_the_hand(owner_client, owner):
    hands = [Recorded(13, (9, 1, 1, 1), (10, 1, 1, 1))]
    game = call_break(owner, hands=hands, preset="call_break_shortfall")
    text = page(what_if(owner_client, game, preset="call_break"))
    assert (
        "Hand 1 couldn't have been played under those rules: Ann bid 9; a bid here is 1 to 8."
        in text
    )


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"preset": "spades"}, "Select a valid choice."),
        ({"max_cards": "lots"}, "Enter a whole number, or “off”"),
        # Not ASCII digits, or two signs: refused, never a 500 from int().
        ({"max_cards": "--5"}, "Enter a whole number, or “off”"),
        ({"max_cards": "²"}, "Enter a whole number, or “off”"),
        ({"zero_bid_value": "\u0661"}, "Enter a whole number, or “off”"),  # Arabic-Indic 1
        ({"max_cards": "0"}, "Must be at least 1, got 0."),
        ({"max_cards": "18"}, "Must be at most 17, got 18."),
        ({"exact_bonus": "-3"}, "Ensure this value is greater than or equal to 0."),
        ({"hook": "maybe"}, "Select a valid choice."),
    ],
)
def test_bad_choices_are_said_and_score_nothing(owner_client, owner, query, message):
    game = make(owner, max_cards=3, hands=OH_HELL)
    response = what_if(owner_client, game, **query)
    assert response.status_code == 200
    assert message in page(response)
    assert "Each hand's points" not in page(response)
    if "preset" not in query:  # the setting is further down the page: the top says so
        assert "A setting below needs changing: nothing was scored again." in page(response)


def test_more_cards_than_the_pack_deals_this_many_players(owner_client, owner):
    game = make(owner, players=("A", "B", "C", "D", "E", "F", "G"))
    text = page(what_if(owner_client, game, max_cards=8))
    assert "7 players can be dealt at most 7 cards each from 52, not 8." in text


def test_call_break_refuses_a_lowest_call_above_the_highest(owner_client, owner):
    game = call_break(owner)
    text = page(what_if(owner_client, game, bid_min=9))
    assert "The lowest call (9) is above the highest (8)." in text


def test_an_unknown_setting_in_the_address_is_ignored(owner_client, owner):
    game = make(owner, max_cards=3, hands=OH_HELL)
    response = what_if(owner_client, game, bogus="1")
    assert response.status_code == 200
    assert "Those are the rules this game was played by: nothing changes." in page(response)


def test_max_cards_off_goes_back_to_the_sources_default(owner_client, owner):
    game = make(owner, max_cards=3, hands=OH_HELL)
    text = page(what_if(owner_client, game, max_cards="off"))
    assert "the schedule deals 10 cards in hand 1, not 3." in text


def test_the_form_sent_without_javascript_is_shortened_to_what_was_chosen(owner_client, owner):
    game = make(owner, max_cards=3, hands=OH_HELL)
    url = reverse("cards_compare", args=[game.pk])
    response = owner_client.get(url, {"preset": "oh_hell_every_trick", "hook": "", "squared": ""})
    assert response.status_code == 302
    assert response["Location"] == f"{url}?preset=oh_hell_every_trick"
    assert owner_client.get(url, {"preset": ""})["Location"] == url


def test_what_if_before_any_hand(owner_client, owner):
    game = make(owner, max_cards=3)
    response = what_if(owner_client, game, preset="oh_hell_every_trick")
    assert response.status_code == 200
    assert "No hand has been played yet: there is nothing to score again." in page(response)


def test_what_if_leaves_a_hand_being_played_out(owner):
    game = make(owner, max_cards=3, hands=[*OH_HELL[:2], Recorded(1, (0, 0, 0))])
    comparison = compared(game, preset="oh_hell_every_trick")
    assert len(comparison.hands) == 2


def test_the_pages_of_a_game_are_its_owners_alone(client, stranger, owner):
    game = make(owner, max_cards=3, hands=OH_HELL)
    for name in ("cards_rules_card", "cards_compare"):
        url = reverse(name, args=[game.pk])
        assert client.get(url).status_code == 404
        client.force_login(stranger)
        assert client.get(url).status_code == 404
        assert client.get(url, {"preset": "oh_hell_every_trick"}).status_code == 404
        client.logout()
        assert client.post(url).status_code in (404, 405)


def test_the_pages_answer_only_get_and_head(owner_client, owner):
    game = make(owner, max_cards=3)
    for url in (
        reverse("cards_rules_card", args=[game.pk]),
        reverse("cards_compare", args=[game.pk]),
        reverse("cards_players"),
    ):
        assert owner_client.head(url).status_code == 200
        assert owner_client.post(url).status_code == 405


@pytest.mark.parametrize("size", [1, 5])
def test_what_if_reads_the_hands_once(owner_client, owner, django_assert_num_queries, size):
    game = call_break(owner, hands=CALL_BREAK[:size])
    url = reverse("cards_compare", args=[game.pk])
    # The session, the user, the game, its hands.
    with django_assert_num_queries(4):
        assert owner_client.get(url, {"failure": "shortfall"}).status_code == 200


# ---- Statistics by player -------------------------------------------------------------------


def test_statistics_by_game_and_by_player(owner, stranger):
    make(owner, max_cards=3, hands=OH_HELL)  # finished: Ann wins
    # A second game, later: "ann" is Ann; one hand played, hand 2's bids in (not counted).
    # max_cards 2: 2, 1, 2 cards. Hand 1 (2 cards): bids 0 1 0, took 1 1 0: ann 0, Ben 11, Dan 10.
    make(
        owner,
        players=("ann", "Ben", "Dan"),
        max_cards=2,
        hands=[Recorded(2, (0, 1, 0), (1, 1, 0)), Recorded(1, (0, 0, 0))],
    )
    call_break(owner)  # finished: Ben wins
    make(stranger, players=("Ann", "Zed", "Yan"), max_cards=3, hands=OH_HELL)  # not the owner's
    report = review.for_owner(owner)
    assert report.games == 3
    assert report.unreadable == 0
    oh_hell, call_break_ = report.kinds
    assert (oh_hell.kind.name, oh_hell.games, oh_hell.made_words) == ("oh_hell", 2, "Exact bids")
    figures = {
        p.name: (p.games, p.finished, p.wins, p.hands, p.made, p.points_per_hand_text)
        for p in oh_hell.players
    }
    # Exact bids in the first game: Ann hands 1, 4, 5; Ben 3, 4, 5; Cat 1, 3.
    assert figures == {
        "ann": (2, 1, 1, 6, 3, "5.7"),  # 34 points in 6 hands
        "Ben": (2, 1, 0, 6, 4, "7.0"),  # 31 + 11 = 42 in 6
        "Cat": (1, 1, 0, 5, 2, "4.0"),  # 20 in 5
        "Dan": (1, 0, 0, 1, 1, "10.0"),
    }
    assert [p.name for p in oh_hell.players] == ["ann", "Ben", "Cat", "Dan"]  # most games first
    assert oh_hell.players[0].made_rate == pytest.approx(0.5)
    assert (call_break_.kind.name, call_break_.made_words) == ("call_break", "Calls made")
    figures = {p.name: (p.wins, p.made, p.points_per_hand_text) for p in call_break_.players}
    # A call is made by taking at least as many: Cat failed deals 1 and 3, Dan deals 1 and 2.
    # Points a deal: Ann 11.2 / 5, Ben 13 / 5, Cat 1.2 / 5, Dan 6 / 5.
    assert figures == {
        "Ann": (0, 5, "2.2"),
        "Ben": (1, 5, "2.6"),
        "Cat": (0, 3, "0.2"),
        "Dan": (0, 3, "1.2"),
    }


def test_a_shared_top_total_is_a_win_for_each(owner):
    # One hand of one card (schedule down from 1): bids 0 0 0, Ann takes it: Ben and Cat 10.
    make(owner, max_cards=1, schedule="down", hands=[Recorded(1, (0, 0, 0), (1, 0, 0))])
    (oh_hell,) = review.for_owner(owner).kinds
    assert {p.name: p.wins for p in oh_hell.players} == {"Ann": 0, "Ben": 1, "Cat": 1}


def test_a_game_that_no_longer_replays_is_counted_apart(owner):
    make(owner, max_cards=3, hands=OH_HELL)
    broken = make(owner, max_cards=3, hands=OH_HELL[:1])
    CardsGame.objects.filter(pk=broken.pk).update(rules={"preset": "oh_hell", "max_cards": 2})
    report = review.for_owner(owner)
    assert (report.games, report.unreadable) == (2, 1)
    assert report.kinds[0].games == 1


def test_the_players_page(owner_client, owner):
    make(owner, max_cards=3, hands=OH_HELL)
    call_break(owner)
    response = owner_client.get(reverse("cards_players"))
    assert response.status_code == 200
    text = page(response)
    assert "Over your 2 games of Oh Hell, Wizard and Call Break" in text
    assert '<h2 id="kind-oh_hell">Oh Hell' in text
    assert '<h2 id="kind-call_break">Call Break' in text
    assert (
        '<td role="cell" data-label="Exact bids">3 of 5 <span class="muted">(60%)</span></td>'
        in text
    )
    assert (
        '<td role="cell" data-label="Calls made">3 of 5 <span class="muted">(60%)</span></td>'
        in text
    )
    assert '<td role="cell" data-label="Points a hand">6.8</td>' in text  # Ann: 34 in 5


def test_the_players_page_with_no_card_games(owner_client):
    response = owner_client.get(reverse("cards_players"))
    assert response.status_code == 200
    assert "No card games yet" in page(response)


def test_the_players_page_sends_a_visitor_to_sign_in(client):
    url = reverse("cards_players")
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('login')}?next={url}"


@pytest.mark.parametrize("games", [1, 4])
def test_the_players_page_reads_games_and_hands_once(
    owner_client, owner, django_assert_num_queries, games
):
    for _ in range(games):
        make(owner, max_cards=3, hands=OH_HELL)
        call_break(owner)
    # The session, the user, the games, every hand of them.
    with django_assert_num_queries(4):
        assert owner_client.get(reverse("cards_players")).status_code == 200
