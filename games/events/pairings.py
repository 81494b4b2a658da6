"""Who plays whom: the formats club events use to pair their teams each round.

Every function takes the teams as the event knows them (ranked best first where the format
needs a ranking, from `standings`) and returns the round's games; nothing is stored here.
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

# How many choices the Swiss search may try before it accepts a rematch: a room of 50 teams
# pairs at once, and no arrangement of a real event gets near it.
SEARCH_LIMIT = 20_000


class PairingError(ValueError):
    """The teams can't be paired as asked; the message says why in one line."""


@dataclass(frozen=True)
class Pairing:
    """One round: its games, table 1 first (two teams each; at a progressive table four
    players, seat by seat), and the teams that sit it out with a bye (one where the count is
    odd; an elimination round may have more)."""

    games: tuple[tuple[str, ...], ...]
    byes: tuple[str, ...] = ()

    def teams(self) -> list[str]:
        return [team for game in self.games for team in game] + list(self.byes)


def _distinct(teams: Sequence[str]) -> list[str]:
    if len(set(teams)) != len(teams):
        raise PairingError("a team is entered twice")
    if len(teams) < 2:
        raise PairingError("an event needs at least two teams")
    return list(teams)


def round_robin(teams: Sequence[str]) -> list[Pairing]:
    """Every team meets every other once (the circle method: one team stays, the rest turn
    round it); with an odd count each team has one bye."""
    ring: list[str | None] = list(_distinct(teams))
    if len(ring) % 2:
        ring.append(None)
    half = len(ring) // 2
    rounds = []
    for _ in range(len(ring) - 1):
        games = []
        bye = None
        for index in range(half):
            first, second = ring[index], ring[-1 - index]
            if first is None or second is None:
                bye = second if first is None else first
            else:
                games.append((first, second))
        rounds.append(Pairing(tuple(games), () if bye is None else (bye,)))
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


def _bye_for(ranked: list[str], had_bye: Collection[str]) -> str | None:
    """The lowest-ranked team that hasn't had a bye (the lowest of all if every team has)."""
    if len(ranked) % 2 == 0:
        return None
    for team in reversed(ranked):
        if team not in had_bye:
            return team
    return ranked[-1]


def swiss(
    ranked: Sequence[str],
    met: Collection[frozenset[str]] = (),
    had_bye: Collection[str] = (),
) -> Pairing:
    """Teams of like standing meet: the best team plays the best one it hasn't met, and so on
    down, trying other choices where that leaves two teams that have met; a rematch only when
    no arrangement avoids one. The bye goes to the lowest-ranked team that hasn't had one."""
    teams = _distinct(ranked)
    bye = _bye_for(teams, had_bye)
    left = [team for team in teams if team != bye]
    budget = [SEARCH_LIMIT]

    def pair(rest: list[str]) -> list[tuple[str, str]] | None:
        if not rest:
            return []
        first, others = rest[0], rest[1:]
        for index, other in enumerate(others):
            if frozenset((first, other)) in met:
                continue
            budget[0] -= 1
            if budget[0] < 0:
                return None
            below = pair(others[:index] + others[index + 1 :])
            if below is not None:
                return [(first, other), *below]
        return None

    games = pair(left)
    if games is None:
        # No arrangement without a rematch (or none found in time): pair in order of standing.
        games = [(left[index], left[index + 1]) for index in range(0, len(left), 2)]
    return Pairing(tuple(games), () if bye is None else (bye,))


def king_of_the_hill(ranked: Sequence[str]) -> Pairing:
    """Winners play winners: first meets second, third meets fourth, and so on down the
    standings; with an odd count the last team has the bye."""
    teams = _distinct(ranked)
    byes = (teams.pop(),) if len(teams) % 2 else ()
    return Pairing(tuple((teams[i], teams[i + 1]) for i in range(0, len(teams), 2)), byes)


def progressive_move(tables: Sequence[Sequence[str]]) -> list[tuple[str, str, str, str]]:
    """The next round of a progressive card night, for players seated four to a table (seats
    1 and 3 partners against seats 2 and 4): seat 1 stays, seat 3 moves down a table, seat 2
    up one and seat 4 up two, keeping their seat numbers. Tables are numbered from 1, the
    first table up; the moves wrap round the room, so every player keeps playing."""
    count = len(tables)
    if count == 0:
        raise PairingError("a progressive round needs at least one table")
    if any(len(table) != 4 for table in tables):
        raise PairingError("a progressive night seats four players at every table")
    players = [player for table in tables for player in table]
    if len(set(players)) != len(players):
        raise PairingError("a player is seated twice")
    moved = []
    for index in range(count):
        moved.append(
            (
                tables[index][0],
                tables[(index + 1) % count][1],  # seat 2 comes up from the table below
                tables[(index - 1) % count][2],  # seat 3 comes down from the table above
                tables[(index + 2) % count][3],  # seat 4 comes up from two tables below
            )
        )
    return moved


def elimination(seeds: Sequence[str], losses: Mapping[str, int], lives: int) -> Pairing | None:
    """The next round of a single (`lives` 1) or double (`lives` 2) elimination, or None once
    one team is left. Teams with the same number of losses meet, the best seed left against
    the worst; a group with an odd count gives its best seed a bye. In a double elimination the
    last two play the final, and if the team that had lost once wins it, they play it again
    (the reset): each team is out after its second loss. A drawn game is no result: the same
    teams meet again."""
    if lives not in (1, 2):
        raise PairingError("an elimination gives each team one life or two")
    teams = _distinct(seeds)
    alive = [team for team in teams if losses.get(team, 0) < lives]
    if len(alive) <= 1:
        return None
    games: list[tuple[str, str]] = []
    byes: list[str] = []
    for lost in range(lives):
        group = [team for team in alive if losses.get(team, 0) == lost]
        if len(group) % 2:
            byes.append(group.pop(0))
        while group:
            games.append((group.pop(0), group.pop()))
    if not games:
        # One team left in each group: the final between the unbeaten and the once-beaten.
        games, byes = [(byes[0], byes[1])], []
    return Pairing(tuple(games), tuple(byes))


SEEDINGS = ("standings", "random")


def random_seeds(teams: Sequence[str], seed: int) -> list[str]:
    """The teams in a random seed order that `seed` alone decides: each team's place comes
    from a SHA-256 digest of the seed and its name, so the same seed draws the same bracket
    on any machine and any Python (whose own shuffle may change between versions), and a team
    entered later takes its place without moving the others."""
    teams = _distinct(teams)

    def place(team: str) -> bytes:
        return hashlib.sha256(f"{seed}\n{team}".encode()).digest()

    return sorted(teams, key=place)
