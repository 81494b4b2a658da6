"""One rule for a game's name everywhere: what the new-game form takes, a game file takes, and
the other way round; and so every account's backup imports again."""

import json
from importlib import import_module

import pytest
from django.apps import apps
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import scoring, services
from games.forms.new_game import NewGameForm
from games.models import Game
from games.scoring.entry import game_name_problem, mended_game_name
from tests.scoring.strategies import legal_game, rules
from tests.web.test_files import export_all, restored_elsewhere

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]
# What people paste into a name, the harmless and the harmful: joined emoji and their parts,
# flags, a keycap, combining marks, soft hyphens, tabs and line breaks, direction overrides,
# zero-width and unusual spaces, a byte order mark, tag characters out of place.
TRICKY = [
    *"\t\n\r\x0b\x85\x00\x7f",
    *"\u00ad\u200b\u200c\u200d\u200e\u202e\u2066\u2069\ufeff\u00a0\u2028\u3000",
    "\U000e0067",
    "\U000e007f",
    *"🏴👩👨👧🏽🦱🇫🇷❤\ufe0f\u20e31\u0308",
    " ",
    *"aZé",
]
# Whole names people write: each is one name the form and the file both keep.
WRITTEN = [
    "👩🏽‍🦱 Zoë's table",
    "👨‍👩‍👧‍👦 night",
    "🏴󠁧󠁢󠁳󠁣󠁴󠁿 Burns supper",
    "🇫🇷 vs 🇩🇪",
    "❤️ 1️⃣",
    "Friday at Cat's",
]
NAMES = (
    st.text(st.sampled_from(TRICKY), max_size=12)
    | st.text(max_size=30)
    | st.sampled_from(WRITTEN)
    | st.lists(st.sampled_from(["👨‍👩‍👧‍👦", "x", "\u200d", " "]), min_size=20, max_size=260).map(
        "".join
    )
)


def form_takes(name: str) -> tuple[bool, str | None]:
    data = {"name": name, "preset": "standard", "first_dealer": "0"}
    data |= {f"player_{seat}": player for seat, player in enumerate(PLAYERS)}
    form = NewGameForm(data)
    valid = form.is_valid()
    assert valid == ("name" not in form.errors), form.errors
    return valid, form.cleaned_data["name"] if valid else None


def file_takes(name: str) -> tuple[bool, str | None]:
    try:
        parsed = scoring.parse_game_file({"name": name, "players": PLAYERS})
    except scoring.GameFileError as error:
        problem = str(error)
    else:
        return True, parsed.name
    assert problem.startswith("name: "), problem  # refused for the name, not anything else
    return False, None


@settings(max_examples=400, deadline=None)
@given(name=NAMES)
def test_the_form_and_the_game_file_take_the_same_names(name):
    assert form_takes(name) == file_takes(name)


@pytest.mark.parametrize("name", WRITTEN)
def test_names_people_write_are_kept_whole_by_both(name):
    assert form_takes(name) == (True, name) == file_takes(name)


@pytest.mark.parametrize(
    "name",
    ["Friday\tnight", "Friday\nnight", "\u202eFriday", "Fri\u00adday", "Fri\u200bday", "A\u2028B"],
)
def test_names_that_break_a_page_are_refused_by_both(name):
    assert form_takes(name) == (False, None) == file_takes(name)


@pytest.mark.django_db
def test_the_form_says_what_is_wrong_with_a_name(owner_client):
    data = {"name": "Friday\u202e night", "preset": "standard", "first_dealer": "0"}
    data |= {f"player_{seat}": player for seat, player in enumerate(PLAYERS)}
    response = owner_client.post(reverse("new_game"), data)
    assert response.status_code == 422
    assert response.context["form"].errors == {
        "name": ["The name contains an invisible formatting character."]
    }
    assert not Game.objects.exists()


@settings(max_examples=400, deadline=None)
@given(name=NAMES)
def test_a_mended_name_is_one_both_take(name):
    mended = mended_game_name(name)
    assert game_name_problem(mended) is None
    if game_name_problem(name) is None:
        assert mended == name.strip()


@pytest.mark.django_db
def test_names_stored_before_the_rule_are_mended(make_game):
    tabbed, fine = make_game(), make_game()
    Game.objects.filter(pk=tabbed.pk).update(name="Friday\tnight\u202e")
    Game.objects.filter(pk=fine.pk).update(name="👨‍👩‍👧‍👦 night")
    import_module("games.migrations.0016_game_names_one_rule").mend_game_names(apps, None)
    assert Game.objects.get(pk=tabbed.pk).name == "Friday night"
    assert Game.objects.get(pk=fine.pk).name == "👨‍👩‍👧‍👦 night"


VALID_NAMES = NAMES.map(str.strip).filter(lambda name: game_name_problem(name) is None)
NOTES = st.text(max_size=30).filter(lambda note: scoring.note_problem(note) is None)


@st.composite
def accounts(draw):
    """An account's games as the app lets the table make them: names and notes by the rules,
    any rules, hands the replay accepts (a game that ended keeps none after its end)."""
    games = []
    for _ in range(draw(st.integers(1, 3))):
        table_rules = draw(rules())
        names = draw(
            st.lists(
                st.sampled_from(["Ann", "Ben", "👩🏽‍🦱Zoë", "Björn", "🇫🇷 Chloé", "Dan", "Eve"]),
                min_size=table_rules.players,
                max_size=table_rules.players,
                unique=True,
            )
        )
        games.append(
            {
                "name": draw(VALID_NAMES),
                "note": draw(NOTES).strip(),
                "players": names,
                "rules": table_rules,
                "first_dealer": draw(st.integers(0, table_rules.players - 1)),
                "hands": draw(legal_game(table_rules, max_hands=6)),
                "hand_note": draw(NOTES).strip(),
            }
        )
    return games


def make(owner, game) -> Game:
    """The game through the app's own service, its hands cut where the replay ends them."""
    hands = list(game["hands"])
    while True:
        try:
            made = services.create_game(
                owner,
                name=game["name"],
                players=game["players"],
                rules=game["rules"],
                preset="standard",
                first_dealer=game["first_dealer"],
                hands=hands,
            )
        except scoring.HandError as error:
            hands = hands[: error.number - 1]
            continue
        made.set_note(game["note"])
        if hands and game["hand_note"]:
            made.set_hand_note(1, game["hand_note"])
        return made


@pytest.mark.django_db
@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(account=accounts())
def test_every_export_of_a_valid_account_imports_again(django_user_model, account):
    owner = django_user_model.objects.create_user(f"owner-{Game.objects.count()}-{id(account)}")
    made = [make(owner, game) for game in account]
    phone = Client()
    backup, restorer = restored_elsewhere(phone, owner, django_user_model)
    restored = list(Game.objects.filter(owner=restorer).order_by("pk"))
    assert [
        (game.name, game.note, game.players, game.rules, game.recorded()) for game in restored
    ] == [(game.name, game.note, game.players, game.rules, game.recorded()) for game in made]
    # And the restored account's own backup is the same file, but for ids and times.
    phone.force_login(restorer)
    again = json.loads(export_all(phone))["games"]
    first = json.loads(backup)["games"]
    for game in (*again, *first):
        for key in ("id", "created", "finished", "table", "rematch_of"):
            game.pop(key, None)
    assert again == first
