"""What if? for a card game: other rules as a preset and single settings, in the address.

The form is sent by GET so a comparison is a link to share (`?preset=oh_hell_every_trick`,
`?failure=shortfall`, `?max_cards=off`). Each setting is named as in a card-game/1 file; left
empty it stays as it was. A preset sets the values it names; the game's other settings (its
schedule, most cards, the hook) stay as the table played them, unless changed here too.
"""

from __future__ import annotations

from typing import Any

from django import forms

from games.cards.models import CardsGame
from games.scoring import card_games
from games.scoring.card_games import CardGame, CardSetting, GameRules
from games.scoring.gamefile import JSONValue

FORM_ID = "compare-form"
UNCHANGED = ("", "Unchanged")
OFF_WORDS = {"off", "none", "null", "no"}


class NumberOrOffField(forms.CharField):
    """A whole number, or "off" for a setting that can be switched off (null in the rules);
    nothing typed keeps the setting as it was."""

    def __init__(self, *, setting: CardSetting, **kwargs: Any) -> None:
        self.setting = setting
        super().__init__(**kwargs)
        self.widget.attrs.update({"inputmode": "numeric", "autocomplete": "off"})

    def clean(self, value: Any) -> Any:
        text = str(super().clean(value)).strip()
        if text == "":
            return ""
        if text.casefold() in OFF_WORDS:
            return None
        digits = text.removeprefix("-")
        if not (digits.isascii() and digits.isdigit()) or len(text) > 6:
            raise forms.ValidationError(
                f"Enter a whole number, or “off” ({self.setting.off_text[:1].lower()}"
                f"{self.setting.off_text[1:]})."
            )
        return int(text)


def setting_field(setting: CardSetting, value: JSONValue) -> forms.Field:
    """A setting's field; `value` is the game's own, said in the help."""
    common: dict[str, Any] = {
        "label": setting.label,
        "help_text": f"{setting.meaning} This game: {setting.explain(value)}.",
        "required": False,
    }
    if setting.kind == "bool":
        choices = [UNCHANGED, ("true", setting.value_text), ("false", setting.off_text)]
        return forms.ChoiceField(choices=choices, **common)
    if setting.kind in ("choice", "tenths"):
        options = [(str(choice), words) for choice, words in setting.choices]
        return forms.ChoiceField(choices=[UNCHANGED, *options], **common)
    if setting.kind == "optional_int":
        common["help_text"] = f"{setting.meaning} A number, or “off”. This game: " + (
            f"{setting.explain(value)}."
        )
        return NumberOrOffField(setting=setting, max_length=12, **common)
    return forms.IntegerField(min_value=setting.minimum, max_value=setting.maximum, **common)


def typed(setting: CardSetting, value: Any) -> JSONValue:
    """A cleaned field's value as the rules take it."""
    if setting.kind == "bool":
        return value == "true"
    if setting.kind == "tenths":
        return float(value)
    return value


class CardsCompareForm(forms.Form):
    """Other rules for a card game: a preset to start from and any single settings changed."""

    preset = forms.ChoiceField(
        required=False,
        label="Score the hands as",
        help_text="A preset, or this game's own rules; then change any setting below.",
    )

    def __init__(self, *args: Any, game: CardsGame, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.kind: CardGame = game.kind
        self.game_rules: GameRules = game.rules_obj()
        self.players = len(game.players)
        self.game_preset = game.preset.name
        presets = self.fields["preset"]
        assert isinstance(presets, forms.ChoiceField)
        presets.choices = [
            ("", "This game's own rules"),
            *((name, preset.title) for name, preset in self.kind.presets.items()),
        ]
        for setting in self.kind.settings:
            field = setting_field(setting, getattr(self.game_rules, setting.name))
            # Drawn lower on the page than the preset's control, but sent with it.
            field.widget.attrs["form"] = FORM_ID
            self.fields[setting.name] = field

    def setting_fields(self) -> list[forms.BoundField]:
        return [self[setting.name] for setting in self.kind.settings]

    def changes_settings(self) -> bool:
        """Whether any single setting was given, so the form shows them open."""
        return self.is_bound and any(self.data.get(s.name) for s in self.kind.settings)

    def overrides(self) -> dict[str, JSONValue]:
        values: dict[str, JSONValue] = {}
        for setting in self.kind.settings:
            value = self.cleaned_data.get(setting.name)
            if value == "" or (value is None and setting.kind != "optional_int"):
                continue
            values[setting.name] = typed(setting, value)
        return values

    def spec(self) -> dict[str, JSONValue]:
        """The other rules as a file's "rules": the preset chosen (or the game's own), the
        game's values for every setting the preset doesn't name, then the settings given."""
        values = self.kind.values(self.game_rules)
        name = self.cleaned_data.get("preset") or ""
        if not name:
            return {"preset": self.game_preset, **values, **self.overrides()}
        named = self.kind.presets[name].values
        kept = {key: value for key, value in values.items() if key not in named}
        return {"preset": name, **kept, **self.overrides()}

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        if self.errors:
            return cleaned
        try:
            rules = self.kind.rules(self.spec())
        except card_games.CardGameError as error:
            self.refuse(str(error))
            return cleaned
        problem = self.kind.check_players(rules, self.players)
        if problem:
            self.refuse(problem)
            return cleaned
        cleaned["rules"] = rules
        return cleaned

    def refuse(self, message: str) -> None:
        """ "rules.bid_min: the lowest call ..." next to its setting, as a sentence."""
        where, _, problem = message.partition(": ")
        name = where.removeprefix("rules.")
        field = name if name in self.fields and name != "preset" else None
        self.add_error(field, f"{problem[:1].upper()}{problem[1:]}.")
