"""The bench's games are recorded through the real code and look like real evenings."""

import pytest

from games.benchmark import seed
from games.models import Game

pytestmark = pytest.mark.django_db


def test_the_seed_gives_home_fifty_games_and_the_load_endless_ones():
    seeded = seed.seed(threads=3)
    assert Game.objects.filter(owner=seeded.reader).count() == seed.HOME_GAMES
    page = Game.objects.get(pk=seeded.page_game)
    assert page.hand_count == seed.PAGE_HANDS
    assert not page.finished
    reader_games = Game.objects.filter(owner=seeded.reader)
    assert reader_games.filter(finished=True).exists()
    assert reader_games.filter(finished=False, hand_count__gt=0).exists()
    assert len(seeded.post_games) == 3
    for pk in (*seeded.post_games, seeded.query_game):
        game = Game.objects.get(pk=pk)
        assert game.owner == seeded.writer
        assert game.rules_obj().target_score == 1_000_000
        assert seed.next_step(pk) == ("bids", game.hand_count + 1)
    for game in Game.objects.all():
        result = game.replay()
        assert game.scores == [side.score for side in result.sides]


def test_seeding_again_starts_over():
    seed.seed(threads=1)
    seeded = seed.seed(threads=1)
    assert Game.objects.filter(owner=seeded.reader).count() == seed.HOME_GAMES
