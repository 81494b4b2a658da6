"""No input produces a 500: whatever a form posts, the answer is a page, an error or a redirect."""

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import QUIET_HAND

pytestmark = pytest.mark.django_db

VALUES = st.one_of(
    st.sampled_from(["", "0", "1", "13", "14", "-1", "nil", "blind_nil", "on", "true", "x"]),
    st.text(max_size=12),
    st.integers(-(10**20), 10**20).map(str),
)
SEAT_FIELDS = [f"{kind}_{seat}" for kind in ("bid", "tricks", "side") for seat in range(5)]
FORMS = st.dictionaries(
    st.sampled_from(["hand", "version", *SEAT_FIELDS]), VALUES, max_size=len(SEAT_FIELDS)
)
NEW_GAME_FIELDS = st.dictionaries(
    st.sampled_from(
        (
            *("name", "preset", "first_dealer", "player_0", "player_1", "player_2", "player_3"),
            *("rule_players", "rule_partnerships", "rule_bag_limit_0", "rule_bag_limit_1"),
            *("rule_variant", "rule_min_team_bid_0", "rule_target_score", "rule_losing_score_0"),
        )
    ),
    VALUES,
)
SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
FINE = {200, 302, 404, 409, 422}


@SETTINGS
@given(data=FORMS, url_name=st.sampled_from(["post_bids", "post_tricks", "undo"]))
def test_table_posts(owner_client, make_game, data, url_name):
    game = make_game([QUIET_HAND, {"bids": [3, 3, 4, 2]}] if url_name == "post_tricks" else [])
    response = owner_client.post(reverse(url_name, args=[game.pk]), data)
    assert response.status_code in FINE


@SETTINGS
@given(data=FORMS, number=st.sampled_from([1, 2, 3]))
def test_corrections(owner_client, make_game, data, number):
    game = make_game([QUIET_HAND, {"bids": [3, "nil", 4, 2]}])
    response = owner_client.post(reverse("edit_hand", args=[game.pk, number]), data)
    assert response.status_code in FINE


@SETTINGS
@given(data=NEW_GAME_FIELDS)
def test_new_game(owner_client, data):
    response = owner_client.post(reverse("new_game"), data)
    assert response.status_code in FINE
