"""Every import input is bounded before it costs: nesting, one long string, the duplicate
check. A crafted file is refused in well under a second with a 4xx and one line, and the
worker's memory barely moves."""

import io
import json
import time
import tracemalloc

import pytest

from games import bundles, restore, scoring
from tests.web.test_files import import_file

pytestmark = pytest.mark.django_db

MB = 1_000_000


def nested(depth: int, spaces: int) -> bytes:
    """The attack's file: a bundle whose one game is `depth` brackets, padded with spaces
    (6,000,000 spaces make it a backup that is read as a stream)."""
    return (
        b'{"format":"spades-games/1","games":['
        + b"[" * depth
        + b" " * spaces
        + b"]" * depth
        + b"]}"
    )


def measured(action):
    """What `action` returns, the seconds it took, and the most memory Python held for it."""
    tracemalloc.start()
    try:
        started = time.monotonic()
        outcome = action()
        seconds = time.monotonic() - started
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return outcome, seconds, peak


@pytest.mark.parametrize(
    ("depth", "spaces"),
    [(100_000, 0), (20_000, 6 * MB), (100_000, 6 * MB)],
    ids=["read whole", "streamed", "streamed, as reported"],
)
def test_deeply_nested_brackets_are_refused_at_once(owner_client, depth, spaces):
    content = nested(depth, spaces)
    response, seconds, peak = measured(lambda: import_file(owner_client, content))
    assert response.status_code == 422
    assert response.context["form"].errors["file"] == [
        "Not a game file: its brackets are nested too deeply."
    ]
    assert seconds < 1.0
    # The upload itself is a few copies of the file in the test client; the parse adds nothing.
    assert peak < 100 * MB


@pytest.mark.parametrize("item", [b"{},", b"[],"])
def test_a_file_read_whole_may_not_open_millions_of_objects(owner_client, item):
    """Under 5 MB a file is read whole: 1.7 million empty objects were 125 MB of memory."""
    content = b'{"format":"spades-games/1","games":[' + item * (4_900_000 // 3) + b"{}]}"
    response, seconds, peak = measured(lambda: import_file(owner_client, content))
    assert response.status_code == 422
    assert response.context["form"].errors["file"] == [
        "Not a file of games: it holds far more lists and objects than games and hands can make."
    ]
    assert seconds < 1.0
    assert peak < 100 * MB


def test_brackets_in_notes_are_not_counted_as_objects(owner_client, monkeypatch):
    monkeypatch.setattr(bundles, "_MAX_CONTAINERS", 10)
    hands = [{"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3], "note": "[{[{[{"}] * 2
    game = {"players": ["Ann", "Ben", "Cat", "Dan"], "hands": hands, "note": "{[{[{["}
    assert import_file(owner_client, json.dumps(game)).status_code == 302
    monkeypatch.setattr(bundles, "_MAX_CONTAINERS", 5)
    assert import_file(owner_client, json.dumps(game), copy=True).status_code == 422


@pytest.mark.parametrize(
    "content",
    [
        b'{"format":"spades-games/1","games":[{"name":"' + b"x" * 100 * MB + b'"}]}',
        b'{"format":"' + b"x" * 100 * MB + b'","games":[{}]}',
        b'{"' + b"x" * 100 * MB + b'":1,"format":"spades-games/1","games":[{}]}',
        b'{"format":"spades-games/1","games":[{}],"z":"' + b"x" * 100 * MB + b'"}',
    ],
    ids=["in a game", "the format", "a key", "after the games"],
)
def test_one_100_mb_string_is_refused_at_once(content):
    source = bundles.GameSource.open(io.BytesIO(content), len(content))

    def read():
        with pytest.raises(scoring.GameFileError) as refused:
            list(source)
        return str(refused.value)

    message, seconds, peak = measured(read)
    assert "more than 5207760 bytes" in message, message
    assert "\n" not in message
    assert seconds < 1.0
    assert peak < 20 * MB


def test_a_long_string_in_an_upload_gets_a_message(owner_client):
    content = b'{"format":"spades-games/1","games":[{"name":"' + b"x" * 6 * MB + b'"}]}'
    response = import_file(owner_client, content)
    assert response.status_code == 422
    assert response.context["form"].errors["file"] == [
        "Game 1: more than 5207760 bytes, larger than any game can be."
    ]


def game_file(variant: int) -> dict:
    """One of 49 games of the same four players and length, told apart by their tricks."""
    first, second = divmod(variant, 7)
    hands = [
        {"bids": [4, 3, 3, 3], "tricks": [1 + first, 3, 3, 6 - first]},
        {"bids": [4, 3, 3, 3], "tricks": [1 + second, 3, 3, 6 - second]},
    ]
    return {"players": ["Ann", "Ben", "Cat", "Dan"], "hands": hands}


def staging_queries(owner) -> int:
    """The queries of checking a file of 20 such games, none of them in the account."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    games = [game_file(variant) for variant in range(1, 21)]
    source = bundles.GameSource(json.dumps({"format": "spades-games/1", "games": games}))
    with CaptureQueriesContext(connection) as queries:
        kept = restore.stage(owner, source)
    assert kept.total == 20
    kept.delete()
    return len(queries)


def test_the_duplicate_check_is_a_lookup_however_many_games_look_alike(owner, make_game):
    """Each game of the file was compared with every game of the account of the same players
    and length, each read in full: a file of such games against such an account was quadratic
    (a 560 KB file held a worker for 30 s)."""
    twin = game_file(0)["hands"]
    make_game(twin)
    few = staging_queries(owner)
    for _ in range(30):
        make_game(twin)
    assert staging_queries(owner) == few
