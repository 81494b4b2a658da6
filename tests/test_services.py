"""games.services without the HTTP layer: every write checks once, replays once, saves all or
nothing, and leaves the summary a fresh replay of the hands."""

import pytest
from django.db.models import JSONField, Value
from django.http import Http404

from games import scoring, services
from games.access import Access
from games.models import Game, Hand
from games.scoring.steps import Step, due_step
from tests.conftest import QUIET_HAND, assert_summary_is_a_fresh_replay, quiet_hands

pytestmark = pytest.mark.django_db

# Ann + Cat bid 12 and take 12: 120 points, a game to 100 in one hand.
WINNING_HAND = {"bids": [6, 1, 6, 1], "tricks": [6, 0, 6, 1]}


def owner_of(game: Game) -> Access:
    return Access(user=game.owner)


def record(game: Game, form: str, number: int, values: list) -> services.Written:
    with services.locked_game(owner_of(game), game.pk) as locked:
        step = services.step_for(locked, form, number)
        return services.record_step(locked, step, values)


def test_a_hand_in_two_steps_keeps_the_summary_a_fresh_replay(make_game):
    game = make_game(quiet_hands(2))
    bids = record(game, "bids", 3, [4, 3, 3, 3])
    assert bids.added_row is None
    assert bids.result.pending is not None
    assert_summary_is_a_fresh_replay(game)
    tricks = record(game, "tricks", 3, [7, 6, None, None])
    assert tricks.added_row == 3
    assert tricks.notice == "Hand 3: Ann + Cat +70, Ben + Dan +60"
    assert [side.score for side in tricks.result.sides] == [210, 180]
    assert_summary_is_a_fresh_replay(game)


def test_the_step_a_game_waits_for(make_game):
    game = make_game([QUIET_HAND, {"bids": [3, 3, 4, 2]}])
    rules = game.rules_obj()
    assert due_step(rules, 2, True, False) == Step("tricks", 2)
    assert due_step(rules, 2, False, False) == Step("bids", 3)
    assert due_step(rules, 2, False, True) is None
    bids_itself = scoring.Rules.from_dict({"preset": "standard", "first_hand_bids_itself": 4})
    assert due_step(bids_itself, 0, False, False) == Step("unbid", 1)


@pytest.mark.parametrize(
    ("form", "number", "problem"),
    [
        ("bids", 3, "changed on another phone"),
        ("bids", 1, "Hand 1's bids were already recorded"),
        ("bids", 2, "Hand 2's bids were already recorded"),
        ("tricks", 1, "Hand 1's tricks were already recorded"),
        ("tricks", 3, "changed on another phone"),
        ("tricks", None, "changed on another phone"),
    ],
)
def test_a_step_for_another_hand_is_a_conflict_and_saves_nothing(make_game, form, number, problem):
    game = make_game([QUIET_HAND, {"bids": [3, 3, 4, 2]}])
    version = game.version
    with pytest.raises(services.Conflict, match=problem):  # noqa: SIM117
        with services.locked_game(owner_of(game), game.pk) as locked:
            services.step_for(locked, form, number)
    game.refresh_from_db()
    assert game.version == version


def test_a_finished_game_takes_no_step(make_game):
    game = make_game([WINNING_HAND], target_score=100)
    assert game.finished
    with pytest.raises(services.Conflict, match="The game is over"):  # noqa: SIM117
        with services.locked_game(owner_of(game), game.pk) as locked:
            services.step_for(locked, "bids", 2)


def test_a_hand_that_bids_itself_refuses_bids_and_starts_with_its_tricks(make_game):
    game = make_game(first_hand_bids_itself=4)
    with pytest.raises(services.Conflict, match="bids itself"):  # noqa: SIM117
        with services.locked_game(owner_of(game), game.pk) as locked:
            services.step_for(locked, "bids", 1)
    written = record(game, "tricks", 1, [7, 6, None, None])
    assert written.added_row == 1
    assert Hand.objects.get(game=game, number=1).bids is None
    assert_summary_is_a_fresh_replay(game)


def test_a_hand_the_rules_refuse_leaves_nothing_saved(make_game):
    game = make_game(quiet_hands(1))
    version = game.version
    with pytest.raises(scoring.HandError):
        record(game, "bids", 2, [4, 3, 3, 30])
    game.refresh_from_db()
    assert (game.version, game.hands.count()) == (version, 1)


def test_a_correction_that_ends_the_game_earlier_asks_first_then_can_be_undone(make_game):
    # 70 a hand for Ann + Cat reaches 150 at hand 3; 120 at hand 2 reaches it there.
    game = make_game([QUIET_HAND, QUIET_HAND, QUIET_HAND], target_score=150)
    ending = WINNING_HAND
    with pytest.raises(services.EndsEarlier) as asked:  # noqa: SIM117
        with services.locked_game(owner_of(game), game.pk) as locked:
            services.correct_hand(locked, 2, ending["bids"], ending["tricks"], game.version)
    assert asked.value.ended_after == 2
    assert game.hands.count() == 3
    with services.locked_game(owner_of(game), game.pk) as locked:
        write = services.correct_hand(
            locked, 2, ending["bids"], ending["tricks"], game.version, cut_after=2
        )
    assert write.removed is not None
    assert write.removed.label == "hand 3"
    assert game.hands.count() == 2
    assert_summary_is_a_fresh_replay(game)
    with services.locked_game(owner_of(game), game.pk) as locked:
        services.put_back(locked, locked.game.version, write.removed)
    assert [h.to_scoring() for h in game.hands.order_by("number")] == [
        scoring.Hand((4, 3, 3, 3), (4, 3, 3, 3))
    ] * 3
    assert_summary_is_a_fresh_replay(game)


def test_undo_takes_back_the_last_step_once_per_version(make_game):
    game = make_game([QUIET_HAND, {"bids": [3, 3, 4, 2]}])
    with services.locked_game(owner_of(game), game.pk) as locked:
        version = locked.game.version
        write = services.undo_last(locked, version)
    assert write.notice == "Took back hand 2's last bid: tap it again, or change any other."
    # The bids come back with the undo, for the step to show them again less the last one.
    assert write.bids_back == (3, 3, 4, 2)
    with pytest.raises(services.Conflict):  # noqa: SIM117
        with services.locked_game(owner_of(game), game.pk) as locked:
            services.undo_last(locked, version)  # a second tap with the old version
    assert game.hands.count() == 1
    assert_summary_is_a_fresh_replay(game)


def test_a_rematch_is_made_once(make_game):
    game = make_game([WINNING_HAND], target_score=100)
    first, created = services.start_rematch(owner_of(game), game.pk)
    again, created_again = services.start_rematch(owner_of(game), game.pk)
    assert (created, created_again) == (True, False)
    assert first == again
    assert first.table_id == game.table_id
    assert Game.objects.filter(rematch_of=game).count() == 1


def test_a_rematch_waits_for_the_end_of_the_game(make_game):
    game = make_game(quiet_hands(1))
    with pytest.raises(services.Conflict, match="once this game is over"):
        services.start_rematch(owner_of(game), game.pk)


def test_notes_and_links_are_the_owners_alone(make_game, stranger):
    game = make_game(quiet_hands(2))
    game.table.set_scoring_link(enabled=True)
    game.table.refresh_from_db()
    phone = Access(stranger, grants=((game.table_id, game.table.score_token),), scoring=True)
    with pytest.raises(Http404):
        services.set_game_note(phone, game.pk, "mine now")
    with pytest.raises(Http404):
        services.change_links(phone, game.pk, "replace")
    with pytest.raises(Http404):
        services.set_hand_note(owner_of(game), game.pk, 9, "no such hand")
    services.set_hand_note(owner_of(game), game.pk, 2, "misdeal")
    changed, said = services.change_links(owner_of(game), game.pk, "score_off")
    assert said == "The scoring link is off: only you can score this table now."
    changed.table.refresh_from_db()
    assert changed.table.score_token is None
    assert services.change_links(owner_of(game), game.pk, "explode")[1] is None
    assert game.hands.get(number=2).note == "misdeal"


def test_a_rematch_is_named_for_its_place_at_the_table(make_game):
    """Three games of one evening read "Friday", "Friday, game 2", "Friday, game 3"."""
    game = make_game([WINNING_HAND], target_score=100)
    game.name = "Friday at Cat's"
    game.save(update_fields=["name"])
    second, _ = services.start_rematch(owner_of(game), game.pk)
    assert second.title == "Friday at Cat's, game 2"
    record(second, "bids", 1, list(WINNING_HAND["bids"]))
    record(second, "tricks", 1, [12, 1, None, None])
    third, _ = services.start_rematch(owner_of(second), second.pk)
    assert third.title == "Friday at Cat's, game 3"
    unnamed = make_game([WINNING_HAND], target_score=100)
    rematch, _ = services.start_rematch(owner_of(unnamed), unnamed.pk)
    assert rematch.title == "Ann + Cat vs Ben + Dan, game 2"


# The time call -------------------------------------------------------------------------------

EVEN_HAND = {"bids": [3, 3, 3, 3], "tricks": [3, 3, 4, 3]}  # Ann + Cat +61, Ben + Dan +60
LEVEL_HAND = {"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 4]}  # Ann + Cat +60, Ben + Dan +61


def call(game: Game) -> services.Written:
    with services.locked_game(owner_of(game), game.pk) as locked:
        return services.call_time(locked, locked.game.version)


def undo(game: Game) -> services.Written:
    with services.locked_game(owner_of(game), game.pk) as locked:
        return services.undo_last(locked, locked.game.version)


def test_time_called_during_a_hand_ends_the_game_once_its_tricks_are_in(make_game):
    game = make_game([QUIET_HAND, {"bids": [4, 3, 3, 3]}])
    write = call(game)
    assert write.notice == (
        "Time called during hand 2: the game ends once its tricks are in, unless the top score "
        "is shared then."
    )
    game.refresh_from_db()
    assert (game.time_called, game.finished) == (2, False)
    assert_summary_is_a_fresh_replay(game)
    done = record(game, "tricks", 2, [4, 3, 3, 3])
    assert (done.result.ended_by, done.result.winner) == ("time_called", 0)
    assert_summary_is_a_fresh_replay(game)


def test_undo_takes_back_whatever_came_last_the_call_or_a_step(make_game):
    game = make_game([QUIET_HAND, {"bids": [4, 3, 3, 3]}])
    call(game)
    record(game, "tricks", 2, [4, 3, 3, 3])
    assert undo(game).notice == "Took back hand 2's tricks; its bids stay."
    assert undo(game).notice == "Took back the time call during hand 2: the game goes on."
    game.refresh_from_db()
    assert (game.time_called, game.time_called_after) == (None, None)
    assert undo(game).notice == "Took back hand 2's last bid: tap it again, or change any other."
    assert_summary_is_a_fresh_replay(game)


def test_time_called_between_hands_ends_the_game_at_once_and_can_be_undone(make_game):
    game = make_game([QUIET_HAND])
    write = call(game)
    assert write.notice == "Time called after hand 1: the game is over."
    assert (write.result.ended_by, write.result.winner) == ("time_called", 0)
    game.refresh_from_db()
    assert game.finished
    undo(game)
    game.refresh_from_db()
    assert (game.finished, game.time_called) == (False, None)
    assert_summary_is_a_fresh_replay(game)


def test_time_called_on_a_shared_top_score_plays_on(make_game):
    game = make_game([EVEN_HAND, LEVEL_HAND])
    write = call(game)
    assert write.result.finished is False
    assert write.notice == (
        "Time called after hand 2: Ann + Cat and Ben + Dan shared the top score when the time "
        "was called after hand 2: play on, a hand at a time, until one side leads (hand 3 next)."
    )
    record(game, "bids", 3, [4, 3, 3, 3])
    done = record(game, "tricks", 3, [4, 3, 3, 3])
    assert (done.result.ended_by, done.result.ended_after) == ("time_called", 3)


@pytest.mark.parametrize(
    ("hands", "problem"),
    [
        ([], "once the first hand has started"),
        ([WINNING_HAND], "The game is over"),
    ],
)
def test_the_time_is_called_only_on_a_game_in_play(make_game, hands, problem):
    game = make_game(hands, target_score=100)
    with pytest.raises(services.Conflict, match=problem):
        call(game)
    game.refresh_from_db()
    assert game.time_called is None


def test_the_time_is_called_once_and_only_from_an_up_to_date_page(make_game):
    game = make_game([QUIET_HAND, {"bids": [4, 3, 3, 3]}])
    stale = game.version
    call(game)
    with pytest.raises(services.Conflict, match="already called during hand 2"):
        call(game)
    with pytest.raises(services.Conflict, match="changed on another phone"):  # noqa: SIM117
        with services.locked_game(owner_of(game), game.pk) as locked:
            services.call_time(locked, stale)


def test_a_correction_ending_the_game_before_the_call_drops_it_and_its_undo_brings_it_back(
    make_game,
):
    game = make_game([QUIET_HAND, QUIET_HAND, {"bids": [4, 3, 3, 3]}], target_score=150)
    call(game)
    with services.locked_game(owner_of(game), game.pk) as locked:
        write = services.correct_hand(
            locked,
            2,
            WINNING_HAND["bids"],
            WINNING_HAND["tricks"],
            locked.game.version,
            cut_after=2,
        )
    assert write.notice.endswith("The time call during hand 3 went with it.")
    game.refresh_from_db()
    assert (game.time_called, game.hands.count(), game.finished) == (None, 2, True)
    assert_summary_is_a_fresh_replay(game)
    removed = services.Removed.from_json(write.removed.to_json())
    with services.locked_game(owner_of(game), game.pk) as locked:
        services.put_back(locked, locked.game.version, removed)
    game.refresh_from_db()
    assert (game.time_called, game.hands.count(), game.finished) == (3, 3, False)
    assert_summary_is_a_fresh_replay(game)


def test_the_locked_game_reads_its_hands_and_notes_as_the_game_itself_does(make_game):
    """On SQLite the hands come with the lock, as one JSON text: every kind of value a hand
    holds (a nil, a hand that bids itself, tricks not in yet, notes with quotes, commas,
    brackets and letters from elsewhere) reads back as `Game.recorded` reads it."""
    game = make_game(
        [{"bids": ["nil", 4, 3, 4], "tricks": [0, 5, 4, 4]}, QUIET_HAND], target_score=100_000
    )
    Hand.objects.filter(game=game, number=1).update(note='"Ann", [ben] \\ 12,13 ♠ Żółw')
    # Read, not scored: a hand that bids itself stores JSON null for its bids.
    Hand.objects.create(game=game, number=3, bids=Value(None, JSONField()), tricks=[7, 6, 0, 0])
    Hand.objects.create(game=game, number=4, bids=[3, 3, 4, 3], tricks=None, note="],[")
    with services.locked_game(owner_of(game), game.pk) as locked:
        assert (locked.hands, locked.notes) == game.recorded()
    assert locked.notes[1] == '"Ann", [ben] \\ 12,13 ♠ Żółw'
    assert locked.hands[2].bids is None
    assert locked.hands[3].tricks is None


def test_a_locked_game_without_hands_reads_none(make_game):
    game = make_game()
    with services.locked_game(owner_of(game), game.pk) as locked:
        assert (locked.hands, locked.notes) == ([], {})
