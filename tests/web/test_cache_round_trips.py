"""A recorded step asks the cache twice at most: each call is a round trip to a shared cache
(Redis), and a step's answer is drawn for a version of the game no cache can hold yet."""

import pytest
from django.core.cache import cache

from games import fragments
from tests.web.conftest import HX, bids_data, bids_url, tricks_url

pytestmark = pytest.mark.django_db

CALLS = ("get", "get_many", "get_or_set", "set", "set_many", "add", "delete", "delete_many")


class CountingCache:
    """The cache, with every call the fragments make counted by name."""

    def __init__(self) -> None:
        self.calls: list[str] = []
        self.keys: list[object] = []  # the key, or keys, of each call

    def __getattr__(self, name):
        attribute = getattr(cache, name)
        if name not in CALLS:
            return attribute

        def counted(*args, **kwargs):
            self.calls.append(name)
            self.keys.append(args[0] if args else None)
            return attribute(*args, **kwargs)

        return counted


@pytest.fixture
def counted(monkeypatch):
    spy = CountingCache()
    monkeypatch.setattr(fragments, "cache", spy)
    return spy


@pytest.mark.parametrize("hands", [1, 40])
def test_a_step_looks_up_its_blank_fields_and_keeps_what_it_drew_in_one_call(
    owner_client, long_game, counted, hands
):
    game = long_game(hands)
    owner_client.get(game.get_absolute_url())  # the blank steps of this table are drawn
    counted.calls.clear()
    response = owner_client.post(bids_url(game), bids_data(hands + 1, 3, 3, 4, 2), headers=HX)
    assert response.status_code == 200
    assert counted.calls == ["get", "set_many"]

    counted.calls.clear()
    data = {"hand": str(hands + 1), "side_0": "7", "side_1": "6"}
    response = owner_client.post(tricks_url(game), data, headers=HX)
    assert response.status_code == 200
    assert f"Hand {hands + 1}" in response.content.decode()
    assert counted.calls == ["get", "set_many"]


def test_a_step_whose_fields_were_never_drawn_keeps_them_in_the_same_call(
    owner_client, long_game, counted
):
    game = long_game(2)
    response = owner_client.post(bids_url(game), bids_data(3, 3, 3, 4, 2), headers=HX)
    assert response.status_code == 200
    assert counted.calls == ["get", "set_many"]


def test_what_a_step_drew_is_kept_for_the_pages_after_it(owner_client, long_game, counted):
    game = long_game(3)
    owner_client.post(bids_url(game), bids_data(4, 3, 3, 4, 2), headers=HX)
    owner_client.post(tricks_url(game), {"hand": "4", "side_0": "7", "side_1": "6"}, headers=HX)
    game.refresh_from_db()
    kept = fragments.GameFragments(game)
    assert cache.get(kept.key("state")).last_number == 4
    assert "Ann + Cat" in cache.get(kept.key("standings"))
    assert '<span class="num">#4</span>' in cache.get(kept.row_key(4))
    counted.calls.clear()
    counted.keys.clear()
    page = owner_client.get(game.get_absolute_url(), headers=HX)
    assert page.status_code == 200
    stored = [
        key for call, key in zip(counted.calls, counted.keys, strict=True) if call.startswith("set")
    ]
    # The page draws what no step does (the chart, earlier rows), not what the step kept.
    assert kept.key("state") not in stored
    assert kept.key("standings") not in stored
    assert kept.key("chart") in stored
