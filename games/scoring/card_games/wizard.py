"""Wizard: 3 to 6 players and a 60-card pack; round n deals n cards, for 60 / players rounds.

The scoring is the exact-bid family's (`contract`) under the Wizard preset: 20 + 10 a trick on
an exact bid, -10 for each trick over or under. The official rules let the bids add up to
anything; the hook is a house rule, off by default.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..gamefile import JSONValue
from .base import CardGame
from .contract import PRESETS, SETTINGS, ContractScoring

PACK = 60
MIN_PLAYERS = 3
MAX_PLAYERS = 6


@dataclass(frozen=True)
class WizardRules(ContractScoring):
    exact_bonus: int = 20
    trick_value: int = 10
    miss_penalty: str = "per_trick_off"
    miss_value: int = 10
    hook: bool = False

    def hand_sizes(self, players: int) -> tuple[int, ...]:
        return tuple(range(1, PACK // players + 1))

    def bid_range(self, cards: int) -> tuple[int, int]:
        return 0, cards


def _make(**values: JSONValue) -> WizardRules:
    return WizardRules(**values)  # each value checked by its setting (`CardGame.rules`)


GAME = CardGame(
    name="wizard",
    title="Wizard",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    settings=SETTINGS,
    defaults={"hook": False, "hook_on_last_hand": True},
    presets=PRESETS,
    default_preset="wizard",
    make=_make,
)

__all__ = ["GAME", "WizardRules"]
