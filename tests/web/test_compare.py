"""What-if: the same hands rescored under other rules, chosen in the query string."""

import pytest
from django.urls import reverse

from games import compare, scoring
from tests.conftest import FLIPPING_GAME

pytestmark = pytest.mark.django_db


def url(game, **query):
    return reverse("compare", args=[game.pk]), query


def get(client, game, **query):
    path, query = url(game, **query)
    return client.get(path, query)


def test_with_no_choice_only_the_form_is_shown(owner_client, flipping_game):
    response = get(owner_client, flipping_game)
    assert response.status_code == 200
    body = response.content.decode()
    assert "Score these hands again" in body
    assert 'id="outcome"' not in body


def test_failed_nil_helping_the_partner_changes_the_winner(owner_client, flipping_game):
    response = get(owner_client, flipping_game, failed_nil_tricks="help_partner")
    assert response.status_code == 200
    comparison = response.context["comparison"]
    assert (comparison.result.winner, comparison.other.winner) == (1, 0)
    assert [(s.score, s.other_score) for s in comparison.sides] == [(202, 231), (220, 160)]
    body = response.content.decode()
    assert "Another result: Ann + Cat would win, where Ben + Dan won this game." in body
    assert "would have ended after hand 5: the last 1 hand would never have been played" in body


def test_the_hands_that_differ_show_both_explanations(owner_client, flipping_game):
    response = get(owner_client, flipping_game, failed_nil_tricks="help_partner")
    comparison = response.context["comparison"]
    assert [hand.number for hand in comparison.hands] == [1]
    body = response.content.decode()
    assert 'Ann + Cat: <span class="pts">-148</span> → <span class="pts">-49</span>' in body
    assert "Cat bid 5, took 4: set: -50" in body
    assert "Cat bid 5, took 6: +50" in body
    assert "2 bags from failed nil: +2" in body


def test_a_preset_from_the_query_string(owner_client, flipping_game):
    response = get(owner_client, flipping_game, preset="short_game")
    comparison = response.context["comparison"]
    # Short game is standard to 300 with a floor of -200: the same hands, nobody there yet.
    assert comparison.still_going
    assert "the game would still be going" in response.content.decode()
    changed = {change.setting.name for change in comparison.changes}
    assert changed == {"target_score", "losing_score"}


def test_the_same_rules_change_nothing(owner_client, flipping_game):
    body = get(owner_client, flipping_game, target_score="200").content.decode()
    assert "Those are the rules this game was played by: nothing changes." in body
    assert "Every hand scores the same." in body


def test_a_bad_value_is_shown_next_to_its_field(owner_client, flipping_game):
    response = get(owner_client, flipping_game, bag_limit="lots", failed_nil_tricks="maybe")
    assert response.status_code == 200
    form = response.context["form"]
    assert "bag_limit" in form.errors
    assert "failed_nil_tricks" in form.errors
    assert response.context["comparison"] is None
    assert "Enter a whole number, or “off”" in response.content.decode()


def test_a_value_out_of_range_is_shown_next_to_its_field(owner_client, flipping_game):
    response = get(owner_client, flipping_game, bag_limit="0")
    assert response.context["form"].errors["bag_limit"] == ["Must be at least 1, got 0."]


def test_rules_that_contradict_each_other_are_explained(owner_client, flipping_game):
    response = get(owner_client, flipping_game, target_score="100", losing_score="150")
    errors = response.context["form"].errors
    # The losing score is the one out of place: it names that setting (issue 11).
    assert errors["losing_score"] == ["Must be below the winning score (100), got 150."]


def test_a_preset_for_other_numbers_of_players_is_refused_plainly(owner_client, flipping_game):
    response = get(owner_client, flipping_game, preset="cutthroat3")
    assert response.status_code == 200
    assert response.context["form"].errors["preset"] == [
        "That preset is for 3 players, but this game was played by 4: its hands can't be "
        "scored that way. Choose rules for 4 players."
    ]


def test_an_unknown_preset_is_an_error_not_a_crash(owner_client, flipping_game):
    response = get(owner_client, flipping_game, preset="poker")
    assert response.status_code == 200
    assert "preset" in response.context["form"].errors


def test_switching_a_setting_off(owner_client, flipping_game):
    response = get(owner_client, flipping_game, bag_limit="off")
    assert response.context["comparison"].other.rules.bag_limit is None


def test_a_tie_rule_and_a_hand_limit_from_the_query_string(owner_client, flipping_game):
    response = get(owner_client, flipping_game, preset="tournament_8", tie_rule="off")
    other = response.context["comparison"].other.rules
    assert (other.hand_limit, other.tie_rule) == (8, None)
    response = get(owner_client, flipping_game, hand_limit="2", tie_rule="draw")
    other = response.context["comparison"].other
    assert other.rules.hand_limit == 2
    assert other.ended_after == 2


def test_the_page_is_the_owners_only(client, stranger_client, flipping_game):
    assert get(stranger_client, flipping_game, preset="hoyle").status_code == 404
    client.logout()
    assert get(client, flipping_game, preset="hoyle").status_code == 404


def test_the_queries_do_not_grow_with_hands(
    owner_client, long_game, django_assert_num_queries, session_reads
):
    # The user, the game, its hands.
    game = long_game(1)
    with django_assert_num_queries(session_reads + 3):
        get(owner_client, game, preset="no_carry")
    game = long_game(40)
    with django_assert_num_queries(session_reads + 3):
        get(owner_client, game, preset="no_carry")


def test_compare_is_a_pure_function_of_two_results():
    rules = scoring.Rules(target_score=200, losing_score=None)
    hands = [scoring.Hand(tuple(h["bids"]), tuple(h["tricks"])) for h in FLIPPING_GAME]
    result = scoring.score_game(rules, hands, ("Ann", "Ben", "Cat", "Dan"))
    other_rules = scoring.Rules(
        target_score=200, losing_score=None, failed_nil_tricks="help_partner"
    )
    other = scoring.score_game(other_rules, hands, ("Ann", "Ben", "Cat", "Dan"), strict=False)
    comparison = compare.compare(result, other)
    assert comparison.winner_changes
    assert comparison.ends_sooner
    assert comparison.other.unscored_hands == 1
    assert comparison.winner_name == "Ben + Dan"
    assert comparison.other_winner_name == "Ann + Cat"


@pytest.mark.parametrize("preset", list(scoring.PRESETS))
def test_every_preset_is_answered_plainly(owner_client, flipping_game, preset):
    """A preset that can't score these hands (other players, other sides) says so; none crash."""
    response = get(owner_client, flipping_game, preset=preset)
    assert response.status_code == 200
    rules = scoring.PRESETS[preset].rules
    form = response.context["form"]
    if rules.players == 4 and rules.partnerships:
        assert not form.errors
    else:
        assert form.errors["preset"]


def test_rules_without_partners_are_refused_for_a_partnership_game(owner_client, flipping_game):
    response = get(owner_client, flipping_game, partnerships="false")
    assert response.context["form"].errors["partnerships"] == [
        "This game was played in partnerships, so its hands can't be scored with the sides "
        "these rules make. Choose rules with the same sides."
    ]
