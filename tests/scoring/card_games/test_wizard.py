"""Wizard: 60 / players rounds, round n deals n cards, the official scoring, the hook rule."""

import pytest

from games.scoring.card_games import CardGameError, HandInput, WizardRules, replay, wizard

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")


@pytest.mark.parametrize(("players", "rounds"), [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_sixty_cards_make_sixty_over_players_rounds_of_n_cards(players, rounds):
    """Wizard's rules: one card on the first deal, two on the second, and so on, until the 60
    cards are dealt out."""
    assert WizardRules().hand_sizes(players) == tuple(range(1, rounds + 1))


def test_the_default_rules_are_the_wizard_preset_without_the_hook():
    rules = wizard.GAME.rules({})
    assert (rules.exact_bonus, rules.trick_value, rules.miss_penalty, rules.miss_value) == (
        20, 10, "per_trick_off", 10,
    )  # fmt: skip
    assert rules.hook is False


def test_a_three_round_game_scored_as_the_rules_sheet_says():
    """Exact: 20 + 10 a trick; off: -10 a trick over or under. Bids may add up to the cards."""
    rules = WizardRules()
    hands = [
        HandInput(1, (1, 0, 0, 0), (1, 0, 0, 0)),
        HandInput(2, (1, 1, 0, 0), (0, 2, 0, 0)),
        HandInput(3, (0, 1, 1, 1), (0, 1, 1, 1)),
    ]
    result = replay(rules, NAMES[:4], hands)
    assert [hand.points for hand in result.hands] == [
        (30, 20, 20, 20),
        (-10, -10, 20, 20),
        (20, 30, 30, 30),
    ]
    assert [standing.score for standing in result.standings] == [40, 40, 70, 70]
    assert result.winners == (2, 3)
    assert result.hands[1].words[1] == "Ben bid 1, took 2: missed by 1 (over), 1 off at 10 -10"
    assert not result.finished


def test_the_hook_as_a_house_rule():
    """GameDuell's Wizard: the last bidder may not make the bids equal the tricks."""
    rules = wizard.GAME.rules({"hook": True})
    with pytest.raises(CardGameError, match=r"^hand 1: the bids add up to the 1 card dealt; "):
        replay(rules, NAMES[:3], [HandInput(1, (1, 0, 0), (1, 0, 0))])


def test_a_round_past_the_last_is_refused():
    rules = WizardRules()
    hands = [HandInput(n, (0,) * 6, (n, 0, 0, 0, 0, 0)) for n in range(1, 12)]
    with pytest.raises(CardGameError) as caught:
        replay(rules, NAMES, hands)
    assert (
        str(caught.value) == "hand 11: the game is over after hand 10 (the schedule deals 10 hands)"
    )
    assert replay(rules, NAMES, hands[:10]).finished


def test_other_presets_apply_to_wizard_hands():
    """What if: the same hands under Oh Hell's scoring."""
    rules = wizard.GAME.rules({"preset": "oh_hell"})
    result = replay(rules, NAMES[:3], [HandInput(1, (1, 1, 0), (1, 0, 0))])
    assert result.hands[0].points == (11, 0, 10)
