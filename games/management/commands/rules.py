"""`manage.py rules [PRESET]`: the presets, or every setting of one preset in plain words.

Spades presets first, as they always were; then Oh Hell, Wizard and Call Break, whose name (or
one of their presets' names) shows that game's settings, their sources, and the variants that
are not settings and why."""

import json
from typing import Any

from django.core.management.base import CommandError, CommandParser

from games.management.base import PlayerCommand
from games.scoring import PRESETS, SETTINGS, RulesError, get_preset
from games.scoring.card_games import GAMES, CardGame, CardPreset
from games.scoring.sources import CARD_NOT_SETTINGS, CARD_TRADITIONS


def card_presets() -> dict[str, tuple[CardGame, CardPreset]]:
    """Each card-game preset by name, with the first game that offers it (its own game first)."""
    found: dict[str, tuple[CardGame, CardPreset]] = {}
    for game in GAMES.values():
        found.setdefault(game.default_preset, (game, game.presets[game.default_preset]))
    for game in GAMES.values():
        for preset in game.presets.values():
            found.setdefault(preset.name, (game, preset))
    return found


class Command(PlayerCommand):
    help = (
        "List the rule presets, or show every setting of one preset (a Spades preset, or oh_hell, "
        "wizard, call_break and their presets) and what it means."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("preset", nargs="?", help="a preset name, e.g. standard or wizard")

    def handle(self, *args: Any, **options: Any) -> None:
        name = options.get("preset")
        cards = card_presets()
        if not name:
            width = max(len(preset) for preset in [*PRESETS, *cards])
            for preset in PRESETS.values():
                self.stdout.write(f"{preset.name:<{width}}  {preset.title} - {preset.source}")
            self.stdout.write("\nOh Hell, Wizard and Call Break (card-game/1 files)")
            for card_name, (_game, card) in cards.items():
                games = ", ".join(g.title for g in GAMES.values() if card_name in g.presets)
                self.stdout.write(f"{card_name:<{width}}  {card.title} ({games}) - {card.source}")
            return
        if name in cards:
            self.show_card_preset(*cards[name])
            return
        try:
            preset = get_preset(name)
        except RulesError as error:
            raise CommandError(
                f"{error}; or a card game or its preset: {', '.join(cards)}", returncode=2
            ) from None
        rules = preset.rules
        self.stdout.write(f"{preset.name}: {preset.title}")
        self.stdout.write(preset.description)
        self.stdout.write(f"Source: {preset.source}")
        if preset.departures:
            self.stdout.write(preset.departures)
        width = max(len(setting.name) for setting in SETTINGS)
        group = None
        for setting in SETTINGS:
            if setting.group != group:
                group = setting.group
                self.stdout.write(f"\n{group}")
            value = getattr(rules, setting.name)
            shown = json.dumps(value)
            self.stdout.write(f"  {setting.name:<{width}}  {shown:<13} {setting.explain(value)}")

    def show_card_preset(self, game: CardGame, preset: CardPreset) -> None:
        rules = game.rules({"preset": preset.name})
        players = (
            f"{game.min_players} to {game.max_players}"
            if game.min_players != game.max_players
            else str(game.min_players)
        )
        self.stdout.write(f"{preset.name}: {preset.title}")
        self.stdout.write(preset.description)
        self.stdout.write(f"Source: {preset.source}")
        if preset.departures:
            self.stdout.write(preset.departures)
        self.stdout.write(
            f'Game: {game.title}, {players} players; in a card-game/1 file, "game": '
            f'"{game.name}", "rules": {{"preset": "{preset.name}"}}'
        )
        width = max(len(setting.name) for setting in game.settings)
        self.stdout.write("\nSettings")
        for setting in game.settings:
            value = getattr(rules, setting.name)
            shown = json.dumps(value)
            self.stdout.write(f"  {setting.name:<{width}}  {shown:<13} {setting.explain(value)}")
        self.stdout.write("\nWho plays what")
        for setting in game.settings:
            for words, source in CARD_TRADITIONS.get(setting.name, ()):
                self.stdout.write(f"  {setting.name}: {words} - {source}")
        self.stdout.write("\nNot settings, and why")
        for title, why in CARD_NOT_SETTINGS:
            self.stdout.write(f"  {title}: {why}")
