"""Club events: who plays whom each round, and how the teams stand.

Pure Python with no Django import, like `games.scoring`: the pairings and standings of an event
are worked out from its teams and its games' results, so they can be tested and replayed alone.
"""

from .pairings import (
    Pairing,
    PairingError,
    elimination,
    king_of_the_hill,
    progressive_move,
    round_robin,
    swiss,
)
from .standings import (
    CRITERIA,
    Line,
    MatchPoints,
    Played,
    StandingsError,
    standings,
)

__all__ = [
    "CRITERIA",
    "Line",
    "MatchPoints",
    "Pairing",
    "PairingError",
    "Played",
    "StandingsError",
    "elimination",
    "king_of_the_hill",
    "progressive_move",
    "round_robin",
    "standings",
    "swiss",
]
