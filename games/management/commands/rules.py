"""`manage.py rules [PRESET]`: the presets, or every setting of one preset in plain words."""

import json
from typing import Any

from django.core.management.base import CommandError, CommandParser

from games.management.base import PlayerCommand
from games.scoring import PRESETS, SETTINGS, RulesError, get_preset


class Command(PlayerCommand):
    help = "List the rule presets, or show every setting of one preset and what it means."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("preset", nargs="?", help="a preset name, e.g. standard")

    def handle(self, *args: Any, **options: Any) -> None:
        name = options.get("preset")
        if not name:
            width = max(len(preset) for preset in PRESETS)
            for preset in PRESETS.values():
                self.stdout.write(f"{preset.name:<{width}}  {preset.title} - {preset.source}")
            return
        try:
            preset = get_preset(name)
        except RulesError as error:
            raise CommandError(str(error), returncode=2) from None
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
