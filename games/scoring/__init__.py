"""Spades scoring: rules, presets, bid checks and the replay of a game's hands.

Pure Python with no Django import, so the rules can be tested and reused on their own.
"""

from .bids import bid_options, validate_bids, validate_tricks
from .engine import Bid, Hand, score_game
from .errors import BidError, GameFileError, HandError, RulesError, ScoringError, TrickError
from .gamefile import FORMAT, GameFile, parse_game_file, score_file
from .presets import PRESETS, Preset, get_preset
from .results import GameResult, HandResult, PendingHand, SideHand, SideTotal, Term
from .rules import BLIND_NIL, NIL, SETTINGS, SETTINGS_BY_NAME, Rules, Setting

__all__ = [
    "BLIND_NIL",
    "FORMAT",
    "NIL",
    "PRESETS",
    "SETTINGS",
    "SETTINGS_BY_NAME",
    "Bid",
    "BidError",
    "GameFile",
    "GameFileError",
    "GameResult",
    "Hand",
    "HandError",
    "HandResult",
    "PendingHand",
    "Preset",
    "Rules",
    "RulesError",
    "ScoringError",
    "Setting",
    "SideHand",
    "SideTotal",
    "Term",
    "TrickError",
    "bid_options",
    "get_preset",
    "parse_game_file",
    "score_file",
    "score_game",
    "validate_bids",
    "validate_tricks",
]
