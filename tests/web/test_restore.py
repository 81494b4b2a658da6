"""Restores: a backup comes back whole, game by game, in short transactions, at any size the
app allows; an import cut short goes on where it stopped."""

import json
import threading
from datetime import UTC, datetime

import pytest
from django.db import DatabaseError, connection
from django.urls import reverse
from pytest_django.asserts import assertContains

from games import bundles, restore, services
from games.access import Access
from games.models import Game, Hand, Restore, RestoreItem
from scorekeeper.write_turns import writing
from tests.conftest import QUIET_HAND
from tests.web.conftest import BIG_HAND
from tests.web.test_files import export_all, import_file

pytestmark = pytest.mark.django_db

LONG_NAME = "The long Friday night rematch at Ben's, " * 4  # 160 characters


def full_game(make_game, owner):
    """A finished game with everything the export writes: name, notes, times, its table's
    watch link off."""
    game = make_game([BIG_HAND] * 5)
    game.table.set_watch_link(enabled=False)
    Game.objects.filter(pk=game.pk).update(
        name=LONG_NAME.strip(),
        note="Played at Ben's; short deck",
        created_at=datetime(2025, 3, 1, 19, 30, tzinfo=UTC),
        finished_at=datetime(2025, 3, 1, 22, 5, tzinfo=UTC),
    )
    Hand.objects.filter(game=game, number=2).update(note="misdeal, redealt")
    Hand.objects.filter(game=game, number=4).update(note="renege: 3 tricks to Ben + Dan")
    game.refresh_from_db()
    rematch, _ = services.start_rematch(Access(user=game.owner), game.pk)
    return game, rematch


def without_ids(data):
    """A bundle with each game's id (and the id its rematch link names) as file positions, and
    each table's id as the order in which the file first names it."""
    positions = {game["id"]: index for index, game in enumerate(data["games"])}
    tables: dict[int, int] = {}
    games = []
    for game in data["games"]:
        game = dict(game, id=positions[game["id"]])
        if "rematch_of" in game:
            game["rematch_of"] = positions[game["rematch_of"]]
        table = tables.setdefault(game["table"]["id"], len(tables))
        game["table"] = dict(game["table"], id=table)
        games.append(game)
    return {**data, "games": games}


def test_a_backup_restored_to_an_empty_account_gives_back_every_game(
    client, make_game, owner, stranger
):
    game, rematch = full_game(make_game, owner)
    client.force_login(owner)
    exported = export_all(client)
    client.force_login(stranger)
    response = import_file(client, exported)
    assert response.status_code == 302

    copy, copy_rematch = Game.objects.filter(owner=stranger).order_by("pk")
    assert copy.name == LONG_NAME.strip()  # in full, not cut at 80
    assert copy.note == "Played at Ben's; short deck"
    assert copy.created_at == datetime(2025, 3, 1, 19, 30, tzinfo=UTC)
    assert copy.finished_at == datetime(2025, 3, 1, 22, 5, tzinfo=UTC)
    assert copy.table.watch_enabled is False
    assert copy.table.watch_token != game.table.watch_token  # a new link, not the old one's
    assert copy_rematch.rematch_of == copy
    assert copy_rematch.created_at == rematch.created_at
    assert copy.hand_notes() == {2: "misdeal, redealt", 4: "renege: 3 tricks to Ben + Dan"}
    # Exported again, the file is the same but for the games' ids.
    again = json.loads(export_all(client))
    assert without_ids(again) == without_ids(json.loads(exported))


def test_a_rematch_link_needs_its_game_in_the_same_file(client, make_game, owner):
    game, rematch = full_game(make_game, owner)
    client.force_login(owner)
    data = json.loads(export_all(client))
    data["games"] = data["games"][1:]  # the rematch alone
    import_file(client, json.dumps(data), copy=True)
    copy = Game.objects.order_by("pk").last()
    assert copy.rematch_of is None
    assert Game.objects.get(pk=rematch.pk).rematch_of == game


def test_a_single_game_file_keeps_its_notes_and_times(owner_client, make_game, owner):
    game, _ = full_game(make_game, owner)
    exported = owner_client.get(reverse("export_game", args=[game.pk])).content
    data = json.loads(exported)
    assert data["note"] == "Played at Ben's; short deck"
    assert data["hands"][1]["note"] == "misdeal, redealt"
    assert data["created"] == "2025-03-01T19:30:00+00:00"
    assert data["finished"] == "2025-03-01T22:05:00+00:00"
    assert data["table"]["watch"] is False
    assert "watch" not in data  # a game has no link of its own: its table's says it
    response = import_file(owner_client, exported, copy=True)
    copy = Game.objects.order_by("pk").last()
    assert response["Location"] == copy.get_absolute_url()
    assert (copy.note, copy.created_at, copy.finished_at, copy.table.watch_enabled) == (
        game.note,
        game.created_at,
        game.finished_at,
        False,
    )
    assert copy.rematch_of is None  # its rematch link names a game not in this file


def test_an_old_backups_game_watch_is_read_but_its_table_decides(owner_client, make_game):
    """Backups from before a game's link moved to its table wrote the game's own "watch"; beside
    the game's table it says nothing the table's "watch" does not, so it is ignored."""
    game = make_game([QUIET_HAND])
    data = json.loads(owner_client.get(reverse("export_game", args=[game.pk])).content)
    assert data["table"]["watch"] is True
    for old_watch in (False, True):
        import_file(owner_client, json.dumps({**data, "watch": old_watch}), copy=True)
        assert Game.objects.order_by("pk").last().table.watch_enabled is True
    data["table"]["watch"] = False
    import_file(owner_client, json.dumps({**data, "watch": True}), copy=True)
    assert Game.objects.order_by("pk").last().table.watch_enabled is False


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("created", "last Friday", "Created: expected a date and time"),
        ("finished", 12, "Finished: expected a date and time"),
        # Read, but a moment before the year 1 in UTC, where no date can be kept.
        ("created", "0001-01-01T00:00:00+01:00", "Created: expected a date and time"),
        ("finished", "9999-12-31T23:59:59-01:00", "Finished: expected a date and time"),
        ("watch", "yes", "Watch: expected true or false"),
        ("id", [1], "Id: expected a number or a short line of text"),
        ("note", "two\nlines", "Note: contains a line break"),
        ("note", "x" * 101, "Note: is longer than 100 characters"),
    ],
)
def test_a_bad_export_key_is_refused_by_name(owner_client, key, value, message):
    data = {"players": ["Ann", "Ben", "Cat", "Dan"], "hands": [QUIET_HAND], key: value}
    response = import_file(owner_client, json.dumps(data))
    assert response.status_code == 422
    assert response.context["form"].errors["file"][0].startswith(message)
    assert not Game.objects.exists()


def test_a_file_with_bad_games_names_each_one_and_imports_none(owner_client, owner):
    good = {"players": ["Ann", "Ben", "Cat", "Dan"], "hands": [QUIET_HAND]}
    bad = {**good, "hands": [{"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 2]}]}
    data = {"format": "spades-games/1", "games": [good, bad, good, {**good, "watch": 1}]}
    response = import_file(owner_client, json.dumps(data))
    assert response.status_code == 422
    errors = response.context["form"].errors["file"]
    assert errors[0].startswith("Game 2: hand 1: tricks add up to 12")
    assert errors[1] == "Game 4: watch: expected true or false."
    assert len(errors) == 2
    assert not Game.objects.exists()
    assert not Restore.objects.exists()  # nothing kept of the file either


def bundle_of(count, hands=1):
    game = {"players": ["Ann", "Ben", "Cat", "Dan"], "hands": [QUIET_HAND] * hands}
    return {"format": "spades-games/1", "games": [dict(game, id=n) for n in range(count)]}


def test_each_game_is_committed_on_its_own(transactional_db, owner):
    """Another user's write waits for one game at most: each game is its own transaction."""
    seen = []
    create = services.create_game

    def watching(*args, **kwargs):
        # Before each game, another connection counts the games already committed.
        thread = threading.Thread(target=lambda: (seen.append(Game.objects.count()), close()))
        thread.start()
        thread.join()
        return create(*args, **kwargs)

    def close():
        connection.close()

    kept = restore.stage(owner, bundles.GameSource(json.dumps(bundle_of(3))))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(services, "create_game", watching)
        restore.import_some(kept)
    assert seen == [0, 1, 2]
    assert Game.objects.count() == 3


def test_another_writer_gets_in_while_a_restore_goes_on(transactional_db, owner, monkeypatch):
    """A tap that comes while a big restore runs waits for the game under way, not for the
    restore: on SQLite, whose one write lock the restore would otherwise take back the moment
    it let go, each of the restore's games takes its turn, as the tap does."""
    games = 10
    kept = restore.stage(owner, bundles.GameSource(json.dumps(bundle_of(games))))
    got_in = []  # the games committed when the tap got the write lock
    taps = []
    create = services.create_game

    def tap():
        with writing():  # a step's turn, then (SQLite) BEGIN IMMEDIATE
            got_in.append(Game.objects.count())
            RestoreItem.objects.filter(pk=-1).update(outcome="")
        connection.close()

    def tapped_during_the_second_game(*args, **kwargs):
        if Game.objects.count() == 1 and not taps:
            taps.append(threading.Thread(target=tap))
            taps[0].start()
        return create(*args, **kwargs)

    monkeypatch.setattr(services, "create_game", tapped_during_the_second_game)
    restore.import_some(kept)
    taps[0].join(10)
    assert Game.objects.count() == games
    assert len(got_in) == 1
    assert got_in[0] <= 3, "the tap waited for the restore"


def test_an_import_cut_short_goes_on_where_it_stopped(owner_client, owner):
    response = import_file(owner_client, json.dumps(bundle_of(5)), headers=None)
    kept = Restore.objects.get()
    assert Game.objects.count() == 5  # a small file is done in the upload's own request
    # A bigger one: the first request stops after its time is up.
    Game.objects.all().delete()
    kept = restore.stage(owner, bundles.GameSource(json.dumps(bundle_of(5))))
    assert restore.import_some(kept, seconds=0) == 1
    url = reverse("import_progress", args=[kept.pk])
    page = owner_client.get(url)
    assertContains(page, "Imported 1 of 5 games so far")
    assertContains(page, 'hx-trigger="load delay:100ms"')
    response = owner_client.post(url)
    assert response.status_code == 302
    assert Game.objects.count() == 5
    assert RestoreItem.objects.filter(restore=kept, game__isnull=False).count() == 5
    # Asking again imports nothing twice.
    owner_client.post(url, headers={"HX-Request": "true"})
    assert Game.objects.count() == 5
    page = owner_client.get(url)
    assertContains(page, "Done: 5 of 5 games imported.")
    assert "load delay" not in page.content.decode()


def test_a_game_is_never_half_imported(owner, monkeypatch):
    kept = restore.stage(owner, bundles.GameSource(json.dumps(bundle_of(3, hands=4))))

    calls = []

    def broken(game, notes):
        calls.append(game.pk)
        if len(calls) == 2:
            raise DatabaseError("disk I/O error")

    monkeypatch.setattr(restore, "_hand_notes", broken)
    restore.import_some(kept)
    # The second game failed after its hands were written: none of it stays.
    assert Game.objects.count() == 2
    assert Hand.objects.count() == 8
    outcomes = list(kept.items.values_list("done", "outcome"))
    assert outcomes[1] == (True, "Not imported: Disk I/O error.")
    assert [done for done, _ in outcomes] == [True, True, True]


def test_a_stranger_cannot_see_or_continue_an_import(client, owner, stranger):
    kept = restore.stage(owner, bundles.GameSource(json.dumps(bundle_of(2))))
    client.force_login(stranger)
    url = reverse("import_progress", args=[kept.pk])
    assert client.get(url).status_code == 404
    assert client.post(url).status_code == 404
    assert not Game.objects.exists()


def test_an_unfinished_import_is_offered_on_the_import_page(owner_client, owner):
    kept = restore.stage(owner, bundles.GameSource(json.dumps(bundle_of(3))), "backup.json")
    page = owner_client.get(reverse("import_game"))
    assertContains(page, f'<a href="{kept.get_absolute_url()}">backup.json, 3 games</a>', html=True)


def test_an_account_at_its_limit_imports_no_more(owner, monkeypatch, make_game):
    make_game([QUIET_HAND])
    monkeypatch.setattr("games.scoring.limits.MAX_ACCOUNT_GAMES", 3)
    with pytest.raises(restore.Refused) as refused:
        restore.stage(owner, bundles.GameSource(json.dumps(bundle_of(3))))
    assert refused.value.problems == [
        "the file holds 3 games and you have 1: an account keeps at most 3"
    ]
    assert not Restore.objects.exists()


def test_a_big_backup_is_read_as_a_stream(owner_client, owner, monkeypatch):
    """Over the size of one game, the file is streamed: the same games come out of it."""
    monkeypatch.setattr("games.scoring.limits.STREAM_IMPORT_ABOVE", 1_000)
    content = json.dumps(bundle_of(40), indent=1).encode()
    assert len(content) > 1_000
    read = []
    stream = bundles._stream_games
    monkeypatch.setattr(bundles, "_stream_games", lambda raw: read.append(1) or stream(raw))
    response = import_file(owner_client, content)
    assert response.status_code == 302
    assert read == [1]
    assert Game.objects.filter(owner=owner).count() == 40
