"""Garbage in every form post and game file: never a 500, always a message, nothing changed.

Each example runs in a savepoint that is rolled back, so it starts from the same games. A post
that changes the database must be a success the app meant (the game still replays to its
summary); one that changes nothing must say why: errors in the form, a notice, or a message on
the page it redirects to.
"""

import copy
import io
import itertools
import json
import os
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path
from unittest import mock

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import load_command_class
from django.db import transaction
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, currently_in_test_context, event, given, settings
from hypothesis import strategies as st

from games import scoring
from games.forms.new_game import NewGameForm
from games.models import Game
from games.scoring.limits import MAX_IMPORT_BYTES
from tests.conftest import PASSWORD
from tests.faults.conftest import BIDS, HX, RECORDED_BIDS, TRICKS, snapshot

pytestmark = pytest.mark.django_db

EXAMPLES = settings(
    max_examples=50,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
MARKERS = ('class="errorlist', 'role="alert"', 'class="message')

# --- what a hostile or broken client sends -------------------------------------------------
TEXT = st.text(alphabet=st.characters(exclude_categories=("Cs",)), max_size=60)
NUMBERS = st.integers(min_value=-(10**40), max_value=10**40).map(str)
ODD = st.sampled_from(
    [
        "9" * 5000,
        "1e309",
        "-0",
        "nan",
        "inf",
        "0x10",
        "١٢",
        "\uff13",
        " 3 ",
        "3.0",
        "+3",
        "",
        "\x00",
        "nil",
        "blind_nil",
        "NIL",
        "-1",
        "14",
        "0",
        "1",
        "13",
        "off",
        "true",
        "false",
        "on",
        "standard",
        "None",
        "[]",
        "{}",
        "<script>",
        "'; DROP TABLE games_game; --",
    ]
)
VALUE = st.one_of(TEXT, NUMBERS, ODD)
VALUES = st.one_of(VALUE, st.lists(VALUE, min_size=2, max_size=3))  # a field sent twice


@st.composite
def posts(draw, base: dict, fields: list[str]):
    """A plausible post, then some fields replaced, dropped, or added."""
    data = dict(base)
    for name in draw(st.sets(st.sampled_from(fields))) if fields else ():
        data[name] = draw(VALUES)
    for name in draw(st.sets(st.sampled_from(sorted(data)))) if data else ():
        if draw(st.booleans()):
            data.pop(name, None)
    data.update(draw(st.dictionaries(TEXT.filter(bool), VALUES, max_size=3)))
    return data


def signed_in_now(client: Client) -> bool:
    return "_auth_user_id" in client.session


def check(client: Client, response, before) -> str:
    """Never a 500; a change only as a success; a refusal always says why."""
    assert response.status_code < 500
    if snapshot() != before:
        assert response.status_code in (200, 302), "changed the games, yet answered an error"
        for game in Game.objects.all():
            result = game.replay()
            assert game.scores == [side.score for side in result.sides]
            assert game.hand_count == game.hands.count()
        return "changed"
    follow = response.headers.get("HX-Redirect") or response.headers.get("Location")
    signing_in = response.wsgi_request.path == reverse("login")
    if follow and signing_in and signed_in_now(client):
        return "signed in"
    if follow:
        page = client.get(follow).content.decode()
        assert any(marker in page for marker in MARKERS), f"no message after {follow}"
    else:
        body = response.content.decode()
        assert any(marker in body for marker in MARKERS), f"{response.status_code} without a word"
    return "refused"


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@contextmanager
def rolled_back():
    """A savepoint undone afterwards: every example starts from the same games."""
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


def run(user, url: str, data, htmx: bool, **kwargs) -> str:
    """One post from a fresh phone (signed in as `user`, or not signed in)."""
    with rolled_back():
        client = signed_in(user) if user else Client()
        before = snapshot()
        response = client.post(url, data, headers=HX if htmx else {}, **kwargs)
        outcome = check(client, response, before)
        if currently_in_test_context():
            event(f"{response.status_code} {outcome}")
    return outcome


def new_game_fields() -> list[str]:
    names = []
    for name, field in NewGameForm().fields.items():
        if hasattr(field, "fields"):  # a MultiValueField posts name_0, name_1
            names += [f"{name}_{i}" for i in range(len(field.fields))]
        else:
            names.append(name)
    return names


# --- every form: (who posts, where, a post that would succeed, its fields) -----------------
QUIET = scoring.Hand(bids=(4, 3, 3, 3), tricks=(4, 3, 3, 3))
BIG = {"bids": [6, 1, 6, 1], "tricks": [6, 0, 6, 1]}
NEW_GAME = {
    "preset": "standard",
    "first_dealer": "0",
    "player_0": "Ann",
    "player_1": "Ben",
    "player_2": "Cat",
    "player_3": "Dan",
    "name": "Friday",
}


def pick(data, strategy, default):
    return default if data is None else data.draw(strategy)


def new_game_form(data, owner, endless_game, make_game):
    fields = new_game_fields()
    if data is None:  # the sweep: one house-rule field of each kind stands for its kind
        kinds = {}
        for setting in scoring.SETTINGS:
            kinds.setdefault(setting.kind, f"rule_{setting.name}")
        keep = set(kinds.values())
        fields = [
            f
            for f in fields
            if not f.startswith("rule_") or f in keep or f.rsplit("_", 1)[0] in keep
        ]
    return owner, reverse("new_game"), NEW_GAME, fields


def bids_form(data, owner, endless_game, make_game):
    game = endless_game()
    fields = ["hand", "bid_0", "bid_1", "bid_2", "bid_3"]
    return owner, reverse("post_bids", args=[game.pk]), {"hand": "1", **BIDS}, fields


def tricks_form(data, owner, endless_game, make_game):
    game = endless_game(hands=[scoring.Hand(bids=tuple(RECORDED_BIDS), tricks=None)])
    fields = ["hand", "side_0", "side_1", "tricks_0", "tricks_1", "tricks_2", "tricks_3"]
    return owner, reverse("post_tricks", args=[game.pk]), {"hand": "1", **TRICKS}, fields


def edit_hand_form(data, owner, endless_game, make_game):
    game = endless_game(hands=[QUIET, QUIET, scoring.Hand(bids=(4, 3, 3, 3), tricks=None)])
    number = pick(data, st.sampled_from([1, 2, 3, 4]), 2)
    base = {"version": str(game.version)}
    for seat in range(4):
        base[f"bid_{seat}"] = "3"
        base[f"tricks_{seat}"] = ["4", "3", "3", "3"][seat]
    return owner, reverse("edit_hand", args=[game.pk, number]), base, sorted(base)


def undo_form(data, owner, endless_game, make_game):
    game = endless_game(hands=[QUIET] * pick(data, st.integers(0, 2), 2))
    return owner, reverse("undo", args=[game.pk]), {"version": str(game.version)}, ["version"]


def rematch_form(data, owner, endless_game, make_game):
    finished = pick(data, st.booleans(), True)
    game = make_game([BIG] * (5 if finished else 2))
    assert game.finished == finished
    return owner, reverse("rematch", args=[game.pk]), {}, ["version"]


def signup_form(data, owner, endless_game, make_game):
    base = {"username": "newcomer", "password1": PASSWORD, "password2": PASSWORD}
    return None, reverse("signup"), base, ["username", "password1", "password2"]


def login_form(data, owner, endless_game, make_game):
    base = {"username": "owner", "password": PASSWORD}
    return None, reverse("login"), base, ["username", "password", "next"]


FORMS = {
    "new game": new_game_form,
    "bids": bids_form,
    "tricks": tricks_form,
    "edit hand": edit_hand_form,
    "undo": undo_form,
    "rematch": rematch_form,
    "signup": signup_form,
    "login": login_form,
}
# Known troublemakers, each tried in every field of every form.
NASTY = [
    "9" * 5000,
    "\x00",
    "Ann\x00",
    "\u00b2",
    "\u0663",
    "-1",
    "",
    "1e309",
    "x" * 1000,
    "<b>",
    ["3", "4"],
]


@EXAMPLES
@given(data=st.data(), htmx=st.booleans())
@pytest.mark.parametrize("form", FORMS)
def test_garbage_posts(form, owner, endless_game, make_game, data, htmx):
    with rolled_back():
        user, url, base, fields = FORMS[form](data, owner, endless_game, make_game)
        run(user, url, data.draw(posts(base, fields)), htmx)


@pytest.mark.parametrize("form", FORMS)
def test_each_nasty_value_in_each_field(form, owner, endless_game, make_game):
    user, url, base, fields = FORMS[form](None, owner, endless_game, make_game)
    for index, (field, value) in enumerate(itertools.product(fields, NASTY)):
        try:
            run(user, url, {**base, field: value}, htmx=bool(index % 2))
        except BaseException as error:
            error.add_note(f"posting {field}={value!r:.40} to {url}")
            raise


@pytest.mark.parametrize(
    "path",
    [
        "/games/99999999999999999999999999/",
        "/games/99999999999999999999999999/bids/",
        "/games/99999999999999999999999999/tricks/",
        "/games/99999999999999999999999999/undo/",
        "/games/99999999999999999999999999/rematch/",
        "/games/{pk}/hands/99999999999999999999999999/edit/",
        "/games/{pk}/hands/0/edit/",
    ],
)
def test_huge_numbers_in_the_address_are_a_clear_no(owner, endless_game, path):
    game = endless_game(hands=[QUIET])
    client = signed_in(owner)
    before = snapshot()
    url = path.format(pk=game.pk)
    for response in (client.get(url), client.post(url, {"hand": "1", **BIDS})):
        assert response.status_code in (302, 404, 405, 409), url
    assert snapshot() == before


# --- game files: import and manage.py score -------------------------------------------------
VALID_FILE = {
    "format": "spades-game/1",
    "name": "Friday at Cat's",
    "rules": {"preset": "standard"},
    "players": ["Ann", "Ben", "Cat", "Dan"],
    "first_dealer": 0,
    "hands": [
        {"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]},
        {"bids": ["nil", 4, 5, 3], "tricks": [1, 4, 5, 3]},
        {"bids": [3, 3, 3, 3]},
    ],
}
JSON_LEAF = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(),
    TEXT,
    st.sampled_from(["nil", "blind_nil", "standard", "spades-game/1", 3, 13, 14, -1, 0]),
)
JSON = st.recursive(
    JSON_LEAF,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(TEXT, inner, max_size=5),
    max_leaves=25,
)


def paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*prefix, index))


@st.composite
def game_files(draw) -> bytes:
    """A real game file bent out of shape, or no game file at all."""
    kind = draw(st.sampled_from(["mutated", "mutated", "mutated", "json", "bytes", "nested"]))
    if kind == "bytes":
        return draw(st.binary(max_size=200))
    if kind == "json":
        return json.dumps(draw(JSON)).encode()
    if kind == "nested":
        depth = draw(st.integers(min_value=20, max_value=100_000))
        inner = "[" * depth + "]" * depth
        where = draw(st.sampled_from(["top", "extra", "bids"]))
        if where == "top":
            return inner.encode()
        data = copy.deepcopy(VALID_FILE)
        text = json.dumps({**data, "notes": "@@"} if where == "extra" else data)
        if where == "bids":
            text = text.replace("[4, 3, 3, 3]", "@@", 1)
        return text.replace('"@@"' if where == "extra" else "@@", inner, 1).encode()
    data = copy.deepcopy(VALID_FILE)
    for _ in range(draw(st.integers(min_value=0, max_value=4))):
        where = draw(st.sampled_from(list(paths(data))))
        if not where:
            data = draw(JSON) if draw(st.integers(0, 9)) == 0 else data
            continue
        *parent_path, last = where
        parent = data
        for step in parent_path:
            parent = parent[step]
        action = draw(st.sampled_from(["replace", "replace", "delete", "add", "add"]))
        if action == "replace":
            parent[last] = draw(JSON)
        elif action == "delete":
            del parent[last]
        elif isinstance(parent, dict):
            parent[draw(TEXT)] = draw(JSON)
        else:
            parent.append(draw(JSON))
        if not isinstance(data, (dict, list)):
            break
    text = json.dumps(data, ensure_ascii=draw(st.booleans()))
    return text.encode(
        draw(st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "latin-1"])), errors="replace"
    )


@EXAMPLES
@given(content=game_files(), htmx=st.booleans(), name=st.sampled_from(["game.json", "x", "é.txt"]))
def test_import_garbage(owner, content, htmx, name):
    upload = SimpleUploadedFile(name, content, content_type="application/json")
    outcome = run(owner, reverse("import_game"), {"file": upload}, htmx)
    if outcome == "changed":
        scoring.parse_game_file(content)  # only a file the engine accepts may become a game


@EXAMPLES
@given(data=st.data(), htmx=st.booleans())
def test_import_form_garbage(owner, data, htmx):
    """The file missing, sent as text, or beside other fields."""
    run(owner, reverse("import_game"), data.draw(posts({}, ["file"])), htmx)


def test_a_file_over_the_import_limit_is_refused_with_a_message(owner):
    content = json.dumps({**VALID_FILE, "notes": "x" * MAX_IMPORT_BYTES}).encode()
    upload = SimpleUploadedFile("big.json", content, content_type="application/json")
    assert run(owner, reverse("import_game"), {"file": upload}, False) == "refused"


def run_score(data: bytes) -> tuple[int, str, str]:
    """`manage.py score -` as the command line runs it: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    command = load_command_class("games", "score")
    command.stdout.__init__(out)
    command.stderr.__init__(err)
    stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    code = 0
    with mock.patch.object(sys, "stdin", stdin):
        try:
            command.run_from_argv(["manage.py", "score", "-"])
        except SystemExit as exit_:
            code = exit_.code
    return code, out.getvalue(), err.getvalue()


@EXAMPLES
@given(content=game_files())
@pytest.mark.django_db(False)
def test_score_command_garbage_exits_2_with_one_line(content):
    code, out, err = run_score(content)
    if code == 0:
        assert "teams" in json.loads(out)
        return
    assert code == 2
    assert out == ""
    assert err.endswith("\n"), repr(err)
    assert err.count("\n") == 1, repr(err)
    assert err.strip(), repr(err)
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "data",
    [
        {"hand": "1", **BIDS, "bid_0": "3" * (10 * 1024 * 1024)},
        {f"field_{i}": "1" for i in range(1000)},
    ],
    ids=["10 MB body", "1000 fields"],
)
@pytest.mark.parametrize("view", ["new_game", "post_bids", "import_game", "signup", "login"])
def test_oversized_posts_are_refused_and_change_nothing(owner, endless_game, view, data):
    game = endless_game()
    url = reverse(view, args=[game.pk]) if view == "post_bids" else reverse(view)
    client = signed_in(owner) if view not in ("signup", "login") else Client()
    before = snapshot()
    response = client.post(url, data)
    assert response.status_code == 400
    assert snapshot() == before


ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db(False)
@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b"[" * 100_000 + b"]" * 100_000, "nested more than 24 deep"),
        (
            json.dumps({**VALID_FILE, "notes": "x" * (10 * 1024 * 1024)}).encode(),
            "longer than anything a game file holds",
        ),
        (b"\xff\xfe\x00garbage", "not UTF-8"),
    ],
    ids=["deep nesting", "10 MB", "not text"],
)
def test_score_command_line_exits_2_with_one_line(content, says):
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "scorekeeper.settings"}
    env.setdefault("DJANGO_SECRET_KEY", "test-only-secret-key-for-the-command-tests-0123456789")
    done = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "score", "-"],
        input=content,
        capture_output=True,
        cwd=ROOT,
        env=env,
        timeout=60,
        check=False,
    )
    err = done.stderr.decode()
    assert done.returncode == 2, err
    assert done.stdout == b""
    assert err.count("\n") == 1, err
    assert says in err, err


# --- pages that read the address's query string ---------------------------------------------
SETTING_NAMES = [setting.name for setting in scoring.SETTINGS]


@EXAMPLES
@given(data=st.data(), htmx=st.booleans())
@pytest.mark.parametrize("page", ["compare", "games", "home"])
def test_query_string_garbage(page, owner, endless_game, data, htmx):
    """What-if and the history read their choice from the address; any address is answered."""
    game = endless_game(hands=[QUIET, QUIET])
    url = reverse(page, args=[game.pk]) if page == "compare" else reverse(page)
    fields = ["preset", "player", "state", "page", *SETTING_NAMES]
    query = data.draw(posts({}, fields))
    client = signed_in(owner)
    response = client.get(url, query, headers=HX if htmx else {})
    if page == "compare" and response.status_code == 302:
        # What if? drops the fields sent empty by one redirect to its short address, which
        # is then answered like any other.
        assert response["Location"].split("?")[0] == url
        response = client.get(response["Location"], headers=HX if htmx else {})
    assert response.status_code == 200
