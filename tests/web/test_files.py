"""Game files: import makes a game for the signed-in user or nothing; export gives it back."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from pytest_django.asserts import assertContains

from games import scoring
from games.models import Game, Hand, Restore
from tests.conftest import QUIET_HAND
from tests.web.conftest import BIG_HAND, HX

pytestmark = pytest.mark.django_db

HANDS = [
    QUIET_HAND,
    {"bids": [3, "nil", 4, 2], "tricks": [9, 0, None, 4]},
    {"bids": ["blind_nil", 3, 5, 4], "tricks": [1, 3, 5, 4]},
    {"bids": [4, 3, 3, 3]},
]


def upload(content: bytes | str, name="game.json"):
    if isinstance(content, str):
        content = content.encode()
    return SimpleUploadedFile(name, content, "application/json")


def import_file(client, content, *, copy=False, name="game.json", **kwargs):
    """Post a file to the import; `copy` ticks "Import again as a copy"."""
    data = {"file": upload(content, name)} | ({"copy": "on"} if copy else {})
    return client.post(reverse("import_game"), data, **kwargs)


def export(client, game):
    response = client.get(reverse("export_game", args=[game.pk]))
    assert response.status_code == 200
    return json.loads(response.content)


def test_export_then_import_gives_back_the_same_players_rules_and_hands(owner_client, make_game):
    game = make_game(HANDS, preset="partner_helps", target_score=400)
    exported = export(owner_client, game)
    assert exported["format"] == scoring.FORMAT
    assert exported["rules"] == {"preset": "partner_helps", "target_score": 400}

    response = import_file(owner_client, json.dumps(exported), copy=True)
    copy = Game.objects.exclude(pk=game.pk).get()
    assert response.status_code == 302
    assert response["Location"] == copy.get_absolute_url()
    assert copy.owner == game.owner
    assert copy.players == game.players
    assert copy.rules == game.rules
    assert copy.preset == "partner_helps"
    assert copy.first_dealer == game.first_dealer
    pairs = Hand.objects.filter(game=copy).values_list("bids", "tricks")
    assert list(pairs) == list(Hand.objects.filter(game=game).values_list("bids", "tricks"))
    again = export(owner_client, copy)
    # Everything comes back, the creation time and the table's links included; only the ids of
    # the game and its table are new.
    assert again.pop("id") == copy.pk
    assert exported.pop("id") == game.pk
    assert again["table"].pop("id") == copy.table_id != game.table_id
    assert exported["table"].pop("id") == game.table_id
    assert exported["table"] == {"watch": True, "scoring": False}
    assert again == exported


def test_an_imported_game_scores_as_the_file_says(owner_client):
    data = {
        "format": "spades-game/1",
        "name": "Friday",
        "rules": {"preset": "standard"},
        "players": ["Ann", "Ben", "Cat", "Dan"],
        "first_dealer": 3,
        "hands": [BIG_HAND] * 2,
    }
    import_file(owner_client, json.dumps(data))
    game = Game.objects.get()
    assert game.name == "Friday"
    assert game.scores == [240, -40]
    assert game.hand_count == 2
    page = owner_client.get(game.get_absolute_url())
    assertContains(page, "Imported Friday.")
    assertContains(page, "<p>Ben deals; Cat bids first.</p>", html=True)


def test_a_file_whose_first_hand_bids_itself_imports_and_exports_with_no_bids(owner_client):
    # Found by mypy: the import listed the null bids of a hand that bids itself (a 500).
    data = {
        "format": "spades-game/1",
        "rules": {"preset": "first_hand_bids_itself"},
        "players": ["Ann", "Ben", "Cat", "Dan"],
        "first_dealer": 0,
        "hands": [
            {"bids": None, "tricks": [1, 6, 2, 4]},
            {"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 4]},
        ],
    }

    response = import_file(owner_client, json.dumps(data))

    game = Game.objects.get()
    assert response.status_code == 302
    assert list(Hand.objects.filter(game=game).values_list("bids", flat=True)) == [
        None,
        [3, 3, 3, 3],
    ]
    # Ann + Cat took 3, under the first hand's 4 (-40), then made 6 (+60); Ben + Dan took 10
    # (+100), then 7 on a bid of 6 (+61).
    assert game.scores == [20, 161]
    assert [hand["bids"] for hand in export(owner_client, game)["hands"]] == [None, [3, 3, 3, 3]]
    assertContains(owner_client.get(game.get_absolute_url()), "161")
    edit_page = owner_client.get(reverse("edit_hand", args=[game.pk, 1]))
    assert edit_page.status_code == 200


def test_the_export_is_a_download_named_after_the_game(owner_client, make_game):
    game = make_game([QUIET_HAND])
    response = owner_client.get(reverse("export_game", args=[game.pk]))
    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"] == (
        f'attachment; filename="ann-cat-vs-ben-dan-{game.pk}.json"'
    )


def test_a_game_whose_preset_is_gone_exports_its_full_rules(owner_client, make_game):
    game = make_game([QUIET_HAND])
    Game.objects.filter(pk=game.pk).update(preset="retired")
    exported = export(owner_client, game)
    assert exported["rules"] == scoring.Rules().to_dict()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "Not valid JSON: Expecting property name enclosed in double quotes"),
        (b"\xff\xfe", "The file is not UTF-8 text."),
        ("[1, 2]", "Expected a JSON object for the game, got a list."),
        (
            json.dumps(
                {
                    "players": ["Ann", "Ben", "Cat", "Dan"],
                    "hands": [QUIET_HAND, {"bids": [3, 3, 4, 3], "tricks": [3, 3, 3, 3]}],
                }
            ),
            "Hand 2: tricks add up to 12, but a hand has 13 tricks.",
        ),
        (
            json.dumps({"players": ["Ann", "Ben", "Cat", "Dan"], "hands": [BIG_HAND] * 6}),
            "Hand 6: the game already ended after hand 5.",
        ),
        (json.dumps({"players": ["Ann", "Ben", "Ann", "Dan"]}), 'Players: "Ann" appears twice.'),
        (json.dumps({"rules": {"preset": "poker"}, "players": []}), "Rules.preset: unknown preset"),
    ],
)
@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_a_bad_file_is_refused_in_one_line_and_nothing_is_created(
    owner_client, content, message, htmx
):
    response = import_file(owner_client, content, headers=HX if htmx else None)
    assert response.status_code == 422
    errors = response.context["form"].errors["file"]
    assert len(errors) == 1
    assert errors[0].startswith(message)
    assert "\n" not in errors[0]
    assert not Game.objects.exists()
    assert not Hand.objects.exists()
    body = response.content.decode()
    assert ("<html" in body) is not htmx


def test_no_file_at_all_is_refused(owner_client):
    response = owner_client.post(reverse("import_game"), {})
    assert response.status_code == 422
    assert response.context["form"].errors == {"file": ["Choose a game file to import."]}


def test_an_empty_file_is_refused(owner_client):
    response = import_file(owner_client, b"")
    assert response.status_code == 422
    assert response.context["form"].errors == {
        "file": ["That file is empty: it can't be a game file."]
    }


def test_a_huge_file_is_refused_before_it_is_read(owner_client, settings, monkeypatch):
    # The limit itself is far larger (a whole account's backup); the check is the same.
    monkeypatch.setattr("games.forms.files.MAX_IMPORT_BYTES", 3_000_000)
    read = []
    monkeypatch.setattr("games.bundles.GameSource.open", lambda *args: read.append(args))
    response = import_file(owner_client, b" " * 3_000_001)
    assert response.status_code == 422
    assert response.context["form"].errors == {
        "file": ["That file is over 3 MB: it can't be a file of your games."]
    }
    assert read == []


def test_someone_elses_game_cannot_be_exported(stranger_client, make_game):
    game = make_game([QUIET_HAND])
    assert stranger_client.get(reverse("export_game", args=[game.pk])).status_code == 404


def test_an_imported_game_belongs_to_the_importer_alone(client, make_game, owner, stranger):
    game = make_game(HANDS)
    client.force_login(owner)
    exported = export(client, game)
    client.force_login(stranger)
    import_file(client, json.dumps(exported))
    copy = Game.objects.get(owner=stranger)
    client.force_login(owner)
    assert client.get(copy.get_absolute_url()).status_code == 404


def export_all(client) -> bytes:
    response = client.get(reverse("export_all"))
    assert response.status_code == 200
    return b"".join(response.streaming_content)


def restored_elsewhere(phone, owner, django_user_model) -> tuple[bytes, object]:
    """`owner`'s backup, made and restored into a new account by `phone` (signed in to that
    account after), batch after batch as the import page asks: (the backup, the account)."""
    phone.force_login(owner)
    backup = export_all(phone)
    restorer = django_user_model.objects.create_user(f"restorer-{owner.pk}")
    phone.force_login(restorer)
    response = import_file(phone, backup)
    assert response.status_code == 302, response.context["form"].errors
    kept = Restore.objects.get(owner=restorer)
    while kept.items.filter(done=False).exists():
        phone.post(kept.get_absolute_url())
    return backup, restorer


def test_a_file_of_all_games_imports_every_game(owner_client, make_game, owner):
    make_game([QUIET_HAND])
    make_game([QUIET_HAND, QUIET_HAND], preset="partner_helps")
    exported = export_all(owner_client)
    response = import_file(owner_client, exported, copy=True)
    assert response.status_code == 302
    restore = Restore.objects.get()
    assert response["Location"] == reverse("import_progress", args=[restore.pk])
    imported = Game.objects.filter(owner=owner).order_by("pk")[2:]
    assert [game.hand_count for game in imported] == [1, 2]
    assert [game.preset for game in imported] == ["standard", "partner_helps"]
    # The import page reports each game.
    page = owner_client.get(response["Location"])
    assertContains(page, "Done: 2 of 2 games imported.")
    for game in imported:
        assertContains(page, f'<a href="{game.get_absolute_url()}">{game.title}</a>: imported')


def test_a_file_of_games_with_one_bad_game_imports_none(owner_client, make_game, owner):
    make_game([QUIET_HAND])
    bundle = json.loads(export_all(owner_client))
    bad = json.loads(json.dumps(bundle["games"][0]))
    bad["hands"][0]["tricks"] = [4, 3, 3, 2]
    bundle["games"].append(bad)
    response = import_file(owner_client, json.dumps(bundle).encode())
    assert response.status_code == 422
    message = response.context["form"].errors["file"][0]
    assert message.startswith("Game 2: hand 1: tricks add up to 12")
    assert Game.objects.filter(owner=owner).count() == 1


def test_a_time_call_travels_in_the_game_file(owner_client, make_game):
    game = make_game([QUIET_HAND, {"bids": [4, 3, 3, 3]}])
    owner_client.post(reverse("call_time", args=[game.pk]), {"version": game.version})
    exported = owner_client.get(reverse("export_game", args=[game.pk])).content
    assert json.loads(exported)["time_called"] == 2
    response = owner_client.post(reverse("import_game"), {"file": upload(exported), "copy": "on"})
    assert response.status_code == 302
    copy = Game.objects.exclude(pk=game.pk).get()
    assert (copy.time_called, copy.finished) == (2, False)
    # Its tricks end the copy, as they end the original.
    owner_client.post(
        reverse("post_tricks", args=[copy.pk]), {"hand": "2", "side_0": "7", "side_1": "6"}
    )
    copy.refresh_from_db()
    assert copy.finished
    assert copy.replay().ended_by == "time_called"
