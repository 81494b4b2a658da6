"""Who may still enter an event, and the teams drawn at check-in from players who came alone.

The draw takes its random source as an argument, so a test (or a replay of the evening) gives
the same teams from the same seed, and the app's draw comes from the system's randomness.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

import regex

from ..scoring import player_name_problem
from .formats import FORMATS

MAX_TEAM_NAME = 80  # code points, as the event file and the app keep a team's name
TOO_MANY_JOINED = "the name has too many joined emoji: keep it shorter"


def club_name_problem(name: str) -> str | None:
    """What is wrong with a player's (or a typed team's) name at a club night, or None: the
    players' rule of the game form and game file, in no more code points than the club keeps
    of a name (a progressive night's player is a team of one; the player who confirms a
    result is kept as they are named). The desk's forms and the event file both ask it."""
    problem = player_name_problem(name)
    if problem is None and len(name.strip()) > MAX_TEAM_NAME:
        return TOO_MANY_JOINED
    return problem


# Formats whose first round fixes every later one: no team joins once it is paired (each
# format's `closed_after_round_1`, kept here under its old name).
CLOSED_AFTER_ROUND_1 = {
    name: fmt.closed_after_round_1
    for name, fmt in FORMATS.items()
    if fmt.closed_after_round_1 is not None
}
_GRAPHEME = regex.compile(r"\X")


def entries_closed(
    pairing: str, entries_until: int | None, paired: int, playoff_started: bool = False
) -> str | None:
    """Why no team may enter now that `paired` rounds are paired (and, for a most-wins event,
    whether its playoff began), or None while entries are open: the format's own rule first
    (`Format.entries_closed`), then the event's `entries_until` N, the last round a late team
    may join: entries close once round N is paired (None: until the event ends)."""
    fmt = FORMATS.get(pairing)
    closed = None if fmt is None else fmt.entries_closed(paired, playoff_started)
    if closed is not None:
        return closed
    if entries_until is not None and paired >= entries_until:
        return (
            f"Entries closed when round {entries_until} was paired: round {entries_until} was "
            "the last a team could join."
        )
    return None


def _shortened(name: str, budget: int) -> str:
    """`name` cut to at most `budget` code points at a character's edge, with an ellipsis."""
    if len(name) <= budget:
        return name
    kept = ""
    for character in _GRAPHEME.findall(name):
        if len(kept) + len(character) > budget - 1:
            break
        kept += character
    return kept.rstrip() + "…"


def team_name(first: str, second: str, taken: Collection[str]) -> str:
    """ "Ann & Bob", made unique among the names `taken` (compared without case) by a number:
    "Ann & Bob (2)". Long names are cut so the whole fits a team's name."""
    used = {name.casefold() for name in taken}
    each = (MAX_TEAM_NAME - len(" & ") - len(" (99)")) // 2
    base = f"{_shortened(first, each)} & {_shortened(second, each)}"
    name = base
    number = 1
    while name.casefold() in used:
        number += 1
        name = f"{base} ({number})"
    return name


def draw_teams(
    solos: Sequence[str], chance: random.Random
) -> tuple[list[tuple[str, str]], str | None]:
    """The players who came alone, paired at random into teams of two; with an odd count the
    one who entered last waits for the next player (first come, first paired)."""
    waiting = None
    drawn = list(solos)
    if len(drawn) % 2:
        waiting = drawn.pop()
    chance.shuffle(drawn)
    return [(drawn[i], drawn[i + 1]) for i in range(0, len(drawn), 2)], waiting
