"""Shared fixtures: accounts, games built through the real recording code, plain static files.

Tests run the settings `make run` ships (with DJANGO_CACHE_URL, a deployment's with Redis): only
the password hasher (for speed) and the static files storage (no collectstatic) are swapped."""

from pathlib import Path

import pytest
from django.core.cache import cache

from games import scoring, services, stats
from games.models import fingerprint

TESTS = Path(__file__).parent
# The slow lanes, one folder each; `serving` is marked in the files that start gunicorn.
LANES = {"browser": "browser", "faults": "faults", "bench": "bench"}
# What gives a test the database; pytest-django refuses it to every other test.
DATABASE_FIXTURES = {
    "db",
    "transactional_db",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
    "django_db_setup",
    "live_server",
}


def pytest_collection_modifyitems(items):
    """Mark each test's lane, and `nodb` on every test that cannot reach the configured database.

    A test without the django_db marker or a database fixture is refused the database by
    pytest-django, so the DB-free lane can be found rather than listed: CI runs it once, not
    once per database. `usesdb` keeps out a test whose own processes use DATABASE_URL.
    """
    for item in items:
        folder = item.path.relative_to(TESTS).parts[0]
        if folder in LANES:
            item.add_marker(LANES[folder])
        uses_database = (
            item.get_closest_marker("django_db")
            or item.get_closest_marker("usesdb")
            or DATABASE_FIXTURES.intersection(item.fixturenames)
        )
        if not uses_database:
            item.add_marker("nodb")


@pytest.fixture(autouse=True)
def _plain_static_files(settings):
    """Templates use {% static %}; tests needn't run collectstatic for the hashed manifest."""
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.fixture(autouse=True)
def _empty_cache():
    """Rendered fragments are cached per game; each test starts with none."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def session_reads(settings) -> int:
    """Queries a signed-in request spends reading its session: one, from the database, where
    sessions live alone (with Redis too, so a sign-out holds whatever Redis does)."""
    assert settings.SESSION_ENGINE == "django.contrib.sessions.backends.db"
    return 1


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """Every test makes accounts; the real hasher is slow on purpose (Django's testing advice)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


PASSWORD = "a long table password 42"


@pytest.fixture
def make_user(django_user_model):
    def make(username="ann"):
        return django_user_model.objects.create_user(username=username, password=PASSWORD)

    return make


@pytest.fixture
def owner(make_user):
    return make_user("owner")


@pytest.fixture
def stranger(make_user):
    return make_user("stranger")


@pytest.fixture
def owner_client(client, owner):
    client.force_login(owner)
    return client


@pytest.fixture
def stranger_client(client, stranger):
    client.force_login(stranger)
    return client


@pytest.fixture
def make_game(owner):
    """A game owned by `owner`, with `hands` recorded as a game file writes them."""

    def make(
        hands=(), *, user=None, preset="standard", players=("Ann", "Ben", "Cat", "Dan"), **rules
    ):
        rules_obj = scoring.Rules.from_dict({"preset": preset, **rules})
        return services.create_game(
            user or owner,
            name="",
            players=list(players),
            rules=rules_obj,
            preset=preset,
            first_dealer=0,
            hands=[
                scoring.Hand(
                    bids=tuple(h["bids"]), tricks=tuple(h["tricks"]) if h.get("tricks") else None
                )
                for h in hands
            ],
        )

    return make


# A quiet hand: Ann + Cat bid 7 and take 7, Ben + Dan bid 6 and take 6.
QUIET_HAND = {"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]}


def quiet_hands(count):
    return [QUIET_HAND] * count


# Ann + Cat bid 12 and take 12 (+120); Ben + Dan bid 2 and take 1 (-20). Five of them win.
BIG_HAND = {"bids": [6, 1, 6, 1], "tricks": [6, 0, 6, 1]}

# Games whose numbers are worked out by hand in the tests of the review pages.
# Ann bids nil and takes 2; Cat bids 5 and takes 4; Ben + Dan bid 8 and take 7.
# Standard: Ann's nil -100, Cat set -50, 2 bags from the failed nil +2 = -148; Ben + Dan -80.
# When failed nil tricks help the partner, Cat's 5 is made with 6: -100 + 50 + 1 = -49.
NIL_FAILS = {"bids": ["nil", 4, 5, 4], "tricks": [2, 4, 4, 3]}
# Ann bids blind nil and makes it; Cat bids 6 and takes 7; Ben + Dan bid 6 and take 6.
BLIND_NIL_MADE = {"bids": ["blind_nil", 3, 6, 3], "tricks": [0, 3, 7, 3]}

# To 200 with no floor. Standard: Ann + Cat -148 then +70 a hand, Ben + Dan -80 then +60 a hand:
# after hand 6 they stand at 202 and 220, so Ben + Dan win. With failed nil tricks helping the
# partner Ann + Cat reach 231 after hand 5 and win there; hand 6 is never played.
FLIPPING_GAME = [NIL_FAILS, *[QUIET_HAND] * 5]


@pytest.fixture
def flipping_game(make_game):
    return make_game(FLIPPING_GAME, target_score=200, losing_score=None)


@pytest.fixture
def long_game(make_game):
    """`long_game(n)`: n quiet hands in a game that is far from over."""

    def make(count, **kwargs):
        return make_game([QUIET_HAND] * count, target_score=100_000, **kwargs)

    return make


def assert_summary_is_a_fresh_replay(game):
    """The cached summary on Game is exactly what replaying its hands from the database gives."""
    game.refresh_from_db()
    hands = game.recorded_hands()
    result = game.replay(hands)
    assert game.hand_count == len(hands)
    assert game.scores == [side.score for side in result.sides]
    assert game.finished is result.finished
    assert game.winner == result.winner
    # The fingerprint an import looks the game up by follows its hands too.
    assert game.fingerprint == fingerprint(
        game.players, game.rules_obj(), game.first_dealer, hands, game.time_called
    )
    assert_player_records_are_a_fresh_replay(game, result)


RECORD_FIELDS = ("seat", "name", "name_key", *stats.KEPT)


def assert_player_records_are_a_fresh_replay(game, result=None):
    """The game's kept player statistics are exactly what a fresh replay gives, seat by seat:
    at once, or (a step leaves them behind, at an older version of the game) once the
    statistics page has refreshed them."""
    game.refresh_from_db(fields=["version"])
    stamps = set(game.player_records.values_list("game_version", flat=True))
    if stamps != {game.version}:
        assert all(stamp < game.version for stamp in stamps), stamps
        stats.refresh(game.owner)
        kept_at = set(game.player_records.values_list("game_version", flat=True))
        assert kept_at == {game.version}
    result = result or game.replay()
    kept = list(game.player_records.order_by("seat").values_list(*RECORD_FIELDS))
    fresh = [
        tuple(getattr(record, name) for name in RECORD_FIELDS)
        for record in stats.records_for(game, stats.seats(result))
    ]
    assert kept == fresh
