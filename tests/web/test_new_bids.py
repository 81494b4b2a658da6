"""The table flow for the newer bids: blind number bids, a side bidding as a team, and a first
hand that bids itself; each bad input refused next to its field with nothing saved."""

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from games import display, scoring, stats
from games.models import Game, Hand
from games.views import table as views
from tests.conftest import QUIET_HAND
from tests.web.conftest import BIG_HAND, HX, bids_data, bids_url, tricks_url

pytestmark = pytest.mark.django_db

NUMBERS = [str(n) for n in range(1, 14)]  # zero is nil at these tables
BLINDS = [f"blind_{n}" for n in range(6, 14)]
# Blind bids of 6 or more, but only for a side 100 or more behind (the Joker's Wild rule).
BEHIND = {"blind_bid_min": 6, "blind_bid_behind": 100}


def keys(html, name):
    """The values of one pad's keys, in the order they are drawn."""
    return re.findall(rf'<input type="radio" name="{name}" value="([^"]*)"', html)


def around(html, name):
    """The part of the page that holds field `name`: its pad's fieldset, where its error must
    be (the correction form draws pads too)."""
    parts = [part for part in html.split("<fieldset") if f'name="{name}"' in part]
    assert len(parts) == 1, f"field {name} is drawn {len(parts)} times"
    return parts[0].split("</fieldset>")[0]


def body(response):
    return response.content.decode()


def hands_of(game):
    return list(Hand.objects.filter(game=game).values_list("bids", "tricks"))


@pytest.fixture
def count_replays(monkeypatch):
    """How many times a game is replayed, from now on."""
    calls = []
    replay = Game.replay

    def counted(self, *args, **kwargs):
        calls.append(self.pk)
        return replay(self, *args, **kwargs)

    monkeypatch.setattr(Game, "replay", counted)
    return calls


# Blind number bids ---------------------------------------------------------------------------


def test_a_table_without_blind_number_bids_offers_none(owner_client, make_game):
    page = body(owner_client.get(make_game().get_absolute_url()))
    assert keys(page, "bid_0") == ["nil", "blind_nil", *NUMBERS]
    assert keys(page, "team_bid_0") == NUMBERS


def test_blind_number_keys_are_offered_from_the_tables_smallest(owner_client, make_game):
    page = body(owner_client.get(make_game(blind_bid_min=6).get_absolute_url()))
    assert keys(page, "bid_1") == ["nil", "blind_nil", *NUMBERS, *BLINDS]
    assert "Blind 6" in around(page, "bid_1")
    assert keys(page, "team_bid_1") == [*NUMBERS, *BLINDS]


def test_blind_keys_wait_until_the_side_trails_enough(owner_client, make_game):
    level = make_game(**BEHIND)
    page = body(owner_client.get(level.get_absolute_url()))
    assert keys(page, "bid_1") == ["nil", "blind_nil", *NUMBERS]

    game = make_game([BIG_HAND], **BEHIND)
    game.refresh_from_db()
    assert game.scores == [120, -20]
    page = body(owner_client.get(game.get_absolute_url()))
    # Ben + Dan trail by 140: their keys have the blind bids, the leaders' keys don't.
    assert keys(page, "bid_1")[-len(BLINDS) :] == BLINDS
    assert keys(page, "bid_3")[-len(BLINDS) :] == BLINDS
    assert keys(page, "team_bid_1")[-len(BLINDS) :] == BLINDS
    assert keys(page, "bid_0") == ["nil", "blind_nil", *NUMBERS]
    assert keys(page, "team_bid_0") == NUMBERS


@pytest.mark.parametrize("headers", [None, HX], ids=["plain", "htmx"])
def test_a_blind_bid_before_the_side_trails_enough_is_refused_next_to_its_seat(
    owner_client, make_game, headers
):
    game = make_game(**BEHIND)
    data = bids_data(1, 3, "blind_6", 3, 3)
    response = owner_client.post(bids_url(game), data, headers=headers)
    assert response.status_code == 422
    page = body(response)
    assert (
        "Ben can&#x27;t bid blind 6 now: blind bids are only allowed when your side trails by "
        in (around(page, "bid_1"))
    )
    # Drawn again with only the keys Ben may tap now.
    assert "blind_6" not in keys(page, "bid_1")
    assert hands_of(game) == []


@pytest.mark.parametrize(
    ("rules", "bid"),
    [({}, "blind_7"), ({"blind_bid_min": 6}, "blind_5"), ({"blind_bid_min": 6}, "blind_14")],
    ids=["no-blind-bids", "under-the-smallest", "over-the-tricks"],
)
def test_a_blind_bid_the_table_does_not_have_is_refused(owner_client, make_game, rules, bid):
    game = make_game(**rules)
    response = owner_client.post(bids_url(game), bids_data(1, bid, 3, 3, 3))
    assert response.status_code == 422
    assert "Choose Ann&#x27;s bid from the keys." in around(body(response), "bid_0")
    assert hands_of(game) == []


def test_a_blind_bid_once_behind_is_recorded_and_scores_double(owner_client, make_game):
    game = make_game([BIG_HAND], **BEHIND)
    response = owner_client.post(bids_url(game), bids_data(2, 3, "blind_6", 3, 1))
    assert response.status_code == 302
    assert hands_of(game)[-1] == ([3, "blind_6", 3, 1], None)
    response = owner_client.post(tricks_url(game), {"hand": "2", "side_0": "6", "side_1": "7"})
    assert response.status_code == 302
    game.refresh_from_db()
    # Ann + Cat bid 6, took 6: +60. Ben + Dan bid 7 with a blind bid and made it: 2 x 70.
    assert game.scores == [180, 120]


# Team bids ----------------------------------------------------------------------------------


def test_a_side_bidding_as_a_team_is_recorded_as_its_total_and_a_blank(owner_client, make_game):
    game = make_game()
    page = body(owner_client.get(game.get_absolute_url()))
    assert '<input type="checkbox" name="team_0" id="id_team_0"> Ann + Cat bid as a team' in page
    # Ann's nil, tapped before the box was ticked, is not read: the side bid as a team.
    data = {**bids_data(1, "nil", 3, 4, 3), "team_0": "on", "team_bid_0": "7"}
    response = owner_client.post(bids_url(game), data)
    assert response.status_code == 302
    assert hands_of(game) == [([7, 3, None, 3], None)]
    page = body(owner_client.get(game.get_absolute_url()))
    assert "Ann + Cat (bid 7) took" in page
    owner_client.post(tricks_url(game), {"hand": "1", "side_0": "8", "side_1": "5"})
    game.refresh_from_db()
    # Ann + Cat bid 7 took 8: +71. Ben + Dan bid 6 took 5: -60.
    assert game.scores == [71, -60]


def test_both_sides_may_bid_as_teams_blind_included_with_htmx(owner_client, make_game):
    game = make_game(blind_bid_min=6)
    data = {"hand": "1", "team_0": "on", "team_bid_0": "5", "team_1": "on"}
    data["team_bid_1"] = "blind_7"
    response = owner_client.post(bids_url(game), data, headers=HX)
    assert response.status_code == 200
    assert "Hand 1: tricks" in body(response)
    assert hands_of(game) == [([5, "blind_7", None, None], None)]


def test_team_mode_without_a_total_is_refused_next_to_the_team_pad(owner_client, make_game):
    game = make_game()
    data = {"hand": "1", "team_0": "on", "bid_1": "3", "bid_3": "3"}
    response = owner_client.post(bids_url(game), data, headers=HX)
    assert response.status_code == 422
    page = body(response)
    assert "Choose Ann + Cat&#x27;s bid." in around(page, "team_bid_0")
    # The box stays ticked, and the partners' own pads ask for nothing.
    assert 'name="team_0" id="id_team_0" checked' in page
    assert "Choose Ann&#x27;s bid." not in page
    assert "Choose Cat&#x27;s bid." not in page
    assert hands_of(game) == []


def test_a_team_total_under_the_tables_minimum_is_not_a_key(owner_client, make_game):
    game = make_game(preset="tournament")
    page = body(owner_client.get(game.get_absolute_url()))
    assert keys(page, "team_bid_0") == [str(n) for n in range(4, 14)]
    data = {"hand": "1", "team_0": "on", "team_bid_0": "3", "bid_1": "3", "bid_3": "3"}
    response = owner_client.post(bids_url(game), data)
    assert response.status_code == 422
    assert "Choose Ann + Cat&#x27;s bid from the keys." in around(body(response), "team_bid_0")
    assert hands_of(game) == []


@pytest.mark.parametrize("preset", ["cutthroat", "suicide", "blind_nil_all"])
def test_tables_without_team_bids_have_no_team_box_and_ignore_one(owner_client, make_game, preset):
    game = make_game(preset=preset)
    page = body(owner_client.get(game.get_absolute_url()))
    assert "as a team" not in page
    assert 'name="team_' not in page
    data = {"hand": "1", "team_0": "on", "team_bid_0": "7", "bid_1": "nil", "bid_3": "nil"}
    response = owner_client.post(bids_url(game), data)
    assert response.status_code == 422
    assert "Choose Ann&#x27;s bid." in around(body(response), "bid_0")
    assert hands_of(game) == []


# A first hand that bids itself ---------------------------------------------------------------


def bids_itself_game(make_game):
    return make_game(preset="first_hand_bids_itself")


def test_a_first_hand_that_bids_itself_goes_straight_to_its_tricks(owner_client, make_game):
    game = bids_itself_game(make_game)
    page = body(owner_client.get(game.get_absolute_url()))
    assert "Hand 1: tricks" in page
    assert "Ann deals; Ben leads." in page
    assert "Nobody bids this hand: it bids itself. A side taking 4 or more" in page
    assert "Bids are in" not in page
    assert keys(page, "side_0") == [str(n) for n in range(14)]
    assert "Correct hand 1" not in page


@pytest.mark.parametrize("headers", [None, HX], ids=["plain", "htmx"])
def test_a_hand_that_bids_itself_is_recorded_in_one_post_and_one_replay(
    owner_client, make_game, count_replays, headers
):
    game = bids_itself_game(make_game)
    count_replays.clear()
    data = {"hand": "1", "side_0": "9", "side_1": "4"}
    response = owner_client.post(tricks_url(game), data, headers=headers)
    assert response.status_code == (200 if headers else 302)
    assert count_replays == [game.pk]
    assert hands_of(game) == [(None, [9, 4, None, None])]
    # Stored as JSON null: the column has no SQL NULL.
    assert not Hand.objects.filter(game=game, bids__isnull=True).exists()
    game.refresh_from_db()
    assert (game.scores, game.hand_count) == ([90, 40], 1)
    page = body(owner_client.get(game.get_absolute_url()))
    assert "Hand 2: bids" in page
    assert "Ann + Cat took 9 in a hand that bids itself: +90" in page


def test_the_tricks_of_a_hand_that_bids_itself_posted_twice_are_recorded_once(
    owner_client, make_game
):
    game = bids_itself_game(make_game)
    data = {"hand": "1", "side_0": "9", "side_1": "4"}
    assert owner_client.post(tricks_url(game), data).status_code == 302
    second = owner_client.post(tricks_url(game), data, headers=HX)
    assert second.status_code == 409
    assert "Hand 1&#x27;s tricks were already recorded" in body(second)
    assert hands_of(game) == [(None, [9, 4, None, None])]


def test_a_stale_hand_number_for_a_hand_that_bids_itself_is_a_conflict(owner_client, make_game):
    game = bids_itself_game(make_game)
    response = owner_client.post(tricks_url(game), {"hand": "2", "side_0": "9", "side_1": "4"})
    assert response.status_code == 302
    assert hands_of(game) == []


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({"side_0": "9"}, "side_1", "Not entered yet: the tricks left over are 4."),
        ({"side_0": "9", "side_1": "14"}, "side_1", "Choose the tricks from the keys."),
    ],
    ids=["missing", "not-a-key"],
)
def test_bad_tricks_in_a_hand_that_bids_itself_save_nothing(
    owner_client, make_game, data, field, message
):
    game = bids_itself_game(make_game)
    response = owner_client.post(tricks_url(game), {"hand": "1", **data}, headers=HX)
    assert response.status_code == 422
    page = body(response)
    assert message in around(page, field)
    assert "Nobody bids this hand" in page
    assert hands_of(game) == []


def test_tricks_of_a_hand_that_bids_itself_must_add_up(owner_client, make_game):
    game = bids_itself_game(make_game)
    response = owner_client.post(tricks_url(game), {"hand": "1", "side_0": "9", "side_1": "5"})
    assert response.status_code == 422
    assert "14" in body(response)
    assert hands_of(game) == []


@pytest.mark.parametrize("headers", [None, HX], ids=["plain", "htmx"])
def test_bids_posted_for_a_hand_that_bids_itself_are_refused(owner_client, make_game, headers):
    game = bids_itself_game(make_game)
    response = owner_client.post(bids_url(game), bids_data(1, 4, 4, 4, 4), headers=headers)
    message = "Hand 1 bids itself at this table, so nobody bids: enter its tricks."
    if headers:
        assert response.status_code == 409
        assert message in body(response)
    else:
        assert response.status_code == 302
        assert message in body(owner_client.get(response["Location"]))
    assert hands_of(game) == []


def test_undoing_a_hand_that_bid_itself_brings_its_tricks_step_back(owner_client, make_game):
    game = bids_itself_game(make_game)
    owner_client.post(tricks_url(game), {"hand": "1", "side_0": "9", "side_1": "4"})
    game.refresh_from_db()
    response = owner_client.post(reverse("undo", args=[game.pk]), {"version": game.version})
    assert response.status_code == 302
    assert hands_of(game) == []
    page = body(owner_client.get(game.get_absolute_url()))
    assert "Hand 1: tricks" in page
    assert "Took back hand 1&#x27;s tricks." in page


def test_a_game_file_whose_first_hand_bids_itself_round_trips(owner_client, make_game):
    game = bids_itself_game(make_game)
    owner_client.post(tricks_url(game), {"hand": "1", "side_0": "9", "side_1": "4"})
    exported = owner_client.get(reverse("export_game", args=[game.pk])).content
    assert json.loads(exported)["hands"][0]["bids"] is None
    upload = SimpleUploadedFile("game.json", exported, content_type="application/json")
    # The same game is already here: only a copy asked for is imported.
    refused = owner_client.post(reverse("import_game"), {"file": upload})
    assert refused.status_code == 422
    assert Game.objects.count() == 1
    upload = SimpleUploadedFile("game.json", exported, content_type="application/json")
    response = owner_client.post(reverse("import_game"), {"file": upload, "copy": "on"})
    assert response.status_code == 302
    copy = Game.objects.exclude(pk=game.pk).get()
    assert hands_of(copy) == [(None, [9, 4, None, None])]
    assert copy.scores == [90, 40]


# Corrections ---------------------------------------------------------------------------------


def edit_url(game, number):
    return reverse("edit_hand", args=[game.pk, number])


def edit_data(game, bids, tricks):
    game.refresh_from_db()
    data = {"version": str(game.version)}
    for seat, (bid, took) in enumerate(zip(bids, tricks, strict=True)):
        data[f"bid_{seat}"] = "" if bid is None else str(bid)
        data[f"tricks_{seat}"] = "" if took is None else str(took)
    return data


@pytest.mark.parametrize(
    ("preset", "rules", "expected"),
    [
        ("standard", {}, ["", "nil", "blind_nil", *NUMBERS]),
        ("standard", {"blind_bid_min": 6}, ["", "nil", "blind_nil", *NUMBERS, *BLINDS]),
        ("standard", {"zero_is_nil": False}, ["", "nil", "blind_nil", "0", *NUMBERS]),
        ("cutthroat", {}, ["nil", *NUMBERS]),
        ("blind_nil_all", {}, ["blind_nil"]),
    ],
    ids=["standard", "blind-bids", "zero-is-a-number", "no-team-bids", "blind-nil-all"],
)
def test_the_correction_form_offers_exactly_the_bids_the_rules_allow(
    owner_client, make_game, preset, rules, expected
):
    bids = ["blind_nil"] * 4 if preset == "blind_nil_all" else [4, 3, 3, 3]
    game = make_game([{"bids": bids, "tricks": [0, 4, 5, 4]}], preset=preset, **rules)
    page = body(owner_client.get(edit_url(game, 1)))
    for seat in range(4):
        assert keys(page, f"bid_{seat}") == expected


def test_a_correction_to_a_team_bid_is_saved_as_its_total_and_a_blank(owner_client, make_game):
    game = make_game([QUIET_HAND, QUIET_HAND])
    data = edit_data(game, [7, 3, None, 3], [4, 3, 3, 3])
    response = owner_client.post(edit_url(game, 1), data)
    assert response.status_code == 302
    assert hands_of(game)[0] == ([7, 3, None, 3], [4, 3, 3, 3])
    page = body(owner_client.get(edit_url(game, 1)))
    assert re.search(r'<input type="radio" name="bid_2" value="" checked', page)


@pytest.mark.parametrize(
    ("bids", "field", "message"),
    [
        (
            ["nil", 3, None, 3],
            "bid_2",
            "Ann bid nil, so Cat needs a bid of their own: a side&#x27;s bid goes on one partner "
            "only when neither bids nil.",
        ),
        ([None, 3, None, 3], "bid_0", "Ann + Cat both have blank bids"),
        (["blind_7", 3, 4, 3], "bid_0", "Choose Ann&#x27;s bid from the keys."),
        ([3, "blind_nil", "zero", 3], "bid_2", "Choose Cat&#x27;s bid from the keys."),
    ],
    ids=["blank-beside-nil", "two-blanks", "no-blind-bids", "not-a-bid"],
)
def test_a_bad_correction_is_refused_next_to_its_field(
    owner_client, make_game, bids, field, message
):
    game = make_game([QUIET_HAND])
    before = hands_of(game)
    response = owner_client.post(edit_url(game, 1), edit_data(game, bids, [4, 3, 3, 3]))
    assert response.status_code == 422
    assert message in around(body(response), field)
    assert hands_of(game) == before


def test_a_blank_bid_where_the_table_has_no_team_bids_is_missing(owner_client, make_game):
    game = make_game([QUIET_HAND], preset="cutthroat")
    before = hands_of(game)
    response = owner_client.post(edit_url(game, 1), edit_data(game, [4, None, 3, 3], [4, 3, 3, 3]))
    assert response.status_code == 422
    assert "Choose Ben&#x27;s bid." in around(body(response), "bid_1")
    assert hands_of(game) == before


def test_a_hand_that_bid_itself_is_corrected_with_blank_bids(owner_client, make_game):
    game = bids_itself_game(make_game)
    owner_client.post(tricks_url(game), {"hand": "1", "side_0": "9", "side_1": "4"})
    page = body(owner_client.get(edit_url(game, 1)))
    assert "This hand bids itself at this table: leave every bid empty." in page
    assert keys(page, "bid_0")[0] == ""
    assert re.search(r'<input type="radio" name="bid_0" value="" checked', page)
    response = owner_client.post(
        edit_url(game, 1), edit_data(game, [None] * 4, [3, 10, None, None])
    )
    assert response.status_code == 302
    assert hands_of(game) == [(None, [3, 10, None, None])]
    game.refresh_from_db()
    # Ann + Cat took 3, under 4: set for 40. Ben + Dan took 10: +100, no bags.
    assert game.scores == [-40, 100]

    response = owner_client.post(edit_url(game, 1), edit_data(game, [4, 4, 4, 4], [3, 10, 0, 0]))
    assert response.status_code == 422
    assert "The first hand bids itself at this table, so it has no bids: leave them out." in body(
        response
    )
    assert hands_of(game) == [(None, [3, 10, None, None])]


def test_a_later_hand_corrected_with_every_bid_blank_says_the_bids_are_missing(
    owner_client, make_game
):
    game = bids_itself_game(make_game)
    owner_client.post(tricks_url(game), {"hand": "1", "side_0": "9", "side_1": "4"})
    owner_client.post(bids_url(game), bids_data(2, 4, 4, 4, 4))
    assert "This hand bids itself" not in body(owner_client.get(edit_url(game, 2)))
    response = owner_client.post(edit_url(game, 2), edit_data(game, [None] * 4, [None] * 4))
    assert response.status_code == 422
    assert "The bids are missing." in body(response)
    assert hands_of(game)[1] == ([4, 4, 4, 4], None)


# Statistics ----------------------------------------------------------------------------------


def test_statistics_skip_blank_bids_and_count_every_nil():
    rules = scoring.Rules(first_hand_bids_itself=4, blind_bid_min=6)
    hands = [
        scoring.Hand(None, (6, 4, 3, 0)),  # bids itself: Ann + Cat 9, Ben + Dan 4
        scoring.Hand((7, None, None, "blind_6"), (7, 6, None, None)),  # two team bids
        scoring.Hand(("blind_nil", 4, 5, "nil"), (0, 4, 6, 3)),
    ]
    result = scoring.score_game(rules, hands, ("Ann", "Ben", "Cat", "Dan"))
    players = {player.name: player for player in stats.tally([result])}
    ann, ben, cat, dan = (players[name] for name in ("Ann", "Ben", "Cat", "Dan"))
    assert [p.hands for p in (ann, ben, cat, dan)] == [3, 3, 3, 3]
    # Ann's team bid of 7 was made; her blind nil too.
    assert (ann.number_bids, ann.contracts_made, ann.blind_nils, ann.blind_nils_made) == (
        1,
        1,
        1,
        1,
    )
    # Ben bid only in hand 3 (4, his side's 4 made); Dan's blind 6 (made) and a failed nil.
    assert (ben.number_bids, ben.contracts_made, ben.nils) == (1, 1, 0)
    assert (dan.number_bids, dan.contracts_made, dan.nils, dan.nils_made) == (1, 1, 1, 0)
    assert (cat.number_bids, cat.contracts_made, cat.times_set) == (1, 1, 0)


def test_team_bids_and_a_hand_that_bids_itself_read_in_words():
    rules = scoring.Rules.from_dict({"preset": "standard", "first_hand_bids_itself": 4})
    players = ["Ann", "Ben", "Cat", "Dan"]
    hands = [
        scoring.Hand(None, (7, 6, None, None)),
        scoring.Hand((3, 4, None, 2), (6, None, None, 7)),
    ]
    rows = display.hands(scoring.score_game(rules, hands, players=players))
    assert [side.bids for side in rows[0].sides] == ["Ann + Cat 3 as a team", "Ben 4, Dan 2"]
    assert rows[1].sides[0].bids == "no bids (the hand bids itself)"
    waiting = display.pending(scoring.score_game(rules, [scoring.Hand(None)], players=players))
    assert waiting.contracts[0] == ("Ann + Cat", "no bids: takes what it takes, at least 4")


def test_a_step_drawn_once_serves_every_table_in_the_same_state_and_no_other(
    owner_client, make_game, monkeypatch
):
    """The next step's fields are cached on what they are drawn from, not on the game."""
    ahead = make_game([BIG_HAND, QUIET_HAND, QUIET_HAND, QUIET_HAND], **BEHIND)
    level = make_game([QUIET_HAND] * 4, **BEHIND)
    level_page = body(owner_client.get(level.get_absolute_url()))
    ahead_page = body(owner_client.get(ahead.get_absolute_url()))
    # The same dealer and first bidder, different scores: only the side behind gets blinds.
    assert keys(level_page, "bid_1") == ["nil", "blind_nil", *NUMBERS]
    assert keys(ahead_page, "bid_1")[-len(BLINDS) :] == BLINDS
    assert keys(ahead_page, "bid_0") == keys(level_page, "bid_0")
    # A third table in the level one's state draws no form; another with other names does.
    same = make_game([QUIET_HAND] * 4, **BEHIND)
    renamed = make_game([QUIET_HAND] * 4, players=("Eve", "Fay", "Gus", "Hal"), **BEHIND)
    made = []
    real = views.BidsForm

    def counted(*args, **kwargs):
        made.append(tuple(kwargs["players"]))
        return real(*args, **kwargs)

    monkeypatch.setattr(views, "BidsForm", counted)
    same_page = body(owner_client.get(same.get_absolute_url()))
    assert made == []
    assert keys(same_page, "bid_1") == keys(level_page, "bid_1")
    assert 'name="hand" value="5"' in same_page
    renamed_page = body(owner_client.get(renamed.get_absolute_url()))
    assert made == [("Eve", "Fay", "Gus", "Hal")]
    assert "Fay" in renamed_page
    assert "Ben" not in renamed_page
