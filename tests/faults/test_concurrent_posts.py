"""Twenty phones post the same step of a hand at once: it is recorded once, the rest are told."""

import threading

import pytest
from django.db import connections
from django.test import Client
from django.urls import reverse

from games import scoring
from games.models import Hand
from tests.conftest import assert_summary_is_a_fresh_replay
from tests.faults.conftest import (
    BIDS,
    HX,
    RECORDED_BIDS,
    RECORDED_TRICKS,
    TRICKS,
)

pytestmark = pytest.mark.django_db(transaction=True)

PHONES = 20
ALREADY = "already recorded"


def post_all_at_once(user, url: str, data: dict, headers: dict) -> tuple[list, list[Client]]:
    """One signed-in client per phone, all released together by a barrier."""
    clients = []
    for _ in range(PHONES):
        client = Client()
        client.force_login(user)
        clients.append(client)
    barrier = threading.Barrier(PHONES)
    responses: list = [None] * PHONES

    def phone(index: int) -> None:
        try:
            barrier.wait(timeout=30)
            responses[index] = clients[index].post(url, data, headers=headers)
        except BaseException as error:  # reported by the test, not lost in the thread
            responses[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=phone, args=(i,)) for i in range(PHONES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads), "a phone's post never finished"
    errors = [r for r in responses if isinstance(r, BaseException)]
    assert not errors, f"a post raised: {errors[0]!r}"
    return responses, clients


def step(kind: str, game) -> tuple[str, dict]:
    url = reverse(f"post_{kind}", args=[game.pk])
    return url, {"hand": "1", **(BIDS if kind == "bids" else TRICKS)}


def ready_game(kind: str, endless_game):
    """A game waiting for hand 1's bids, or for its tricks once the bids are in."""
    if kind == "bids":
        return endless_game()
    return endless_game(hands=[scoring.Hand(bids=tuple(RECORDED_BIDS), tricks=None)])


def assert_recorded_once(kind: str, game, version_before: int) -> None:
    hand = Hand.objects.get(game=game)
    assert hand.number == 1
    assert hand.bids == RECORDED_BIDS
    assert hand.tricks == (None if kind == "bids" else RECORDED_TRICKS)
    game.refresh_from_db()
    assert game.version == version_before + 1, "more than one write went through"
    assert_summary_is_a_fresh_replay(game)


@pytest.mark.parametrize("kind", ["bids", "tricks"])
def test_twenty_htmx_posts_of_one_step_record_it_once_and_answer_409(kind, owner, endless_game):
    game = ready_game(kind, endless_game)
    url, data = step(kind, game)

    responses, _ = post_all_at_once(owner, url, data, HX)

    statuses = sorted(r.status_code for r in responses)
    assert statuses == [200] + [409] * (PHONES - 1)
    for response in responses:
        if response.status_code == 409:
            body = response.content.decode()
            assert f"Hand 1&#x27;s {kind} were {ALREADY}" in body
            assert 'role="alert"' in body
    assert_recorded_once(kind, game, version_before=game.version)


@pytest.mark.parametrize("kind", ["bids", "tricks"])
def test_twenty_plain_posts_of_one_step_record_it_once_and_warn_the_rest(kind, owner, endless_game):
    game = ready_game(kind, endless_game)
    url, data = step(kind, game)

    responses, clients = post_all_at_once(owner, url, data, {})

    assert all(r.status_code == 302 for r in responses)
    assert {r["Location"] for r in responses} == {game.get_absolute_url()}
    warned = 0
    for client in clients:
        page = client.get(game.get_absolute_url())
        assert page.status_code == 200
        warned += ALREADY in page.content.decode()
    assert warned == PHONES - 1
    assert_recorded_once(kind, game, version_before=game.version)
