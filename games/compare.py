"""What-if: the same recorded hands scored under other rules, side by side with the real game.

The other rules are a preset and single settings from the query string (`?preset=hoyle&
bag_limit=off`), so a comparison is a link that can be shared. The hands are rescored with
`strict=False`: they were bid under the game's own rules, so bidding limits are not checked, and
hands after the other rules' end of the game are counted rather than refused.
"""

from __future__ import annotations

from dataclasses import dataclass

from django import forms

from games import scoring
from games.forms import rule_field

OFF_WORDS = {"off", "none", "null", "no"}


class OptionalNumberField(forms.CharField):
    """A number, or "off" for a setting that can be switched off (null in the rules)."""

    def __init__(self, *, setting: scoring.Setting, **kwargs):
        self.setting = setting
        super().__init__(**kwargs)

    def to_python(self, value):
        text = super().to_python(value).strip()
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

    def __init__(self, *args, game_rules: scoring.Rules, players: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.game_rules = game_rules
        self.players = players
        self.fields["preset"].choices = [
            ("", "This game's own rules"),
            *((name, preset.title) for name, preset in scoring.PRESETS.items()),
        ]
        for setting in scoring.SETTINGS:
            self.fields[setting.name] = _setting_field(setting)

    def setting_groups(self):
        groups: dict[str, list] = {}
        for setting in scoring.SETTINGS:
            groups.setdefault(setting.group, []).append(self[setting.name])
        return list(groups.items())

    def changes_settings(self) -> bool:
        """Whether any single setting was given, so the form shows them open."""
        return self.is_bound and any(self.data.get(s.name) for s in scoring.SETTINGS)

    def overrides(self) -> dict:
        """The settings given; "" (or None outside an optional number) keeps the preset's."""
        values = {}
        for setting in scoring.SETTINGS:
            value = self.cleaned_data.get(setting.name)
            if value == "" or (value is None and setting.kind != "optional_int"):
                continue
            values[setting.name] = value
        return values

    def clean(self):
        cleaned = super().clean()
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


@dataclass(frozen=True)
class SideCompare:
    name: str
    score: int
    other_score: int
    winner: bool
    other_winner: bool


@dataclass(frozen=True)
class SideHandCompare:
    name: str
    side: scoring.SideHand
    other: scoring.SideHand

    @property
    def differs(self) -> bool:
        return self.side.points != self.other.points


@dataclass(frozen=True)
class HandCompare:
    number: int
    sides: tuple[SideHandCompare, ...]


@dataclass(frozen=True)
class RuleChange:
    setting: scoring.Setting
    game_words: str
    other_words: str


@dataclass(frozen=True)
class Comparison:
    result: scoring.GameResult
    other: scoring.GameResult
    sides: tuple[SideCompare, ...]
    hands: tuple[HandCompare, ...]  # the hands whose points differ
    changes: tuple[RuleChange, ...]

    @property
    def same_rules(self) -> bool:
        return not self.changes

    @property
    def winner_changes(self) -> bool:
        return (self.result.finished, self.result.winner) != (
            self.other.finished,
            self.other.winner,
        )

    @property
    def ends_sooner(self) -> bool:
        return self.other.unscored_hands > 0

    @property
    def still_going(self) -> bool:
        """The real game is over, but under the other rules it would go on."""
        return self.result.finished and not self.other.finished

    @property
    def winner_name(self) -> str | None:
        return _winner(self.result)

    @property
    def other_winner_name(self) -> str | None:
        return _winner(self.other)


def _winner(result: scoring.GameResult) -> str | None:
    return result.sides[result.winner].name if result.winner is not None else None


def compare(result: scoring.GameResult, other: scoring.GameResult) -> Comparison:
    """The two scorings of the same hands: totals, winners, and each hand that differs."""
    sides = tuple(
        SideCompare(
            name=side.name,
            score=side.score,
            other_score=other_side.score,
            winner=result.winner == index,
            other_winner=other.winner == index,
        )
        for index, (side, other_side) in enumerate(zip(result.sides, other.sides, strict=True))
    )
    hands = []
    for hand, other_hand in zip(result.hands, other.hands, strict=False):
        pairs = tuple(
            SideHandCompare(total.name, side, other_side)
            for total, side, other_side in zip(
                result.sides, hand.sides, other_hand.sides, strict=True
            )
        )
        if any(pair.differs for pair in pairs):
            hands.append(HandCompare(hand.number, pairs))
    changes = tuple(
        RuleChange(
            scoring.SETTINGS_BY_NAME[name],
            scoring.SETTINGS_BY_NAME[name].explain(getattr(result.rules, name)),
            scoring.SETTINGS_BY_NAME[name].explain(getattr(other.rules, name)),
        )
        for name in other.rules.differences(result.rules)
    )
    return Comparison(result, other, sides, tuple(hands), changes)
