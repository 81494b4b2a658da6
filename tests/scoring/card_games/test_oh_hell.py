"""Oh Hell: schedules, the hook, 3 to 7 players, the replay and its properties."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.scoring.card_games import CardGameError, HandInput, OhHellRules, oh_hell, replay
from games.scoring.card_games.oh_hell import schedule_sizes

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus")


@pytest.mark.parametrize(
    ("schedule", "sizes"),
    [
        ("down_up", (3, 2, 1, 2, 3)),
        ("up_down", (1, 2, 3, 2, 1)),
        ("up", (1, 2, 3)),
        ("down", (3, 2, 1)),
    ],
)
def test_every_schedule(schedule, sizes):
    assert schedule_sizes(schedule, 3) == sizes


def test_seven_players_play_thirteen_hands_of_seven_down_to_one_and_back():
    """MrPikes' house rules: with 7 players the hands are 7 cards, then 6, 5, 4, 3, 2, 1, then
    2, 3, 4, 5, 6, 7, for a total of 13 hands."""
    assert OhHellRules().hand_sizes(7) == (7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7)


@pytest.mark.parametrize(("players", "most"), [(3, 10), (4, 10), (5, 10), (6, 8), (7, 7)])
def test_the_largest_hand_by_players(players, most):
    """10 cards for 3 to 5 players, 8 for 6, 7 for 7 (MrPikes; Traditional Game Rules)."""
    sizes = OhHellRules().hand_sizes(players)
    assert max(sizes) == most
    assert len(sizes) == 2 * most - 1


def test_max_cards_past_the_pack_is_refused_for_the_players():
    rules = oh_hell.GAME.rules({"max_cards": 11})
    assert oh_hell.GAME.check_players(rules, 5) == (
        "rules.max_cards: 5 players can be dealt at most 10 cards each from 52, not 11"
    )
    assert oh_hell.GAME.check_players(rules, 4) is None


def test_the_dealer_may_not_make_the_bids_add_up_wikipedias_example():
    """Wikipedia: if five cards are dealt and the first three bids are two, zero and one, the
    dealer may not bid two."""
    rules = OhHellRules(schedule="down", max_cards=5)
    hand = HandInput(5, (2, 2, 0, 1), (2, 1, 1, 1))  # Ann deals the first hand and bids last
    with pytest.raises(CardGameError) as caught:
        replay(rules, NAMES[:4], [hand])
    assert str(caught.value) == (
        "hand 1: the bids add up to the 5 cards dealt; under the hook the dealer, Ann, may not "
        "bid 2"
    )
    assert caught.value.number == 1
    replay(rules, NAMES[:4], [HandInput(5, (3, 2, 0, 1), (2, 1, 1, 1))])


def test_the_hook_falls_on_each_hands_dealer_in_turn():
    """Traditional Game Rules: a ten-card hand for four players, first bids 4, 2, 3: the
    dealer cannot bid 1. Here the second hand's dealer is Ben."""
    rules = OhHellRules(schedule="down", max_cards=10)
    first = HandInput(10, (0, 4, 2, 3), (1, 4, 2, 3))
    with pytest.raises(CardGameError, match="the dealer, Ann, may not bid 1"):
        replay(rules, NAMES[:4], [HandInput(10, (1, 4, 2, 3), (1, 4, 2, 3))])
    second = HandInput(9, (3, 1, 2, 3), (3, 1, 2, 3))
    with pytest.raises(CardGameError, match=r"^hand 2: .* the dealer, Ben, may not bid 1$"):
        replay(rules, NAMES[:4], [first, second])


def test_the_hook_lifted_on_the_last_hand():
    """Traditional Game Rules: in the last round all players, the dealer too, bid as they
    choose."""
    lifted = OhHellRules(schedule="down", max_cards=2, hook_on_last_hand=False)
    hands = [HandInput(2, (1, 0, 0), (1, 1, 0)), HandInput(1, (1, 0, 0), (1, 0, 0))]
    result = replay(lifted, NAMES[:3], hands)
    assert result.finished
    held = OhHellRules(schedule="down", max_cards=2)
    with pytest.raises(CardGameError, match=r"^hand 2: the bids add up"):
        replay(held, NAMES[:3], hands)


def test_refusals_name_the_hand():
    rules = OhHellRules(schedule="up", max_cards=3)
    names = NAMES[:3]
    cases = [
        (HandInput(2, (0, 0, 0), (1, 0, 0)), "hand 1: the schedule deals 1 card in hand 1, not 2"),
        (HandInput(1, (2, 0, 0), (1, 0, 0)), "hand 1: Ann bid 2; a bid here is 0 to 1"),
        (HandInput(1, (0, 0, 0), (2, 0, 0)), "hand 1: Ann took 2 tricks; a player takes 0 to 1"),
        (HandInput(1, (0, 0, 0), (1, 1, 0)), "hand 1: tricks add up to 2, but 1 trick was played"),
        (HandInput(1, (0, 0, 0), (0, 0, 0)), "hand 1: tricks add up to 0, but 1 trick was played"),
        (
            HandInput(1, (0, 0), (1, 0)),
            "hand 1: expected 3 bids and 3 trick counts, one per player",
        ),
    ]
    for hand, message in cases:
        with pytest.raises(CardGameError) as caught:
            replay(rules, names, [hand])
        assert str(caught.value) == message


def test_a_hand_past_the_schedule_is_refused():
    rules = OhHellRules(schedule="down", max_cards=1)
    hand = HandInput(1, (0, 0, 0), (1, 0, 0))
    with pytest.raises(CardGameError) as caught:
        replay(rules, NAMES[:3], [hand, hand])
    assert str(caught.value) == "hand 2: the game is over after hand 1 (the schedule deals 1 hand)"


def test_a_played_out_game_is_finished_and_a_tie_shares_the_win():
    rules = OhHellRules(schedule="up", max_cards=2)
    hands = [HandInput(1, (1, 1, 1), (1, 0, 0)), HandInput(2, (0, 1, 0), (1, 1, 0))]
    result = replay(rules, NAMES[:3], hands)
    assert result.finished
    assert [hand.points for hand in result.hands] == [(11, 0, 0), (0, 11, 10)]
    assert result.winners == (0, 1)  # 11, 11 and 10: a tie on the top total is shared
    assert replay(rules, NAMES[:3], hands[:1]).finished is False
    tied = replay(rules, NAMES[:3], [HandInput(1, (0, 0, 0), (1, 0, 0))])
    assert tied.winners == (1, 2)


@st.composite
def games(draw, hook=True):
    players = draw(st.integers(3, 7))
    rules = OhHellRules(
        schedule=draw(st.sampled_from(["down_up", "up_down", "up", "down"])),
        max_cards=draw(st.integers(1, 52 // players).filter(lambda n: n <= 5)),
        tricks_count=draw(st.sampled_from(["exact", "always"])),
        miss_penalty=draw(st.sampled_from(["none", "per_trick_off", "flat", "bid", "squared_off"])),
        squared=draw(st.booleans()),
        hook=hook,
    )
    sizes = rules.hand_sizes(players)
    hands = []
    for number, cards in enumerate(sizes[: draw(st.integers(0, len(sizes)))], start=1):
        cuts = sorted(
            draw(st.lists(st.integers(0, cards), min_size=players - 1, max_size=players - 1))
        )
        tricks = [b - a for a, b in zip([0, *cuts], [*cuts, cards], strict=True)]
        bids = draw(st.lists(st.integers(0, cards), min_size=players, max_size=players))
        dealer = (number - 1) % players
        if hook and sum(bids) == cards:
            bids[dealer] += 1 if bids[dealer] < cards else -1
        hands.append(HandInput(cards, tuple(bids), tuple(tricks)))
    return rules, NAMES[:players], hands


@settings(max_examples=60, deadline=None)
@given(games())
def test_totals_are_the_running_sum_of_points_and_replay_is_pure(game):
    rules, names, hands = game
    result = replay(rules, names, hands)
    running = [0] * len(names)
    for hand in result.hands:
        running = [total + points for total, points in zip(running, hand.points, strict=True)]
        assert list(hand.totals) == running
    assert [standing.score for standing in result.standings] == running
    assert replay(rules, names, hands) == result
    for played in range(len(hands)):
        assert replay(rules, names, hands[:played]).hands == result.hands[:played]
    assert result.finished == (len(hands) == len(rules.hand_sizes(len(names))))
    assert all(running[seat] == max(running) for seat in result.winners)


@settings(max_examples=60, deadline=None)
@given(games(hook=False))
def test_under_the_hook_accepted_bids_never_add_up_to_the_cards(game):
    rules, names, hands = game
    hooked = OhHellRules(**{**rules.__dict__, "hook": True})
    refused = [
        number
        for number in range(1, len(hands) + 1)
        if sum(hands[number - 1].bids) == hands[number - 1].cards
    ]
    if not refused:
        assert replay(hooked, names, hands).hands == replay(rules, names, hands).hands
        return
    with pytest.raises(CardGameError) as caught:
        replay(hooked, names, hands)
    assert caught.value.number == refused[0]
    assert "under the hook" in str(caught.value)


def test_a_tie_broken_on_made_bids_as_wikipedia_says():
    """Wikipedia: in the event of a tie, the tied player who bid the most wins, adding up each
    tied player's successful bids."""
    settings = {"schedule": "up", "max_cards": 2, "hook": False, "preset": "oh_hell_every_trick"}
    hands = [
        {"cards": 1, "bids": [1, 0, 0], "tricks": [1, 0, 0]},  # 11, 10, 10 (made 1, 0, 0)
        {"cards": 2, "bids": [1, 0, 0], "tricks": [0, 1, 1]},  # 0, 1, 1: all three on 11
    ]
    inputs = [HandInput(h["cards"], tuple(h["bids"]), tuple(h["tricks"])) for h in hands]
    shared = replay(oh_hell.GAME.rules(settings), NAMES[:3], inputs)
    assert [standing.score for standing in shared.standings] == [11, 11, 11]
    assert shared.winners == (0, 1, 2)
    broken = oh_hell.GAME.rules({**settings, "tie_break": "made_bids"})
    assert replay(broken, NAMES[:3], inputs).winners == (0,)
    # Ann and Ben level on 20, each having made only zero bids: still shared.
    level = [HandInput(1, (0, 0, 1), (0, 0, 1)), HandInput(2, (0, 0, 0), (0, 0, 2))]
    assert replay(broken, NAMES[:3], level).winners == (0, 1)
