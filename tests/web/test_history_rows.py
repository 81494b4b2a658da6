"""A history row says what happened without being opened: a set, a nil, a bag penalty, in the
words of the hand's explanation."""

import html
import re

import pytest

from games import display
from tests.conftest import NIL_FAILS, QUIET_HAND

pytestmark = pytest.mark.django_db

# Ann + Cat bid 4 and take 7: 3 bags a hand, so the fourth hand reaches 10 bags (12 in all).
BAGGY = {"bids": [2, 3, 2, 3], "tricks": [4, 3, 3, 3]}


def summaries(page: str) -> list[str]:
    """The text of each history row as it shows closed: its <summary>, tags dropped."""
    found = re.findall(r'<details class="history-hand">\s*<summary>(.*?)</summary>', page, re.S)
    return [html.unescape(" ".join(re.sub(r"<[^>]+>", " ", row).split())) for row in found]


def test_a_set_and_a_failed_nil_show_on_the_closed_row(owner_client, make_game):
    game = make_game([NIL_FAILS])
    (row,) = summaries(owner_client.get(game.get_absolute_url()).content.decode())
    assert "Ann's nil failed (took 2): -100" in row
    assert "Cat bid 5, took 4: set: -50" in row
    assert "Ben + Dan bid 8, took 7: set: -80" in row
    assert "Ann + Cat -148 → -148" in row


def test_a_bag_penalty_shows_on_the_closed_row(owner_client, make_game):
    game = make_game([BAGGY] * 4)
    rows = summaries(owner_client.get(game.get_absolute_url()).content.decode())
    assert "10 bags reached: penalty: -100" in rows[0]
    assert not any("penalty" in row for row in rows[1:])


def test_a_quiet_hand_has_nothing_to_mention(owner_client, make_game):
    game = make_game([QUIET_HAND])
    (row,) = summaries(owner_client.get(game.get_absolute_url()).content.decode())
    assert row == (
        "#1 Ann + Cat +70 → 70 bid 7, took 7 · bags: 0 Ben + Dan +60 → 60 bid 6, took 6 · bags: 0"
    )


def test_events_are_the_explanation_without_the_routine_terms(make_game):
    result = make_game([NIL_FAILS, QUIET_HAND]).replay()
    ann_cat = [display.events(hand.sides[0].terms) for hand in result.hands]
    assert ann_cat == [
        (
            "Ann's nil failed (took 2): -100",
            "Cat bid 5, took 4: set: -50",
            "2 bags from failed nil: +2",
        ),
        (),
    ]
    assert set(ann_cat[0]) <= set(result.hands[0].sides[0].explanation)
