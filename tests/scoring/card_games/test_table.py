"""Where a card game stands at the table: the step, the hand size, who deals and bids first,
the hook's forbidden bid, and the refusals, from the games' rules."""

from hypothesis import given, settings
from hypothesis import strategies as st

from games.scoring import card_games
from games.scoring.card_games.table import (
    BIDS,
    OVER,
    TRICKS,
    Recorded,
    bids_problems,
    deal_carried_on,
    dealer_may_not_bid,
    order_from,
    step_of,
    tricks_problem,
)

NAMES = ["Ann", "Ben", "Cat", "Dan"]


def rules(game, **values):
    kind = card_games.GAMES[game]
    return kind.rules({"preset": kind.default_preset, **values})


def test_the_first_step_of_oh_hell_down_and_up():
    # Pagat's Oh Hell: 3 players are dealt 10 cards first; the player left of the dealer bids
    # first and the dealer last.
    step = step_of(rules("oh_hell"), 3, [])
    assert (step.kind, step.number, step.cards, step.dealer) == (BIDS, 1, 10, 0)
    assert step.order == (1, 2, 0)
    assert step.hands_in_game == 19  # 10 down to 1 and back up to 10
    assert step.hook


def test_bids_in_make_the_tricks_step_of_the_same_hand():
    step = step_of(rules("oh_hell", max_cards=3), 3, [Recorded(3, (1, 0, 1))])
    assert (step.kind, step.number, step.cards, step.bids) == (TRICKS, 1, 3, (1, 0, 1))


def test_a_played_hand_moves_the_deal_on():
    step = step_of(rules("oh_hell", max_cards=3), 3, [Recorded(3, (1, 0, 1), (1, 1, 1))])
    assert (step.kind, step.number, step.cards, step.dealer, step.order) == (
        BIDS, 2, 2, 1, (2, 0, 1),
    )  # fmt: skip


def test_the_game_is_over_after_the_schedules_last_hand():
    hands = [Recorded(1, (0, 0, 0), (1, 0, 0))]
    assert step_of(rules("oh_hell", max_cards=1, schedule="up"), 3, hands).kind == OVER


def test_wizard_round_n_deals_n_cards_for_60_over_players_rounds():
    step = step_of(rules("wizard"), 6, [Recorded(1, (0,) * 6, (1, 0, 0, 0, 0, 0))])
    assert (step.number, step.cards, step.hands_in_game) == (2, 2, 10)
    assert not step.hook  # the official rules: bids may add up to anything


def test_call_break_deals_13_cards_and_calls_1_to_8():
    step = step_of(rules("call_break"), 4, [])
    assert (step.cards, step.bid_low, step.bid_high, step.hands_in_game) == (13, 1, 8, 5)
    assert not step.hook


def test_the_hook_forbids_the_bid_that_makes_the_bids_add_up():
    step = step_of(rules("oh_hell", max_cards=5), 4, [])  # Ann deals 5; Ben, Cat, Dan bid first
    assert dealer_may_not_bid(step, [None, 2, 1, 0]) == 2
    assert dealer_may_not_bid(step, [None, 2, None, 0]) is None  # Cat hasn't bid yet
    assert dealer_may_not_bid(step, [None, 4, 3, 0]) is None  # 7 already: no bid would
    problems = bids_problems(step, NAMES, [2, 2, 1, 0])
    assert problems == {
        0: "Ann deals, and under the hook may not bid 2: the bids would add up to the 5 cards "
        "dealt."
    }
    assert bids_problems(step, NAMES, [3, 2, 1, 0]) == {}


def test_the_hook_lifted_on_the_last_hand():
    # Oh Hell up to 2: hands of 1, 2 cards; the last hand is free under hook_on_last_hand false.
    lifted = rules("oh_hell", max_cards=2, schedule="up", hook_on_last_hand=False)
    hands = [Recorded(1, (0, 0, 0), (1, 0, 0))]
    step = step_of(lifted, 3, hands)
    assert step.last_hand
    assert not step.hook
    assert bids_problems(step, NAMES[:3], [1, 0, 1]) == {}
    # The table says so on that hand alone, and only where the game has a hook to lift.
    assert step.hook_lifted
    first = step_of(lifted, 3, [])
    assert (first.hook, first.hook_lifted) == (True, False)
    kept = step_of(rules("oh_hell", max_cards=2, schedule="up"), 3, hands)
    assert (kept.hook, kept.hook_lifted) == (True, False)
    unhooked = step_of(rules("oh_hell", max_cards=2, schedule="up", hook=False), 3, hands)
    assert (unhooked.hook, unhooked.hook_lifted) == (False, False)
    wizard_last = [Recorded(n, (0,) * 3, (n, 0, 0)) for n in range(1, 20)]
    assert not step_of(rules("wizard"), 3, wizard_last).hook_lifted
    assert not step_of(rules("call_break"), 4, []).hook_lifted


def test_a_bid_out_of_range_is_named_by_player():
    step = step_of(rules("call_break"), 4, [])
    assert bids_problems(step, NAMES, [0, 9, 3, 3]) == {
        0: "Ann's bid must be 1 to 8 in this hand.",
        1: "Ben's bid must be 1 to 8 in this hand.",
    }


def test_tricks_must_add_up_to_the_cards_dealt():
    step = step_of(rules("call_break"), 4, [Recorded(13, (3, 3, 3, 3))])
    assert tricks_problem(step, [4, 3, 3, 3]) is None
    assert (
        tricks_problem(step, [4, 3, 3, 2]) == "The tricks add up to 12, but 13 tricks were played."
    )


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 13), st.lists(st.integers(0, 13), min_size=3, max_size=6), st.data())
def test_under_the_hook_the_bids_never_add_up_to_the_cards(cards, others, data):
    """Whatever the others bid, a dealer's bid the check accepts never makes the bids add up
    to the cards, and every bid it refuses does."""
    count = len(others) + 1
    step = step_of(rules("oh_hell", max_cards=cards, schedule="down"), count, [])
    others = [min(bid, cards) for bid in others]
    dealer_bid = data.draw(st.integers(0, cards))
    bids = [dealer_bid, *others]
    names = [f"P{seat}" for seat in range(count)]
    refused = 0 in bids_problems(step, names, bids)
    assert refused == (sum(bids) == cards)


def test_the_order_starts_at_the_dealers_left():
    assert order_from(2, 4) == (3, 0, 1, 2)


def test_a_count_for_every_player():
    step = step_of(rules("call_break"), 4, [Recorded(13, (3, 3, 3, 3))])
    assert tricks_problem(step, [13, 0, 0]) == "Expected 4 trick counts, one per player."
    assert bids_problems(step, NAMES, [3, 3, 3]) == {None: "Expected 4 bids, one per player."}


def test_the_deal_carries_on_round_the_table_into_the_next_game():
    # Five hands among three players: Ann, Ben, Cat, Ann, Ben dealt; Cat deals next.
    assert deal_carried_on(["Ann", "Ben", "Cat"], 5) == ["Cat", "Ann", "Ben"]
    assert deal_carried_on(["Ann", "Ben", "Cat"], 3) == ["Ann", "Ben", "Cat"]


def test_a_bid_is_made_exactly_or_in_call_break_at_least():
    # Pagat: Oh Hell's bid is made only by taking exactly the tricks bid; a Call Break call is
    # made by taking at least as many.
    oh_hell, call_break = rules("oh_hell"), rules("call_break")
    assert [oh_hell.made(2, took) for took in (1, 2, 3)] == [False, True, False]
    assert [call_break.made(2, took) for took in (1, 2, 3)] == [False, True, True]
