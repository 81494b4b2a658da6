"""The formats of a club event, one module each behind one interface (`base.Format`), and the
small factory that picks one by the pairing an event file names."""

from __future__ import annotations

from .base import DEFAULT_RANKING, Format, Place, Progress
from .elimination import DoubleElimination, SingleElimination
from .king_of_the_hill import KingOfTheHill
from .most_wins import MostWins
from .progressive import Progressive
from .round_robin import RoundRobin
from .swiss import Swiss

FORMATS: dict[str, Format] = {
    fmt.name: fmt
    for fmt in (
        RoundRobin(),
        Swiss(),
        KingOfTheHill(),
        SingleElimination(),
        DoubleElimination(),
        Progressive(),
        MostWins(),
    )
}
PAIRINGS = tuple(FORMATS)


def format_for(pairing: str) -> Format:
    """The format an event's `pairing` names; KeyError for one there is not."""
    return FORMATS[pairing]


__all__ = ["DEFAULT_RANKING", "FORMATS", "PAIRINGS", "Format", "Place", "Progress", "format_for"]
