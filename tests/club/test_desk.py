"""The director's desk: a list of teams pasted at once, the table cards before round 1, a
penalty started from a table's card, the time called from the desk, byes apart from the
games won and lost, and the desk's changing part polled (a 304 while nothing moved)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from pytest_django.asserts import assertContains, assertNotContains

from games import services
from games.access import Access
from games.club import desk, reads
from games.club import services as club
from games.club.forms import MAX_LIST_ENTRIES
from games.club.models import CardTable, Event, EventTeam, LogEntry, Penalty, Seating
from tests.club.test_club_night import bare_event, new_event, play_out

pytestmark = pytest.mark.django_db

D = "\N{EN DASH}"


def paste(client, event, text):
    return client.post(reverse("club:add_teams", args=[event.pk]), {"teams": text})


def desk_page(client, event, **query):
    return client.get(reverse("club:event", args=[event.pk]), query)


def bid(owner, game, values=(3, 3, 3, 3)):
    with services.locked_game(Access(user=owner), game.pk) as locked:
        services.record_step(locked, services.step_for(locked, "bids", 1), list(values))


# ---- Teams pasted ----


def test_a_pasted_list_enters_every_team_in_its_order(owner_client, owner):
    event = bare_event(owner)
    text = (
        "Aces, Ann Lee, Art Moe\n"
        '"Books, Inc", Ben, "Bea ""B"" Roe"\n'
        "\n"
        "Clubs\tCat\tCal\n"  # cells copied from a spreadsheet
        "Deuces, Dan, Dot,\n"  # a trailing comma
        "Eights\n"
        "Eve\n"
        "Eli\n"
    )
    response = paste(owner_client, event, text)
    assert response.status_code == 302
    teams = list(EventTeam.objects.filter(event=event).values_list("position", "name", "players"))
    assert teams == [
        (0, "Aces", ["Ann Lee", "Art Moe"]),
        (1, "Books, Inc", ["Ben", 'Bea "B" Roe']),
        (2, "Clubs", ["Cat", "Cal"]),
        (3, "Deuces", ["Dan", "Dot"]),
        (4, "Eights", ["Eve", "Eli"]),
    ]
    assertContains(owner_client.get(response.url), "5 teams entered: Aces, Books, Inc, Clubs")
    assert LogEntry.objects.filter(
        event=event, what__startswith="Teams entered from a list"
    ).exists()


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (
            "Aces, Ann, Art\nBooks, Ben, Bea\nClubs, , Cal",
            "Line 3: the first player&#x27;s name is empty.",
        ),
        (
            "Aces, Ann, Art\nBooks, Ben\nClubs, Cat, Cal",
            "Line 2: a team is its name and its two players",
        ),
        ("Aces, Ann, Art\nBooks, Ben, Ben", "Line 2: a team is two different players."),
        (
            "Aces, Ann, Art\n\nBooks\nBen\n\nClubs, Cat, Cal",
            "Line 3: a team is its name and its two players",
        ),
        (f"{'A' * 41}, Ann, Art", "Line 1: the team&#x27;s name is longer than 40 characters."),
        ("Aces, Ann, Art\nBooks, Ben, Bea\naces, Cat, Cal", "Line 3: aces is on the list twice."),
        ("   \n\n", "This field is required."),
    ],
)
def test_a_bad_line_is_named_next_to_the_list_and_nothing_enters(
    owner_client, owner, text, problem
):
    event = bare_event(owner)
    club.add_team(owner, event.pk, "Kings", ["Kim", "Kit"])
    logged = LogEntry.objects.filter(event=event).count()
    response = paste(owner_client, event, text)
    assert response.status_code == 422
    body = response.content.decode()
    # Next to the list's own field, which keeps what was pasted; the list stays open.
    field = body[body.index('<label for="id_teams">') :].split("</div>")[0]
    assert problem in field
    assertContains(response, '<details class="desk-paste" open>', status_code=422)
    assert EventTeam.objects.filter(event=event).count() == 1
    assert LogEntry.objects.filter(event=event).count() == logged


def test_a_pasted_team_already_entered_is_named_by_its_line(owner_client, owner):
    event = bare_event(owner)
    club.add_team(owner, event.pk, "Aces", ["Ann", "Art"])
    response = paste(owner_client, event, "Books, Ben, Bea\nACES, Cat, Cal")
    assertContains(response, "Line 2: Aces has already entered.", status_code=422)
    assert EventTeam.objects.filter(event=event).count() == 1


def test_a_list_takes_no_more_teams_than_an_event_does(owner_client, owner, monkeypatch):
    assert MAX_LIST_ENTRIES == club.MAX_TEAMS
    event = bare_event(owner)
    too_long = "\n".join(f"Team {number}, Pat {number}, Sam {number}" for number in range(201))
    assertContains(
        paste(owner_client, event, too_long), "A list takes at most 200 entries.", status_code=422
    )
    monkeypatch.setattr(club, "MAX_TEAMS", 3)
    club.add_team(owner, event.pk, "Aces", ["Ann", "Art"])
    response = paste(owner_client, event, "Books, Ben, Bea\nClubs, Cat, Cal\nDeuces, Dan, Dot")
    assertContains(
        response, "An event takes at most 3 teams: 1 have entered, so 2 more can.", status_code=422
    )
    assert EventTeam.objects.filter(event=event).count() == 1


def test_a_progressive_night_pastes_one_player_a_line(owner_client, owner):
    event = bare_event(owner, pairing="progressive", rounds=None)
    response = paste(owner_client, event, "Ann\nBen\n\nCat, Jr\nDan\n")
    assert response.status_code == 302
    assert list(event.teams.values_list("name", "players")) == [
        ("Ann", ["Ann"]),
        ("Ben", ["Ben"]),
        ("Cat, Jr", ["Cat, Jr"]),
        ("Dan", ["Dan"]),
    ]
    club.start_round(owner, event.pk)
    refused = paste(owner_client, event, "Eve")
    assertContains(refused, "takes no new players once round 1 started", status_code=422)
    assert event.teams.count() == 4


def test_a_list_is_refused_once_entries_are_closed(owner_client, owner):
    event = new_event(owner, pairing="round_robin", rounds=None)
    club.start_round(owner, event.pk)
    # The desk offers no list once entries close; a post made anyway is refused.
    assertNotContains(desk_page(owner_client, event), "Paste a list of teams")
    refused = paste(owner_client, event, "Late, Lou, Liz")
    assertContains(refused, "A round robin takes no new teams once round 1", status_code=422)


def test_a_list_is_the_directors_alone(client, owner, stranger):
    event = bare_event(owner)
    client.force_login(stranger)
    assert paste(client, event, "Aces, Ann, Art").status_code == 404
    assert not EventTeam.objects.exists()


# ---- Table cards before round 1 ----


def test_the_cards_page_offers_round_1s_cards_and_makes_them_on_a_post(owner_client, owner):
    event = new_event(owner)  # 8 teams: 4 tables
    url = reverse("club:cards", args=[event.pk])
    page = owner_client.get(url)
    assertContains(page, "Round 1 will need tables 1, 2, 3, 4")
    assertContains(page, "Make the table cards")
    assert not CardTable.objects.exists()  # the page's GET writes nothing
    made = owner_client.post(reverse("club:make_cards", args=[event.pk]), follow=True)
    assertContains(made, "4 cards made: print them now.")
    assertContains(made, "Friday club night: table 4")
    assertNotContains(made, "Make the table cards")
    assert made.content.decode().count('class="table-card"') == 4
    tables = dict(CardTable.objects.values_list("number", "table_id"))
    again = owner_client.post(reverse("club:make_cards", args=[event.pk]), follow=True)
    assertContains(again, "Every table the next round needs has its card already.")
    # Round 1 is played on the cards printed: the same tables, no new ones.
    round_ = club.start_round(owner, event.pk)
    assert {s.number: s.game.table_id for s in round_.seatings.select_related("game")} == tables
    assert CardTable.objects.count() == 4


def test_the_cards_are_the_tables_the_first_round_will_pair(owner, owner_client):
    seven = new_event(owner)
    EventTeam.objects.filter(event=seven, position=7).delete()
    assert desk.tables_needed(seven, reads.summary(seven)) == [1, 2, 3]  # and a bye
    club.make_cards(owner, seven.pk)
    club.add_team(owner, seven.pk, "Late", ["Lou", "Liz"])
    # A team entered after the cards were made needs one more table: only its card is offered.
    page = owner_client.get(reverse("club:cards", args=[seven.pk]))
    assertContains(page, "Round 1 will need table 4 too")
    players = bare_event(owner, name="Progressive", pairing="progressive", rounds=None)
    for name in ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]:
        club.add_team(owner, players.pk, name, [name])
    # Round 1 waits for two more players: a quarter of the players, rounded up.
    assert desk.tables_needed(players, reads.summary(players)) == [1, 2]
    lone = bare_event(owner, name="Lone")
    club.add_team(owner, lone.pk, "Aces", ["Ann", "Art"])
    assert desk.tables_needed(lone, reads.summary(lone)) == []
    with pytest.raises(club.EventProblem, match="has its card already"):
        club.make_cards(owner, lone.pk)


def test_the_cards_and_the_desk_say_a_loopback_link_only_works_here(owner_client, owner, settings):
    settings.PUBLIC_URL = ""
    event = new_event(owner)
    for page in (
        owner_client.get(reverse("club:cards", args=[event.pk]), HTTP_HOST="127.0.0.1:8000"),
        owner_client.get(reverse("club:event", args=[event.pk]), HTTP_HOST="localhost:8000"),
    ):
        assertContains(page, 'id="loopback-warning"')
        assertContains(page, "make run HOST=0.0.0.0")
    for page in (
        owner_client.get(reverse("club:cards", args=[event.pk])),
        desk_page(owner_client, event),
    ):
        assertNotContains(page, 'id="loopback-warning"')
    # With a public address configured, the links use it: no warning.
    settings.PUBLIC_URL = "http://192.168.1.20:8000"
    page = owner_client.get(reverse("club:event", args=[event.pk]), HTTP_HOST="127.0.0.1:8000")
    assertNotContains(page, 'id="loopback-warning"')
    assertContains(page, 'href="http://192.168.1.20:8000/e/')


# ---- A penalty from a table's card ----


def test_a_tables_card_opens_the_penalty_for_each_team_at_it(owner_client, owner):
    event = new_event(owner)
    round_ = club.start_round(owner, event.pk)
    table_2 = round_.seatings.get(number=2)
    second = table_2.teams[1]
    name = event.teams.get(position=second).name
    page = desk_page(owner_client, event)
    link = f"?table=2&amp;team={second}#penalty"
    assertContains(page, f'href="/events/{event.pk}/{link}">Penalty: {name}</a>')
    opened = desk_page(owner_client, event, table=2, team=second)
    assertContains(opened, '<details class="card" open>')
    assertContains(opened, f"Round 1, table 2: a penalty on <strong>{name}</strong>.")
    assertContains(opened, '<input type="hidden" name="round" value="1" id="id_round">', html=True)
    assertContains(opened, '<input type="hidden" name="table" value="2" id="id_table">', html=True)
    assertContains(
        opened, f'<input type="hidden" name="team" value="{second}" id="id_team">', html=True
    )
    # The posted form's problem is shown next to its field, the form open with every figure.
    post = {"round": "1", "table": "2", "team": str(second), "kind": "points", "reason": "slow"}
    refused = owner_client.post(reverse("club:add_penalty", args=[event.pk]), post)
    body = refused.content.decode()
    assert refused.status_code == 422
    points = body[body.index('<label for="id_points">') :].split("</div>")[0]
    assert "Give the points the penalty costs." in points
    assertContains(refused, '<label for="id_table">Table</label>', status_code=422)
    done = owner_client.post(reverse("club:add_penalty", args=[event.pk]), {**post, "points": 20})
    assert done.status_code == 302
    assert Penalty.objects.get().team == second


@pytest.mark.parametrize(
    "query",
    [
        {"table": "2", "team": "0"},
        {"table": "9", "team": "0"},
        {"table": "x", "team": "y"},
        {"table": "1"},
        {"table": "99999999999999999999", "team": "1"},
    ],
)
def test_a_penalty_asked_for_a_team_not_at_that_table_opens_the_plain_form(
    owner_client, owner, query
):
    event = new_event(owner)
    club.start_round(owner, event.pk)
    assert 0 in event.event_rounds.get().seatings.get(number=1).teams  # not at table 2
    page = desk_page(owner_client, event, **query)
    assert page.status_code == 200
    assertContains(page, '<label for="id_table">Table</label>', html=True)
    assertNotContains(page, "a penalty on <strong>")


# ---- The time called from the desk ----


def test_call_time_is_offered_where_a_started_game_is_still_played(owner_client, owner):
    event = new_event(owner)
    round_ = club.start_round(owner, event.pk)
    seatings = list(round_.seatings.select_related("game").order_by("number"))
    page = desk_page(owner_client, event)
    assertNotContains(page, "Call time at")  # no table has started its first hand
    bid(owner, seatings[0].game)
    play_out(seatings[1].game, owner)
    page = desk_page(owner_client, event)
    assertContains(page, "Call time at table 1</button>")
    assertNotContains(page, "Call time at table 2<")  # over
    assertNotContains(page, "Call time at table 3<")  # not started
    assertContains(page, "Call time at every table</button>")
    assertContains(page, '<input type="hidden" name="table" value="1">', html=True)
    called = owner_client.post(
        reverse("club:tables_time", args=[event.pk]), {"table": "1"}, follow=True
    )
    assertContains(called, "Time called at table 1")
    assertContains(called, '<strong class="desk-state">Time called</strong>')  # the table's
    assertNotContains(called, "Call time at")


def test_no_clock_and_no_call_once_the_event_is_over(owner_client, owner):
    event = new_event(owner, rounds=1)
    round_ = club.start_round(owner, event.pk)
    page = desk_page(owner_client, event)
    assertContains(page, "Start the 30-minute clock")
    for seating in round_.seatings.select_related("game"):
        play_out(seating.game, owner)
    page = desk_page(owner_client, event)
    assertContains(page, "The event is over")
    assertNotContains(page, "minute clock")
    assertNotContains(page, "Call time at")


# ---- Byes ----


def test_a_bye_is_counted_apart_from_the_games_won_and_lost(owner_client, owner):
    event = bare_event(owner)
    for name, first, second in [
        ("Aces", "Ann", "Art"),
        ("Books", "Ben", "Bea"),
        ("Clubs", "Cat", "Cal"),
    ]:
        club.add_team(owner, event.pk, name, [first, second])
    club.start_round(owner, event.pk)
    line = next(line for line in reads.summary(event)["standings"] if line["byes"])
    assert (line["match_points"], line["wins"], line["losses"]) == (2, 0, 0)
    assertContains(
        desk_page(owner_client, event),
        "Round 1: a bye (+2)</li></ul></details></td>"
        f'<td>2</td><td class="desk-record">0{D}0{D}0, 1 bye</td>',
    )
    sheet = owner_client.get(reverse("club:standings", args=[event.pk]))
    assertContains(sheet, f'<td class="num">0{D}0{D}0, 1 bye</td>', html=True)
    assertContains(sheet, "with-byes")  # printed in columns, its W-D-L column is wider
    even = new_event(owner, name="Even night")
    club.start_round(owner, even.pk)
    assertNotContains(owner_client.get(reverse("club:standings", args=[even.pk])), "with-byes")
    assert desk.record({"wins": 3, "draws": 1, "losses": 0, "byes": 2}) == f"3{D}1{D}0, 2 byes"
    assert desk.record({"wins": 1, "draws": 0, "losses": 2, "byes": 0}) == f"1{D}0{D}2"


# ---- The desk's changing part, polled ----


def test_the_desks_poll_answers_304_until_a_step_is_recorded(owner_client, owner):
    event = new_event(owner)
    round_ = club.start_round(owner, event.pk)
    game = round_.seatings.get(number=1).game
    url = reverse("club:desk_live", args=[event.pk])
    first = owner_client.get(url)
    assert first.status_code == 200
    etag = first["ETag"]
    assertContains(first, 'id="desk-live"')
    assertContains(
        first, 'id="desk-log" class="desk-log" aria-labelledby="log-title" hx-swap-oob="true"'
    )
    assertNotContains(first, f'<form method="post" action="/events/{event.pk}/teams/"')
    assert owner_client.get(url, headers={"If-None-Match": etag}).status_code == 304
    play_out(game, owner)  # elsewhere: at the table, on its phone
    moved = owner_client.get(url, headers={"If-None-Match": etag})
    assert moved.status_code == 200
    assert moved["ETag"] != etag
    assertContains(moved, "<dd>600</dd>")
    assertContains(moved, "Done, not confirmed")
    event.refresh_from_db()
    assertContains(moved, f"If-None-Match&quot;: &quot;\\&quot;desk-{reads.version(event)}")
    assert owner_client.get(url, headers={"If-None-Match": moved["ETag"]}).status_code == 304


def test_the_desks_poll_is_the_directors_alone(client, owner, stranger):
    event = new_event(owner)
    url = reverse("club:desk_live", args=[event.pk])
    assert client.get(url).status_code == 404
    client.force_login(stranger)
    assert client.get(url).status_code == 404


@pytest.mark.parametrize("name", ["club:desk_live", "club:event"])
def test_the_desk_and_its_poll_cost_the_same_queries_at_any_size(owner_client, owner, name):
    counts = []
    for teams in (8, 24):
        event = new_event(owner, name=f"Night of {teams}")
        for number in range(8, teams):
            club.add_team(owner, event.pk, f"Team {number}", [f"Pat {number}", f"Sam {number}"])
        round_ = club.start_round(owner, event.pk)
        bid(owner, round_.seatings.get(number=1).game)
        url = reverse(name, args=[event.pk])
        owner_client.get(url)  # the summary cached
        with CaptureQueriesContext(connection) as queries:
            assert owner_client.get(url).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1], f"{counts[0]} queries with 8 teams, {counts[1]} with 24"
    assert Event.objects.count() == 2


# ---- Each table's card ----


def test_each_tables_card_says_where_its_result_stands(owner_client, owner):
    event = new_event(owner)
    round_ = club.start_round(owner, event.pk)
    seating = round_.seatings.select_related("game").get(number=1)
    play_out(seating.game, owner)
    card_id = f'id="desk-game-{seating.game.pk}"'

    def shown() -> str:
        body = desk_page(owner_client, event).content.decode()
        card = body[body.index(card_id) :].split("</li>")[0]
        return card.split('<strong class="desk-state">')[1].split("</strong>")[0]

    assert shown() == "Done, not confirmed"
    Seating.objects.filter(pk=seating.pk).update(confirmed_by="Bea", confirmed_at=timezone.now())
    assert shown() == "Done, confirmed by Bea"
    Seating.objects.filter(pk=seating.pk).update(corrected_at=timezone.now())
    assert shown() == "Corrected by the director"


def test_a_progressive_tables_card_names_its_partners_and_each_player(owner_client, owner):
    event = bare_event(owner, pairing="progressive", rounds=None)
    for name in ["Ann", "Ben", "Cat", "Dan"]:
        club.add_team(owner, event.pk, name, [name])
    club.start_round(owner, event.pk)
    page = desk_page(owner_client, event)
    assertContains(page, "<dt>Ann &amp; Cat</dt><dd>0</dd>")
    assertContains(page, "<dt>Ben &amp; Dan</dt><dd>0</dd>")
    for position, name in enumerate(["Ann", "Ben", "Cat", "Dan"]):
        assertContains(page, f'?table=1&amp;team={position}#penalty">Penalty: {name}</a>')
    opened = desk_page(owner_client, event, table=1, team=2)
    assertContains(opened, "Round 1, table 1: a penalty on <strong>Cat</strong>.")


def test_an_event_ranked_by_buchholz_says_how_it_is_counted(owner_client, owner):
    ranked = new_event(owner, ranking=["match_points", "buchholz"])
    plain = new_event(owner)
    words = "Buchholz: the match points of every opponent a team met"
    assertContains(owner_client.get(reverse("club:event", args=[ranked.pk])), words)
    assertContains(owner_client.get(reverse("club:standings", args=[ranked.pk])), words)
    assertNotContains(owner_client.get(reverse("club:event", args=[plain.pk])), words)
