"""Looking back at games: the rules card, the rules reference, what-if and player statistics."""

from dataclasses import dataclass

from django.contrib.auth.decorators import login_required
from django.template.response import TemplateResponse
from django.views.decorators.http import require_safe

from games import compare as what_if
from games import scoring, stats
from games.views.base import HtmxHttpRequest, owned_game

# Which tradition plays which option of each setting, in our words, citing the sources by name
# (see rules-sources.md). Settings or options not listed have no particular source.
TRADITIONS: dict[str, tuple[tuple[str, str], ...]] = {
    "players": (
        ("Four players", "pagat.com, Hoyle (seed 003), Bicycle and every seed"),
        ("Three players, 17 cards each with one card left out", "pagat.com variations"),
        ("Two players, each drawing a hand from the stock", "pagat.com variations"),
    ),
    "partnerships": (
        ("Partners opposite each other", "pagat.com, Hoyle (seed 003), MSN Zone, the seeds"),
        ("Cutthroat: everyone for themselves", "pagat.com variations, MSN Zone cutthroat rooms"),
    ),
    "target_score": (
        ("500 points", "every seed (000 to 004), pagat.com"),
        ("Short games to 200, 250, 300 or 350", "pagat.com and club rules"),
    ),
    "losing_score": (
        ("Lost at -200", "seed 000, MSN Zone"),
        ("Lost at -250 or -350", "other club rules"),
    ),
    "bag_limit": (
        ("10 bags", "pagat.com, MSN Zone, VIP Spades, open_spiel, the seeds"),
        ("7 bags, or 5 bags for -50", "some house tables"),
        ("No bag penalty at all", "some house tables"),
    ),
    "bag_penalty": (
        ("100 points", "pagat.com, MSN Zone, VIP Spades, open_spiel, the seeds"),
        ("50 points (with a 5-bag limit)", "some house tables"),
    ),
    "bag_points": (
        ("1 point a bag", "pagat.com, Hoyle (seed 003), MSN Zone, Dummies, open_spiel"),
        (
            "0 points, though bags still count toward the penalty",
            "some tournaments (Clarksville, Joker's Wild)",
        ),
    ),
    "bags_carry_over": (
        ("Bags beyond the limit carry over", "pagat.com, seed 002, seed 004, open_spiel"),
        ("The count starts again at 0", "seed 001 (“resets to 0”), seed 000 (“emptied”)"),
    ),
    "nil_value": (
        ("100", "pagat.com, Hoyle (seed 003), MSN Zone, VIP Spades, the seeds"),
        ("50", "Bicycle, Dummies, some cutthroat rooms"),
    ),
    "blind_nil_value": (
        ("200", "pagat.com, VIP Spades, MSN Zone, seeds 000 and 001"),
        ("100", "Bicycle, Dummies"),
        (
            "Hoyle calls it double nil, with 3 cards exchanged (pagat.com: 2); the exchange "
            "happens at the table and doesn't change the score",
            "Hoyle (seed 003), pagat.com",
        ),
    ),
    "zero_is_nil": (
        ("A bid of 0 is nil; any other bid is at least 1", "seed 001"),
        ("0 is an ordinary bid that scores only bags", "vpchat"),
    ),
    "failed_nil_tricks": (
        (
            "Don't help the partner, but count as bags",
            "pagat.com, MSN Zone; seed 002 calls it “the usual rule”",
        ),
        ("Count toward the partner's bid", "Dummies, open_spiel, seed 004"),
        ("Count for nothing", "a table convention"),
    ),
    "both_nil": (
        ("Each nil scored on its own", "open_spiel; Hoyle allows it"),
        ("200 if both make it, nothing if either fails", "Hoyle (seed 003)"),
        ("Some tables forbid both partners bidding nil (not offered here)", "Britannica"),
    ),
    "blind_nil_behind": (
        ("Only when the side trails by 100 or more", "pagat.com (“usually agreed”), Bicycle"),
        ("Only when it trails by 200 or more", "some tables"),
        ("At any score", "online rooms"),
    ),
    "blind_nil": (
        ("Allowed", "pagat.com, VIP Spades, MSN Zone, seeds 000 and 001"),
        ("Not allowed", "Whiz (MSN Zone), Mirrors"),
    ),
    "min_team_bid": (
        ("A side bids at least 4 (“the board”)", "pagat.com variations, tournament rules"),
        ("A nil bidder's partner must bid at least 4 (not offered here)", "some online rooms"),
    ),
    "variant": (
        ("Suicide", "seed 000, MSN Zone"),
        ("Mirrors", "seed 000, MSN Zone"),
        ("Whiz", "MSN Zone"),
        ("Blind nil for all", "seed 000"),
    ),
    "first_bidder": (
        ("The player on the dealer's left", "pagat.com, Bicycle, seeds 001 and 002"),
        ("The dealer", "Hoyle (seed 003)"),
    ),
    "ten_for_200": (
        (
            "A contract of 10 scores 200; failing costs 100, 150 or 200 by table",
            "club rules (“10 for 200”)",
        ),
    ),
    "boston": (
        ("Taking all 13 tricks is a Boston", "seed 004"),
        ("Some tables pay 200 for it, others make it an instant win", "club rules"),
    ),
}


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
    game = owned_game(request, pk)
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


def _options(setting: scoring.Setting, standard_value) -> list[tuple[str, bool]]:
    if setting.kind == "choice":
        return [(words, value == standard_value) for value, words in setting.choices]
    if setting.kind == "bool":
        return [(setting.value_text, standard_value), (setting.off_text, not standard_value)]
    span = f"Any whole number from {setting.minimum} to {setting.maximum}"
    if setting.kind == "optional_int" and standard_value is None:
        return [(setting.off_text, True), (f"{setting.value_text.format('N')}: {span}", False)]
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
    context = {"groups": list(groups.items()), "presets": presets}
    return TemplateResponse(request, "games/rules_reference.html", context)


@require_safe
def compare(request: HtmxHttpRequest, pk: int) -> TemplateResponse:
    """The same hands under other rules, chosen in the query string so the link can be shared."""
    game = owned_game(request, pk)
    hands = game.recorded_hands()
    result = game.replay(hands)
    rules = result.rules
    form = what_if.CompareForm(request.GET or None, game_rules=rules, players=len(game.players))
    comparison = None
    if form.is_bound and form.is_valid():
        try:
            other = game.replay(hands, rules=form.cleaned_data["rules"], strict=False)
        except scoring.ScoringError as error:
            form.add_error(None, f"These hands can't be scored under those rules: {error}.")
        else:
            comparison = what_if.compare(result, other)
    suggestions = [
        preset
        for preset in scoring.PRESETS.values()
        if preset.rules.players == rules.players and preset.name != game.preset
    ]
    context = {
        "game": game,
        "result": result,
        "form": form,
        "comparison": comparison,
        "suggestions": suggestions,
    }
    return TemplateResponse(request, "games/compare.html", context)


@login_required
@require_safe
def players(request: HtmxHttpRequest) -> TemplateResponse:
    report = stats.for_owner(request.user)
    return TemplateResponse(request, "games/players.html", {"report": report})
