"""Steps recorded from a game's checkpoint keep what steps replaying every hand keep.

Random legal games under random rules are recorded step by step through `recording`, with
undos and changes that leave the checkpoint stale (a note) between them; after every write the
summary, the player statistics and the checkpoint equal a fresh replay of the stored hands.
"""

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import recording, scoring
from games.models import Game
from tests.conftest import assert_summary_is_a_fresh_replay
from tests.scoring.strategies import legal_game, rules

pytestmark = pytest.mark.django_db


class Rollback(Exception):
    """Ends an example's transaction: each example starts from an empty database."""


@st.composite
def tables(draw):
    table = draw(rules())
    hands = draw(legal_game(table, max_hands=8))
    # Only games the app would have taken: strict, and not going on past their end.
    try:
        scoring.score_game(table, hands)
    except scoring.ScoringError:
        hands = []
    first_dealer = draw(st.integers(0, table.players - 1))
    events = draw(st.lists(st.sampled_from(["step", "step", "step", "undo", "note"]), max_size=30))
    return table, hands, first_dealer, events


def step(game, hands):
    """Record the game's next step from `hands`; False once they are all in."""
    with recording.writing(game.owner, game.pk) as table:
        count, pending = table.count, table.pending
        if pending:
            table.record_tricks(count, list(hands[count - 1].tricks))
            return True
        if count >= len(hands) or table.game.finished:
            return False
        hand = hands[count]
        if hand.bids is None:
            table.record_unbid_hand(count + 1, list(hand.tricks))
        else:
            table.record_bids(count + 1, list(hand.bids))
    return True


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(tables())
def test_every_write_keeps_a_checkpoint_equal_to_a_fresh_replay(table_and_steps):
    rules_obj, hands, first_dealer, events = table_and_steps
    players = [f"P{seat}" for seat in range(rules_obj.players)]
    try:
        with transaction.atomic():
            owner = get_user_model().objects.create_user("checkpoint")
            game = recording.create_game(
                owner,
                name="",
                players=players,
                rules=rules_obj,
                preset="custom",
                first_dealer=first_dealer,
            )
            for event in events:
                game = Game.objects.get(pk=game.pk)
                if event == "step":
                    step(game, hands)
                elif event == "undo" and game.hand_count:
                    with recording.writing(owner, game.pk, every_hand=True) as table:
                        table.undo_last(table.game.version)
                elif event == "note" and game.hand_count:
                    with transaction.atomic():
                        locked = Game.objects.select_for_update().get(pk=game.pk)
                        locked.set_hand_note(locked.hand_count, "a note")
                assert_summary_is_a_fresh_replay(game)
            raise Rollback
    except Rollback:
        pass
