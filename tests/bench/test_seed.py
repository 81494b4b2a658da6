"""The bench's games are recorded through the real code and look like real evenings."""

import pytest

from games.models import Game
from tests.tools.bench import seed

pytestmark = pytest.mark.django_db


def test_the_seed_gives_home_fifty_games_and_the_load_endless_ones():
    seeded = seed.seed(threads=3, games_per_thread=2)
    assert Game.objects.filter(owner=seeded.reader).count() == seed.HOME_GAMES
    page = Game.objects.get(pk=seeded.page_game)
    assert page.hand_count == seed.PAGE_HANDS
    assert not page.finished
    reader_games = Game.objects.filter(owner=seeded.reader)
    assert reader_games.filter(finished=True).exists()
    assert reader_games.filter(finished=False, hand_count__gt=0).exists()
    assert len(seeded.post_games) == len(seeded.long_games) == 3
    assert {len(games) for games in (*seeded.post_games, *seeded.long_games)} == {2}
    short = (*(pk for games in seeded.post_games for pk in games), seeded.query_game)
    long = (*(pk for games in seeded.long_games for pk in games), seeded.long_query_game)
    assert len(set(short)) == 7
    assert len(set(long)) == 7
    for pk in (*short, *long):
        game = Game.objects.get(pk=pk)
        assert game.owner == seeded.writer
        assert game.rules_obj().target_score == 1_000_000
        assert game.hand_count == (seed.PAGE_HANDS if pk in short else seed.LONG_HANDS)
        assert not game.finished
        assert seed.next_step(pk) == ("bids", game.hand_count + 1)
    assert seed.LONG_HANDS == 200
    for game in Game.objects.all():
        result = game.replay()
        assert game.scores == [side.score for side in result.sides]


def test_seeding_again_starts_over():
    seed.seed(threads=1, games_per_thread=1)
    seeded = seed.seed(threads=1, games_per_thread=1)
    assert Game.objects.filter(owner=seeded.reader).count() == seed.HOME_GAMES
