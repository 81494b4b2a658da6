"""The card table's forms: a new game, a hand's bids, its tricks, and a correction."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms

from games import display
from games.forms.new_game import (
    OFF,
    GameNameForm,
    OptionalIntField,
    names_problem,
    player_field,
)
from games.forms.table import KeyPad, Keys, Pad
from games.scoring import card_games
from games.scoring.card_games.table import Step


def setting_field(setting: card_games.CardSetting) -> forms.Field:
    """A house rule; left on "As the preset says", the preset's value stands."""
    common: dict[str, Any] = {"label": setting.label, "help_text": setting.meaning}
    as_preset = ("", "As the preset says")
    if setting.kind == "bool":
        return forms.TypedChoiceField(
            choices=[as_preset, ("true", setting.value_text), ("false", setting.off_text)],
            coerce=lambda value: value == "true",
            empty_value=None,
            required=False,
            **common,
        )
    if setting.kind in ("choice", "tenths"):
        choices = [(str(value), words) for value, words in setting.choices]
        return forms.ChoiceField(choices=[as_preset, *choices], required=False, **common)
    if setting.kind == "optional_int":
        return OptionalIntField(
            off_text=setting.off_text,
            min_value=setting.minimum,
            max_value=setting.maximum,
            required=False,
            **common,
        )
    return forms.IntegerField(
        min_value=setting.minimum, max_value=setting.maximum, required=False, **common
    )


class NewCardGameForm(GameNameForm):
    """A new game of one kind: the players in order of play (the first deals first), a preset
    and any house rule changed."""

    preset = forms.ChoiceField(label="Scoring", help_text="A starting set; change any rule below.")

    def __init__(self, *args: Any, kind: card_games.CardGame, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.kind = kind
        preset = self.fields["preset"]
        assert isinstance(preset, forms.ChoiceField)
        preset.choices = [(name, found.title) for name, found in kind.presets.items()]
        preset.initial = kind.default_preset
        if len(kind.presets) == 1:
            preset.help_text = "Change any rule below."
        for seat in range(kind.max_players):
            self.fields[f"player_{seat}"] = player_field(
                f"Player {seat + 1}",
                required=seat < kind.min_players,
                help_text="Deals the first hand." if seat == 0 else "",
            )
        for setting in kind.settings:
            self.fields[f"rule_{setting.name}"] = setting_field(setting)

    def player_fields(self) -> list[forms.BoundField]:
        return [self[f"player_{seat}"] for seat in range(self.kind.max_players)]

    def rule_fields(self) -> list[forms.BoundField]:
        return [self[f"rule_{setting.name}"] for setting in self.kind.settings]

    def spec(self) -> dict[str, Any]:
        """The rules as a card-game/1 file writes them: the preset and what was changed."""
        spec: dict[str, Any] = {"preset": self.cleaned_data["preset"]}
        by_name = self.kind.settings_by_name
        for setting in self.kind.settings:
            value = self.cleaned_data.get(f"rule_{setting.name}")
            if value is None or value == "":
                continue
            if value == OFF:
                value = None
            elif by_name[setting.name].kind == "tenths":
                value = float(value)
            spec[setting.name] = value
        return spec

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        if self.errors:
            return cleaned
        kind = self.kind
        names = [cleaned.get(f"player_{seat}", "").strip() for seat in range(kind.max_players)]
        while names and not names[-1]:
            names.pop()
        if "" in names:
            self.add_error(
                f"player_{names.index('')}", "Enter a name, or leave the last places empty."
            )
            return cleaned
        wrong = names_problem(names)
        if wrong is not None:
            self.add_error(f"player_{wrong[0]}", wrong[1])
            return cleaned
        spec = self.spec()
        try:
            rules = kind.rules(spec)
        except card_games.CardGameError as error:
            self.add_error(self._field_of(error), display.sentence(_after_colon(str(error))))
            return cleaned
        problem = kind.check_players(rules, len(names))
        if problem:
            self.add_error("rule_max_cards", display.sentence(_after_colon(problem)))
            return cleaned
        cleaned["players"] = names
        cleaned["rules"] = spec
        return cleaned

    def _field_of(self, error: card_games.CardGameError) -> str | None:
        setting = str(error).split(":", 1)[0].removeprefix("rules.")
        if setting == "preset":
            return "preset"
        return f"rule_{setting}" if f"rule_{setting}" in self.fields else None


def _after_colon(message: str) -> str:
    """ "rules.bid_min: the lowest ..." as the field shows it, next to the setting."""
    return message.split(": ", 1)[1] if ": " in message else message


def number_keys(low: int, high: int) -> Keys:
    return Keys(tuple((str(value), str(value)) for value in range(low, high + 1)))


class StepForm(forms.Form):
    """One step of a hand: a pad of keys for each player, in the order the table plays."""

    what = "bid"

    def __init__(
        self, *args: Any, step: Step, players: Sequence[str], low: int, high: int, **kw: Any
    ) -> None:
        super().__init__(*args, **kw)
        self.step = step
        self.players = players
        verb = "bid" if self.what == "bid" else "took"
        for seat in step.order:
            name = players[seat]
            self.fields[f"{self.what}_{seat}"] = forms.TypedChoiceField(
                label=f"{name} {verb}",
                coerce=int,
                choices=number_keys(low, high),
                widget=KeyPad(),
                error_messages={
                    "required": f"Choose what {name} {verb}.",
                    "invalid_choice": f"Choose what {name} {verb} from the keys.",
                },
            )

    def pads(self) -> list[Pad]:
        step = self.step
        pads = []
        for seat in step.order:
            who = self.players[seat]
            if self.what == "tricks":
                who = f"{who} (bid {step.bids[seat]})"
            elif seat == step.dealer:
                who = f"{who} (deals)"
            pads.append(Pad(self[f"{self.what}_{seat}"], who))
        return pads

    def values(self) -> list[int]:
        return [self.cleaned_data[f"{self.what}_{seat}"] for seat in range(len(self.players))]

    def show_problems(self, problems: dict[int | None, str]) -> None:
        for seat, message in problems.items():
            self.add_error(None if seat is None else f"{self.what}_{seat}", message)


class CardBidsForm(StepForm):
    what = "bid"

    def __init__(self, *args: Any, step: Step, players: Sequence[str], **kw: Any) -> None:
        super().__init__(
            *args, step=step, players=players, low=step.bid_low, high=step.bid_high, **kw
        )


class CardTricksForm(StepForm):
    what = "tricks"

    def __init__(self, *args: Any, step: Step, players: Sequence[str], **kw: Any) -> None:
        super().__init__(*args, step=step, players=players, low=0, high=step.cards, **kw)


class CorrectionForm(forms.Form):
    """A recorded hand's bids, and its tricks once played, put right."""

    def __init__(
        self, *args: Any, step: Step, players: Sequence[str], played: bool, **kw: Any
    ) -> None:
        super().__init__(*args, **kw)
        self.step = step
        self.players = players
        self.played = played
        for seat in step.order:
            name = players[seat]
            self.fields[f"bid_{seat}"] = forms.TypedChoiceField(
                label=f"{name} bid",
                coerce=int,
                choices=number_keys(step.bid_low, step.bid_high),
                widget=KeyPad(),
                error_messages={"required": f"Choose what {name} bid."},
            )
            if played:
                self.fields[f"tricks_{seat}"] = forms.TypedChoiceField(
                    label=f"{name} took",
                    coerce=int,
                    choices=number_keys(0, step.cards),
                    widget=KeyPad(),
                    error_messages={"required": f"Choose what {name} took."},
                )

    def rows(self) -> list[tuple[str, forms.BoundField, forms.BoundField | None]]:
        return [
            (
                self.players[seat],
                self[f"bid_{seat}"],
                self[f"tricks_{seat}"] if self.played else None,
            )
            for seat in self.step.order
        ]

    def bids(self) -> list[int]:
        return [self.cleaned_data[f"bid_{seat}"] for seat in range(len(self.players))]

    def tricks(self) -> list[int] | None:
        if not self.played:
            return None
        return [self.cleaned_data[f"tricks_{seat}"] for seat in range(len(self.players))]

    def show_problems(self, problems: dict[int | None, str]) -> None:
        for seat, message in problems.items():
            field = None
            if seat is not None:
                field = f"bid_{seat}" if "bid" in message else f"tricks_{seat}"
            self.add_error(field, message)
