"""Numbers are drawn for people (grouped in thousands where the settings say so), except those a
form, a link or an element's id reads back, which are drawn plain (`|unlocalize`)."""

import pytest
from pytest_django.asserts import assertContains

from games.models import Game
from tests.conftest import quiet_hands

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def grouped_thousands(settings):
    settings.USE_THOUSAND_SEPARATOR = True


def test_the_game_page_groups_scores_but_not_what_it_posts_or_links(owner_client, make_game):
    game = make_game(quiet_hands(3), target_score=1_000_000)
    Game.objects.filter(pk=game.pk).update(version=12_345)
    page = owner_client.get(game.get_absolute_url())
    assertContains(page, "<strong>1,000,000</strong>", html=True)
    assertContains(page, '<input type="hidden" name="version" value="12345">', html=True)
