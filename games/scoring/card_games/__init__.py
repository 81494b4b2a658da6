"""Oh Hell, Wizard and Call Break: one family per game behind one shape.

Each game (`oh_hell`, `wizard`, `call_break`) is a `CardGame` with its settings and presets;
its rules follow `GameRules`; `replay(rules, players, hands)` scores a game's `HandInput`s into
`HandScore`s (points, totals, words) and `Standing`s. `contract` is the exact-bid family Oh Hell
and Wizard share; `card_file` reads the `card-game/1` file. Pure Python, no Django.
"""

from . import call_break, contract, oh_hell, table, wizard
from .base import (
    CardGame,
    CardGameError,
    CardPreset,
    CardSetting,
    GameRules,
    HandInput,
    HandScore,
    Result,
    Standing,
    forbidden_bid,
    points_text,
    points_value,
    replay,
)
from .call_break import CallBreakRules
from .card_file import (
    FORMAT,
    GAMES,
    MAX_CARD_PLAYERS,
    CardGameFile,
    get_game,
    parse_card_file,
    score_card_file,
)
from .contract import ContractScoring
from .oh_hell import OhHellRules
from .wizard import WizardRules

__all__ = [
    "FORMAT",
    "GAMES",
    "MAX_CARD_PLAYERS",
    "CallBreakRules",
    "CardGame",
    "CardGameError",
    "CardGameFile",
    "CardPreset",
    "CardSetting",
    "ContractScoring",
    "GameRules",
    "HandInput",
    "HandScore",
    "OhHellRules",
    "Result",
    "Standing",
    "WizardRules",
    "call_break",
    "contract",
    "forbidden_bid",
    "get_game",
    "oh_hell",
    "parse_card_file",
    "points_text",
    "points_value",
    "replay",
    "score_card_file",
    "table",
    "wizard",
]
