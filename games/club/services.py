"""Every write to a club night goes through here, as every write to a game goes through
`games.services`: the event's row locked, the change checked, made and logged in one transaction.

Only writes live here. What an event comes to (its standings, its next round, its winner) is
never stored: `club.reads` works it out; the event's file is `club.eventfile`. A table's game
is written by `games.services` like any other, which asks the event's rules
(`club.table_rules`) whether each write may be made.

Locks are taken in one order, the event's row and then its games' rows, and the event's row
`FOR NO KEY UPDATE` (PostgreSQL), so a table's write that logs a line for the event (an insert
that only needs the event's key) never waits for the director's change.
"""

import random
import secrets
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import User
from django.http import Http404
from django.utils import timezone

from games import events, scoring, services
from games.access import Access, Visitor
from games.club import desk, push, reads
from games.club.models import (
    CardTable,
    Event,
    EventRound,
    EventTeam,
    LogEntry,
    Penalty,
    Seating,
)
from games.events.entry import CLOSED_AFTER_ROUND_1 as _CLOSED_AFTER_ROUND_1
from games.models import Game, Table, new_watch_token
from games.scoring.gamefile import JSONObject
from scorekeeper.write_turns import writing

MAX_TEAMS = 200


class EventProblem(Exception):
    """The change can't be made to the event as it now is; the message says why."""


class PenaltyProblem(EventProblem):
    """A penalty that can't be given as asked; `field` names the figure that is wrong."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


@contextmanager
def locked_event(user: Visitor, pk: int) -> Iterator[Event]:
    """The director's event, locked for one change; a 404 for anyone else."""
    with writing():
        event = (
            Event.objects.select_for_update(no_key=True).filter(pk=pk, owner_id=user.pk).first()
            if user.is_authenticated
            else None
        )
        if event is None:
            raise Http404("No such event.")
        yield event
        _moved(event)


def _moved(event: Event) -> None:
    """The event changed: its board and standings are drawn again, and its followers' boards
    are sent the new one."""
    event.bump()
    push.event_changed(event.pk)


def create_event(
    owner: User,
    *,
    name: str,
    rules: scoring.Rules,
    preset: str,
    pairing: str,
    rounds: int | None,
    round_minutes: int | None,
    points: dict[str, int],
    ranking: Sequence[str],
    playoff: int | None = None,
    entries_until: int | None = None,
    seeding: str = "standings",
    seed: int | None = None,
) -> Event:
    """A new event; a random seeding draws its seed now (or takes `seed`, as an import does),
    so every reader of the event's file draws the same bracket."""
    if rules.players != 4 or not rules.partnerships:
        raise EventProblem("An event's tables play four players in partnerships.")
    if events.format_for(pairing).has_playoff:
        playoff = playoff or events.eventfile.DEFAULT_PLAYOFF
        if playoff < 2:
            raise EventProblem("A playoff is for two teams or more.")
    else:
        playoff = None
    if seeding not in events.SEEDINGS:
        raise EventProblem("Seed an elimination from the standings or at random.")
    if entries_until is not None and entries_until > 1 and pairing in _CLOSED_AFTER_ROUND_1:
        raise EventProblem(
            f"{_CLOSED_AFTER_ROUND_1[pairing]} Leave the last round to enter empty, or make it 1."
        )
    if seeding == "random" and seed is None:
        seed = secrets.randbelow(2**31)
    with writing():
        event = Event.objects.create(
            owner=owner,
            name=name,
            rules=rules.to_dict(),
            preset=preset,
            pairing=pairing,
            rounds=rounds,
            round_minutes=round_minutes,
            points=dict(points),
            ranking=list(ranking),
            playoff=playoff,
            entries_until=entries_until,
            seeding=seeding,
            seed=seed if seeding == "random" else None,
        )
        LogEntry.write(event, owner, f"Event created: {name}")
        return event


def add_team(user: Visitor, pk: int, name: str, players: Sequence[str]) -> EventTeam:
    """A team enters; one that enters after round 1 joins from the next round's pairing."""
    with locked_event(user, pk) as event:
        teams = list(event.teams.all())
        if len(teams) >= MAX_TEAMS:
            raise EventProblem(f"An event takes at most {MAX_TEAMS} teams.")
        if any(team.name.casefold() == name.casefold() for team in teams):
            raise EventProblem(f"A team called {name} has already entered.")
        _check_entries_open(event)
        _check_entry(event, players)
        team = EventTeam.objects.create(
            event=event, position=len(teams), name=name, players=list(players)
        )
        entered = (
            f"Player entered: {name}"
            if event.individual
            else f"Team entered: {name} ({' and '.join(players)})"
        )
        LogEntry.write(event, user, entered)
        return team


def _check_entries_open(event: Event) -> None:
    """EventProblem saying why, once the event takes no new team (its format, or the last
    round a late team may join)."""
    rounds = event.event_rounds
    closed = events.entries_closed(
        event.pairing,
        event.entries_until,
        rounds.count(),
        playoff_started=rounds.filter(stage="playoff").exists(),
    )
    if closed:
        raise EventProblem(closed)


def add_solo(user: Visitor, pk: int, name: str) -> str:
    """A player who came alone enters and waits to be drawn into a team at check-in."""
    with locked_event(user, pk) as event:
        if event.individual:
            raise EventProblem("A progressive night enters every player alone already.")
        _check_entries_open(event)
        waiting = list(event.solos)
        same = [solo for solo in waiting if solo.casefold() == name.casefold()]
        if same:
            raise EventProblem(f"{same[0]} is already waiting for a partner.")
        _check_players_free(event, [name])
        if len(waiting) >= 2 * MAX_TEAMS:
            raise EventProblem(f"At most {2 * MAX_TEAMS} players can wait for a partner.")
        event.solos = [*waiting, name]
        event.save(update_fields=["solos"])
        LogEntry.write(event, user, f"Player entered alone: {name}")
        return name


def withdraw_solo(user: Visitor, pk: int, name: str) -> str:
    """A player waiting for a partner leaves before the draw."""
    with locked_event(user, pk) as event:
        if name not in event.solos:
            raise EventProblem(f"{name} is not waiting for a partner.")
        event.solos = [solo for solo in event.solos if solo != name]
        event.save(update_fields=["solos"])
        LogEntry.write(event, user, f"Player withdrawn before the draw: {name}")
        return name


def pair_solos(
    user: Visitor, pk: int, chance: random.Random | None = None
) -> tuple[list[EventTeam], str | None]:
    """Check-in: the players waiting alone are drawn into teams of two at random (`chance`,
    the system's randomness unless a test gives a seeded one), each team named after its two
    players; with an odd count the last to enter keeps waiting. One transaction, one log line."""
    with locked_event(user, pk) as event:
        waiting = list(event.solos)
        if len(waiting) < 2:
            raise EventProblem("Two players must be waiting to draw a team.")
        _check_entries_open(event)
        teams = list(event.teams.all())
        drawn, left = events.draw_teams(waiting, chance or random.SystemRandom())
        if len(teams) + len(drawn) > MAX_TEAMS:
            raise EventProblem(f"An event takes at most {MAX_TEAMS} teams.")
        names = [team.name for team in teams]
        made: list[EventTeam] = []
        for first, second in drawn:
            name = events.team_name(first, second, names)
            names.append(name)
            made.append(
                EventTeam.objects.create(
                    event=event, position=len(teams) + len(made), name=name, players=[first, second]
                )
            )
        event.solos = [] if left is None else [left]
        event.save(update_fields=["solos"])
        LogEntry.write(
            event,
            user,
            "Players drawn into teams: "
            + ", ".join(team.name for team in made)
            + (f"; {left} waits for a partner" if left else ""),
        )
        return made, left


def withdraw_team(user: Visitor, pk: int, position: int) -> EventTeam:
    """A team leaves: it keeps its results and is not paired again."""
    with locked_event(user, pk) as event:
        team = event.teams.filter(position=position, withdrawn=False).first()
        if team is None:
            raise EventProblem("That team is not in the event any more.")
        if event.individual and event.event_rounds.exists():
            raise EventProblem(
                "A progressive night's tables move together: once round 1 is paired a player "
                "can't withdraw (a substitute may play on under the player's name)."
            )
        team.withdrawn = True
        team.save(update_fields=["withdrawn"])
        LogEntry.write(event, user, f"Team withdrawn: {team.name}")
        return team


def _card(event: Event, number: int) -> CardTable:
    """Table `number` of the room, made with its scoring link on the first time it is used."""
    card = event.cards.filter(number=number).select_related("table").first()
    if card is None:
        table = Table.objects.create(score_token=new_watch_token())
        card = CardTable.objects.create(event=event, number=number, table=table)
    return card


def _latest_round(event: Event, missing: str) -> EventRound:
    """The round being played (the latest paired); EventProblem(`missing`) before round 1."""
    round_ = event.event_rounds.order_by("-number").first()
    if round_ is None:
        raise EventProblem(missing)
    return round_


def _table_game(
    event: Event, name: str, seated: Sequence[EventTeam], table: Table, **game: Any
) -> Game:
    """A table's game: the first team in seats 1 and 3, the second in seats 2 and 4 (or as an
    imported game sat), on the table's card table, owned by the director."""
    values: dict[str, Any] = {"players": _seated(seated), "first_dealer": 0, **game}
    return services.create_game(
        event.owner,
        at_event=True,
        name=name,
        rules=scoring.Rules.from_dict(event.rules),
        preset=event.preset,
        table=table,
        **values,
    )


def table_game_name(event: Event, round_number: int, table: int) -> str:
    """ "Friday club: round 2, table 3", cut to fit a game's name however long the event's."""
    suffix = f": round {round_number}, table {table}"
    return event.name[: services.NAME_LENGTH - len(suffix)] + suffix


def _seated(teams: Sequence[EventTeam]) -> list[str]:
    if len(teams) == 4:  # a progressive table: one player in each seat
        return [team.players[0] for team in teams]
    first, second = teams
    return events.table_players(first.players, second.players)


def start_round(user: Visitor, pk: int) -> EventRound:
    """The next round, paired by the event's format: a game at each table, on that table's
    card table, so the phones holding its table card score the new game."""
    with locked_event(user, pk) as event:
        return _pair_round(user, event, reads.summary(event))


def _pair_round(user: Visitor, event: Event, state: JSONObject) -> EventRound:
    """The round `state` pairs next (`summary`'s, or one worked out as if the session ended)."""
    if state.get("waiting"):  # two teams, or a progressive night's players in fours
        raise EventProblem(state["waiting"])
    if event.teams.filter(withdrawn=False).count() < 2:
        raise EventProblem("At least two teams must still be playing to pair a round.")
    pairing = state["next_round"]
    if pairing is None:
        if state["finished"]:
            raise EventProblem("The event is over: there is no next round.")
        raise EventProblem("A game of this round is still being played.")
    teams = {team.position: team for team in event.teams.all()}
    number = event.event_rounds.count() + 1
    round_ = EventRound.objects.create(
        event=event, number=number, byes=pairing["byes"], stage=pairing.get("stage", "session")
    )
    for table in pairing["tables"]:
        game = _table_game(
            event,
            table_game_name(event, number, table["table"]),
            [teams[position] for position in table["teams"]],
            _card(event, table["table"]).table,
        )
        Seating.objects.create(round=round_, number=table["table"], teams=table["teams"], game=game)
    byes = ", ".join(teams[position].name for position in pairing["byes"])
    LogEntry.write(
        event,
        user,
        f"Round {number} paired: {len(pairing['tables'])} tables"
        + (f", a bye for {byes}" if byes else ""),
    )
    return round_


def undo_round(user: Visitor, pk: int, seen: str | None = None) -> int:
    """Take back the latest round, its games and their hands, as if it had not been paired.

    `seen`: the event's version (`reads.version`) on the desk the director pressed it on. The
    round's games are locked first, and if a table recorded anything since the desk was drawn
    the undo is refused: a step is never answered as recorded and then removed by an undo
    that did not know of it."""
    with locked_event(user, pk) as event:
        round_ = _latest_round(event, "No round has been paired yet.")
        number = round_.number
        games = Game.objects.filter(seating__round=round_).select_for_update(of=("self",))
        list(games.values_list("pk", flat=True))
        if seen is not None and seen != reads.version(event):
            raise EventProblem(
                "The tables moved on since this page was drawn (a hand was recorded, say): "
                f"look again before undoing round {number}. Nothing was undone."
            )
        Game.objects.filter(seating__round=round_).delete()
        round_.delete()
        LogEntry.write(event, user, f"Round {number} undone: its games were removed")
        return number


def start_clock(user: Visitor, pk: int) -> EventRound:
    """The round's clock starts: at zero the time is called at every table still playing."""
    with locked_event(user, pk) as event:
        round_ = _latest_round(event, "Pair a round before starting its clock.")
        if not event.round_minutes:
            raise EventProblem("This event's rounds have no clock.")
        if round_.clock_ends_at is not None:
            raise EventProblem(f"Round {round_.number}'s clock is already running.")
        # A whole second, as every page shows it (`data-clock-ends`): no phone counts to a
        # zero the server has not reached yet.
        ends = timezone.now() + timedelta(minutes=event.round_minutes)
        round_.clock_ends_at = ends.replace(microsecond=0) + timedelta(seconds=1)
        round_.save(update_fields=["clock_ends_at"])
        # Each table's game knows the zero too: its phone shows the time left, and its first
        # step after zero calls the time even if nobody looks at the board.
        Game.objects.filter(seating__round=round_).update(clock_ends_at=round_.clock_ends_at)
        LogEntry.write(
            event, user, f"Round {round_.number}'s clock started: {event.round_minutes} minutes"
        )
        return round_


def call_time_when_due(event: Event, latest: EventRound | None = None) -> bool:
    """At the clock's zero, the time is called at every table still playing (each game's own
    time call: the hand in play is finished, then the game ends); once. Any page of the event
    may ask, so the call comes with the first look after zero (`latest`: the event's latest
    round, where the caller has read it)."""
    round_ = latest if latest is not None else reads.latest_round(event)
    if round_ is None or round_.time_called:
        return False
    if round_.clock_ends_at is None or round_.clock_ends_at > timezone.now():
        return False
    with writing():
        fresh = EventRound.objects.select_for_update().filter(pk=round_.pk).first()
        if fresh is None or fresh.time_called:
            return False  # the round was undone meanwhile, or another look called it
        called = _call_time(event, list(fresh.seatings.all()), clock=True)
        fresh.time_called = True
        fresh.save(update_fields=["time_called"])
        tables = ", ".join(called) if called else "none still playing"
        LogEntry.write(
            event, "the round clock", f"Time called for round {fresh.number}: tables {tables}"
        )
    # Moved on after the commit: the event's row is not locked while the round's and its
    # games' are held (the director's changes lock the event's row first).
    _moved(event)
    return True


def _call_time(event: Event, seatings: list[Seating], *, clock: bool) -> list[str]:
    """Each of these tables still playing has the time called; the numbers of those that had."""
    called = []
    for seating in seatings:
        with services.locked_game(Access(user=event.owner), seating.game_id) as locked:
            game = locked.game
            if game.finished or game.time_called is not None or not locked.hands:
                continue
            services.call_time(locked, game.version, by_clock=clock)
            called.append(str(seating.number))
    return called


def call_time(user: Visitor, pk: int, table: int | None = None) -> list[str]:
    """The director calls the time at one table of the round being played (`table`), or at
    every table still playing: the hand in play is played out and each game ends after it.
    Returns the numbers of the tables where it was called."""
    with locked_event(user, pk) as event:
        round_ = _latest_round(event, "Pair a round first.")
        seatings = list(round_.seatings.all())
        if table is not None:
            seatings = [seating for seating in seatings if seating.number == table]
            if not seatings:
                raise EventProblem(f"There is no table {table} in round {round_.number}.")
            game = Game.objects.get(pk=seatings[0].game_id)
            if game.finished:
                raise EventProblem(f"Table {table}'s game is over already.")
            if game.time_called is not None:
                raise EventProblem(
                    f"The time was already called at table {table}, during hand {game.time_called}."
                )
            if not game.hand_count:
                raise EventProblem(
                    f"Table {table} hasn't started its first hand: the time can be called once "
                    "it has."
                )
        called = _call_time(event, seatings, clock=False)
        if table is None and not called:
            raise EventProblem("No table is still playing a started game: nothing was called.")
        where = f"table {called[0]}" if table is not None else f"tables {', '.join(called)}"
        LogEntry.write(
            event, user, f"Round {round_.number}: time called by the director at {where}"
        )
        return called


def confirm_result(access: Access, game_pk: int, name: str) -> Seating:
    """A player of the side that did not win (either side, in a draw) confirms the table's
    result on its phone, by their own name, once. From then on only the director can change
    the game (`club.table_rules`). The game's row is locked first, as every write of the game
    locks it, so a confirmation and an undo at the same moment are made one after the other."""
    try:
        return _confirm(access, game_pk, name)
    except services.Conflict as problem:  # the table moved on meanwhile: its next round
        raise EventProblem(str(problem)) from None


def _confirm(access: Access, game_pk: int, name: str) -> Seating:
    with services.locked_game(access, game_pk) as locked:
        game = locked.game
        seating = (
            Seating.objects.select_for_update(of=("self",))
            .select_related("round__event")
            .filter(game=game)
            .first()
        )
        if seating is None:
            raise Http404("No such table.")
        if not game.finished:
            raise EventProblem("The game isn't over yet: the result is confirmed once it is.")
        if seating.confirmed_at is not None:
            raise EventProblem(f"The result was already confirmed by {seating.confirmed_by}.")
        allowed = reads.confirmers(game)
        if name not in allowed:
            raise EventProblem(
                "The result is confirmed by a player of the other side: "
                + " or ".join(allowed)
                + "."
            )
        seating.confirmed_by = name
        seating.confirmed_at = timezone.now()
        seating.save(update_fields=["confirmed_by", "confirmed_at"])
        event = seating.round.event
        LogEntry.write(
            event,
            name,
            f"Round {seating.round.number}, table {seating.number}: result confirmed by {name}",
        )
        # The game's page and the board's line show who confirmed (both are drawn at the
        # game's version). The event's row is not touched: the game's is held, and the
        # director's changes lock the event's first.
        game.bump_version()
        push.event_changed(event.pk)
        return seating


def add_penalty(
    user: Visitor,
    pk: int,
    round_number: int,
    table: int,
    team: int,
    points: int,
    forfeit: bool,
    reason: str,
) -> Penalty:
    with locked_event(user, pk) as event:
        seating = Seating.objects.filter(
            round__event=event, round__number=round_number, number=table
        ).first()
        if seating is None:
            raise PenaltyProblem(f"There is no table {table} in round {round_number}.", "table")
        if team not in seating.teams:
            raise PenaltyProblem("That team doesn't play at that table.", "team")
        if not forfeit and points <= 0:
            raise PenaltyProblem(
                "Give the points the penalty costs, or make it a forfeit.", "points"
            )
        if forfeit and seating.penalties.filter(forfeit=True).exists():
            raise EventProblem("A team at that table has already forfeited the game.")
        penalty = Penalty.objects.create(
            seating=seating, team=team, points=points, forfeit=forfeit, reason=reason
        )
        name = event.teams.get(position=team).name
        cost = "forfeits the game" if forfeit else f"loses {points} points"
        LogEntry.write(
            event, user, f"Round {round_number}, table {table}: {name} {cost} ({reason})"
        )
        return penalty


def add_trick_penalty(
    user: Visitor,
    pk: int,
    round_number: int,
    table: int,
    team: int,
    hand: int,
    tricks: int,
    reason: str,
) -> Penalty:
    """A penalty of tricks (a renege, say): `tricks` of the team's tricks in hand `hand` go to
    its opponents, and the standings count the game scored again with them moved, by the
    events package, as the event's file does. The game at the table keeps its hands as played.
    PenaltyProblem naming the wrong figure for a hand not played or more tricks than can move."""
    with locked_event(user, pk) as event:
        seating = (
            Seating.objects.filter(round__event=event, round__number=round_number, number=table)
            .select_related("game")
            .first()
        )
        if seating is None:
            raise PenaltyProblem(f"There is no table {table} in round {round_number}.", "table")
        if team not in seating.teams:
            raise PenaltyProblem("That team doesn't play at that table.", "team")
        if tricks < 1:
            raise PenaltyProblem("Give the number of tricks the penalty moves.", "tricks")
        earlier = seating.penalties.filter(tricks__gt=0).order_by("pk")
        # Partners sit opposite: the entrants at even places (seats 1 and 3) are side 0.
        moves = [
            events.TrickMove(
                penalty.hand or 0, seating.teams.index(penalty.team) % 2, penalty.tricks
            )
            for penalty in earlier
        ]
        moves.append(events.TrickMove(hand, seating.teams.index(team) % 2, tricks))
        try:
            events.penalized_hands(seating.game.recorded_hands(), moves)
        except events.PenaltyError as error:
            message = str(error)
            raise PenaltyProblem(f"{message[:1].upper()}{message[1:]}.", error.field) from None
        penalty = Penalty.objects.create(
            seating=seating, team=team, hand=hand, tricks=tricks, reason=reason
        )
        name = event.teams.get(position=team).name
        count = "1 trick" if tricks == 1 else f"{tricks} tricks"
        LogEntry.write(
            event,
            user,
            f"Round {round_number}, table {table}: {count} of hand {hand} moved from {name} to "
            f"the opponents ({reason})",
        )
        return penalty


def swap_teams(user: Visitor, pk: int, first: int, second: int) -> EventRound:
    """Re-pair the latest round before its first hand: two teams change places (a table for a
    table, or a table for the bye), and each changed table's game is reseated."""
    with locked_event(user, pk) as event:
        round_ = _latest_round(event, "Pair a round first.")
        if first == second:
            raise EventProblem("Choose two different teams.")
        teams = {team.position: team for team in event.teams.all()}
        if first not in teams or second not in teams:
            raise EventProblem("Choose two teams of the event.")
        seatings = list(round_.seatings.all())
        places: dict[int, Seating | None] = dict.fromkeys(round_.byes)
        for seating in seatings:
            for position in seating.teams:
                places[position] = seating
        if first not in places or second not in places:
            raise EventProblem("Both teams must be in this round.")
        changed = [seating for seating in {places[first], places[second]} if seating is not None]
        swap = {first: second, second: first}
        round_.byes = [swap.get(position, position) for position in round_.byes]
        round_.save(update_fields=["byes"])
        for seating in sorted(changed, key=lambda seating: seating.game_id):
            seating.teams = [swap.get(position, position) for position in seating.teams]
            seated = _seated([teams[position] for position in seating.teams])
            # The table keeps its game, reseated: its phones stay on it, and a step posted for
            # the old seats is refused with the new ones shown (`games.services.reseat`). A
            # table whose first hand has begun is refused under the game's lock, so a step
            # racing the swap lands first and stops it, or comes after and is refused.
            try:
                with services.locked_game(Access(user=event.owner), seating.game_id) as locked:
                    services.reseat(locked, seated)
            except services.Conflict:
                raise EventProblem(
                    f"Table {seating.number} has started its first hand, so it can't be re-paired."
                ) from None
            seating.save(update_fields=["teams"])
        LogEntry.write(
            event,
            user,
            f"Round {round_.number} re-paired: {teams[first].name} and {teams[second].name} "
            "changed places",
        )
        return round_


def _check_entry(event: Event, players: Sequence[str], also: Sequence[str] = ()) -> None:
    """A progressive night's entry is one player (and only before its first round: its format
    closes entries then); every other format's is a team of two, of two players. A player
    plays for one entry (case aside, as a game's players are told apart): one already in a
    team still playing, waiting alone, or among `also` (the list entering with it) is
    refused, since a table would seat the same name twice."""
    _check_shape(event, players)
    if len(players) == 2 and _key(players[0]) == _key(players[1]):
        raise EventProblem(f"{players[0]} can't partner themselves: a team is two players.")
    _check_players_free(event, players, also)


def _check_shape(event: Event, players: Sequence[str]) -> None:
    if event.individual:
        if len(players) != 1:
            raise EventProblem("A progressive night's players enter one by one.")
    elif len(players) != 2:
        raise EventProblem("A team is two players.")


def _key(name: str) -> str:
    return name.strip().casefold()


def _check_players_free(event: Event, players: Sequence[str], also: Sequence[str] = ()) -> None:
    taken: dict[str, str] = {}
    for team in event.teams.filter(withdrawn=False):
        for player in team.players:
            taken[_key(player)] = f"{player} is already entered ({team.name})."
    for solo in event.solos:
        taken[_key(solo)] = f"{solo} is already entered, waiting for a partner."
    listed = {_key(player) for player in also}
    for player in players:
        if _key(player) in taken:
            raise EventProblem(taken[_key(player)])
        if _key(player) in listed:
            raise EventProblem(f"{player} is on the list twice.")


def start_playoff(user: Visitor, pk: int) -> EventRound:
    """A most-wins event's session ends now, after the rounds played (the time is up): its
    best teams, as the session's standings rank them, play the first round of the playoff.
    The planned count of rounds is kept: the playoff's rounds say where the session ended, so
    undoing its first round gives the session back."""
    with locked_event(user, pk) as event:
        if not events.format_for(event.pairing).has_playoff:
            raise EventProblem("Only a most-wins event has a playoff.")
        round_ = _latest_round(event, "Play at least one round of the session first.")
        if round_.stage == "playoff":
            raise EventProblem("The playoff has already begun.")
        state = reads.summary_if_session_ended(event, round_.number)
        LogEntry.write(
            event,
            user,
            f"Session ended after round {round_.number}: the best {event.playoff} play off",
        )
        return _pair_round(user, event, state)


class EntryProblem(EventProblem):
    """An entry of a list that can't be made; `index` is its place in the list (from 0)."""

    def __init__(self, message: str, index: int) -> None:
        super().__init__(message)
        self.index = index


def add_teams(
    user: Visitor, pk: int, entries: Sequence[tuple[str, Sequence[str]]]
) -> list[EventTeam]:
    """A list of teams enters at once (a progressive night's: players), all or nothing, as
    `add_team` enters one: EntryProblem naming the entry that can't, and none entered."""
    with locked_event(user, pk) as event:
        if not entries:
            raise EventProblem("The list is empty: one team a line.")
        _check_entries_open(event)
        teams = list(event.teams.all())
        if len(teams) + len(entries) > MAX_TEAMS:
            room = MAX_TEAMS - len(teams)
            raise EventProblem(
                f"An event takes at most {MAX_TEAMS} teams: {len(teams)} have entered, so "
                f"{room} more can. Nothing was entered."
            )
        _check_shape(event, entries[0][1])  # the event takes entries of this shape now
        entered = {team.name.casefold(): team.name for team in teams}
        listed: set[str] = set()
        for index, (name, players) in enumerate(entries):
            key = name.casefold()
            if key in entered:
                raise EntryProblem(f"{entered[key]} has already entered.", index)
            if key in listed:
                raise EntryProblem(f"{name} is on the list twice.", index)
            listed.add(key)
            before = [player for _, earlier in entries[:index] for player in earlier]
            try:
                _check_entry(event, players, before)
            except EventProblem as problem:
                raise EntryProblem(str(problem), index) from None
        made = [
            EventTeam.objects.create(
                event=event, position=len(teams) + index, name=name, players=list(players)
            )
            for index, (name, players) in enumerate(entries)
        ]
        kind = "Players" if event.individual else "Teams"
        LogEntry.write(
            event, user, f"{kind} entered from a list: " + ", ".join(team.name for team in made)
        )
        return made


def make_cards(user: Visitor, pk: int) -> list[int]:
    """The table cards of the tables the next round will need (`club.desk.tables_needed`),
    made now so that they can be printed before the round is paired; the numbers of those
    made. Cards already made are kept: a printed card's link works for the event's life."""
    with locked_event(user, pk) as event:
        needed = desk.cards_missing(event, reads.summary(event))
        if not needed:
            raise EventProblem("Every table the next round needs has its card already.")
        for number in needed:
            _card(event, number)
        LogEntry.write(event, user, f"Table cards made: {_numbers(needed)}")
        return needed


def _numbers(numbers: Sequence[int]) -> str:
    """ "table 1", "tables 1 to 4" or "tables 2, 5 and 6"."""
    if len(numbers) == 1:
        return f"table {numbers[0]}"
    if list(numbers) == list(range(numbers[0], numbers[-1] + 1)):
        return f"tables {numbers[0]} to {numbers[-1]}"
    return "tables " + ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}"
