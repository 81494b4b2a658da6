"""Spades scoring: rules, presets, bid checks and the replay of a game's hands.

Pure Python with no Django import, so the rules can be tested and reused on their own.
"""

from . import limits
from .bids import validate_bids, validate_tricks
from .engine import Hand, score_game
from .entry import (
    Bid,
    TrickInput,
    bid_key,
    bid_label,
    bid_options,
    bid_tricks,
    bidding_order,
    blind_bid,
    blind_count,
    duplicate_name,
    game_name_problem,
    is_nil,
    needs_bids,
    note_problem,
    parse_bid_key,
    player_name_problem,
    side_total_allowed,
    trails_by,
    trick_inputs,
)
from .errors import BidError, GameFileError, HandError, RulesError, ScoringError, TrickError
from .gamefile import FORMAT, GameFile, parse_game_file, score_file
from .limits import MAX_GAME_NAME, MAX_PLAYER_NAME, MAX_PLAYER_NAME_CODE_POINTS
from .presets import PRESETS, Preset, get_preset
from .results import GameResult, HandResult, PendingHand, SideHand, SideTotal, Term
from .rules import BLIND_NIL, NIL, SETTINGS, SETTINGS_BY_NAME, Rules, Setting

__all__ = [
    "BLIND_NIL",
    "FORMAT",
    "MAX_GAME_NAME",
    "MAX_PLAYER_NAME",
    "MAX_PLAYER_NAME_CODE_POINTS",
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
    "TrickInput",
    "bid_key",
    "bid_label",
    "bid_options",
    "bid_tricks",
    "bidding_order",
    "blind_bid",
    "blind_count",
    "duplicate_name",
    "game_name_problem",
    "get_preset",
    "is_nil",
    "limits",
    "needs_bids",
    "note_problem",
    "parse_bid_key",
    "parse_game_file",
    "player_name_problem",
    "score_file",
    "score_game",
    "side_total_allowed",
    "trails_by",
    "trick_inputs",
    "validate_bids",
    "validate_tricks",
]
