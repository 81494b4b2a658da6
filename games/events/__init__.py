"""Club events: who plays whom each round, and how the teams stand.

Pure Python with no Django import, like `games.scoring`: the pairings and standings of an event
are worked out from its teams and its games' results, so they can be tested and replayed alone.
"""

from .eventfile import (
    FORMAT,
    MAX_EVENT_BYTES,
    Event,
    EventFileError,
    parse_event_file,
    summarize,
    table_players,
)
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
    "FORMAT",
    "MAX_EVENT_BYTES",
    "Event",
    "EventFileError",
    "Line",
    "MatchPoints",
    "Pairing",
    "PairingError",
    "Played",
    "StandingsError",
    "elimination",
    "king_of_the_hill",
    "parse_event_file",
    "progressive_move",
    "round_robin",
    "standings",
    "summarize",
    "swiss",
    "table_players",
]
