"""The card table's writes: each one checked under the game's lock, the summary always a fresh
replay of the hands, nothing half-saved, a repeated post recorded once."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.cards import services
from games.cards.models import CardsGame, CardsHand
from games.scoring import card_games
from games.scoring.card_games.table import BIDS, OVER, step_of
from games.services import LimitReached

pytestmark = pytest.mark.django_db


def make(owner, game, players, **rules):
    kind = card_games.GAMES[game]
    spec = {"preset": kind.default_preset, **rules}
    return services.create_game(owner, kind=kind, players=players, rules=spec)


def assert_summary_is_a_fresh_replay(game):
    game = CardsGame.objects.get(pk=game.pk)
    result = game.replay()
    assert game.totals == [standing.score for standing in result.standings]
    assert game.hand_count == len(result.hands)
    assert game.finished == result.finished
    assert game.winners == (list(result.winners) if result.finished else [])


def test_call_break_scores_in_tenths(owner):
    # Pagat's Call Break: a made call scores the call, and 0.1 for each trick over it.
    game = make(owner, "call_break", ["Ann", "Ben", "Cat", "Dan"], deals=3)
    services.record_bids(owner, game.pk, 1, [3, 4, 2, 3])
    done = services.record_tricks(owner, game.pk, 1, [5, 4, 1, 3])
    assert done.game.totals == [32, 40, -20, 30]  # 3.2, 4, -2, 3
    assert [value for _, value in done.game.standings()] == [3.2, 4, -2.0, 3]


def test_wizard_scores_twenty_and_ten_a_trick(owner):
    # Wizard's rules: 20 + 10 a trick for an exact bid, -10 a trick off.
    game = make(owner, "wizard", ["Ann", "Ben", "Cat"])
    services.record_bids(owner, game.pk, 1, [1, 0, 0])  # round 1: 1 card, no hook
    done = services.record_tricks(owner, game.pk, 1, [0, 1, 0])
    assert done.game.totals == [-10, -10, 20]


def test_a_refused_step_saves_nothing(owner):
    game = make(owner, "call_break", ["Ann", "Ben", "Cat", "Dan"])
    with pytest.raises(services.Refused) as refused:
        services.record_bids(owner, game.pk, 1, [0, 4, 9, 3])
    assert refused.value.problems == {
        0: "Ann's bid must be 1 to 8 in this hand.",
        2: "Cat's bid must be 1 to 8 in this hand.",
    }
    assert not CardsHand.objects.exists()
    assert CardsGame.objects.get().version == game.version


def test_a_stale_undo_changes_nothing(owner):
    game = make(owner, "oh_hell", ["Ann", "Ben", "Cat"], max_cards=2)
    services.record_bids(owner, game.pk, 1, [1, 0, 0])
    with pytest.raises(services.Stale):
        services.undo(owner, game.pk, game.version)  # the version before the bids
    assert CardsHand.objects.count() == 1


def test_nothing_is_recorded_after_the_game_is_over(owner):
    game = make(owner, "oh_hell", ["Ann", "Ben", "Cat"], max_cards=1, schedule="down")
    services.record_bids(owner, game.pk, 1, [0, 0, 0])
    services.record_tricks(owner, game.pk, 1, [1, 0, 0])
    with pytest.raises(services.Stale, match="The game is over"):
        services.record_bids(owner, game.pk, 2, [0, 0, 0])


def test_the_accounts_limits_count_card_games_too(owner, settings, monkeypatch):
    from games.scoring import limits

    monkeypatch.setattr(limits, "MAX_ACCOUNT_GAMES", 1)
    make(owner, "wizard", ["Ann", "Ben", "Cat"])
    with pytest.raises(LimitReached, match="at most 1 games"):
        make(owner, "wizard", ["Ann", "Ben", "Cat"])


@st.composite
def plays(draw):
    """A game and a run of taps at its table: bids, tricks, undos and corrections, some of
    them against the rules."""
    game = draw(st.sampled_from(["oh_hell", "wizard", "call_break"]))
    players = 4 if game == "call_break" else draw(st.integers(3, 6))
    taps = draw(st.lists(st.tuples(st.sampled_from("btuc"), st.randoms()), max_size=14))
    return game, players, taps


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(plays())
def test_the_summary_is_always_a_fresh_replay(owner, play):
    game_name, count, taps = play
    rules = {"max_cards": 3} if game_name == "oh_hell" else {}
    game = make(owner, game_name, [f"P{seat}" for seat in range(count)], **rules)
    for kind, chance in taps:
        game.refresh_from_db()
        hands = game.recorded()
        step = step_of(game.rules_obj(), count, hands)
        try:
            if kind == "b" and step.kind == BIDS:
                bids = [chance.randint(step.bid_low, step.bid_high) for _ in range(count)]
                services.record_bids(owner, game.pk, step.number, bids)
            elif kind == "t" and step.kind not in (BIDS, OVER):
                tricks = [0] * count
                for _ in range(step.cards):
                    tricks[chance.randrange(count)] += 1
                if chance.random() < 0.2:
                    tricks[0] += 1  # against the rules: refused
                services.record_tricks(owner, game.pk, step.number, tricks)
            elif kind == "u":
                services.undo(owner, game.pk, game.version)
            elif kind == "c" and hands:
                number = chance.randint(1, len(hands))
                old = hands[number - 1]
                high = 8 if game_name == "call_break" else old.cards
                low = 1 if game_name == "call_break" else 0
                bids = [chance.randint(low, high) for _ in range(count)]
                services.correct_hand(owner, game.pk, number, bids, old.tricks)
        except (services.Refused, services.Stale):
            pass
        assert_summary_is_a_fresh_replay(game)


def test_a_rematch_is_made_once_and_the_deal_carries_on(owner):
    game = make(owner, "oh_hell", ["Ann", "Ben", "Cat", "Dan"], max_cards=1, schedule="up")
    with pytest.raises(services.Stale, match="isn't over yet"):
        services.start_rematch(owner, game.pk)
    services.record_bids(owner, game.pk, 1, [0, 0, 0, 0])
    services.record_tricks(owner, game.pk, 1, [1, 0, 0, 0])
    link = CardsGame.objects.get(pk=game.pk).watch_token
    rematch, made = services.start_rematch(owner, game.pk)
    again, made_again = services.start_rematch(owner, game.pk)
    assert (made, made_again, again.pk) == (True, False, rematch.pk)
    # Ann dealt the one hand: Ben deals first in the rematch, the order of play kept.
    assert rematch.players == ["Ben", "Cat", "Dan", "Ann"]
    assert rematch.rules == game.rules
    # The watch link follows the table to the rematch; the old game has a link of its own.
    assert rematch.watch_token == link
    assert CardsGame.objects.get(pk=game.pk).watch_token != link


def test_a_rematch_of_a_rematch_counts_its_games(owner):
    game = make(owner, "oh_hell", ["Ann", "Ben", "Cat"], max_cards=1, schedule="up")
    CardsGame.objects.filter(pk=game.pk).update(name="Sunday at Gran's")
    for number in (2, 3):
        services.record_bids(owner, game.pk, 1, [0, 0, 0])
        services.record_tricks(owner, game.pk, 1, [1, 0, 0])
        game, _ = services.start_rematch(owner, game.pk)
        assert game.name == f"Sunday at Gran's, game {number}"
