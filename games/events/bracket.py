"""Elimination brackets: single (one life) and double (two), drawn once from the seeds and
played out game by game.

The bracket is drawn before round 1 and kept, as Wikipedia's "Single-elimination tournament"
describes a seeded knockout: its size is the next power of two, the places a field short of it
leaves empty are byes "awarded to the highest-rated competitors", and the seeds are placed "so
that the top two seeds could not possibly meet until the final round ..., none of the top four
can meet prior to the semifinals, and so on". The standard placement does that: seed 1 meets
the last seed, the top half holds seed 1 and the bottom half seed 2, recursively (16 places:
1 v 16, 8 v 9, 4 v 13, 5 v 12 in the top half, 2 v 15, 7 v 10, 3 v 14, 6 v 11 in the bottom).
6 teams: 1 and 2 have byes, round 1 is 3 v 6 and 4 v 5, and 1 meets the winner of 4 v 5.

A double elimination (Wikipedia, "Double-elimination tournament") adds a losers' bracket for
the teams that lose once, and its final is played again if the losers' bracket's champion
wins it (each team has then lost once). Where the drop-ins go is not fixed by that source, so
the choice is ours, and fixed: the losers of round 1 play each other in bracket order; in
every later round of the winners' bracket, its losers drop in against the losers' bracket's
survivors in reverse order (the loser of the top game meets the survivor at the bottom), so
two teams from the same part of the bracket do not meet again at once.

A team withdrawn from the event gives its next game to its opponent by walkover: the opponent
advances without a game (it sits the round out as a bye, or the event ends with its win when
the walkover is the last game), and the withdrawn team is out there, as the game's loser. A
drawn game is no result: the same teams meet again.

Each round's recorded games are read against the bracket in order. Where the director swapped
two teams of a round before it was played, the recorded table says who met: the swapped teams
take each other's places in the bracket, and the bracket goes on from there.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

# A feed into a node: a seed's place ("seed", index), or the winner or loser of a node.
Feed = tuple[str, int | str]
WINNERS, LOSERS, FINAL, RESET = 0, 1, 2, 3
_PENDING = "\0pending"


@dataclass(frozen=True)
class Node:
    """One game's place in the bracket: `section` (winners', losers', final, reset), its
    round within that section (from 1), and where its two teams come from."""

    key: str
    section: int
    level: int
    feeds: tuple[Feed, Feed]
    stage: int  # how far a team eliminated here went: a later stage places better
    # The first round of the event it may be played in: a bracket's rounds go in step, so a
    # team with a bye plays again in round 2, not at once against another team with one.
    earliest: int


@dataclass(frozen=True)
class Recorded:
    """One recorded table of a round: its two teams, and the winner (None: no result yet,
    or drawn); or, with no second team, a team the round gave a bye (it was there)."""

    first: str
    second: str | None
    winner: str | None = None


@dataclass
class _Decided:
    winner: str | None
    losers: tuple[str, ...]  # seated teams that did not win: by the game, or by walkover
    played: bool


def slot_order(size: int) -> list[int]:
    """The seed (0 for the best) in each place of a bracket of `size` places (a power of two),
    top to bottom: seeds s and size-1-s meet in round 1, and each half holds one of the two
    best seeds, recursively."""
    if size < 1 or size & (size - 1):
        raise ValueError("a bracket's size is a power of two")
    order = [0]
    while len(order) < size:
        doubled = 2 * len(order)
        order = [place for seed in order for place in (seed, doubled - 1 - seed)]
    return order


def bracket_size(count: int) -> int:
    """The places of a bracket for `count` teams: the next power of two, at least 2."""
    return 1 << max(1, (count - 1).bit_length())


def _nodes(count: int, lives: int) -> list[Node]:
    """Every game of the bracket, each after the ones that feed it."""
    size = bracket_size(count)
    rounds = size.bit_length() - 1
    order = slot_order(size)
    nodes = [
        Node(f"W1.{i}", WINNERS, 1, (("seed", order[2 * i]), ("seed", order[2 * i + 1])), 1, 1)
        for i in range(size // 2)
    ]
    for level in range(2, rounds + 1):
        nodes += [
            Node(
                f"W{level}.{i}",
                WINNERS,
                level,
                (("winner", f"W{level - 1}.{2 * i}"), ("winner", f"W{level - 1}.{2 * i + 1}")),
                level,
                level,
            )
            for i in range(size >> level)
        ]
    if lives == 1:
        return nodes
    # Double elimination: the winners' bracket's losers are not out; they drop.
    nodes = [
        Node(node.key, node.section, node.level, node.feeds, 2 * node.level - 2 or 1, node.level)
        for node in nodes
    ]
    champion: Feed = ("loser", "W1.0")
    for level in range(1, 2 * (rounds - 1) + 1):
        if level == 1:
            feeds = [
                (("loser", f"W1.{2 * i}"), ("loser", f"W1.{2 * i + 1}")) for i in range(size // 4)
            ]
        elif level % 2 == 0:  # the winners' bracket's next losers drop in, in reverse order
            dropping = level // 2 + 1
            count_here = size >> dropping
            feeds = [
                (("winner", f"L{level - 1}.{i}"), ("loser", f"W{dropping}.{count_here - 1 - i}"))
                for i in range(count_here)
            ]
        else:
            count_here = size >> ((level - 1) // 2 + 2)
            feeds = [
                (("winner", f"L{level - 1}.{2 * i}"), ("winner", f"L{level - 1}.{2 * i + 1}"))
                for i in range(count_here)
            ]
        nodes += [
            Node(f"L{level}.{i}", LOSERS, level, pair, level, level + 1)
            for i, pair in enumerate(feeds)
        ]
        champion = ("winner", f"L{level}.0")
    last = 2 * (rounds - 1) + 1
    final = 2 * rounds
    nodes.append(Node("F", FINAL, 1, (("winner", f"W{rounds}.0"), champion), last, final))
    nodes.append(Node("R", RESET, 1, (("loser", "F"), ("winner", "F")), last, final + 1))
    return nodes


class Bracket:
    """A bracket drawn from `seeds` (best first), played out by `replay`."""

    def __init__(self, seeds: Sequence[str], lives: int) -> None:
        if lives not in (1, 2):
            raise ValueError("an elimination gives each team one life or two")
        if len(set(seeds)) != len(seeds):
            raise ValueError("a team is seeded twice")
        self.seeds = list(seeds)
        self.lives = lives
        self.nodes = _nodes(len(seeds), lives) if len(seeds) >= 2 else []
        self.by_key = {node.key: node for node in self.nodes}
        self.consumer = {feed: node.key for node in self.nodes for feed in node.feeds}
        self.seats: dict[str, list[str | None]] = {}
        self.decided: dict[str, _Decided] = {}
        self.played_seats: dict[str, list[str | None]] = {}  # a played game's teams, as seated
        self.rank = {team: place for place, team in enumerate(self.seeds)}

    # Reading the bracket -------------------------------------------------------------------

    def _value(self, feed: Feed) -> str | None:
        kind, where = feed
        if kind == "seed":
            assert isinstance(where, int)
            return self.seeds[where] if where < len(self.seeds) else None
        assert isinstance(where, str)
        decided = self.decided.get(where)
        if decided is None:
            return _PENDING
        if kind == "winner":
            return decided.winner
        return decided.losers[0] if decided.losers else None

    def _no_reset(self) -> bool:
        """Whether the final, decided, needs no second game: the winners' bracket's champion
        (seated first) won it, or it went by walkover."""
        final = self.decided["F"]
        seated = self.played_seats.get("F")
        return not final.played or seated is None or final.winner == seated[0]

    def _seat(self, node: Node) -> list[str | None] | None:
        """The node's two places (None for an empty one), or None while a feed is undecided."""
        values = [self._value(feed) for feed in node.feeds]
        if _PENDING in values:
            return None
        return values

    def settle(self, absent: Collection[str] = ()) -> list[str]:
        """Seat every game whose teams are known, and decide those with fewer than two teams
        present (a bye, or a walkover where a team in `absent` withdrew): the teams that so
        advanced without a game, in the order decided."""
        advanced: list[str] = []
        changed = True
        while changed:
            changed = False
            for node in self.nodes:
                if node.key in self.decided:
                    continue
                if node.section == RESET and "F" in self.decided and self._no_reset():
                    final = self.decided["F"]
                    self.decided["R"] = _Decided(final.winner, final.losers, played=False)
                    changed = True
                    continue
                if node.key not in self.seats:
                    seated = self._seat(node)
                    if seated is None:
                        continue
                    self.seats[node.key] = seated
                    changed = True
                seats = self.seats[node.key]
                present = [team for team in seats if team is not None and team not in absent]
                if len(present) == 2:
                    continue
                winner = present[0] if present else None
                self._decide(node.key, winner, played=False)
                if winner is not None and node.section != RESET:
                    advanced.append(winner)
                changed = True
        return advanced

    def _decide(self, key: str, winner: str | None, played: bool) -> None:
        seats = self.seats.pop(key)
        if played:
            self.played_seats[key] = seats
        losers = tuple(team for team in seats if team is not None and team != winner)
        self.decided[key] = _Decided(winner, losers, played)

    def _where(self, team: str) -> tuple[str, str, int] | None:
        """Where `team` stands now: a seat of a game not yet decided ("seat", key, index), or
        as the winner or loser of a decided game not yet seated further ("winner"/"loser",
        key, 0)."""
        for key, seats in self.seats.items():
            if team in seats:
                return ("seat", key, seats.index(team))
        for key, decided in self.decided.items():
            for kind, value in (("winner", decided.winner), ("loser", decided.losers[:1])):
                if value != team and value != (team,):
                    continue
                onward = self.consumer.get((kind, key))
                if onward is not None and onward not in self.seats and onward not in self.decided:
                    return (kind, key, 0)
        return None

    def _put(self, where: tuple[str, str, int], team: str | None) -> None:
        kind, key, index = where
        if kind == "seat":
            self.seats[key][index] = team
            return
        decided = self.decided[key]
        if kind == "winner":
            decided.winner = team
        else:
            decided.losers = (team, *decided.losers[1:]) if team is not None else ()

    def _place(self, first: str, second: str) -> str | None:
        """The undecided game the two teams play: their own, or, where the director swapped
        teams, the first one's game with the second moved into it (and the partner it
        displaced moved to the second's place). None where the game fits the bracket nowhere."""
        for key, seats in self.seats.items():
            if set(seats) == {first, second}:
                return key
        for team, other in ((first, second), (second, first)):
            here = self._where(team)
            there = self._where(other)
            if here is None or here[0] != "seat" or there is None:
                continue
            partner = (here[0], here[1], 1 - here[2])
            displaced = self.seats[here[1]][1 - here[2]]
            self._put(there, displaced)
            self._put(partner, other)
            return here[1]
        return None

    def replay(self, rounds: Sequence[Sequence[Recorded]], withdrawn: Collection[str] = ()) -> None:
        """Play the recorded rounds into the bracket, in order. Before each round, a
        withdrawn team that plays in no round from then on (at a table or with a bye) gives
        its game by walkover: it withdrew before the round was paired. One that still played
        later had not withdrawn yet, and the games it played stand."""
        last_seen: dict[str, int] = {}
        for index, games in enumerate(rounds):
            for game in games:
                for team in (game.first, game.second):
                    if team is not None:
                        last_seen[team] = index
        for index, games in enumerate(rounds):
            self.settle({team for team in withdrawn if last_seen.get(team, -1) < index})
            for game in games:
                if game.second is None:
                    continue
                key = self._place(game.first, game.second)
                if key is None or game.winner not in (game.first, game.second):
                    continue
                self._decide(key, game.winner, played=True)

    def next_round(
        self, number: int, withdrawn: Collection[str] = ()
    ) -> tuple[list[tuple[str, str]], list[str]]:
        """Round `number`'s games (winners' bracket first, then the losers', then the final;
        the best seed's game first, the better seed first at each) and the teams advancing
        without a game (byes and walkovers); no games once the bracket is decided."""
        advanced = self.settle(withdrawn)
        ready = {key for key in self.seats if self.by_key[key].earliest <= number}
        games = []
        for key, seats in self.seats.items():
            if ready and key not in ready:
                continue
            first, second = sorted(
                (team for team in seats if team is not None), key=self.rank.__getitem__
            )
            games.append((self.by_key[key].section, self.rank[first], first, second))
        games.sort()
        playing = {team for game in games for team in game[2:]}
        byes = sorted({team for team in advanced if team not in playing}, key=self.rank.__getitem__)
        return [(first, second) for _, _, first, second in games], byes

    # What the bracket comes to -------------------------------------------------------------

    @property
    def last(self) -> str:
        return "R" if self.lives == 2 else self.nodes[-1].key

    @property
    def champion(self) -> str | None:
        """The bracket's winner once its last game is decided (with one seed: that one)."""
        if len(self.seeds) == 1:
            return self.seeds[0]
        decided = self.decided.get(self.last)
        return None if decided is None else decided.winner

    def eliminated(self) -> dict[str, int]:
        """Each team out of the bracket, with the stage where it went out."""
        out: dict[str, int] = {}
        for key, decided in self.decided.items():
            node = self.by_key[key]
            if node.section == FINAL:
                continue  # the final's loser goes out in the reset's place (played or not)
            onward = self.consumer.get(("loser", key))
            gone = decided.losers if onward is None else decided.losers[1:]
            for team in gone:
                out.setdefault(team, node.stage)
        return out

    def places(self, everyone: Sequence[str]) -> list[tuple[int, bool, str]]:
        """Every team's place, best first, as (place, shared, team): the champion first, then
        the teams out of the bracket, the later out the better, those out at the same stage
        sharing a place; teams never in the bracket (withdrawn before the draw) last."""
        out = self.eliminated()
        champion = self.champion
        groups: list[list[str]] = []
        if champion is not None:
            groups.append([champion])
        for stage in sorted(set(out.values()), reverse=True):
            groups.append([team for team in self.seeds if out.get(team) == stage])
        placed = {team for group in groups for team in group}
        rest = [team for team in self.seeds if team not in placed]
        rest += [team for team in everyone if team not in placed and team not in self.rank]
        if rest:
            groups.append(rest)
        places = []
        place = 1
        for group in groups:
            places += [(place, len(group) > 1, team) for team in group]
            place += len(group)
        return places
