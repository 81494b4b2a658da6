"""One name rule for a club night, the game's: every name the club's forms take (an event's,
a team's, a player's, a walk-in's, a pasted list's, a penalty's reason) follows the game
form's rule with its messages, and fits the columns it is kept in. The round trip, in the style
of tests/web/test_names_one_rule.py: any night the forms accept can be paired, shown (desk,
board, print, CSV, cards) and exported without a 500 and without a value longer than its
column (PostgreSQL refuses one: SQLite would keep it), and the director's account backup
imports again into another account."""

import csv
import io
import json
import random

import pytest
from django.apps import apps
from django.db import models
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import display
from games.club import reads
from games.club.forms import (
    NewEventForm,
    PenaltyForm,
    PlayerForm,
    SoloForm,
    TeamForm,
    TeamsForm,
)
from games.club.models import Event, LogEntry, Seating
from games.events.entry import MAX_TEAM_NAME
from games.forms.new_game import NewGameForm
from games.models import Game
from games.scoring.entry import name_length
from games.scoring.limits import MAX_GAME_NAME, MAX_PLAYER_NAME
from tests.club.test_club_night import play_out
from tests.web.test_files import restored_elsewhere
from tests.web.test_names_one_rule import TRICKY, WRITTEN

EVENT = {
    "preset": "tournament_10",
    "pairing": "swiss",
    "rounds": "2",
    "win": "2",
    "draw": "1",
    "loss": "0",
    "bye": "2",
    "ranking": "own",
}
SKIN_HAIR = "👩🏽‍🦱"  # one character, 4 code points
FAMILY = "👨‍👩‍👧‍👦"  # one character, 7 code points
FLAG = "🇫🇷"  # one character, 2 code points
# The longest names each form takes: 40 characters of 2 code points fill a team's 80.
LONGEST_TEAM = FLAG * MAX_PLAYER_NAME
LONGEST_EVENT = FLAG * (MAX_GAME_NAME // 2)


def game_form_errors(name: str, field: str) -> list[str]:
    """What the new-game form says of `name` as the game's name or as seat 1's player."""
    data = {"name": "", "preset": "standard", "first_dealer": "0"}
    data |= {f"player_{seat}": player for seat, player in enumerate(["Ann", "Ben", "Cat", "Dan"])}
    data["name" if field == "game" else "player_0"] = name
    form = NewGameForm(data)
    form.is_valid()
    return form.errors.get("name" if field == "game" else "player_0", [])


# ---- The forms: the game form's rule and words ---------------------------------------------


@pytest.mark.parametrize(
    "name",
    ["Fri\tday", "Fri\nday", "\u202eFriday", "Fri\u200bday", "A\u2028B", "x" * 41, "Ann\x00"],
)
def test_a_team_or_player_name_is_refused_in_the_game_forms_words(name):
    said = game_form_errors(name, "player")
    assert said
    for form, field in [
        (TeamForm({"name": name, "first": "Ann", "second": "Bob"}), "name"),
        (TeamForm({"name": "Aces", "first": name, "second": "Bob"}), "first"),
        (TeamForm({"name": "Aces", "first": "Ann", "second": name}), "second"),
        (SoloForm({"name": name}), "name"),
        (PlayerForm({"name": name}), "name"),
    ]:
        assert not form.is_valid()
        assert form.errors[field] == said, (form, field)


@pytest.mark.parametrize(
    "name", ["Fri\tday", "\u202eFriday", "Fri\u200bday", "x" * 201, FAMILY * 29, "Night\x00"]
)
def test_an_event_name_is_refused_as_a_game_name_is(name):
    form = NewEventForm(EVENT | {"name": name})
    assert not form.is_valid()
    assert form.errors["name"] == game_form_errors(name, "game")


def test_the_longest_names_are_taken_and_one_more_joined_emoji_is_refused():
    assert TeamForm({"name": LONGEST_TEAM, "first": LONGEST_TEAM, "second": "Bo"}).is_valid()
    assert SoloForm({"name": SKIN_HAIR * 20}).is_valid()  # 80 code points
    assert NewEventForm(EVENT | {"name": LONGEST_EVENT}).is_valid()
    # 21 skin-toned emoji are 21 characters, which a seat takes, but 84 code points: more than
    # a team's name and a confirmation keep, so the club says what the game form says past
    # its own (longer) room.
    for name in (SKIN_HAIR * 21, FAMILY * 23):
        form = SoloForm({"name": name})
        assert not form.is_valid()
        assert form.errors["name"] == ["The name has too many joined emoji: keep it shorter."]
    assert game_form_errors(FAMILY * 23, "player") == form.errors["name"]  # 161 code points


def test_a_pasted_list_follows_the_single_entrys_rule():
    form = TeamsForm({"teams": f"{SKIN_HAIR * 21}, Ann, Bob"})
    assert not form.is_valid()
    assert form.errors["teams"] == [
        "Line 1: the team's name has too many joined emoji: keep it shorter."
    ]
    progressive = TeamsForm({"teams": f"Ann\n{'x' * 41}"}, individual=True)
    assert not progressive.is_valid()
    assert progressive.errors["teams"] == [
        "Line 2: the player's name is longer than 40 characters."
    ]
    assert TeamsForm({"teams": f'"{LONGEST_TEAM}", {LONGEST_TEAM}, Bo'}).is_valid()


@pytest.mark.parametrize(
    ("reason", "said"),
    [
        ("Slow\tplay", "The reason contains a tab or another control character."),
        ("Slow \u202eplay", "The reason contains an invisible formatting character."),
        ("x" * 201, "The reason is longer than 200 characters."),
        ("   ", "This field is required."),
    ],
)
def test_a_penalty_reason_is_one_line_of_at_most_200_characters(reason, said):
    data = {"kind": "points", "round": "1", "table": "1", "team": "0", "points": "10"}
    form = PenaltyForm(data | {"reason": reason}, teams=[(0, "Aces")])
    assert not form.is_valid()
    assert form.errors == {"reason": [said]}


# ---- The round trip --------------------------------------------------------------------------

LONG = st.lists(
    st.sampled_from([SKIN_HAIR, FAMILY, FLAG, "é", "Zoë", "x", " ", "\u200d", "'", '"', ","]),
    min_size=30,
    max_size=60,
).map("".join)
NAMES = (
    st.text(st.sampled_from(TRICKY), min_size=1, max_size=12)
    | st.text(min_size=1, max_size=45)
    | st.sampled_from([*WRITTEN, LONGEST_TEAM, SKIN_HAIR * 20, "=HYPERLINK(1)", "x" * 40])
    | LONG
)
# Names built of pieces the rule takes, so most nights keep most of what was typed (some
# come out too long, in characters or in code points).
PIECES = [SKIN_HAIR, FAMILY, FLAG, "é", "Zoë", "Ann", "Björn", " ", "'", '"', ",", "=", "-", "x"]
NAMES = NAMES | st.lists(st.sampled_from(PIECES), min_size=1, max_size=24).map("".join)
EVENT_NAMES = (
    NAMES
    | st.lists(st.sampled_from(PIECES), min_size=20, max_size=90).map("".join)
    | st.just(LONGEST_EVENT)
    | st.just("E" * MAX_GAME_NAME)
    | st.lists(st.sampled_from([FAMILY, "x", "\u200d", " ", "é"]), min_size=150, max_size=260).map(
        "".join
    )
)


@st.composite
def nights(draw):
    """What a director types: the event's name, four teams (two by their own form, two
    pasted), 14 players who came alone, and a penalty's reason."""
    return {
        "event": draw(EVENT_NAMES),
        "teams": draw(st.lists(st.tuples(NAMES, NAMES, NAMES), min_size=4, max_size=4)),
        "solos": draw(st.lists(NAMES, min_size=14, max_size=14)),
        "reason": draw(NAMES),
    }


def fallback_team(number: int) -> tuple[str, str, str]:
    """A team at its longest in characters, for a drawn one the forms refused."""
    return (
        f"Team {number:02d} " + "t" * 32,
        f"First {number:02d} " + "f" * 31,
        f"Second {number:02d}",
    )


def posted(phone, name: str, data: dict, form: str, fields: set[str]) -> bool:
    """Post one of the desk's forms: True if it was taken; if not, it was refused for the
    fields posted (or, as entered already, for the whole form), with nothing entered."""
    response = phone.post(name, data)
    if response.status_code == 302:
        return True
    assert response.status_code == 422, response.status_code
    refused = set(response.context[form].errors)
    assert refused, response.context[form]
    assert refused <= fields | {"__all__"}, response.context[form].errors
    return False


def run_night(owner, night) -> Event:
    """The night through the director's pages: every name as typed, then what the forms
    refused put right, paired, a table played, confirmed by its longest name and penalised."""
    phone = Client()
    phone.force_login(owner)
    response = phone.post(reverse("club:new_event"), EVENT | {"name": night["event"]})
    if response.status_code != 302:
        assert response.status_code == 422
        assert set(response.context["form"].errors) == {"name"}
        assert phone.post(reverse("club:new_event"), EVENT | {"name": "Night"}).status_code == 302
    event = Event.objects.filter(owner=owner).get()
    pk = event.pk

    # A player already entered is not typed again (the services don't refuse one yet: see
    # test_a_player_enters_once below), nor a team's name twice.
    seen: set[str] = set()

    def fresh(*names: str) -> bool:
        return not {name.strip().casefold() for name in names} & seen

    def keep(*names: str) -> None:
        seen.update(name.strip().casefold() for name in names)

    entered: list[tuple[str, str, str]] = []
    for number, team in enumerate(night["teams"][:2]):
        data = dict(zip(["name", "first", "second"], team, strict=True))
        if not fresh(*team) or not posted(
            phone, reverse("club:add_team", args=[pk]), data, "team_form", set(data)
        ):
            team = fallback_team(number)
            data = dict(zip(["name", "first", "second"], team, strict=True))
            assert posted(phone, reverse("club:add_team", args=[pk]), data, "team_form", set())
        entered.append(team)
        keep(*team)
    pasted = []
    for number, team in enumerate(night["teams"][2:], start=2):
        single = TeamForm(dict(zip(["name", "first", "second"], team, strict=True)))
        if single.is_valid() and fresh(*single.cleaned_data.values()):
            cleaned = single.cleaned_data  # what the single form takes, the list takes
            pasted.append((cleaned["name"], cleaned["first"], cleaned["second"]))
        else:
            pasted.append(fallback_team(number))
        keep(*pasted[-1])
    text = io.StringIO()
    csv.writer(text, lineterminator="\n").writerows(pasted)
    assert posted(phone, reverse("club:add_teams", args=[pk]), {"teams": text.getvalue()},
                  "teams_form", set()), text.getvalue()  # fmt: skip

    waiting = 0
    for number, name in enumerate(night["solos"]):
        url = reverse("club:add_solo", args=[pk])
        if not fresh(name) or not posted(phone, url, {"name": name}, "solo_form", {"name"}):
            name = f"Walk-in {number:02d} " + "w" * 29  # 40 characters
            assert posted(phone, url, {"name": name}, "solo_form", set())
        keep(name)
        waiting += 1
    assert phone.post(reverse("club:pair_solos", args=[pk])).status_code == 302
    assert event.teams.count() == 4 + waiting // 2

    assert phone.post(reverse("club:start_round", args=[pk])).status_code == 302
    seating = Seating.objects.filter(round__event=event).select_related("game").first()
    assert seating is not None
    game = seating.game
    play_out(game, owner)
    scorer = Client()
    assert scorer.get(reverse("table_score", args=[game.table.score_token])).status_code == 302
    longest = max(reads.confirmers(game), key=len)
    scorer.post(reverse("club:confirm", args=[game.pk]), {"name": longest})
    seating.refresh_from_db()
    assert seating.confirmed_by == longest

    penalty = {"kind": "points", "round": "1", "table": str(seating.number), "points": "10"}
    penalty |= {"team": str(seating.teams[0]), "reason": night["reason"]}
    url = reverse("club:add_penalty", args=[pk])
    response = phone.post(url, penalty)
    if response.status_code != 302:
        assert response.status_code == 422
        assert set(response.context["penalty_form"].errors) == {"reason"}
        assert phone.post(url, penalty | {"reason": "Slow play"}).status_code == 302
    return event


def shown_everywhere(owner, event: Event) -> None:
    phone = Client()
    phone.force_login(owner)
    pk = event.pk
    for url in [
        reverse("club:event", args=[pk]),
        reverse("club:desk_live", args=[pk]),
        reverse("club:board", args=[event.board_token]),
        reverse("club:board_live", args=[event.board_token]),
        reverse("club:standings", args=[pk]),
        reverse("club:cards", args=[pk]),
        reverse("club:events"),
    ]:
        assert phone.get(url).status_code == 200, url
    sheet = phone.get(reverse("club:standings_csv", args=[pk]))
    assert sheet.status_code == 200
    _, *lines = csv.reader(io.StringIO(sheet.content.decode()))
    names = {team.name for team in event.teams.all()}
    assert {line[1] for line in lines} == {display.csv_cell(name) for name in names}
    exported = phone.get(reverse("club:export", args=[pk]))
    assert exported.status_code == 200
    assert {team["name"] for team in json.loads(exported.content)["teams"]} == names
    for game in Game.objects.filter(seating__round__event=event):
        assert phone.get(game.get_absolute_url()).status_code == 200
        assert phone.get(reverse("export_csv", args=[game.pk])).status_code == 200


def overflowing() -> list[str]:
    """Every stored text longer than its column: PostgreSQL refuses each, SQLite keeps it."""
    found = []
    for app in ("games", "club"):
        for model in apps.get_app_config(app).get_models():
            for field in model._meta.get_fields():
                if not isinstance(field, models.CharField) or not field.max_length:
                    continue
                for pk, value in model.objects.values_list("pk", field.attname):
                    if value is not None and len(value) > field.max_length:
                        found.append(f"{model.__name__}.{field.name} of {pk}: {len(value)}")
    return found


def backup_imports_again(owner, django_user_model) -> None:
    _, restorer = restored_elsewhere(Client(), owner, django_user_model)
    made = Game.objects.filter(owner=owner).order_by("pk")
    restored = Game.objects.filter(owner=restorer).order_by("pk")
    assert [(game.name, game.players) for game in restored] == [
        (game.name, game.players) for game in made
    ]


def check_night(owner, night, django_user_model) -> None:
    event = run_night(owner, night)
    shown_everywhere(owner, event)
    assert overflowing() == []
    for team in event.teams.all():
        assert len(team.name) <= MAX_TEAM_NAME
        assert name_length(team.name) <= MAX_PLAYER_NAME or " & " in team.name
    backup_imports_again(owner, django_user_model)


@pytest.mark.django_db
def test_a_night_of_the_longest_names_fits_every_column(owner, django_user_model):
    """The issue's findings at once: a 200-character event name names each table's game with
    more; 14 walk-ins with full names are drawn into teams; a team of long emoji names."""
    random.seed(1)
    night = {
        "event": LONGEST_EVENT,
        "teams": [
            (LONGEST_TEAM, SKIN_HAIR * 20, FLAG * 40),
            ("E" * 40, "P" * 40, "Q" * 40),
            (SKIN_HAIR * 19 + "A", "x" * 40, FAMILY * 11),
            ("Z" * 40, "y" * 40, "z" * 40),
        ],
        "solos": [f"{number:02d}" + "W" * 38 for number in range(12)] + [FLAG * 40, SKIN_HAIR * 20],
        "reason": "R" * 200,
    }
    check_night(owner, night, django_user_model)
    event = Event.objects.get(owner=owner)
    assert event.teams.count() == 4 + 7
    assert all(len(game.name) <= 200 for game in Game.objects.all())
    drawn = LogEntry.objects.get(event=event, what__startswith="Players drawn")
    assert len(drawn.what) <= 300


@pytest.mark.django_db
@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(night=nights())
def test_any_night_the_forms_take_is_paired_shown_exported_and_backed_up(django_user_model, night):
    owner = django_user_model.objects.create_user(f"director-{django_user_model.objects.count()}")
    check_night(owner, night, django_user_model)


@pytest.mark.django_db
def test_a_player_enters_once(owner):
    phone = Client()
    phone.force_login(owner)
    assert phone.post(reverse("club:new_event"), EVENT | {"name": "Night"}).status_code == 302
    event = Event.objects.get()
    for team in [("Aces", "Ann", "Art"), ("Books", "Ben", "Bea")]:
        data = dict(zip(["name", "first", "second"], team, strict=True))
        assert phone.post(reverse("club:add_team", args=[event.pk]), data).status_code == 302
    again = {"name": "Clubs", "first": "ann", "second": "Cal"}
    refused = phone.post(reverse("club:add_team", args=[event.pk]), again)
    alone = phone.post(reverse("club:add_solo", args=[event.pk]), {"name": "ANN"})
    assert (refused.status_code, alone.status_code) == (422, 422)
    assert "Ann is already entered (Aces)." in refused.content.decode()
    listed = phone.post(
        reverse("club:add_teams", args=[event.pk]),
        {"teams": "Clubs, Cal, Cid\nDeuces, Dan, cal"},
    )
    assert listed.status_code == 422
    assert "cal is on the list twice." in listed.content.decode()
    assert list(event.teams.values_list("name", flat=True)) == ["Aces", "Books"]
    # A withdrawn team's players may enter again: that team never meets anyone again.
    phone.post(reverse("club:withdraw", args=[event.pk, 0]))
    again["first"] = "Ann"
    assert phone.post(reverse("club:add_team", args=[event.pk]), again).status_code == 302
