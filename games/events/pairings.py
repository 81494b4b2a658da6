"""Who plays whom: the formats club events use to pair their teams each round.

Every function takes the teams as the event knows them (ranked best first where the format
needs a ranking, from `standings`) and returns the round's games; nothing is stored here.
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

import networkx as nx

from .bracket import Bracket, Recorded

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


_BYE = "\0bye"  # the bye as a team of the look-ahead: a team that has had one has "met" it


def _can_go_on(unmet: dict[str, set[str]], rounds: int, budget: list[int]) -> bool:
    """Whether `rounds` more rounds can be paired from the pairs in `unmet` (who each team
    may still meet) with no rematch. Sure at once where every team may still meet half the
    field and more (Dirac: a graph whose every vertex has degree n/2 or more has a Hamilton
    cycle, so a perfect matching, and each round takes one from every degree); otherwise
    searched, the team with the fewest choices first. A search out of `budget` says yes: the
    look-ahead then gives way to the round's own best pairing."""
    if rounds <= 0:
        return True
    least = min(len(others) for others in unmet.values())
    if least < rounds:
        return False
    if 2 * (least - rounds + 1) >= len(unmet):
        return True

    def match(left: set[str], chosen: list[tuple[str, str]]) -> bool:
        if budget[0] <= 0:
            return True
        budget[0] -= 1
        if not left:
            after = {team: others.copy() for team, others in unmet.items()}
            for first, second in chosen:
                after[first].discard(second)
                after[second].discard(first)
            return _can_go_on(after, rounds - 1, budget)
        team = min(left, key=lambda one: (len(unmet[one] & left), one))
        for other in sorted(unmet[team] & left):
            if match(left - {team, other}, [*chosen, (team, other)]):
                return True
        return False

    return match(set(unmet), [])


def _matched(
    left: list[str], met: Collection[frozenset[str]], scores: Mapping[str, int]
) -> list[tuple[str, str]]:
    """The round as a maximum-weight perfect matching (Edmonds' blossom algorithm, networkx's
    `max_weight_matching`), its weights set so that fewer rematches always win, then smaller
    differences of match points (squared, so two small floats beat one large), then partners
    nearer each other in the standings (squared too: 1 v 3 and 2 v 4 before 1 v 4 and
    2 v 3)."""
    count = len(left)
    spread = max(scores.values(), default=0) - min(scores.values(), default=0)
    # Each term outweighs the whole round's worth of the terms after it.
    per_point = count**3 + 1  # more than any round's standings cost: (rank apart)² a game
    fresh_game = per_point * (count * spread * spread + 1)  # more than any round's floats
    graph: nx.Graph[int] = nx.Graph()
    for i, first in enumerate(left):
        for j in range(i + 1, len(left)):
            second = left[j]
            gap = scores.get(first, 0) - scores.get(second, 0)
            fresh = frozenset((first, second)) not in met
            weight = fresh_game * (1 + fresh) - per_point * gap * gap - (j - i) ** 2
            graph.add_edge(i, j, weight=weight)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return sorted((left[min(pair)], left[max(pair)]) for pair in matching)


def swiss(
    ranked: Sequence[str],
    met: Collection[frozenset[str]] = (),
    had_bye: Collection[str] = (),
    rounds_left: int = 0,
    scores: Mapping[str, int] | None = None,
) -> Pairing:
    """Teams of like standing meet: the best team plays the best one it hasn't met, and so on
    down, trying other choices where that leaves two teams that have met, or (with
    `rounds_left`, the rounds still to pair after this one) leaves a later round no way to
    pair without a rematch. Where that quick search finds nothing in its budget, the round is
    a maximum-weight matching (`_matched`), which makes a rematch only where no pairing of
    the round avoids it. The bye goes to the lowest-ranked team that hasn't had one."""
    teams = _distinct(ranked)
    bye = _bye_for(teams, had_bye)
    left = [team for team in teams if team != bye]
    budget = [SEARCH_LIMIT]
    future = [SEARCH_LIMIT]
    # The look-ahead's field: every team, and the bye as one more where the count is odd.
    pool = teams + ([_BYE] if len(teams) % 2 else [])

    def fresh(first: str, second: str) -> bool:
        if _BYE in (first, second):
            return (second if first == _BYE else first) not in had_bye
        return frozenset((first, second)) not in met

    unmet = {
        team: {other for other in pool if other != team and fresh(team, other)} for team in pool
    }
    # Never ask more of the future than the field allows: a team that has too few teams left
    # to meet would fail every pairing alike.
    ahead = min(rounds_left, min(len(others) for others in unmet.values()) - 1)
    sitting = [] if bye is None else [(bye, _BYE)]

    def pair(rest: list[str], chosen: list[tuple[str, str]]) -> list[tuple[str, str]] | None:
        if not rest:
            if ahead <= 0:
                return chosen
            after = {team: others.copy() for team, others in unmet.items()}
            for first, second in chosen + sitting:
                after[first].discard(second)
                after[second].discard(first)
            return chosen if _can_go_on(after, ahead, future) else None
        first, others = rest[0], rest[1:]
        for index, other in enumerate(others):
            if frozenset((first, other)) in met:
                continue
            budget[0] -= 1
            if budget[0] < 0:
                return None
            found = pair(others[:index] + others[index + 1 :], [*chosen, (first, other)])
            if found is not None:
                return found
        return None

    games = pair(left, [])
    if games is None:
        ranks = {team: place for place, team in enumerate(left)}
        games = sorted(_matched(left, met, scores or {}), key=lambda game: ranks[game[0]])
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


def elimination(
    seeds: Sequence[str],
    rounds: Sequence[Sequence[tuple[str, str | None, str | None]]],
    lives: int,
    withdrawn: Collection[str] = (),
) -> Pairing | None:
    """The next round of a single (`lives` 1) or double (`lives` 2) elimination, or None once
    it is decided: the fixed bracket of `bracket` drawn from `seeds` (best first), played out
    by the `rounds` so far (each a list of its games as (first, second, winner), the winner
    None where the game has no result yet or was drawn: the same teams meet again; and its
    byes as (team, None, None)). A withdrawn team's next opponent advances by walkover. The
    byes are the teams advancing without a game this round."""
    if lives not in (1, 2):
        raise PairingError("an elimination gives each team one life or two")
    bracket = Bracket(_distinct(seeds), lives)
    bracket.replay([[Recorded(*game) for game in games] for games in rounds], withdrawn=withdrawn)
    games, byes = bracket.next_round(len(rounds) + 1, withdrawn)
    if not games:
        return None
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
