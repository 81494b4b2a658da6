"""The what-if form: other rules for a game, as a preset and single settings in the address."""

from typing import Any

from django import forms

from games import scoring
from games.forms.new_game import OFF, rule_field

OFF_WORDS = {"off", "none", "null", "no"}
FORM_ID = "compare-form"


class OptionalNumberField(forms.Field):
    """A number, or "off" for a setting that can be switched off (null in the rules)."""

    def __init__(self, *, setting: scoring.Setting, **kwargs: Any) -> None:
        self.setting = setting
        super().__init__(**kwargs)

    # Text in, a number (or None for "off", "" for nothing typed) out.
    def to_python(self, value: Any) -> int | str | None:
        text = "" if value in self.empty_values else str(value).strip()
        if text == "":
            return ""
        if text.lower() in OFF_WORDS:
            return None
        try:
            return int(text)
        except ValueError:
            raise forms.ValidationError(
                f"Enter a whole number, or “off” ({self.setting.off_text.lower()})."
            ) from None


def _setting_field(setting: scoring.Setting) -> forms.Field:
    """The new-game form's field, but "off" typed for a setting that can be switched off, so
    the address of a comparison stays readable (`?bag_limit=off`)."""
    if setting.kind != "optional_int":
        return rule_field(setting)
    return OptionalNumberField(
        setting=setting,
        label=setting.label,
        help_text=f"{setting.meaning} A number, or “off”.",
        required=False,
    )


class CompareForm(forms.Form):
    """Other rules for a game: a preset to start from and any single settings changed."""

    preset = forms.ChoiceField(
        required=False,
        label="Start from",
        help_text="A preset, or this game's own rules; then change any setting below.",
    )

    def __init__(self, *args: Any, game_rules: scoring.Rules, players: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game_rules = game_rules
        self.players = players
        presets = self.fields["preset"]
        assert isinstance(presets, forms.ChoiceField)
        presets.choices = [
            ("", "This game's own rules"),
            *((name, preset.title) for name, preset in scoring.PRESETS.items()),
        ]
        for setting in scoring.SETTINGS:
            self.fields[setting.name] = _setting_field(setting)
            # Drawn under the outcome, away from the preset's control at the top of the page,
            # but sent with it: one form, one address.
            self.fields[setting.name].widget.attrs["form"] = FORM_ID

    def setting_groups(self) -> list[tuple[str, list[forms.BoundField]]]:
        groups: dict[str, list[forms.BoundField]] = {}
        for setting in scoring.SETTINGS:
            groups.setdefault(setting.group, []).append(self[setting.name])
        return list(groups.items())

    def changes_settings(self) -> bool:
        """Whether any single setting was given, so the form shows them open."""
        return self.is_bound and any(self.data.get(s.name) for s in scoring.SETTINGS)

    def overrides(self) -> dict[str, Any]:
        """The settings given; "" (or None outside an optional number) keeps the preset's."""
        values: dict[str, Any] = {}
        for setting in scoring.SETTINGS:
            value = self.cleaned_data.get(setting.name)
            if value == "" or (value is None and setting.kind != "optional_int"):
                continue
            if setting.kind == "choice" and value == OFF:
                value = None  # a choice whose null is offered as "off" (ties)
            values[setting.name] = value
        return values

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        if self.errors:
            return cleaned
        overrides = self.overrides()
        for name, value in overrides.items():
            problem = scoring.SETTINGS_BY_NAME[name].check(value)
            if problem:
                self.add_error(name, f"{problem[:1].upper()}{problem[1:]}.")
        if self.errors:
            return cleaned
        preset = cleaned.get("preset") or ""
        base = {"preset": preset} if preset else self.game_rules.to_dict()
        try:
            rules = scoring.Rules.from_dict({**base, **overrides})
        except scoring.RulesError as error:
            field = error.setting if error.setting in self.fields else None
            self.add_error(field, f"{error.problem[:1].upper()}{error.problem[1:]}.")
            return cleaned
        if rules.players != self.players:
            field = "players" if "players" in overrides else "preset"
            source = "These rules are" if field == "players" else "That preset is"
            self.add_error(
                field,
                f"{source} for {rules.players} players, but this game was played by "
                f"{self.players}: its hands can't be scored that way. Choose rules for "
                f"{self.players} players.",
            )
            return cleaned
        if rules.sides != self.game_rules.sides:
            field = "partnerships" if "partnerships" in overrides else "preset"
            played = "in partnerships" if self.game_rules.partnerships else "with no partners"
            self.add_error(
                field,
                f"This game was played {played}, so its hands can't be scored with the sides "
                "these rules make. Choose rules with the same sides.",
            )
            return cleaned
        cleaned["rules"] = rules
        return cleaned
