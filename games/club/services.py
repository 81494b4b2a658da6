"""Every write to a club night goes through here, as every write to a game goes through
`games.services`: the event's row locked, the change checked, made and logged in one transaction.

What an event comes to (its standings, its next round, its winner) is never stored: `summary`
builds the event's `spades-event/1` file from its teams, rounds and games and hands it to the
pure `games.events` package, exactly as `manage.py event` reads an exported file.
"""

import hashlib
import json
import random
import secrets
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.db.models import Q, Sum
from django.http import Http404
from django.utils import timezone

from games import events, scoring, services
from games.club import push
from games.club.models import CardTable, Event, EventRound, EventTeam, LogEntry, Penalty, Seating
from games.events.entry import CLOSED_AFTER_ROUND_1 as _CLOSED_AFTER_ROUND_1
from games.models import Access, Game, Table, new_watch_token
from games.views.files import game_file

MAX_TEAMS = 200


class EventProblem(Exception):
    """The change can't be made to the event as it now is; the message says why."""


class PenaltyProblem(EventProblem):
    """A penalty that can't be given as asked; `field` names the figure that is wrong."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


@contextmanager
def locked_event(user: Any, pk: int) -> Iterator[Event]:
    """The director's event, locked for one change; a 404 for anyone else."""
    with transaction.atomic():
        event = (
            Event.objects.select_for_update().filter(pk=pk, owner=user).first()
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
    owner: Any,
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
    if pairing == "most_wins":
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
    with transaction.atomic():
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


def add_team(user: Any, pk: int, name: str, players: Sequence[str]) -> EventTeam:
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
    closed = events.entries_closed(event.pairing, event.entries_until, event.event_rounds.count())
    if closed:
        raise EventProblem(closed)
    if event.pairing == "most_wins" and event.event_rounds.filter(stage="playoff").exists():
        raise EventProblem(
            "A most-wins event takes no new teams once its playoff began: the playoff's seeds "
            "were the session's best."
        )


def add_solo(user: Any, pk: int, name: str) -> str:
    """A player who came alone enters and waits to be drawn into a team at check-in."""
    with locked_event(user, pk) as event:
        if event.pairing == "progressive":
            raise EventProblem("A progressive night enters every player alone already.")
        _check_entries_open(event)
        waiting = list(event.solos)
        same = [solo for solo in waiting if solo.casefold() == name.casefold()]
        if same:
            raise EventProblem(f"{same[0]} is already waiting for a partner.")
        if len(waiting) >= 2 * MAX_TEAMS:
            raise EventProblem(f"At most {2 * MAX_TEAMS} players can wait for a partner.")
        event.solos = [*waiting, name]
        event.save(update_fields=["solos"])
        LogEntry.write(event, user, f"Player entered alone: {name}")
        return name


def withdraw_solo(user: Any, pk: int, name: str) -> str:
    """A player waiting for a partner leaves before the draw."""
    with locked_event(user, pk) as event:
        if name not in event.solos:
            raise EventProblem(f"{name} is not waiting for a partner.")
        event.solos = [solo for solo in event.solos if solo != name]
        event.save(update_fields=["solos"])
        LogEntry.write(event, user, f"Player withdrawn before the draw: {name}")
        return name


def pair_solos(
    user: Any, pk: int, chance: random.Random | None = None
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


def withdraw_team(user: Any, pk: int, position: int) -> EventTeam:
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


def event_data(event: Event) -> dict[str, Any]:
    """The event as its `spades-event/1` file writes it: settings, teams, rounds, each table's
    game as a game file, and the penalties."""
    teams = list(event.teams.all())
    rounds = list(event.event_rounds.prefetch_related("seatings__penalties"))
    seatings = [seating for round_ in rounds for seating in round_.seatings.all()]
    found = Game.objects.filter(seating__in=seatings).select_related("table")
    games = {game.pk: game for game in found}
    hands = Game.hands_by_game(games.values())
    penalties = []
    written_rounds: list[dict[str, Any]] = []
    for round_ in rounds:
        tables = []
        for seating in round_.seatings.all():
            game = games[seating.game_id]
            file = game_file(game, hands[game.pk], {}).to_dict()
            file.pop("name", None)
            tables.append({"teams": list(seating.teams), "game": file})
            # In the order given: penalties of tricks in one hand count what the ones before left.
            for penalty in sorted(seating.penalties.all(), key=lambda penalty: penalty.pk):
                item: dict[str, Any] = {
                    "round": round_.number,
                    "table": seating.number,
                    "team": penalty.team,
                    "reason": penalty.reason,
                }
                if penalty.forfeit:
                    item["forfeit"] = True
                if penalty.points:
                    item["points"] = penalty.points
                if penalty.tricks:
                    item["hand"] = penalty.hand
                    item["tricks"] = penalty.tricks
                penalties.append(item)
        written_rounds.append({"tables": tables, "byes": list(round_.byes)})
    settings: dict[str, Any] = {
        "pairing": event.pairing,
        "points": dict(event.points),
        "ranking": list(event.ranking),
    }
    if event.rounds is not None:
        settings["rounds"] = event.rounds
    if event.playoff is not None:
        settings["playoff"] = event.playoff
    for round_, written in zip(rounds, written_rounds, strict=True):
        if round_.stage != "session":
            written["stage"] = round_.stage
    if event.entries_until is not None:
        settings["entries_until"] = event.entries_until
    if event.seeding != "standings":
        settings["seeding"] = event.seeding
        settings["seed"] = event.seed
    entry: dict[str, Any] = {"solos": list(event.solos)} if event.solos else {}
    return {
        "format": events.FORMAT,
        "name": event.name,
        "rules": {"preset": event.preset, **_rule_overrides(event)},
        "event": settings,
        "teams": [
            {
                "name": team.name,
                "players": list(team.players),
                **({"withdrawn": True} if team.withdrawn else {}),
            }
            for team in teams
        ],
        **entry,
        "rounds": written_rounds,
        "penalties": penalties,
    }


def _rule_overrides(event: Event) -> dict[str, Any]:
    rules = scoring.Rules.from_dict(event.rules)
    base = (
        scoring.get_preset(event.preset).rules
        if event.preset in scoring.PRESETS
        else scoring.Rules()
    )
    return {name: getattr(rules, name) for name in rules.differences(base)}


def board_event(token: str) -> Event | None:
    """The event of a board's token, read with what each poll of the board needs: its games'
    versions added up (the ETag) and its latest round (the clock). A room of phones polls twice
    a second each: three small queries cost a quarter less than one that joined them, most of
    whose time went to building its SQL."""
    event = Event.objects.filter(board_token=token).first()
    if event is not None:
        event.latest_round = event.event_rounds.order_by("-number").first()
        event.games_version = _games_version(event)
    return event


def _games_version(event: Event) -> int:
    found = Game.objects.filter(seating__round__event=event).aggregate(total=Sum("version"))
    return found["total"] or 0


def version(event: Event) -> str:
    """What the event shows moves on with this: its own version and its games' versions."""
    moved = event.games_version if hasattr(event, "games_version") else _games_version(event)
    return f"{event.pk}-{event.version}-{moved}"


def results_version(event: Event) -> str:
    """What the standings, the next round and the winner move on with: the event's own
    version and its games that count (finished, or with a penalty: a forfeit counts a game
    still being played). A hand at a table still playing counts for nothing there yet, so at a
    busy night the standings are worked out when a game ends, not at every step."""
    finished = (
        Game.objects.filter(seating__round__event=event)
        .filter(Q(finished=True) | Q(seating__penalties__isnull=False))
        .distinct()
        .order_by("pk")
        .values_list("pk", "version")
    )
    digest = hashlib.blake2b(json.dumps(list(finished)).encode(), digest_size=12).hexdigest()
    return f"{event.pk}-{event.version}-{digest}"


def summary(event: Event, results: str | None = None) -> dict[str, Any]:
    """The standings, the next round and the winner, cached until the event changes or one of
    its games ends, or changes after its end (`results`: its `results_version`, where the
    caller has read it already)."""
    key = f"event-summary:{results or results_version(event)}"
    found: dict[str, Any] | None = cache.get(key)
    if found is None:
        found = events.summarize(events.parse_event_file(event_data(event)))
        cache.set(key, found, 60 * 60)
    return found


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
        name=name,
        rules=scoring.Rules.from_dict(event.rules),
        preset=event.preset,
        table=table,
        **values,
    )


def _seated(teams: Sequence[EventTeam]) -> list[str]:
    if len(teams) == 4:  # a progressive table: one player in each seat
        return [team.players[0] for team in teams]
    first, second = teams
    return events.table_players(first.players, second.players)


def start_round(user: Any, pk: int) -> EventRound:
    """The next round, paired by the event's format: a game at each table, on that table's
    card table, so the phones holding its table card score the new game."""
    with locked_event(user, pk) as event:
        return _pair_round(user, event, summary(event))


def _pair_round(user: Any, event: Event, state: dict[str, Any]) -> EventRound:
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
            f"{event.name}: round {number}, table {table['table']}",
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


def undo_round(user: Any, pk: int) -> int:
    """Take back the latest round, its games and their hands, as if it had not been paired."""
    with locked_event(user, pk) as event:
        round_ = _latest_round(event, "No round has been paired yet.")
        number = round_.number
        Game.objects.filter(seating__round=round_).delete()
        round_.delete()
        LogEntry.write(event, user, f"Round {number} undone: its games were removed")
        return number


def start_clock(user: Any, pk: int) -> EventRound:
    """The round's clock starts: at zero the time is called at every table still playing."""
    with locked_event(user, pk) as event:
        round_ = _latest_round(event, "Pair a round before starting its clock.")
        if not event.round_minutes:
            raise EventProblem("This event's rounds have no clock.")
        if round_.clock_ends_at is not None:
            raise EventProblem(f"Round {round_.number}'s clock is already running.")
        round_.clock_ends_at = timezone.now() + timedelta(minutes=event.round_minutes)
        round_.save(update_fields=["clock_ends_at"])
        # Each table's game knows the zero too: its phone shows the time left, and its first
        # step after zero calls the time even if nobody looks at the board.
        Game.objects.filter(seating__round=round_).update(clock_ends_at=round_.clock_ends_at)
        LogEntry.write(
            event, user, f"Round {round_.number}'s clock started: {event.round_minutes} minutes"
        )
        return round_


def call_time_when_due(event: Event) -> bool:
    """At the clock's zero, the time is called at every table still playing (each game's own
    time call: the hand in play is finished, then the game ends); once. Any page of the event
    may ask, so the call comes with the first look after zero."""
    if hasattr(event, "latest_round"):  # read with the event (`board_event`)
        round_ = event.latest_round
    else:
        round_ = event.event_rounds.order_by("-number").first()
    if round_ is None or round_.time_called:
        return False
    if round_.clock_ends_at is None or round_.clock_ends_at > timezone.now():
        return False
    with transaction.atomic():
        fresh = EventRound.objects.select_for_update().get(pk=round_.pk)
        if fresh.time_called:
            return False
        called = []
        for seating in fresh.seatings.all():
            with services.locked_game(Access(user=event.owner), seating.game_id) as locked:
                game = locked.game
                if game.finished or game.time_called is not None or not locked.hands:
                    continue
                services.call_time(locked, game.version)
                called.append(str(seating.number))
        fresh.time_called = True
        fresh.save(update_fields=["time_called"])
        tables = ", ".join(called) if called else "none still playing"
        LogEntry.write(
            event, "the round clock", f"Time called for round {fresh.number}: tables {tables}"
        )
        _moved(event)
    return True


def confirm_result(seating: Seating, name: str) -> Seating:
    """A player of the losing (or either, in a draw) side confirms the result at the table."""
    with transaction.atomic():
        seating = (
            Seating.objects.select_for_update()
            .select_related("game", "round__event")
            .get(pk=seating.pk)
        )
        game = seating.game
        if not game.finished:
            raise EventProblem("The game isn't over yet.")
        if seating.confirmed_at is not None:
            raise EventProblem(f"Already confirmed by {seating.confirmed_by}.")
        seating.confirmed_by = name
        seating.confirmed_at = timezone.now()
        seating.save(update_fields=["confirmed_by", "confirmed_at"])
        event = seating.round.event
        LogEntry.write(
            event, name, f"Round {seating.round.number}, table {seating.number}: result confirmed"
        )
        _moved(event)
        return seating


def add_penalty(
    user: Any,
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
    user: Any,
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


def swap_teams(user: Any, pk: int, first: int, second: int) -> EventRound:
    """Re-pair the latest round before its first hand: two teams change places (a table for a
    table, or a table for the bye), and each changed table gets a fresh game."""
    with locked_event(user, pk) as event:
        round_ = _latest_round(event, "Pair a round first.")
        if first == second:
            raise EventProblem("Choose two different teams.")
        teams = {team.position: team for team in event.teams.all()}
        if first not in teams or second not in teams:
            raise EventProblem("Choose two teams of the event.")
        seatings = list(round_.seatings.select_related("game"))
        places: dict[int, Seating | None] = dict.fromkeys(round_.byes)
        for seating in seatings:
            for position in seating.teams:
                places[position] = seating
        if first not in places or second not in places:
            raise EventProblem("Both teams must be in this round.")
        changed = [seating for seating in {places[first], places[second]} if seating is not None]
        if any(seating.game.hand_count for seating in changed):
            raise EventProblem("A table that has started its first hand can't be re-paired.")
        swap = {first: second, second: first}
        round_.byes = [swap.get(position, position) for position in round_.byes]
        round_.save(update_fields=["byes"])
        for seating in changed:
            seating.teams = [swap.get(position, position) for position in seating.teams]
            old = seating.game
            seated = [teams[position] for position in seating.teams]
            seating.game = _table_game(
                event, old.name, seated, old.table, clock_ends_at=round_.clock_ends_at
            )
            seating.save(update_fields=["teams", "game"])
            old.delete()
        LogEntry.write(
            event,
            user,
            f"Round {round_.number} re-paired: {teams[first].name} and {teams[second].name} "
            "changed places",
        )
        return round_


def import_event(owner: Any, data: bytes) -> Event:
    """A new event from a `spades-event/1` file: its settings, teams, rounds, byes, penalties
    and every table's game, all or nothing; EventProblem (one line) for a file it can't read."""
    try:
        parsed = events.parse_event_file(data)
    except events.EventFileError as error:
        raise EventProblem(str(error)) from None
    raw = json.loads(data)
    spec = raw.get("rules", {})
    preset = spec.get("preset", "standard") if isinstance(spec.get("preset"), str) else "standard"
    with transaction.atomic():
        event = create_event(
            owner,
            name=parsed.name or "Imported event",
            rules=parsed.rules,
            preset=preset if preset in scoring.PRESETS else "standard",
            pairing=parsed.pairing,
            rounds=parsed.planned_rounds,
            round_minutes=None,
            playoff=parsed.playoff,
            points={
                "win": parsed.points.win,
                "draw": parsed.points.draw,
                "loss": parsed.points.loss,
                "bye": parsed.points.bye,
            },
            ranking=parsed.ranking,
            entries_until=parsed.entries_until,
            seeding=parsed.seeding,
            seed=parsed.seed,
        )
        if parsed.solos:
            event.solos = list(parsed.solos)
            event.save(update_fields=["solos"])
        for position, team in enumerate(parsed.teams):
            EventTeam.objects.create(
                event=event,
                position=position,
                name=team.name,
                players=list(team.players),
                withdrawn=team.withdrawn,
            )
        for round_item, round_ in zip(raw.get("rounds", []), parsed.rounds, strict=True):
            made = EventRound.objects.create(
                event=event, number=round_.number, byes=list(round_.byes), stage=round_.stage
            )
            teams = {team.position: team for team in event.teams.all()}
            for table_item, table in zip(round_item["tables"], round_.tables, strict=True):
                seated = [teams[position] for position in table.entrants]
                game_data = dict(table_item.get("game") or {})
                game_data.setdefault("rules", spec)
                game_data.setdefault("players", _seated(seated))
                game_file = scoring.parse_game_file(game_data)
                game = _table_game(
                    event,
                    f"{event.name}: round {round_.number}, table {table.number}",
                    seated,
                    _card(event, table.number).table,
                    players=list(game_file.players),
                    first_dealer=game_file.first_dealer,
                    hands=game_file.hands,
                    time_called=game_file.time_called,
                )
                Seating.objects.create(
                    round=made, number=table.number, teams=list(table.entrants), game=game
                )
        for penalty in parsed.penalties:
            seating = Seating.objects.get(
                round__event=event, round__number=penalty.round, number=penalty.table
            )
            Penalty.objects.create(
                seating=seating,
                team=penalty.team,
                points=penalty.points,
                forfeit=penalty.forfeit,
                hand=penalty.hand,
                tricks=penalty.tricks,
                reason=penalty.reason or "imported",
            )
        LogEntry.write(event, owner, "Event imported from its file")
        return event


def _check_entry(event: Event, players: Sequence[str]) -> None:
    """A progressive night's entry is one player, and only before its first round (its tables
    move together); every other format's is a team of two."""
    if event.individual:
        if len(players) != 1:
            raise EventProblem("A progressive night's players enter one by one.")
        if event.event_rounds.exists():
            raise EventProblem("A progressive night takes no new players once round 1 started.")
    elif len(players) != 2:
        raise EventProblem("A team is two players.")


def start_playoff(user: Any, pk: int) -> EventRound:
    """A most-wins event's session ends now, after the rounds played (the time is up): its
    best teams, as the session's standings rank them, play the first round of the playoff.
    The planned count of rounds is kept: the playoff's rounds say where the session ended, so
    undoing its first round gives the session back."""
    with locked_event(user, pk) as event:
        if event.pairing != "most_wins":
            raise EventProblem("Only a most-wins event has a playoff.")
        round_ = _latest_round(event, "Play at least one round of the session first.")
        if round_.stage == "playoff":
            raise EventProblem("The playoff has already begun.")
        data = event_data(event)
        data["event"]["rounds"] = round_.number  # as if the session had been this long
        state = events.summarize(events.parse_event_file(data))
        LogEntry.write(
            event,
            user,
            f"Session ended after round {round_.number}: the best {event.playoff} play off",
        )
        return _pair_round(user, event, state)
