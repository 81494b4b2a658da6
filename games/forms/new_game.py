"""The new-game form: names by seat, a preset, any house rule changed, who deals first."""

from typing import Any

from django import forms

from games import display, scoring
from games.scoring.limits import (
    MAX_GAME_NAME,
    MAX_PLAYER_NAME,
    MAX_PLAYER_NAME_CODE_POINTS,
    MAX_SEATS,
)


class GameNameForm(forms.Form):
    """The optional name of a new game, of any kind: the game file's name rule."""

    name = forms.CharField(
        # The rule is game_name_problem's, the game file's too; this only bounds the post.
        max_length=2 * MAX_GAME_NAME,
        widget=forms.TextInput({"maxlength": 2 * MAX_GAME_NAME}),
        required=False,
        label="Name of the game",
        help_text="Optional, e.g. “Friday at Cat's”.",
        error_messages={"max_length": f"Keep the name to {MAX_GAME_NAME} characters or fewer."},
    )

    def clean_name(self) -> str:
        name: str = self.cleaned_data["name"]
        problem = scoring.game_name_problem(name)
        if problem:
            raise forms.ValidationError(display.sentence(problem))
        return name.strip()


class NewGameForm(GameNameForm):
    """A new table: names, a preset, any house rules changed, and who deals first."""

    preset = forms.ChoiceField(label="Rules", help_text="A starting set; change any rule below.")
    first_dealer = forms.TypedChoiceField(
        label="Who deals first",
        coerce=int,
        choices=[(str(seat), f"Seat {seat + 1}") for seat in range(MAX_SEATS)],
        initial="0",
    )

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        presets = self.fields["preset"]
        assert isinstance(presets, forms.ChoiceField)
        presets.choices = [(name, f"{preset.title}") for name, preset in scoring.PRESETS.items()]
        presets.initial = "standard"
        for seat in range(MAX_SEATS):
            self.fields[f"player_{seat}"] = player_field(
                f"Seat {seat + 1}", required=seat < 2, help_text=seat_hint(seat)
            )
        for setting in scoring.SETTINGS:
            self.fields[f"rule_{setting.name}"] = rule_field(setting)

    def player_fields(self) -> list[forms.BoundField]:
        return [self[f"player_{seat}"] for seat in range(MAX_SEATS)]

    def rule_groups(self) -> list[tuple[str, list[tuple[scoring.Setting, forms.BoundField]]]]:
        groups: dict[str, list[tuple[scoring.Setting, forms.BoundField]]] = {}
        for setting in scoring.SETTINGS:
            groups.setdefault(setting.group, []).append((setting, self[f"rule_{setting.name}"]))
        return list(groups.items())

    def field_for_setting(self, setting: str | None) -> str | None:
        """Where a rules problem shows: next to the setting, the preset, or atop the form."""
        if setting == "preset":
            return "preset"
        field = f"rule_{setting}"
        return field if field in self.fields else None

    def overrides(self) -> dict[str, Any]:
        values: dict[str, Any] = {}
        for setting in scoring.SETTINGS:
            value = self.cleaned_data.get(f"rule_{setting.name}")
            if value is not None and value != "":
                values[setting.name] = None if value == OFF else value
        return values

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        if self.errors:
            return cleaned
        try:
            rules = scoring.Rules.from_dict({"preset": cleaned["preset"], **self.overrides()})
        except scoring.RulesError as error:
            self.add_error(self.field_for_setting(error.setting), error.problem)
            return cleaned
        names = [cleaned.get(f"player_{seat}", "").strip() for seat in range(MAX_SEATS)]
        while names and not names[-1]:
            names.pop()
        if "" in names:
            self.add_error(
                f"player_{names.index('')}", "Enter a name, or leave the last seats empty."
            )
            return cleaned
        if len(names) != rules.players:
            # Name the first seat that is missing, or the first one too many.
            seat = min(len(names), rules.players)
            given = "1 name was" if len(names) == 1 else f"{len(names)} names were"
            message = f"These rules are for {rules.players} players, but {given} given"
            fitting = rules_for_players(len(names))
            if fitting:
                message += f": for {len(names)} players choose the rules “{fitting}”"
            self.add_error(f"player_{seat}", f"{message}.")
            return cleaned
        wrong = names_problem(names)
        if wrong is not None:
            self.add_error(f"player_{wrong[0]}", wrong[1])
            return cleaned
        if cleaned["first_dealer"] >= rules.players:
            self.add_error("first_dealer", f"Choose one of the {rules.players} seats.")
            return cleaned
        cleaned["rules"] = rules
        cleaned["players"] = names
        return cleaned


def player_field(label: str, *, required: bool, help_text: str) -> forms.CharField:
    """A player's name field, for every game. The rule counts characters as a reader does
    (`names_problem`); this only bounds the post. A browser's maxlength counts UTF-16 units:
    2 a code point."""
    return forms.CharField(
        label=label,
        max_length=2 * MAX_PLAYER_NAME_CODE_POINTS,
        widget=forms.TextInput({"maxlength": 2 * MAX_PLAYER_NAME_CODE_POINTS}),
        required=required,
        error_messages={
            "required": "Enter a name.",
            "max_length": f"Keep the name to {MAX_PLAYER_NAME} characters or fewer.",
        },
        help_text=help_text,
    )


def names_problem(names: list[str]) -> tuple[int, str] | None:
    """The first player whose name breaks the name rule or repeats another's, and why: the
    same rule for every game's players."""
    for seat, name in enumerate(names):
        problem = scoring.player_name_problem(name)
        if problem:
            return seat, display.sentence(problem)
    repeated = scoring.duplicate_name(names)
    if repeated is not None:
        return repeated, "Two players can't share a name at one table."
    return None


def rules_for_players(count: int) -> str | None:
    """The title of the first preset for `count` players (the default is for four)."""
    for preset in scoring.PRESETS.values():
        if count != 4 and preset.overrides.get("players") == count:
            return preset.title
    return None


def seat_hint(seat: int) -> str:
    """What a seat's field says: partners opposite under the default rules, which are for four
    players; fewer players need rules for that many, named here as the preset list names them."""
    if seat == 0:
        return "Partners sit opposite: seats 1 and 3 play seats 2 and 4."
    if seat == 2:
        return f"For 2 players leave seats 3 and 4 empty and choose “{rules_for_players(2)}”."
    if seat == 3:
        return f"For 3 players leave seat 4 empty and choose “{rules_for_players(3)}”."
    return ""


OFF = "off"


def rule_field(setting: scoring.Setting) -> forms.Field:
    """A house-rule override; left empty, the preset's value stands."""
    common: dict[str, Any] = {
        "label": setting.label,
        "help_text": setting.meaning,
        "required": False,
    }
    as_preset = ("", "As the preset says")
    if setting.kind == "bool":
        return forms.TypedChoiceField(
            choices=[as_preset, ("true", setting.value_text), ("false", setting.off_text)],
            coerce=lambda v: v == "true",
            empty_value=None,
            **common,
        )
    if setting.kind == "choice":
        # A choice of null (today's reading, for ties) is "off" in a form, as for numbers.
        choices = [(OFF if value is None else value, words) for value, words in setting.choices]
        return forms.ChoiceField(choices=[as_preset, *choices], **common)
    if setting.kind == "optional_int":
        return OptionalIntField(
            off_text=setting.off_text,
            min_value=setting.minimum,
            max_value=setting.maximum,
            **common,
        )
    return forms.IntegerField(min_value=setting.minimum, max_value=setting.maximum, **common)


class OptionalIntField(forms.MultiValueField):
    """A number, or 'off' (null in the rules), or nothing to keep the preset's value."""

    def __init__(
        self, *, off_text: str, min_value: int | None, max_value: int | None, **kwargs: Any
    ) -> None:
        fields = (
            forms.IntegerField(min_value=min_value, max_value=max_value, required=False),
            forms.BooleanField(required=False),
        )
        super().__init__(fields, require_all_fields=False, **kwargs)
        self.widget = OptionalIntWidget(off_text)

    def compress(self, data_list: list[Any]) -> int | str | None:
        if not data_list:
            return None
        number: int | None
        off: bool
        number, off = data_list
        if off:
            return OFF
        return number


class OptionalIntWidget(forms.MultiWidget):
    template_name = "widgets/optional_int.html"

    def __init__(self, off_text: str) -> None:
        self.off_text = off_text
        super().__init__([forms.NumberInput(attrs={"inputmode": "numeric"}), forms.CheckboxInput()])

    def decompress(self, value: Any) -> list[Any]:
        if value == OFF:
            return [None, True]
        return [value, False]

    def id_for_label(self, id_: str) -> str:
        # The field's label names the number box; the checkbox carries its own label.
        return f"{id_}_0" if id_ else ""

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        context["widget"]["off_text"] = self.off_text
        return context
