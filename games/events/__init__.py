"""Club events: who plays whom each round, and how the teams stand.

Pure Python with no Django import, like `games.scoring`: the pairings and standings of an event
are worked out from its teams and its games' results, so they can be tested and replayed alone.
Each format is a module of `formats/` behind one interface (`Format`), chosen by `format_for`;
`eventfile` reads the `spades-event/1` file and `summary` says what the event comes to.
"""

from .bracket import Bracket, slot_order
from .entry import draw_teams, entries_closed, team_name
from .eventfile import (
    EVENT_BOUNDS,
    FORMAT,
    GAME_BOUNDS,
    MAX_EVENT_BYTES,
    Bounds,
    Event,
    EventFileError,
    parse_event_file,
    read_bounded,
    summarize,
    table_players,
)
from .formats import FORMATS, Format, Place, format_for
from .pairings import (
    SEEDINGS,
    Pairing,
    PairingError,
    elimination,
    king_of_the_hill,
    progressive_move,
    random_seeds,
    round_robin,
    swiss,
)
from .penalties import PenaltyError, TrickMove, made_moves, move_tricks, penalized_hands
from .standings import (
    BUCHHOLZ,
    CRITERIA,
    Line,
    MatchPoints,
    Played,
    StandingsError,
    standings,
)

__all__ = [
    "BUCHHOLZ",
    "CRITERIA",
    "EVENT_BOUNDS",
    "FORMAT",
    "FORMATS",
    "GAME_BOUNDS",
    "MAX_EVENT_BYTES",
    "SEEDINGS",
    "Bounds",
    "Bracket",
    "Event",
    "EventFileError",
    "Format",
    "Line",
    "MatchPoints",
    "Pairing",
    "PairingError",
    "PenaltyError",
    "Place",
    "Played",
    "StandingsError",
    "TrickMove",
    "draw_teams",
    "elimination",
    "entries_closed",
    "format_for",
    "king_of_the_hill",
    "made_moves",
    "move_tricks",
    "parse_event_file",
    "penalized_hands",
    "progressive_move",
    "random_seeds",
    "read_bounded",
    "round_robin",
    "slot_order",
    "standings",
    "summarize",
    "swiss",
    "table_players",
    "team_name",
]
