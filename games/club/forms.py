"""The director's forms: a new event, a team's entry, a penalty."""

import csv
from collections.abc import Callable
from typing import Any

from django import forms
from django.core.files.uploadedfile import UploadedFile

from games import display, events, scoring
from games.club.models import Event
from games.events.entry import club_name_problem
from games.scoring.limits import MAX_GAME_NAME, MAX_PLAYER_NAME, MAX_PLAYER_NAME_CODE_POINTS

# The ranking orders a director chooses from, each a list of the events package's criteria.
RANKINGS = {
    "points": ["match_points", "point_difference", "points_for"],
    "wins": ["match_points", "wins", "point_difference", "points_for"],
    "buchholz": ["match_points", "buchholz", "point_difference", "points_for"],
    "head_to_head": ["match_points", "head_to_head", "point_difference", "points_for"],
    "bags": ["match_points", "point_difference", "fewest_bags", "points_for"],
    "total": ["points_for", "wins", "point_difference"],
}
# "The format's own" ranking: what each format's players expect, as the event file's default.
OWN_RANKING = {"progressive": "total", "most_wins": "wins"}


def ranking_words(criteria: list[str]) -> str:
    return ", then ".join(events.CRITERIA[name] for name in criteria)


# One name rule for the club, the game's: an event's name is a game's name
# (`scoring.game_name_problem`), a team's and a player's a player's (`player_name_problem`),
# with the game form's messages. A name the club keeps of a team or a player must also fit the
# columns it is kept in, 80 code points (EventTeam.name, and Seating.confirmed_by for the
# player who confirms a result; a progressive night's player is a team of one): 40 characters
# as a reader counts them, as for any player, with fewer joined emoji than a seat takes.
def reason_problem(reason: str) -> str | None:
    """A penalty's reason: one line by a game name's rule (Penalty.reason holds 200)."""
    if not reason.strip():
        return "the reason is empty"
    problem = scoring.game_name_problem(reason)
    return None if problem is None else problem.replace("the name", "the reason", 1)


def _name_check(value: str, problem_of: Callable[[str], str | None]) -> str:
    value = value.strip()
    problem = problem_of(value)
    if problem:
        raise forms.ValidationError(display.sentence(problem))
    return value


def _name_field(label: str, *, longest: int, most: int, **options: Any) -> forms.CharField:
    """A name's field: the rule (`_name_check`) counts characters as a reader does; the
    field only bounds the post (a browser's maxlength counts UTF-16 units, 2 a code point),
    with the game form's words past it."""
    return forms.CharField(
        label=label,
        max_length=2 * most,
        error_messages={"max_length": f"Keep the name to {longest} characters or fewer."},
        **options,
    )


def _club_name(label: str, **options: Any) -> forms.CharField:
    """A team's or a player's name: bounded as the game form's seats are, so that the rule,
    not the bound, speaks of a name of joined emoji too long for the club's columns."""
    return _name_field(label, longest=MAX_PLAYER_NAME, most=MAX_PLAYER_NAME_CODE_POINTS, **options)


class NewEventForm(forms.Form):
    name = _name_field("Event name", longest=MAX_GAME_NAME, most=MAX_GAME_NAME)
    preset = forms.ChoiceField(label="Game rules", help_text="What every table's game plays.")
    pairing = forms.ChoiceField(choices=Event.PAIRINGS, label="Format")
    rounds = forms.IntegerField(
        min_value=1,
        max_value=50,
        required=False,
        label="Rounds",
        help_text=(
            "Leave empty for the format's own count (Swiss: enough to find a winner; "
            "progressive: one a table). Most wins: the session's rounds, after which the "
            "playoff is paired next (or start it from the desk when the time is up)."
        ),
    )
    playoff = forms.IntegerField(
        min_value=2,
        max_value=64,
        required=False,
        initial=4,
        label="Teams in the playoff",
        help_text=(
            "Most wins only: the session's best teams by its standings play a single "
            "elimination, the best seed against the worst. Empty: 4."
        ),
    )
    round_minutes = forms.IntegerField(
        min_value=5,
        max_value=240,
        required=False,
        label="Minutes a round",
        help_text="The round's clock: at zero the time is called at every table. Empty: none.",
    )
    win = forms.IntegerField(min_value=0, max_value=100, initial=2, label="Points for a win")
    draw = forms.IntegerField(min_value=0, max_value=100, initial=1, label="Points for a draw")
    loss = forms.IntegerField(min_value=0, max_value=100, initial=0, label="Points for a loss")
    bye = forms.IntegerField(min_value=0, max_value=100, initial=2, label="Points for a bye")
    ranking = forms.ChoiceField(
        label="Standings rank by",
        choices=[
            ("own", "The format's own (progressive: each player's total; most wins: wins)"),
            *((key, ranking_words(value)) for key, value in RANKINGS.items()),
        ],
    )
    entries_until = forms.IntegerField(
        min_value=1,
        max_value=50,
        required=False,
        label="Late entries until round",
        help_text=(
            "The last round a late team may join: entries close once that round is paired, "
            "and a team entered before then plays from the next round paired. Empty: until the "
            "last round. Swiss and winners play winners only: a round robin and an elimination "
            "take teams only before round 1."
        ),
    )
    seeding = forms.ChoiceField(
        choices=Event.SEEDINGS,
        initial="standings",
        required=False,  # from the standings, as before the choice was offered
        label="Elimination seeding",
        help_text="How an elimination's bracket is drawn: seed 1 meets the last seed.",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        preset = self.fields["preset"]
        assert isinstance(preset, forms.ChoiceField)
        preset.choices = [
            (name, item.title)
            for name, item in scoring.PRESETS.items()
            if item.rules.players == 4 and item.rules.partnerships
        ]
        preset.initial = "tournament_10"

    def clean_name(self) -> str:
        return _name_check(self.cleaned_data["name"], scoring.game_name_problem)

    def rules(self) -> scoring.Rules:
        return scoring.get_preset(self.cleaned_data["preset"]).rules

    def criteria(self) -> list[str]:
        """The criteria chosen, the format's own resolved (match points first elsewhere)."""
        chosen = self.cleaned_data["ranking"]
        if chosen == "own":
            chosen = OWN_RANKING.get(self.cleaned_data["pairing"], "points")
        return RANKINGS[chosen]


class TeamForm(forms.Form):
    name = _club_name("Team name")
    first = _club_name("Player 1", help_text="Sits in seat 1 or 2.")
    second = _club_name("Player 2", help_text="Sits opposite.")

    def clean_name(self) -> str:
        return _name_check(self.cleaned_data["name"], club_name_problem)

    def clean_first(self) -> str:
        return _name_check(self.cleaned_data["first"], club_name_problem)

    def clean_second(self) -> str:
        return _name_check(self.cleaned_data["second"], club_name_problem)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        first, second = cleaned.get("first"), cleaned.get("second")
        if first and second and first.casefold() == second.casefold():
            self.add_error("second", "A team is two different players.")
        return cleaned


class SoloForm(forms.Form):
    name = _club_name(
        "Player without a partner", help_text="Waits to be drawn into a team at check-in."
    )

    def clean_name(self) -> str:
        return _name_check(self.cleaned_data["name"], club_name_problem)


class PlayerForm(forms.Form):
    """A progressive night's entry: one player, seated wherever the night's moves take them."""

    name = _club_name("Player's name")

    def clean_name(self) -> str:
        return _name_check(self.cleaned_data["name"], club_name_problem)


# A pasted list's size: the event's most teams (`services.MAX_TEAMS`: a longer list can never
# all enter; services import this module's neighbours, so the figure is repeated, and a test
# holds the two together), each a line of three names at their longest.
MAX_LIST_ENTRIES = 200
MAX_LIST_CHARS = MAX_LIST_ENTRIES * 3 * 100


class TeamsForm(forms.Form):
    """A list of teams pasted at once, one a line: "team, player, player" (commas or a
    spreadsheet's tabs, quotes allowed), or a team's three names on lines of their own with a
    blank line after each team. A progressive night's list is one player a line. Each name
    follows the single entry's rule; a line that doesn't is named, and nothing is entered."""

    teams = forms.CharField(
        max_length=MAX_LIST_CHARS,
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false"}),
        label="Teams, one a line",
        help_text="Team, player, player: Aces, Ann Lee, Art Moe",
    )

    def __init__(self, *args: Any, individual: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.individual = individual
        self.lines: list[int] = []  # the line each entry starts on, once cleaned
        if individual:
            field = self.fields["teams"]
            field.label = "Players, one a line"
            field.help_text = "Each player's name on a line of its own."

    def clean_teams(self) -> list[tuple[str, list[str]]]:
        text = self.cleaned_data["teams"]
        entries = players_list(text) if self.individual else teams_list(text)
        if not entries:
            raise forms.ValidationError("The list is empty.")
        if len(entries) > MAX_LIST_ENTRIES:
            raise forms.ValidationError(f"A list takes at most {MAX_LIST_ENTRIES} entries.")
        self.lines = [line for line, _, _ in entries]
        return [(name, players) for _, name, players in entries]

    def line_of(self, index: int) -> int:
        """The line of the list the entry at `index` (from 0) starts on."""
        return self.lines[index]


def _line_problem(line: int, problem: str) -> forms.ValidationError:
    return forms.ValidationError(f"Line {line}: {problem}")


def _named(line: int, value: str, whose: str) -> str:
    """A name of the list, checked by the single entry's rule (`club_name_problem`)."""
    value = value.strip()
    problem = club_name_problem(value)
    if problem:
        raise _line_problem(line, problem.replace("the name", f"{whose} name", 1) + ".")
    return value


def _fields(text: str) -> list[str]:
    """One line's names: separated by tabs (a spreadsheet's cells) or commas, quotes allowed."""
    delimiter = "\t" if "\t" in text else ","
    try:
        row = next(csv.reader([text], delimiter=delimiter, skipinitialspace=True), [])
    except csv.Error:
        return [text]
    fields = [field.strip() for field in row]
    while len(fields) > 1 and not fields[-1]:  # a trailing comma, a spreadsheet's empty cells
        fields.pop()
    return fields


def teams_list(text: str) -> list[tuple[int, str, list[str]]]:
    """The teams of a pasted list, each with the line it starts on; ValidationError naming
    the first line that isn't a team."""
    shape = "a team is its name and its two players: Aces, Ann Lee, Art Moe"
    found: list[tuple[int, str, list[str]]] = []
    block: list[tuple[int, str]] = []  # a team's names on lines of their own

    def close_block() -> None:
        if not block:
            return
        if len(block) != 3:
            raise _line_problem(
                block[0][0],
                f"{shape} (or its three names on lines of their own, a blank line after).",
            )
        found.append(_team(block[0][0], [name for _, name in block]))
        block.clear()

    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            close_block()
            continue
        fields = _fields(raw)
        if len(fields) == 1:
            block.append((number, fields[0]))
            if len(block) > 3:
                raise _line_problem(block[0][0], f"{shape} (a blank line after each team).")
            continue
        close_block()
        if len(fields) != 3:
            raise _line_problem(number, f"{shape} ({len(fields)} names found).")
        found.append(_team(number, fields))
    close_block()
    return found


def _team(line: int, fields: list[str]) -> tuple[int, str, list[str]]:
    name = _named(line, fields[0], "the team's")
    first = _named(line, fields[1], "the first player's")
    second = _named(line, fields[2], "the second player's")
    if first.casefold() == second.casefold():
        raise _line_problem(line, "a team is two different players.")
    return (line, name, [first, second])


def players_list(text: str) -> list[tuple[int, str, list[str]]]:
    """A progressive night's pasted players, one a line, each with its line."""
    found = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if raw.strip():
            name = _named(number, raw, "the player's")
            found.append((number, name, [name]))
    return found


class PenaltyForm(forms.Form):
    KINDS = [
        ("points", "Points off the team's score in that game"),
        ("tricks", "Tricks of one hand given to the opponents (a renege)"),
        ("forfeit", "The team forfeits the game"),
    ]
    kind = forms.ChoiceField(
        choices=KINDS,
        initial="points",
        required=False,  # points, as the desk's form asked before it offered the others
        widget=forms.RadioSelect,
        label="Penalty",
        help_text=(
            "For a renege, the trick-taking rule books move tricks to the other side (three, "
            "in the whist laws of J. B. Elwell's Bridge Axioms and Laws); the game is scored "
            "again with them moved. They come from the partner who bid a number before a nil "
            "bidder, and a failed nil keeps its first trick."
        ),
    )
    round = forms.IntegerField(min_value=1, label="Round")
    table = forms.IntegerField(min_value=1, label="Table")
    team = forms.TypedChoiceField(coerce=int, label="Team")
    points = forms.IntegerField(min_value=0, max_value=10_000, required=False, label="Points off")
    hand = forms.IntegerField(
        min_value=1, max_value=10_000, required=False, label="Hand", help_text="Its number."
    )
    tricks = forms.IntegerField(
        min_value=1, max_value=13, required=False, label="Tricks to the opponents"
    )
    reason = forms.CharField(
        max_length=2 * MAX_GAME_NAME,
        label="Reason",
        error_messages={"max_length": f"Keep the reason to {MAX_GAME_NAME} characters or fewer."},
    )

    def clean_reason(self) -> str:
        return _name_check(self.cleaned_data["reason"], reason_problem)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        kind = cleaned.get("kind") or "points"
        cleaned["kind"] = kind
        if kind == "tricks":
            for name in ("hand", "tricks"):
                if cleaned.get(name) is None and name not in self.errors:
                    self.add_error(name, "A penalty of tricks names the hand and its tricks.")
        elif kind == "points" and not cleaned.get("points") and "points" not in self.errors:
            self.add_error("points", "Give the points the penalty costs.")
        return cleaned

    def __init__(self, *args: Any, teams: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        team = self.fields["team"]
        assert isinstance(team, forms.TypedChoiceField)
        team.choices = teams


class ConfirmForm(forms.Form):
    """The other side confirms a table's result: a player picks their own name from that
    side's players (`reads.confirmers`), never a typed one."""

    name = forms.ChoiceField(
        label="Who confirms?",
        widget=forms.RadioSelect,
        error_messages={
            "required": "Pick your name: a player of the other side confirms the result.",
            "invalid_choice": "Only a player of the other side can confirm the result.",
        },
    )

    def __init__(self, *args: Any, players: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["name"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [(name, name) for name in players]


class EventFileForm(forms.Form):
    file = forms.FileField(
        label="Event file", help_text="A spades-event/1 file, as Export writes it."
    )

    def clean_file(self) -> "UploadedFile[bytes]":
        """A file larger than the largest event there can be is refused before it is read
        (`too_large` says so, for a 413); the rest is read as a stream by the import."""
        upload: UploadedFile[bytes] = self.cleaned_data["file"]
        if (upload.size or 0) > events.MAX_EVENT_BYTES:  # an upload always has its size
            raise forms.ValidationError(
                f"The file is too large for an event (more than "
                f"{events.MAX_EVENT_BYTES // 1_000_000} MB).",
                code="too_large",
            )
        return upload

    @property
    def too_large(self) -> bool:
        return self.has_error("file", "too_large")
