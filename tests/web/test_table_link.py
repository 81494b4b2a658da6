"""The table link follows a table from game to rematch; the scoring link lets another phone score
that table's current game and nothing else, until the owner turns it off."""

import json
import re

import pytest
import segno
import zxingcpp
from django.http import Http404
from django.test import Client
from django.urls import reverse
from pytest_django.asserts import assertContains

from games import services
from games.access import Access
from games.models import Game, Hand, Table
from games.views.watch import is_loopback, qr_svg
from tests.accounts.guests import make_guest, sign_in_guest, start_as_visitor
from tests.conftest import BIG_HAND, QUIET_HAND
from tests.web.test_corrections import ENDING_ROWS, edit_data
from tests.web.test_corrections import snapshot as hands_snapshot
from tests.web.test_files import export_all, import_file

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}
NEXT_BIDS = {"bid_0": "3", "bid_1": "3", "bid_2": "4", "bid_3": "2"}


def table_url(game, name="table_watch"):
    return reverse(name, args=[game.table.watch_token])


def share(client, game, action):
    return client.post(reverse("share", args=[game.pk]), {"action": action})


def finished(make_game):
    return make_game([BIG_HAND] * 5)


def rematch_of(game, client):
    client.post(reverse("rematch", args=[game.pk]))
    return Game.objects.get(rematch_of=game)


def scoring_phone(game, *, enforce_csrf=False):
    """Another phone, no account, that opened the table's scoring link."""
    game.table.refresh_from_db()
    if game.table.score_token is None:
        game.table.set_scoring_link(enabled=True)
    phone = Client(enforce_csrf_checks=enforce_csrf)
    response = phone.get(reverse("table_score", args=[game.table.score_token]))
    assert response.status_code == 302
    assert (
        response["Location"]
        == Table.objects.get(pk=game.table_id).current_game().get_absolute_url()
    )
    return phone


def bids(phone, game, number, headers=None):
    data = {"hand": str(number), **NEXT_BIDS}
    return phone.post(reverse("post_bids", args=[game.pk]), data, headers=headers or {})


# The table link ------------------------------------------------------------------------------


def test_a_new_game_has_a_table_of_its_own_and_a_rematch_joins_it(owner_client, make_game):
    first, other = finished(make_game), make_game()
    assert first.table_id != other.table_id
    rematch = rematch_of(first, owner_client)
    assert rematch.table_id == first.table_id
    assert first.table.current_game() == rematch


def test_the_table_link_follows_the_table_into_the_rematch(client, owner_client, make_game):
    game = finished(make_game)
    link = table_url(game)
    before = client.get(link).content.decode()
    assert "Ann + Cat win with 600 points." in before
    rematch = rematch_of(game, owner_client)
    bids(owner_client, rematch, 1)
    after = client.get(link).content.decode()
    assert "Hand 1 is being played" in after
    assert "Ann + Cat win" not in after


def test_the_table_live_part_changes_its_etag_when_the_rematch_starts(
    client, owner_client, make_game
):
    game = finished(make_game)
    live = table_url(game, "table_live")
    first = client.get(live)
    etag = first["ETag"]
    assert client.get(live, headers={"If-None-Match": etag}).status_code == 304
    rematch_of(game, owner_client)
    moved = client.get(live, headers={**HX, "If-None-Match": etag})
    assert moved.status_code == 200
    assert moved["ETag"] != etag
    assert "Waiting for the first bids" in moved.content.decode()
    assert f'hx-get="{live}"' in moved.content.decode()


def test_a_table_poll_that_changes_nothing_costs_one_query(
    client, make_game, django_assert_num_queries
):
    game = make_game([QUIET_HAND])
    etag = client.get(table_url(game, "table_live"))["ETag"]
    with django_assert_num_queries(1):
        response = client.get(table_url(game, "table_live"), headers={"If-None-Match": etag})
    assert response.status_code == 304


def test_the_table_link_is_off_and_on_with_the_share_page(client, owner_client, make_game):
    game = make_game()
    link = table_url(game)
    share(owner_client, game, "off")
    assert client.get(link).status_code == 404
    share(owner_client, game, "on")
    assert client.get(link).status_code == 200


# The address and the QR code -----------------------------------------------------------------


def qr_matrix_from_svg(svg: str) -> list[list[bool]]:
    """Read segno's path back into modules: "M x y" / "m dx dy" move, "h n" draws n modules."""
    size = int(re.search(r'viewBox="0 0 (\d+) \d+"', svg).group(1))
    path = re.search(r'<path[^>]*stroke="#000"[^>]*d="([^"]+)"', svg).group(1)
    grid = [[False] * size for _ in range(size)]
    x = y = 0.0
    for command, first, second in re.findall(r"([Mmh])(-?[\d.]+)(?:\s(-?[\d.]+))?", path):
        if command == "M":
            x, y = float(first), float(second)
        elif command == "m":
            x, y = x + float(first), y + float(second)
        else:
            for column in range(int(x), int(x + float(first))):
                grid[int(y)][column] = True
            x += float(first)
    return grid


def decode(grid: list[list[bool]], scale: int = 4) -> list[str]:
    """Draw the modules as a grey image, a few pixels each, and let zxing-cpp read it."""
    rows = []
    for row in grid:
        line = bytes(0 if dark else 255 for dark in row for _ in range(scale))
        rows.extend([line] * scale)
    image = memoryview(b"".join(rows)).cast("B", (len(rows), len(rows[0])))
    return [barcode.text for barcode in zxingcpp.read_barcodes(image)]


def shown_link(body: str, field: str = "table-link") -> str:
    return re.search(rf'id="{field}" class="link-text" value="([^"]+)"', body).group(1)


def test_the_qr_code_on_the_share_page_decodes_to_the_link(owner_client, make_game):
    game = make_game()
    body = owner_client.get(reverse("share", args=[game.pk])).content.decode()
    link = shown_link(body)
    assert link == f"http://testserver{table_url(game)}"
    svg = re.search(r'<svg viewBox[^>]*class="qr-code".*?</svg>', body, re.DOTALL).group(0)
    assert decode(qr_matrix_from_svg(svg)) == [link]
    # The same modules as a fresh encoding of the link: nothing lost in the page.
    fresh = [[bool(module) for module in row] for row in segno.make(link, error="m").matrix]
    border = 4
    inner = [row[border:-border] for row in qr_matrix_from_svg(svg)[border:-border]]
    assert inner == fresh
    # Drawn with attributes only: the CSP allows no inline style.
    assert "style=" not in svg


def test_the_scoring_qr_code_decodes_to_the_scoring_link(owner_client, make_game):
    game = make_game()
    share(owner_client, game, "score_on")
    body = owner_client.get(reverse("share", args=[game.pk])).content.decode()
    link = shown_link(body, "score-link")
    game.table.refresh_from_db()
    assert link == f"http://testserver{reverse('table_score', args=[game.table.score_token])}"
    svgs = re.findall(r'<svg viewBox[^>]*class="qr-code".*?</svg>', body, re.DOTALL)
    assert [decode(qr_matrix_from_svg(svg)) for svg in svgs] == [[shown_link(body)], [link]]


def test_a_loopback_page_uses_the_public_address_when_one_is_set(owner_client, make_game, settings):
    settings.ALLOWED_HOSTS = ["127.0.0.1", "192.168.1.20"]
    settings.PUBLIC_URL = "http://192.168.1.20:8000"
    game = make_game()
    url = reverse("share", args=[game.pk])
    body = owner_client.get(url, HTTP_HOST="127.0.0.1:8000").content.decode()
    assert shown_link(body) == f"http://192.168.1.20:8000{table_url(game)}"
    assert "Other phones can't open this link" not in body
    # Opened at the LAN address (or a deployment's host), the page's own address is used.
    body = owner_client.get(url, HTTP_HOST="192.168.1.20:8000").content.decode()
    assert shown_link(body) == f"http://192.168.1.20:8000{table_url(game)}"


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "[::1]:8000"])
def test_a_loopback_link_says_other_phones_cannot_open_it(owner_client, make_game, settings, host):
    settings.ALLOWED_HOSTS = ["127.0.0.1", "localhost", "[::1]"]
    settings.PUBLIC_URL = ""
    game = make_game()
    body = owner_client.get(reverse("share", args=[game.pk]), HTTP_HOST=host).content.decode()
    assert shown_link(body) == f"http://{host}{table_url(game)}"
    assert "Other phones can't open this link" in body
    assert "make run HOST=0.0.0.0" in body


def test_only_this_machine_counts_as_loopback():
    assert all(map(is_loopback, ["127.0.0.1", "127.8.0.1:80", "localhost", "[::1]:8000"]))
    assert not any(map(is_loopback, ["192.168.1.20:8000", "example.com", "[fd00::2]", "10.0.0.1"]))


def test_the_qr_code_is_plain_svg():
    svg = str(qr_svg("http://example.com/t/abc/"))
    assert svg.startswith('<svg viewBox="0 0 ')
    assert svg.endswith("</svg>")
    assert "example.com" not in svg  # only modules: nothing of the link's text to escape


# The scoring link ----------------------------------------------------------------------------


def test_the_scoring_link_is_off_by_default(client, owner_client, make_game):
    game = make_game()
    assert game.table.score_token is None
    body = owner_client.get(reverse("share", args=[game.pk])).content.decode()
    assert "Make a scoring link" in body
    assert 'id="score-link"' not in body
    assert client.get(reverse("table_score", args=["anything-at-all"])).status_code == 404


def test_a_scoring_phone_scores_the_tables_current_game(make_game):
    game = make_game([QUIET_HAND])
    phone = scoring_phone(game)
    page = phone.get(game.get_absolute_url())
    assert page.status_code == 200
    assert "scoring for the table" in page.content.decode()
    assert bids(phone, game, 2).status_code == 302
    tricks = {"hand": "2", "side_0": "7", "side_1": "6"}
    assert phone.post(reverse("post_tricks", args=[game.pk]), tricks).status_code == 302
    game.refresh_from_db()
    assert game.hand_count == 2
    assert phone.post(reverse("undo", args=[game.pk]), {"version": game.version}).status_code == 302
    assert Hand.objects.get(game=game, number=2).tricks is None
    assert phone.get(reverse("edit_hand", args=[game.pk, 1])).status_code == 200
    assert phone.get(reverse("game_chart", args=[game.pk])).status_code == 200


def test_a_scoring_phone_sees_no_owner_pages(owner, make_game):
    game = make_game([QUIET_HAND])
    older = make_game()  # another game of the same owner, at another table
    phone = scoring_phone(game)
    body = phone.get(game.get_absolute_url()).content.decode()
    for private in ("share", "export_game", "export_csv", "game_note", "rules_card", "compare"):
        assert reverse(private, args=[game.pk]) not in body
        assert phone.get(reverse(private, args=[game.pk])).status_code == 404
    assert phone.post(reverse("share", args=[game.pk]), {"action": "off"}).status_code == 404
    assert phone.get(older.get_absolute_url()).status_code == 404
    assert bids(phone, older, 1).status_code == 404
    assert owner.username not in body
    # The owner's lists stay the owner's: the phone is not signed in.
    assert phone.get(reverse("games"))["Location"].startswith(reverse("login"))
    game.table.refresh_from_db()
    assert game.table.watch_enabled
    assert game.table.score_token


def test_a_scoring_phone_starts_the_rematch_and_scores_it_but_not_the_old_game(make_game):
    game = finished(make_game)
    phone = scoring_phone(game)
    response = phone.post(reverse("rematch", args=[game.pk]))
    rematch = Game.objects.get(rematch_of=game)
    assert response["Location"] == rematch.get_absolute_url()
    assert rematch.owner == game.owner
    assert rematch.table_id == game.table_id
    # A second tap finds the rematch it started.
    assert phone.post(reverse("rematch", args=[game.pk]))["Location"] == rematch.get_absolute_url()
    assert Game.objects.filter(rematch_of=game).count() == 1
    assert bids(phone, rematch, 1).status_code == 302
    # The finished game is no longer the table's: the phone follows its table to the rematch,
    # told so, and can change nothing of the old game.
    followed = phone.get(game.get_absolute_url(), follow=True)
    assert followed.redirect_chain == [(rematch.get_absolute_url(), 302)]
    assertContains(followed, "This table has moved on to")
    assert phone.get(reverse("edit_hand", args=[game.pk, 1])).status_code == 404
    before = list(game.hands.values_list("bids", "tricks"))
    edit = {"version": str(game.version), **{f"bid_{s}": "3" for s in range(4)}}
    refused = phone.post(reverse("edit_hand", args=[game.pk, 1]), edit, follow=True)
    assertContains(refused, "This table has moved on to")
    assert refused.redirect_chain[-1][0] == rematch.get_absolute_url()
    assert list(game.hands.values_list("bids", "tricks")) == before


@pytest.mark.parametrize("action", ["score_off", "score_on"])
def test_turning_the_scoring_link_off_or_replacing_it_ends_the_grant_at_once(
    owner_client, make_game, action
):
    game = make_game([QUIET_HAND])
    phone = scoring_phone(game)
    old_token = Table.objects.get(pk=game.table_id).score_token
    assert phone.get(game.get_absolute_url()).status_code == 200
    share(owner_client, game, action)
    version = Game.objects.get(pk=game.pk).version
    assert phone.get(game.get_absolute_url()).status_code == 404
    assert bids(phone, game, 2).status_code == 404
    assert phone.post(reverse("undo", args=[game.pk]), {"version": version}).status_code == 404
    assert Game.objects.get(pk=game.pk).hand_count == 1
    # The old link opens nothing now.
    assert phone.get(reverse("table_score", args=[old_token])).status_code == 404
    new_token = Table.objects.get(pk=game.table_id).score_token
    assert (new_token is None) == (action == "score_off")
    if new_token:
        assert new_token != old_token
        assert scoring_phone(game).get(game.get_absolute_url()).status_code == 200


def test_a_grant_for_one_table_opens_no_other_table(make_game):
    first, second = make_game(), make_game()
    second.table.set_scoring_link(enabled=True)
    phone = scoring_phone(first)
    session = phone.session
    # A forged grant: the first table's id with the second table's token.
    session["score_grants"] = [[first.table_id, second.table.score_token]]
    session.save()
    assert phone.get(first.get_absolute_url()).status_code == 404
    assert phone.get(second.get_absolute_url()).status_code == 404


def test_a_signed_in_stranger_can_hold_a_grant_and_keeps_their_own_games(
    stranger, make_game, stranger_client
):
    game = make_game()
    own = make_game(user=stranger)
    game.table.set_scoring_link(enabled=True)
    stranger_client.get(reverse("table_score", args=[game.table.score_token]))
    assert stranger_client.get(game.get_absolute_url()).status_code == 200
    assert stranger_client.get(own.get_absolute_url()).status_code == 200
    assert stranger_client.get(reverse("export_game", args=[game.pk])).status_code == 404


def test_two_scoring_phones_posting_the_same_hand_record_it_once(owner_client, make_game):
    game = make_game([QUIET_HAND])
    first, second = scoring_phone(game), scoring_phone(game)
    assert bids(first, game, 2, HX).status_code == 200
    again = bids(second, game, 2, HX)
    assert again.status_code == 409
    assert "already recorded" in again.content.decode()
    assert "Hand 2" in again.content.decode()  # the current state comes back with it
    # The owner's resend of the same step is refused the same way.
    assert bids(owner_client, game, 2, HX).status_code == 409
    assert Hand.objects.filter(game=game).count() == 2


def test_a_scoring_phones_stale_correction_changes_nothing(owner_client, make_game):
    game = make_game([QUIET_HAND])
    phone = scoring_phone(game)
    stale = game.version
    bids(owner_client, game, 2)
    edit = {"version": str(stale), **{f"bid_{s}": "3" for s in range(4)}}
    edit.update({f"tricks_{s}": t for s, t in enumerate(["4", "3", "3", "3"])})
    response = phone.post(reverse("edit_hand", args=[game.pk, 1]), edit)
    assert response.status_code == 302
    assert Hand.objects.get(game=game, number=1).bids == QUIET_HAND["bids"]


def test_a_scoring_phones_posts_need_the_csrf_token(make_game):
    game = make_game([QUIET_HAND])
    phone = scoring_phone(game, enforce_csrf=True)
    assert bids(phone, game, 2).status_code == 403
    assert Hand.objects.filter(game=game).count() == 1
    page = phone.get(game.get_absolute_url()).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    data = {"hand": "2", "csrfmiddlewaretoken": token, **NEXT_BIDS}
    assert phone.post(reverse("post_bids", args=[game.pk]), data).status_code == 302
    assert Hand.objects.filter(game=game).count() == 2


def test_the_share_page_changes_need_the_csrf_token(owner, make_game):
    game = make_game()
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(owner)
    assert share(browser, game, "score_on").status_code == 403
    assert Table.objects.get(pk=game.table_id).score_token is None


def test_a_locked_write_is_the_owners_alone_without_a_scoring_grant(owner, stranger, make_game):
    game = make_game()
    with services.locked_game(Access(user=owner), game.pk) as locked:
        assert locked.game == game
    stranger_access = Access(user=stranger, scoring=True)
    with pytest.raises(Http404), services.locked_game(stranger_access, game.pk):
        pass


# The round trip ------------------------------------------------------------------------------


def test_a_backup_keeps_which_games_shared_a_table_and_its_links(
    client, owner, stranger, make_game
):
    client.force_login(owner)
    game = finished(make_game)
    rematch = rematch_of(game, client)
    lone = make_game()
    share(client, game, "off")
    share(client, game, "score_on")
    exported = export_all(client)
    client.force_login(stranger)
    import_file(client, exported)
    copy, copy_rematch, copy_lone = Game.objects.filter(owner=stranger).order_by("pk")
    assert copy.table_id == copy_rematch.table_id != copy_lone.table_id
    assert copy_rematch.rematch_of == copy
    table = Table.objects.get(pk=copy.table_id)
    assert table.watch_enabled is False
    # On as it was, at a new address: a file never carries a token.
    assert table.score_token
    assert table.score_token != rematch.table.score_token
    text = exported.decode()
    assert table.score_token not in text
    assert rematch.table.watch_token not in text
    assert (copy_lone.table.watch_enabled, copy_lone.table.score_token) == (True, None)
    assert lone.table.score_token is None


def test_games_of_one_table_share_it_again_without_a_rematch_link(
    client, owner, stranger, make_game
):
    """The game between them was deleted: no rematch link joins them, the table still does."""
    client.force_login(owner)
    first = finished(make_game)
    middle = rematch_of(first, client)
    Hand.objects.bulk_create(
        Hand(game=middle, number=n, bids=BIG_HAND["bids"], tricks=BIG_HAND["tricks"])
        for n in range(1, 6)
    )
    middle.save_summary(middle.replay())
    last = rematch_of(middle, client)
    middle.delete()
    assert Game.objects.get(pk=last.pk).rematch_of is None
    exported = export_all(client)
    client.force_login(stranger)
    import_file(client, exported)
    copy_first, copy_last = Game.objects.filter(owner=stranger).order_by("pk")
    assert copy_first.table_id == copy_last.table_id
    assert copy_last.rematch_of is None


def test_a_file_from_before_tables_joins_a_rematch_to_its_games_table(
    client, owner, stranger, make_game
):
    client.force_login(owner)
    game = finished(make_game)
    rematch_of(game, client)
    data = json.loads(export_all(client))
    for item in data["games"]:
        # As a backup from before tables wrote it: the game's own link, off.
        del item["table"]
        item["watch"] = False
    client.force_login(stranger)
    import_file(client, json.dumps(data))
    copy, copy_rematch = Game.objects.filter(owner=stranger).order_by("pk")
    assert copy.table_id == copy_rematch.table_id
    assert copy.table.watch_enabled is False  # as the game's own link was
    assert copy.table.score_token is None


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ("yes", "Table: expected"),
        ({"id": 1, "watch": "on"}, "Table watch: expected true or false"),
        ({"id": 1, "scoring": 1}, "Table scoring: expected true or false"),
        ({"id": [1]}, "Table id: expected a number or a short line of text"),
    ],
)
def test_a_bad_table_in_a_file_is_refused_with_a_reason(owner_client, make_game, table, message):
    game = make_game([QUIET_HAND])
    data = json.loads(owner_client.get(reverse("export_game", args=[game.pk])).content)
    data["table"] = table
    before = Game.objects.count()
    response = import_file(owner_client, json.dumps(data))
    assert message in response.content.decode()
    assert Game.objects.count() == before


# Scoring phones: conflicts, resends, corrections, guests -------------------------------------


def tricks(phone, game, number, took, headers=None):
    data = {"hand": str(number), "side_0": str(took[0]), "side_1": str(took[1])}
    return phone.post(reverse("post_tricks", args=[game.pk]), data, headers=headers or {})


def test_two_scoring_phones_sending_different_tricks_keep_the_first(make_game):
    game = make_game([QUIET_HAND, {"bids": [3, 3, 4, 2]}])
    first, second = scoring_phone(game), scoring_phone(game)
    assert tricks(first, game, 2, (7, 6), HX).status_code == 200
    refused = tricks(second, game, 2, (5, 8), HX)
    assert refused.status_code == 409
    body = refused.content.decode()
    assert "tricks were already recorded (perhaps from another phone)" in body
    # The current state comes back: hand 3's bids are next.
    assert 'name="hand" value="3"' in body
    assert Hand.objects.get(game=game, number=2).tricks == [7, 6, None, None]  # as first sent
    assert Game.objects.get(pk=game.pk).hand_count == 2


@pytest.mark.parametrize("headers", [None, HX], ids=["plain", "htmx"])
def test_a_scoring_phones_resent_steps_record_once(make_game, headers):
    """A step sent again (a lost answer, a step kept offline and sent on reconnect)."""
    game = make_game([QUIET_HAND])
    phone = scoring_phone(game)
    assert bids(phone, game, 2, headers).status_code in (200, 302)
    again = bids(phone, game, 2, headers)
    assert again.status_code == 409 if headers else again.status_code == 302
    assert tricks(phone, game, 2, (7, 6), headers).status_code in (200, 302)
    again = tricks(phone, game, 2, (7, 6), headers)
    assert again.status_code == 409 if headers else again.status_code == 302
    hands = list(Hand.objects.filter(game=game).values_list("number", "bids", "tricks"))
    assert hands == [
        (1, QUIET_HAND["bids"], QUIET_HAND["tricks"]),
        (2, [3, 3, 4, 2], [7, 6, None, None]),
    ]
    if not headers:
        page = phone.get(game.get_absolute_url()).content.decode()
        assert "already recorded" in page  # said on the page it was sent back to


def test_the_owners_undo_after_a_scoring_phones_step_is_a_conflict_not_a_loss(
    owner_client, make_game
):
    game = make_game([QUIET_HAND])
    phone = scoring_phone(game)
    seen = Game.objects.get(pk=game.pk).version  # what the owner's undo button carries
    bids(phone, game, 2)
    response = owner_client.post(reverse("undo", args=[game.pk]), {"version": seen}, headers=HX)
    assert response.status_code == 409
    assert Hand.objects.get(game=game, number=2).bids == [3, 3, 4, 2]


def test_a_scoring_phone_confirms_a_correction_that_ends_the_game_and_undoes_it(make_game):
    game = make_game([BIG_HAND, BIG_HAND, QUIET_HAND, QUIET_HAND])
    phone = scoring_phone(game)
    before = hands_snapshot(game)
    url = reverse("edit_hand", args=[game.pk, 2])
    explained = phone.post(url, edit_data(game, ENDING_ROWS))
    assert explained.status_code == 200
    assert explained.context["ending"].ended_after == 2
    confirm = edit_data(game, ENDING_ROWS, confirm=game.version, ends_after=2)
    assert phone.post(url, confirm)["Location"] == url
    game.refresh_from_db()
    assert game.hand_count == 2
    assert phone.get(url).context["undo"] is not None
    undone = phone.post(url, {"undo": str(game.version)})
    assert undone["Location"] == game.get_absolute_url()
    assert hands_snapshot(game) == before


def test_a_scoring_phones_undo_of_a_correction_ends_with_its_link(owner_client, make_game):
    game = make_game([BIG_HAND, BIG_HAND, QUIET_HAND, QUIET_HAND])
    phone = scoring_phone(game)
    game.refresh_from_db()
    url = reverse("edit_hand", args=[game.pk, 2])
    phone.post(url, edit_data(game, ENDING_ROWS, confirm=game.version, ends_after=2))
    assert Game.objects.get(pk=game.pk).hand_count == 2
    share(owner_client, game, "score_off")
    game.refresh_from_db()
    assert phone.post(url, {"undo": str(game.version)}).status_code == 404
    assert Game.objects.get(pk=game.pk).hand_count == 2


def test_a_guest_holding_the_scoring_link_scores_it_and_keeps_its_own_game(make_game):
    game = make_game([QUIET_HAND])
    guest = make_guest()
    own = make_game(user=guest)
    phone = Client()
    sign_in_guest(phone, guest)
    game.table.set_scoring_link(enabled=True)
    assert phone.get(reverse("table_score", args=[game.table.score_token])).status_code == 302
    assert bids(phone, game, 2).status_code == 302
    assert Hand.objects.filter(game=game).count() == 2
    assert phone.get(own.get_absolute_url()).status_code == 200
    assert phone.get(reverse("share", args=[own.pk])).status_code == 200
    # The table's game stays its owner's: nothing of it moves to the guest.
    assert phone.get(reverse("share", args=[game.pk])).status_code == 404
    assert Game.objects.get(pk=game.pk).owner == game.owner


def test_a_guests_own_table_can_be_scored_by_another_phone(make_game):
    guest = make_guest()
    game = make_game([QUIET_HAND], user=guest)
    guest_phone = Client()
    sign_in_guest(guest_phone, guest)
    assert share(guest_phone, game, "score_on").status_code == 302
    phone = scoring_phone(game)
    assert bids(phone, game, 2).status_code == 302
    assert "Hand 2" in guest_phone.get(game.get_absolute_url()).content.decode()
    share(guest_phone, game, "score_off")
    assert bids(phone, game, 3).status_code == 404
    assert phone.get(game.get_absolute_url()).status_code == 404


def test_a_scoring_phone_that_starts_a_game_of_its_own_keeps_the_tables_link(make_game):
    """Starting a game makes the phone a guest; the sign-in that follows keeps its session."""
    game = make_game([QUIET_HAND])
    phone = scoring_phone(game)
    assert start_as_visitor(phone).status_code == 302
    own = Game.objects.exclude(pk=game.pk).get()
    assert own.owner != game.owner
    assert own.table_id != game.table_id
    assert bids(phone, game, 2).status_code == 302
    assert phone.get(own.get_absolute_url()).status_code == 200


def test_only_a_scoring_phones_page_is_marked_for_its_own_404_message(owner_client, make_game):
    """app.js tells a phone whose scoring link was turned off why its tap was refused."""
    game = make_game([QUIET_HAND])
    phone = scoring_phone(game)
    assert "data-scoring-phone" in phone.get(game.get_absolute_url()).content.decode()
    assert "data-scoring-phone" not in owner_client.get(game.get_absolute_url()).content.decode()
