"""Starting a game: names, a preset, house rules, the first dealer; the full rules are kept."""

import dataclasses
import json
import re

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains

from games import scoring
from games.models import Game
from tests.web.conftest import HX, bids_data, bids_url, tricks_url

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Ben", "Cat", "Dan"]


def new_game_data(names=NAMES, preset="standard", first_dealer=0, **fields):
    data = {"name": "", "preset": preset, "first_dealer": str(first_dealer)}
    for seat, name in enumerate(names):
        data[f"player_{seat}"] = name
    data.update({key: str(value) for key, value in fields.items()})
    return data


def start(client, **kwargs):
    return client.post(reverse("new_game"), new_game_data(**kwargs))


# Each setting: the fields a player changes, what the game's rules then say, and the names
# the changed table needs.
OVERRIDES = {
    "players": ({"rule_players": 3, "rule_partnerships": "false"}, 3, NAMES[:3]),
    "partnerships": ({"rule_partnerships": "false"}, False, NAMES),
    "target_score": ({"rule_target_score": 300}, 300, NAMES),
    "losing_score": ({"rule_losing_score_1": "on"}, None, NAMES),
    "bag_limit": ({"rule_bag_limit_0": 5}, 5, NAMES),
    "bag_penalty": ({"rule_bag_penalty": 50}, 50, NAMES),
    "bag_points": ({"rule_bag_points": 0}, 0, NAMES),
    "bags_carry_over": ({"rule_bags_carry_over": "false"}, False, NAMES),
    "nil_value": ({"rule_nil_value": 50}, 50, NAMES),
    "blind_nil_value": ({"rule_blind_nil_value": 100}, 100, NAMES),
    "zero_is_nil": ({"rule_zero_is_nil": "false"}, False, NAMES),
    "failed_nil_tricks": ({"rule_failed_nil_tricks": "help_partner"}, "help_partner", NAMES),
    "both_nil": ({"rule_both_nil": "joint"}, "joint", NAMES),
    "blind_nil_behind": ({"rule_blind_nil_behind_0": 100}, 100, NAMES),
    "blind_nil": ({"rule_blind_nil": "false"}, False, NAMES),
    "min_team_bid": ({"rule_min_team_bid_0": 4}, 4, NAMES),
    "variant": ({"rule_variant": "whiz"}, "whiz", NAMES),
    "first_bidder": ({"rule_first_bidder": "dealer"}, "dealer", NAMES),
    "sets_to_lose": ({"rule_sets_to_lose_0": 2}, 2, NAMES),
    "sets_in_a_row_to_lose": ({"rule_sets_in_a_row_to_lose_0": 2}, 2, NAMES),
    "both_nil_value": ({"rule_both_nil_value": 300}, 300, NAMES),
    "min_total_bid": ({"rule_min_total_bid_0": 10}, 10, NAMES),
    "ban_exact_total": ({"rule_ban_exact_total": "true"}, True, NAMES),
    "blind_bid_min": ({"rule_blind_bid_min_0": 6}, 6, NAMES),
    "blind_bid_behind": ({"rule_blind_bid_behind_0": 100}, 100, NAMES),
    "first_hand_bids_itself": ({"rule_first_hand_bids_itself_0": 4}, 4, NAMES),
    "big_bid": ({"rule_big_bid": "flat"}, "flat", NAMES),
    "big_bid_min": ({"rule_big_bid_min": 9}, 9, NAMES),
    "big_bid_made": ({"rule_big_bid_made": 150}, 150, NAMES),
    "big_bid_set": ({"rule_big_bid_set": 150}, 150, NAMES),
    "boston_needs": ({"rule_boston_needs": "bid"}, "bid", NAMES),
    "boston": ({"rule_boston": "bonus"}, "bonus", NAMES),
    "boston_bonus": ({"rule_boston_bonus": 100}, 100, NAMES),
    "hand_limit": ({"rule_hand_limit_0": 8}, 8, NAMES),
    "tie_rule": ({"rule_tie_rule": "block"}, "block", NAMES),
    "tie_block_hands": ({"rule_tie_block_hands": 2}, 2, NAMES),
    "set_scoring": ({"rule_set_scoring": "missed"}, "missed", NAMES),
    "bag_back": ({"rule_bag_back_0": 5}, 5, NAMES),
    "bag_back_points": ({"rule_bag_back_points": 100}, 100, NAMES),
    "overtricks": ({"rule_overtricks": "none"}, "none", NAMES),
    "nil_partner_exact": ({"rule_nil_partner_exact": "true"}, True, NAMES),
}


def test_a_tie_rule_set_by_a_preset_can_be_switched_back_to_todays_reading(owner_client):
    response = start(owner_client, preset="tournament_8", rule_tie_rule="off")
    assert response.status_code == 302, response.context["form"].errors
    game = Game.objects.get()
    assert (game.rules["hand_limit"], game.rules["tie_rule"]) == (8, None)


def test_a_hand_limit_below_1_is_refused_next_to_its_field(owner_client):
    response = start(owner_client, rule_hand_limit_0=0)
    assert response.status_code == 422
    assert "rule_hand_limit" in response.context["form"].errors
    assert not Game.objects.exists()


def test_the_override_table_covers_every_setting():
    assert set(OVERRIDES) == {setting.name for setting in scoring.SETTINGS}


@pytest.mark.parametrize("setting", list(OVERRIDES))
def test_each_house_rule_is_applied_and_the_rest_come_from_the_preset(owner_client, setting):
    fields, expected, names = OVERRIDES[setting]
    response = start(owner_client, names=names, **fields)
    assert response.status_code == 302, response.context["form"].errors
    game = Game.objects.get()
    assert game.rules[setting] == expected
    assert expected != scoring.PRESETS["standard"].rules.to_dict()[setting]
    touched = {re.sub(r"^rule_|_[01]$", "", key) for key in fields}
    untouched = {k: v for k, v in scoring.Rules().to_dict().items() if k not in touched}
    assert {name: game.rules[name] for name in untouched} == untouched


def test_the_game_keeps_every_rule_it_started_with(owner_client):
    start(owner_client, preset="bicycle", rule_target_score=300)
    game = Game.objects.get()
    assert (
        game.rules == scoring.Rules.from_dict({"preset": "bicycle", "target_score": 300}).to_dict()
    )
    assert set(game.rules) == {setting.name for setting in scoring.SETTINGS}
    assert game.preset == "bicycle"


def test_changing_a_preset_later_does_not_change_an_old_game(owner_client, monkeypatch):
    start(owner_client, preset="bicycle")  # nil is worth 50
    game = Game.objects.get()
    rules_before = dict(game.rules)
    changed = dataclasses.replace(
        scoring.PRESETS["bicycle"], overrides={"nil_value": 75, "blind_nil_value": 150}
    )
    monkeypatch.setitem(scoring.PRESETS, "bicycle", changed)
    assert scoring.Rules.from_dict({"preset": "bicycle"}).nil_value == 75

    owner_client.post(bids_url(game), bids_data(1, 4, "nil", 4, 4))
    owner_client.post(
        tricks_url(game), {"hand": "1", "side_0": "8", "tricks_1": "0", "tricks_3": "5"}
    )
    game.refresh_from_db()
    assert game.rules == rules_before
    assert game.scores == [80, 50 + 41]  # Ben's nil at the game's 50, not the preset's new 75
    page = owner_client.get(game.get_absolute_url())
    assertContains(page, "Ben&#x27;s nil made: +50")
    exported = json.loads(owner_client.get(reverse("export_game", args=[game.pk])).content)
    assert scoring.parse_game_file(exported).rules.nil_value == 50


@pytest.mark.parametrize(
    ("preset", "names", "error_seat", "message"),
    [
        ("cutthroat3", NAMES[:3], None, None),
        ("two_player", NAMES[:2], None, None),
        ("standard", NAMES, None, None),
        ("cutthroat3", NAMES, 3, "These rules are for 3 players, but 4 names were given."),
        (
            "two_player",
            NAMES[:3],
            2,
            "These rules are for 2 players, but 3 names were given: for 3 players choose the "
            "rules “Cutthroat (3 players)”.",
        ),
        (
            "standard",
            NAMES[:3],
            3,
            "These rules are for 4 players, but 3 names were given: for 3 players choose the "
            "rules “Cutthroat (3 players)”.",
        ),
        (
            "standard",
            NAMES[:2],
            2,
            "These rules are for 4 players, but 2 names were given: for 2 players choose the "
            "rules “Two players”.",
        ),
    ],
)
def test_the_names_must_fill_the_presets_seats(owner_client, preset, names, error_seat, message):
    response = start(owner_client, preset=preset, names=names)
    if message is None:
        assert response.status_code == 302
        assert Game.objects.get().players == names
        return
    assert response.status_code == 422
    assert response.context["form"].errors == {f"player_{error_seat}": [message]}
    assert not Game.objects.exists()


@pytest.mark.parametrize("names", [["Ann", "Ben", "ann", "Dan"], ["Ann", "Ben", "Cat", " Ben "]])
def test_two_players_cannot_share_a_name(owner_client, names):
    response = start(owner_client, names=names)
    assert response.status_code == 422
    seat = 2 if names[2] == "ann" else 3
    assert response.context["form"].errors == {
        f"player_{seat}": ["Two players can't share a name at one table."]
    }
    assert not Game.objects.exists()


def test_the_seat_hints_name_the_rules_fewer_players_need(owner_client):
    """The default rules are for four partners: the hints say which rules two or three need,
    and those rules take that many names."""
    page = owner_client.get(reverse("new_game"))
    assert page.context["form"].fields["preset"].initial == "standard"
    assert scoring.Rules.from_dict({"preset": "standard"}).players == 4
    assertContains(page, "For 2 players leave seats 3 and 4 empty and choose “Two players”.")
    assertContains(page, "For 3 players leave seat 4 empty and choose “Cutthroat (3 players)”.")
    assert start(owner_client, preset="two_player", names=NAMES[:2]).status_code == 302
    assert start(owner_client, preset="cutthroat3", names=NAMES[:3]).status_code == 302


def test_a_gap_between_names_is_refused(owner_client):
    response = start(owner_client, names=["Ann", "Ben", "", "Dan"])
    assert response.status_code == 422
    assert response.context["form"].errors == {
        "player_2": ["Enter a name, or leave the last seats empty."]
    }
    response = start(owner_client, names=["Ann", "", "Cat", "Dan"])
    assert response.context["form"].errors == {"player_1": ["Enter a name."]}


def test_a_name_with_a_tab_is_refused(owner_client):
    response = start(owner_client, names=["Ann", "B\ten", "Cat", "Dan"])
    assert response.status_code == 422
    assert response.context["form"].errors == {
        "player_1": ["The name contains a tab or another control character."]
    }


def test_a_joined_emoji_name_is_accepted_and_kept_whole(owner_client):
    response = start(owner_client, names=["Ann", "👩🏽‍🦱Zoë", "Cat", "Dan"])
    assert response.status_code == 302
    assert Game.objects.get().players[1] == "👩🏽‍🦱Zoë"


def test_forty_joined_emoji_are_forty_characters(owner_client):
    """The length limit counts what a reader sees; 41 emoji are one too many."""
    fits = start(owner_client, names=["Ann", "👩🏽‍🦱" * 40, "Cat", "Dan"])
    assert fits.status_code == 302
    too_long = start(owner_client, names=["Ann", "👩🏽‍🦱" * 41, "Cat", "Dan"])
    assert too_long.status_code == 422
    assert too_long.context["form"].errors == {
        "player_1": ["The name is longer than 40 characters."]
    }


def test_a_rule_combination_the_engine_refuses_shows_next_to_the_setting(owner_client):
    response = start(owner_client, rule_partnerships="false", rule_variant="suicide")
    assert response.status_code == 422
    assert response.context["form"].errors == {"rule_variant": ["suicide needs partnerships"]}
    assert not Game.objects.exists()


def test_an_out_of_range_setting_shows_next_to_it(owner_client):
    response = start(owner_client, rule_bag_limit_0="0", rule_target_score="abc")
    assert response.status_code == 422
    errors = response.context["form"].errors
    assert set(errors) == {"rule_bag_limit", "rule_target_score"}


def test_an_unknown_preset_is_refused_next_to_the_preset(owner_client):
    response = start(owner_client, preset="poker")
    assert response.status_code == 422
    assert list(response.context["form"].errors) == ["preset"]


def test_the_first_dealer_must_sit_at_the_table(owner_client):
    response = start(owner_client, preset="two_player", names=NAMES[:2], first_dealer=3)
    assert response.status_code == 422
    assert response.context["form"].errors == {"first_dealer": ["Choose one of the 2 seats."]}


def test_the_first_dealer_deals_the_first_hand(owner_client):
    start(owner_client, first_dealer=2)
    game = Game.objects.get()
    assert game.first_dealer == 2
    page = owner_client.get(game.get_absolute_url())
    assertContains(page, "<p>Cat deals; Dan bids first.</p>", html=True)


def test_names_used_before_are_suggested(owner_client, make_game, stranger, owner):
    make_game(players=("Zoe", "Yan", "Xia", "Wil"))
    make_game(players=("Ann", "Bob", "Eve", "Max"), user=stranger)
    page = owner_client.get(reverse("new_game"))
    assert page.context["known_names"] == ["Wil", "Xia", "Yan", "Zoe"]
    assertContains(page, '<option value="Xia"></option>', html=True)


def test_every_setting_is_offered_grouped_with_its_meaning(owner_client):
    page = owner_client.get(reverse("new_game"))
    assert page.status_code == 200
    for setting in scoring.SETTINGS:
        assertContains(page, setting.meaning.replace("'", "&#x27;"))
    for group in ("Players and game end", "Bags", "Nil and blind nil", "Bidding", "Bonuses"):
        assertContains(page, f"<legend>{group}</legend>", html=True)
    for preset in scoring.PRESETS.values():
        assertContains(page, preset.description.replace("'", "&#x27;"))


def test_htmx_errors_come_back_as_the_form_with_422(owner_client):
    response = owner_client.post(reverse("new_game"), new_game_data(names=["Ann"]), headers=HX)
    assert response.status_code == 422
    body = response.content.decode()
    assert body.lstrip().startswith("<form")
    assert "Enter a name." in body


def test_an_empty_post_is_refused_not_ignored(owner_client):
    response = owner_client.post(reverse("new_game"), {})
    assert response.status_code == 422
    assert not Game.objects.exists()


def test_the_game_name_is_optional_and_kept(owner_client):
    owner_client.post(reverse("new_game"), new_game_data() | {"name": " Friday at Cat's "})
    assert Game.objects.get().name == "Friday at Cat's"
