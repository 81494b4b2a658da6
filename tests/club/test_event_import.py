"""Importing an event file: bounded as it is read, rate-limited, staged and imported a slice
of games at a time (the room's other tables keep playing), resumed or discarded whole."""

import itertools
import json
import threading

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connections
from django.test import Client
from django.urls import reverse
from pytest_django.asserts import assertContains

from games import events, scoring, services
from games.accounts import throttle
from games.club import eventfile, imports, reads
from games.club import services as club
from games.club.models import Event, EventImport, EventImportGame
from games.models import Game, Table
from tests.accounts.guests import make_guest, sign_in_guest

pytestmark = pytest.mark.django_db

TEAMS = [
    {"name": name, "players": [f"{name} One", f"{name} Two"]}
    for name in ("Aces", "Books", "Clubs", "Deuces", "Eights", "Fours", "Jacks", "Kings")
]
HAND = {"bids": [4, 3, 3, 3], "tricks": [4, 5, 4, 0]}


def night(rounds=2, name="Friday club night", teams=TEAMS, hands=1):
    """An event file of `rounds` rounds of round robin-ish tables, each a `hands`-hand game."""
    count = len(teams)
    played = [
        {
            "tables": [
                {
                    "teams": [(2 * table + number) % count, (2 * table + 1 + number) % count],
                    "game": {"hands": [HAND] * hands},
                }
                for table in range(count // 2)
            ]
        }
        for number in range(0, 2 * rounds, 2)
    ]
    return {
        "format": "spades-event/1",
        "name": name,
        "rules": {"preset": "standard", "hand_limit": hands},
        "event": {"pairing": "swiss", "rounds": max(rounds, 1)},
        "teams": teams,
        "rounds": played,
    }


def upload(data: bytes | dict, name="event.json") -> SimpleUploadedFile:
    content = data if isinstance(data, bytes) else json.dumps(data).encode()
    return SimpleUploadedFile(name, content, content_type="application/json")


# The attack's wide file: 49 MB of `{}, ` under a key no event has.
WIDE = b'{"format": "spades-event/1", "teams": [], "x": [' + b"{}, " * 12_000_000 + b"{}]}"


@pytest.mark.parametrize("who", ["guest", "director"])
def test_the_wide_file_is_refused_next_to_the_field_having_built_nothing(client, owner, who):
    if who == "guest":
        sign_in_guest(client, make_guest())
    else:
        client.force_login(owner)
    response = client.post(reverse("club:import_event"), {"file": upload(WIDE)})
    assertContains(response, "x: not a key of an event file", status_code=422)
    assert not Event.objects.exists()
    assert not EventImport.objects.exists()


def test_a_file_larger_than_any_event_is_refused_with_413(client, owner, monkeypatch):
    monkeypatch.setattr(events, "MAX_EVENT_BYTES", 1_000)
    client.force_login(owner)
    response = client.post(reverse("club:import_event"), {"file": upload(b" " * 1_001)})
    assertContains(response, "The file is too large for an event", status_code=413)


def test_a_bad_name_in_the_file_is_refused_naming_where(client, owner):
    client.force_login(owner)
    teams = [*TEAMS[:3], {"name": "Deuces", "players": ["Dee", "D\x00n"]}, *TEAMS[4:]]
    response = client.post(reverse("club:import_event"), {"file": upload(night(teams=teams))})
    assertContains(
        response,
        "teams[3].players[1]: the name contains a tab or another control character",
        status_code=422,
    )
    assert not Game.objects.exists()


def test_event_imports_are_limited_per_address_and_per_account(client, owner, make_user):
    client.force_login(owner)
    url = reverse("club:import_event")
    bad = b'{"format": "spades-event/1", "teams": "Aces"}'
    for _ in range(throttle.EVENT_IMPORT.per_address):
        assert client.post(url, {"file": upload(bad)}).status_code == 422
    refused = client.post(url, {"file": upload(bad)})
    assertContains(refused, "Too many event imports from this connection", status_code=429)
    # The same account from another address is still over its own count.
    other = client.post(url, {"file": upload(bad)}, REMOTE_ADDR="203.0.113.9")
    assertContains(other, "Too many event imports from this account", status_code=429)
    # Another account at that address is not.
    client.force_login(make_user("second"))
    fresh = client.post(url, {"file": upload(bad)}, REMOTE_ADDR="203.0.113.9")
    assert fresh.status_code == 422


def test_a_200_character_event_name_imports_and_its_games_names_fit(owner):
    event = imports.import_event(owner, json.dumps(night(name="N" * 200)).encode())
    assert event.name == "N" * 200
    names = list(Game.objects.filter(owner=owner).values_list("name", flat=True))
    assert len(names) == 8
    assert all(len(name) <= services.NAME_LENGTH for name in names)
    assert all(name.endswith(tuple(f"table {n}" for n in range(1, 5))) for name in names)


def test_an_import_is_staged_then_imported_a_slice_at_a_time_and_shown_only_when_done(
    client, owner
):
    client.force_login(owner)
    staged = imports.stage_import(owner, json.dumps(night(rounds=3)).encode())
    assert (staged.total, staged.sealed) == (12, True)
    assert not Event.objects.exists()
    # No time at all: one game per call, and no event until the last.
    for done in range(1, 13):
        assert imports.import_some(staged, seconds=0) is None
        assert EventImportGame.objects.filter(game__isnull=False).count() == done
        assert not Event.objects.exists()
    page = client.get(reverse("club:import_event"))
    assertContains(page, "Go on with Friday club night")
    event = imports.import_some(staged, seconds=0)
    assert event is not None
    assert Event.objects.get() == event
    assert event.event_rounds.count() == 3
    assert sorted(event.cards.values_list("number", flat=True)) == [1, 2, 3, 4]
    assert not EventImportGame.objects.exists()
    assert reads.summary(event)["standings"]


def test_an_import_cut_short_goes_on_from_where_it_stopped_on_its_page(client, owner):
    client.force_login(owner)
    data = night(rounds=2)
    staged = imports.stage_import(owner, json.dumps(data).encode())
    imports.import_some(staged, seconds=0)  # a request that ran out after one game
    url = reverse("club:import_event_progress", args=[staged.pk])
    page = client.get(url)
    assertContains(page, "Imported 1 of 8")
    response = client.post(url)
    event = Event.objects.get()
    assert response["Location"] == event.get_absolute_url()
    assert Game.objects.filter(owner=owner).count() == 8  # none made twice
    # The event is the file's, whichever way it came in: as one imported in one go.
    other = imports.import_event(owner, json.dumps(data).encode())
    assert reads.summary(event) == reads.summary(other)
    assert eventfile.write(event)["teams"] == eventfile.write(other)["teams"]


def test_an_import_discarded_leaves_nothing_behind(client, owner):
    client.force_login(owner)
    tables_before = Table.objects.count()
    staged = imports.stage_import(owner, json.dumps(night(rounds=2)).encode())
    for _ in range(3):
        imports.import_some(staged, seconds=0)
    assert Game.objects.filter(owner=owner).count() == 3
    url = reverse("club:import_event_progress", args=[staged.pk])
    response = client.post(url, {"discard": "1"})
    assert response["Location"] == reverse("club:import_event")
    assert not Game.objects.exists()
    assert not EventImport.objects.exists()
    assert not Event.objects.exists()
    assert Table.objects.count() == tables_before


def test_another_director_cannot_see_or_touch_an_import(client, owner, stranger):
    staged = imports.stage_import(owner, json.dumps(night()).encode())
    client.force_login(stranger)
    url = reverse("club:import_event_progress", args=[staged.pk])
    assert client.get(url).status_code == 404
    assert client.post(url, {"discard": "1"}).status_code == 404
    assert EventImport.objects.filter(pk=staged.pk).exists()


def test_an_event_past_the_account_s_games_is_refused_before_anything_is_kept(owner, monkeypatch):
    from games.scoring import limits

    monkeypatch.setattr(limits, "MAX_ACCOUNT_GAMES", 5)
    with pytest.raises(club.EventProblem, match="The event has 8 games and you have 0"):
        imports.stage_import(owner, json.dumps(night()).encode())
    assert not EventImport.objects.exists()
    assert not Game.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_another_table_s_step_gets_in_while_an_import_is_still_running(owner, monkeypatch):
    """On SQLite the import lets go of the write lock between its games: a table's step made
    from another thread, once the import has begun, is recorded while the import is still
    running (checked by the import's own state, not by the clock)."""
    table_game = services.create_game(
        owner,
        name="",
        players=["Ann", "Ben", "Cat", "Dan"],
        rules=scoring.get_preset("standard").rules,
        preset="standard",
        first_dealer=0,
    )
    staged = imports.stage_import(owner, json.dumps(night(rounds=3)).encode())
    began = threading.Event()
    stepped = threading.Event()
    seen: dict[str, object] = {}
    made = itertools.count(1)
    real = imports._import_game

    def one_game(staged, pk):
        real(staged, pk)
        if next(made) == 2:
            began.set()
            # The import goes on only once the step is in (or gives up waiting).
            seen["step_in_time"] = stepped.wait(timeout=30)

    monkeypatch.setattr(imports, "_import_game", one_game)

    def table() -> None:
        try:
            began.wait(timeout=30)
            phone = Client()
            phone.force_login(owner)
            url = reverse("post_bids", args=[table_game.pk])
            bids = {"hand": "1", "bid_0": "3", "bid_1": "3", "bid_2": "4", "bid_3": "3"}
            seen["status"] = phone.post(url, bids, headers={"HX-Request": "true"}).status_code
            seen["import_done_when_stepped"] = Event.objects.exists()
            seen["games_when_stepped"] = Game.objects.filter(at_event=True).count()
        except BaseException as error:
            seen["error"] = error
        finally:
            stepped.set()
            connections.close_all()

    thread = threading.Thread(target=table)
    thread.start()
    event = imports.import_some(staged, seconds=60)
    thread.join(timeout=60)
    assert "error" not in seen, seen.get("error")
    assert seen["step_in_time"] is True
    assert seen["status"] == 200
    assert seen["import_done_when_stepped"] is False
    assert seen["games_when_stepped"] == 2  # of 12: the import was under way
    assert event is not None
    table_game.refresh_from_db()
    assert table_game.hands.count() == 1


def test_a_staging_cut_short_is_never_imported_and_is_cleared_by_a_later_import(owner):
    from datetime import timedelta

    from django.utils import timezone

    staged = imports.stage_import(owner, json.dumps(night()).encode())
    # As a worker ended before the import was sealed would leave it.
    EventImport.objects.filter(pk=staged.pk).update(
        sealed=False, created_at=timezone.now() - timedelta(hours=2)
    )
    staged.refresh_from_db()
    assert imports.import_some(staged, seconds=0) is None
    assert not Game.objects.exists()
    assert imports.unfinished_imports(owner) == []
    imports.import_event(owner, json.dumps(night(name="Saturday")).encode())
    assert list(EventImport.objects.values_list("name", flat=True)) == ["Saturday"]


def test_a_busy_database_stops_the_slice_and_the_next_request_goes_on(owner, monkeypatch):
    from django.db import OperationalError

    staged = imports.stage_import(owner, json.dumps(night()).encode())
    real = imports._finish_import

    def busy(staged):
        raise OperationalError("database is locked")

    monkeypatch.setattr(imports, "_finish_import", busy)
    assert imports.import_some(staged) is None  # every game in, the event not made: no 500
    assert not Event.objects.exists()
    monkeypatch.setattr(imports, "_finish_import", real)
    assert imports.import_some(staged) == Event.objects.get()


def test_the_progress_page_asks_again_by_itself_and_sends_htmx_to_the_desk(
    client, owner, monkeypatch
):
    client.force_login(owner)
    staged = imports.stage_import(owner, json.dumps(night()).encode())
    url = reverse("club:import_event_progress", args=[staged.pk])
    page = client.get(url)
    # The page's form posts itself on load (htmx), and works as a button without JavaScript.
    assertContains(page, 'hx-trigger="load delay:100ms"')
    assertContains(page, f'action="{url}"')
    monkeypatch.setattr(imports, "IMPORT_SECONDS", 0)
    part = client.post(url, headers={"HX-Request": "true"})
    assert part.status_code == 200
    assertContains(part, 'id="event-import"')
    assert b"<html" not in part.content  # the partial alone
    monkeypatch.setattr(imports, "IMPORT_SECONDS", 60)
    done = client.post(url, headers={"HX-Request": "true"})
    assert done["HX-Redirect"] == Event.objects.get().get_absolute_url()
