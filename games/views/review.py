"""Looking back at games: the rules card, the rules reference, what-if and player statistics."""

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from django.contrib.auth.decorators import login_required
from django.http import HttpResponseRedirect
from django.template.response import TemplateResponse
from django.views.decorators.http import require_safe

from games import compare as what_if
from games import scoring, stats
from games.forms.compare import CompareForm
from games.scoring.card_games import GAMES
from games.scoring.sources import (
    CARD_NOT_SETTINGS,
    CARD_SOURCES,
    CARD_TRADITIONS,
    SOURCES,
    TRADITIONS,
)
from games.views.base import HtmxHttpRequest, open_game


@dataclass(frozen=True)
class RuleLine:
    setting: scoring.Setting
    words: str
    differs: bool
    standard_words: str


def rule_lines(rules: scoring.Rules) -> list[tuple[str, list[RuleLine]]]:
    """Every setting in plain words, grouped, with where it differs from `standard`."""
    standard = scoring.Rules()
    different = set(rules.differences(standard))
    groups: dict[str, list[RuleLine]] = {}
    for setting in scoring.SETTINGS:
        groups.setdefault(setting.group, []).append(
            RuleLine(
                setting,
                setting.explain(getattr(rules, setting.name)),
                setting.name in different,
                setting.explain(getattr(standard, setting.name)),
            )
        )
    return list(groups.items())


@require_safe
def rules_card(request: HtmxHttpRequest, pk: int) -> TemplateResponse:
    game = open_game(request, pk)
    rules = game.rules_obj()
    preset = scoring.PRESETS.get(game.preset)
    context = {
        "game": game,
        "groups": rule_lines(rules),
        "differences": len(rules.differences()),
        "preset": preset,
        "house_rules": len(rules.differences(preset.rules)) if preset else 0,
    }
    return TemplateResponse(request, "games/rules_card.html", context)


@dataclass(frozen=True)
class SettingEntry:
    setting: scoring.Setting
    options: list[tuple[str, bool]]  # the words for each option, and whether standard uses it
    traditions: tuple[tuple[str, str], ...]


def _options(setting: scoring.Setting, standard_value: Any) -> list[tuple[str, bool]]:
    if setting.kind == "choice":
        return [(words, value == standard_value) for value, words in setting.choices]
    if setting.kind == "bool":
        return [(setting.value_text, standard_value), (setting.off_text, not standard_value)]
    span = f"Any whole number from {setting.minimum} to {setting.maximum}"
    if setting.kind == "optional_int" and standard_value is None:
        return [
            (setting.off_text, True),
            (f"{setting.value_text.format('N', s='s')}: {span}", False),
        ]
    options = [(setting.explain(standard_value), True), (span, False)]
    if setting.kind == "optional_int":
        options.append((setting.off_text, False))
    return options


@dataclass(frozen=True)
class PresetEntry:
    preset: scoring.Preset
    rules: list[str]  # the settings it changes from standard, in plain words


@require_safe
def rules_reference(request: HtmxHttpRequest) -> TemplateResponse:
    """Every setting, its options and who plays which; every preset and its source. Public."""
    standard = scoring.Rules()
    groups: dict[str, list[SettingEntry]] = {}
    for setting in scoring.SETTINGS:
        value = getattr(standard, setting.name)
        groups.setdefault(setting.group, []).append(
            SettingEntry(setting, _options(setting, value), TRADITIONS.get(setting.name, ()))
        )
    presets = [
        PresetEntry(
            preset,
            [
                scoring.SETTINGS_BY_NAME[name].explain(getattr(preset.rules, name))
                for name in preset.rules.differences(standard)
            ],
        )
        for preset in scoring.PRESETS.values()
    ]
    # Oh Hell, Wizard and Call Break: each game's settings with its default preset's option
    # marked, who plays what, its presets and where each departs from the default.
    card_games = []
    for game in GAMES.values():
        default = game.preset_rules(game.default_preset)
        card_games.append(
            {
                "game": game,
                "settings": [
                    (
                        setting,
                        setting.options(getattr(default, setting.name)),
                        CARD_TRADITIONS.get(setting.name, ()),
                    )
                    for setting in game.settings
                ],
                "presets": [
                    (preset, game.differences(game.preset_rules(preset.name), default))
                    for preset in game.presets.values()
                ],
            }
        )
    context = {
        "groups": list(groups.items()),
        "presets": presets,
        "sources": SOURCES,
        "card_games": card_games,
        "card_sources": CARD_SOURCES,
        "not_settings": CARD_NOT_SETTINGS,
    }
    return TemplateResponse(request, "games/rules_reference.html", context)


@require_safe
def compare(request: HtmxHttpRequest, pk: int) -> TemplateResponse | HttpResponseRedirect:
    """The same hands under other rules, chosen in the query string so the link can be shared."""
    game = open_game(request, pk)
    # The link names only what was chosen: the fields sent empty (every setting, from a form
    # sent without JavaScript) are dropped by one redirect to the short address.
    sent = [(name, value) for name, values in request.GET.lists() for value in values]
    chosen = [(name, value) for name, value in sent if value.strip()]
    if len(chosen) < len(sent):
        query = urlencode(chosen)
        return HttpResponseRedirect(f"{request.path}?{query}" if query else request.path)
    hands = game.recorded_hands()
    result = game.replay(hands)
    rules = result.rules
    form = CompareForm(request.GET or None, game_rules=rules, players=len(game.players))
    comparison = None
    if form.is_bound and form.is_valid():
        try:
            other = game.replay(hands, rules=form.cleaned_data["rules"], strict=False)
        except scoring.ScoringError as error:
            form.add_error(None, f"These hands can't be scored under those rules: {error}.")
        else:
            comparison = what_if.compare(result, other)
    context = {
        "game": game,
        "result": result,
        "form": form,
        "comparison": comparison,
    }
    return TemplateResponse(request, "games/compare.html", context)


@login_required
@require_safe
def players(request: HtmxHttpRequest) -> TemplateResponse:
    report = stats.for_owner(request.user)
    return TemplateResponse(request, "games/players.html", {"report": report})
