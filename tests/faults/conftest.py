"""What the fault tests share: an endless game, the posts a table makes, a database snapshot."""

import pytest
from django.contrib.auth import get_user_model

from games import scoring, services
from games.models import Game, Hand

HX = {"HX-Request": "true"}
# Ann + Cat bid 7 and take 7; Ben + Dan bid 6 and take 6.
BIDS = {"bid_0": "3", "bid_1": "3", "bid_2": "4", "bid_3": "3"}
TRICKS = {"side_0": "7", "side_1": "6"}
RECORDED_BIDS = [3, 3, 4, 3]
RECORDED_TRICKS = [7, 6, None, None]


@pytest.fixture(autouse=True)
def _quick_passwords(settings):
    """Accounts are made per example here: a fast hasher keeps the suite inside its minute."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def endless_game(owner):
    """A game no score can end, so hands can be posted to it for as long as a test likes."""

    def make(user=None, hands=()):
        rules = scoring.Rules.from_dict(
            {"preset": "standard", "target_score": 1_000_000, "losing_score": None}
        )
        return services.create_game(
            user or owner,
            name="",
            players=["Ann", "Ben", "Cat", "Dan"],
            rules=rules,
            preset="standard",
            first_dealer=0,
            hands=hands,
        )

    return make


def snapshot() -> tuple:
    """Every game and hand row, field by field, and the accounts, to compare before and after."""
    return (
        list(Game.objects.order_by("pk").values()),
        list(Hand.objects.order_by("pk").values()),
        list(get_user_model().objects.order_by("pk").values_list("username", "password")),
    )
