"""A club night's rules inside its tables' games: what `games.services` asks before every write
of a game played at an event's table (settings.GAME_TABLE_RULES names this class).

Bridgemate's bar, and ours: once a player of the other side confirms the result, the table's
phone can no longer change it (no undo, no correction, no time call); only the director can,
and the event's log says who changed what and when, with the scores and the winner before and
after. At an event table the time is called by the round's clock or by the director, never
from the table's phone. Every saved write tells the room board once it commits.
"""

from collections.abc import Sequence

from django.utils import timezone
from django.utils.formats import time_format

from games import services
from games.club import push
from games.club.models import EventTeam, LogEntry, Seating
from games.models import Game

TIME_CALL = (
    "At a club night the time is called by the round's clock or by the director, not at the "
    "table; nothing changed."
)


class EventTableRules:
    """The `services.TableRules` of a club night's tables."""

    def rule(self, game: Game, write: services.Write) -> "TableRuling | None":
        seating = Seating.objects.select_related("round__event").filter(game_id=game.pk).first()
        if seating is None:
            return None  # a game whose round was undone: nothing of the event left to keep
        if not write.by_owner:
            if seating.confirmed_at is not None:
                when = time_format(timezone.localtime(seating.confirmed_at), "H:i")
                raise services.Refused(
                    f"{seating.confirmed_by} confirmed this result at {when}, so it can't be "
                    "changed from the table; nothing changed. The director can still correct it."
                )
            if write.kind == "call_time":
                raise services.Refused(TIME_CALL)
        return TableRuling(seating, write)

    def moved_on(self, game: Game) -> str:
        seating = Seating.objects.select_related("round").filter(game_id=game.pk).first()
        if seating is None:
            return f"This table now plays {game.title}."
        found = EventTeam.objects.filter(
            event_id=seating.round.event_id, position__in=seating.teams
        )
        named = dict(found.values_list("position", "name"))
        teams = [named.get(position, "?") for position in seating.teams]
        if len(teams) == 4:  # a progressive table: partners sit opposite
            teams = [f"{teams[0]} & {teams[2]}", f"{teams[1]} & {teams[3]}"]
        return (
            f"Round {seating.round.number} is paired: table {seating.number} now plays "
            f"{teams[0]} v {teams[1]}."
        )


class TableRuling:
    """A write the event allowed: logged if the director changed a result, then pushed."""

    def __init__(self, seating: Seating, write: services.Write) -> None:
        self.seating = seating
        self.write = write

    def saved(self, game: Game, before: services.Before) -> None:
        seating, write = self.seating, self.write
        if write.by_owner and not write.by_clock and (before.finished or seating.confirmed_at):
            self._log_correction(game, before)
        push.game_changed(game.pk)

    def _log_correction(self, game: Game, before: services.Before) -> None:
        """The director changed a game whose result was in: the log says what it was and is."""
        seating = self.seating
        event = seating.round.event
        confirmed = seating.confirmed_at is not None
        if confirmed:
            seating.corrected_at = timezone.now()
            seating.save(update_fields=["corrected_at"])
        what = {
            "undo": f"undid hand {self.write.hand}'s last step",
            "correct": f"corrected hand {self.write.hand}",
            "put_back": f"undid the correction of hand {self.write.hand}",
            "call_time": "called the time",
            "bids": f"recorded hand {self.write.hand}'s bids",
            "tricks": f"recorded hand {self.write.hand}'s tricks",
            "reseat": "reseated the table",
        }[self.write.kind]
        names = game.side_names()
        was = _result_words(names, before.scores, before.winner, before.finished)
        now = _result_words(names, tuple(game.scores or ()), game.winner, game.finished)
        after = " after its result was confirmed" if confirmed else ""
        LogEntry.write(
            event,
            event.owner,
            f"Round {seating.round.number}, table {seating.number}: the director {what}{after}: "
            f"{was}, now {now}",
        )
        push.event_changed(event.pk)  # the standings may have moved: the whole board


def _result_words(
    names: list[str], scores: Sequence[int] | None, winner: int | None, finished: bool
) -> str:
    """ "560 to 480, Ann + Cat won", or "280 to 394, still playing"."""
    score = " to ".join(str(value) for value in scores) if scores else "no score"
    if not finished:
        return f"{score}, still playing"
    if winner is None:
        return f"{score}, a draw"
    return f"{score}, {names[winner]} won"
