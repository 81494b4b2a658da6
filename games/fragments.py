"""The read-only fragments of a game's pages, rendered once and kept in Django's cache.

The state around the forms, the standings, the chart and a blank entry step are keyed on the
game and its version; each history row on the game, the hand's number and the game's
`history_version` (a new hand leaves the earlier rows as they were; a correction or an undo
moves it). The game page, its htmx fragment and the watch page all draw from the same entries.
Nothing here is kept as truth: on a miss the hands are read and replayed once, and every
missing fragment is filled from that one replay. Forms are drawn outside them, with the
visitor's own CSRF token.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from django import forms
from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from games import chart, display, scoring
from games.models import Game
from games.scoring.steps import Step, bids_mark, due_step, time_call_is_last

TIMEOUT = 24 * 60 * 60
TEMPLATE = "games/game.html"
# History rows a page shows at once; a long game's earlier hands come a page at a time.
ROWS_PER_PAGE = 50


@dataclass(frozen=True)
class GameState:
    """What the live part of the page shows around its forms: small, so it is cached whole."""

    step: Step | None  # the step the game waits for; None once it is over
    outcome: display.OutcomeView | None
    pending: display.PendingView | None
    pending_hand: scoring.PendingHand | None
    next_number: int
    next_dealer: str
    next_first_bidder: str
    next_first_bidder_seat: int
    next_dealer_seat: int
    last_number: int
    last_played: bool
    played: int  # hands with their tricks in: the history's rows
    # The sides' scores before the next hand (blind bids may need a side to trail), and who
    # leads it (a hand that bids itself goes straight to its tricks).
    scores: tuple[int, ...]
    next_leader: str
    # The hand during which the time was called; whether that call is the newest thing
    # recorded (an undo takes it back first); and, after a shared top score at an end, what
    # the game plays on for, in words.
    time_called: int | None = None
    time_call_last: bool = False
    tie: str | None = None

    @property
    def finished(self) -> bool:
        return self.step is None

    @property
    def can_call_time(self) -> bool:
        return not self.finished and self.time_called is None and self.last_number > 0

    @property
    def bids_mark(self) -> str:
        """The bids the tricks step is drawn against, for its form to carry."""
        return bids_mark(None if self.pending_hand is None else self.pending_hand.bids)


def game_state(game: Game, result: scoring.GameResult) -> GameState:
    players = game.players
    recorded = result.recorded
    return GameState(
        step=due_step(game.rules_obj(), recorded, result.pending is not None, result.finished),
        outcome=display.outcome(result),
        pending=display.pending(result),
        pending_hand=result.pending,
        next_number=recorded + 1,
        next_dealer=players[result.next_dealer],
        next_first_bidder=players[result.next_first_bidder],
        next_first_bidder_seat=result.next_first_bidder,
        next_dealer_seat=result.next_dealer,
        last_number=recorded,
        last_played=recorded > 0 and result.pending is None,
        played=len(result.hands),
        scores=tuple(side.score for side in result.sides),
        next_leader=players[result.next_leader],
        time_called=result.time_called,
        time_call_last=time_call_is_last(
            game.time_called, game.time_called_after, recorded, result.pending is not None
        ),
        tie=result.tie,
    )


class GameFragments:
    """The cached fragments of one version of a game. A write gives the `result` and `notes`
    it has just worked out; otherwise they are read and replayed only on a cache miss.

    `written`: the game's version was made by the write drawing these, so no fragment of it
    can be in the cache yet. They are drawn without asking and kept together by `keep()`,
    one round trip to a shared cache instead of a look and a store for each."""

    def __init__(
        self,
        game: Game,
        result: scoring.GameResult | None = None,
        notes: dict[int, str] | None = None,
        *,
        written: bool = False,
    ) -> None:
        self.game = game
        if result is not None:
            self.__dict__["result"] = result
        self._notes = notes
        self._written = written
        self._drawn: dict[str, object] = {}

    def _cached(self, key: str) -> object:
        return None if self._written else cache.get(key)

    def _store(self, key: str, value: object) -> None:
        if self._written:
            self._drawn[key] = value
        else:
            cache.set(key, value, TIMEOUT)

    def keep(self) -> None:
        """Keep what a write's fragments drew (`written`), in one call."""
        if self._drawn:
            cache.set_many(self._drawn, TIMEOUT)
            self._drawn = {}

    def key(self, kind: str) -> str:
        # Ids are never reused (AUTOINCREMENT on SQLite, sequences on PostgreSQL).
        return f"{kind}:{self.game.pk}:{self.game.version}"

    def row_key(self, number: int) -> str:
        return f"row:{self.game.pk}:{self.game.history_version}:{number}"

    @cached_property
    def result(self) -> scoring.GameResult:
        hands, self._notes = self.game.recorded()
        return self.game.replay(hands)

    @property
    def notes(self) -> dict[int, str]:
        if self._notes is None:
            self._notes = self.game.hand_notes()
        return self._notes

    @property
    def rules(self) -> scoring.Rules:
        return self.game.rules_obj()

    @cached_property
    def state(self) -> GameState:
        kept = self._cached(self.key("state"))
        state = kept if isinstance(kept, GameState) else None
        if state is None:
            state = game_state(self.game, self.result)
            self._store(self.key("state"), state)
        return state

    def _html(
        self, kind: str, template: str, context: Callable[[], dict[str, object]]
    ) -> SafeString:
        kept = self._cached(self.key(kind))
        html = kept if isinstance(kept, str) else None
        if html is None:
            html = render_to_string(template, context())
            self._store(self.key(kind), html)
        # Our own template's output, escaped when it was rendered.
        return mark_safe(html)

    @cached_property
    def standings(self) -> SafeString:
        return self._html(
            "standings",
            f"{TEMPLATE}#standings",
            lambda: {"sides": display.sides(self.result), "rules": self.rules},
        )

    @cached_property
    def chart(self) -> SafeString:
        return self._html(
            "chart", "games/score_chart.html", lambda: {"chart": chart.build(self.result)}
        )

    def step_fields(self, step: str, form: forms.Form) -> SafeString:
        """The fields of an entry step ("bids" or "tricks"): what its form holds after its CSRF
        token, which stays in the page's template, the visitor's own."""
        return mark_safe(render_to_string(f"{TEMPLATE}#{step}_fields", {"form": form}))

    def step_key(self, drawn_from: list[object], *, lean: bool) -> str:
        step = self.state.step
        assert step is not None
        what = json.dumps([step.form, lean, self.rules.to_dict(), drawn_from], sort_keys=True)
        return f"step:{hashlib.sha256(what.encode()).hexdigest()}"

    def blank_step_fields(
        self, drawn_from: list[object], make_form: Callable[[], forms.Form], *, lean: bool
    ) -> SafeString:
        """The fields of the step the game waits for, nothing entered yet: kept under what
        they are drawn from (`drawn_from`, with the step and the rules), not under the game,
        so the next hand in the same state, or another table's, finds them drawn; the form is
        made (`make_form`) only on a miss."""
        step = self.state.step
        assert step is not None, "a game that is over waits for no step"
        key = self.step_key(drawn_from, lean=lean)
        # Not keyed on the game's version: another table's, or an earlier hand's, may be kept.
        html: str | None = cache.get(key)
        if html is None:
            html = self.step_fields(step.form, make_form())
            self._store(key, html)
        return mark_safe(html)

    def _page(self, before: int | None) -> tuple[int, int]:
        """The numbers of the newest row of a page and of the row under its last (0: none)."""
        top = self.state.played if before is None else min(before - 1, self.state.played)
        return top, max(top - ROWS_PER_PAGE, 0)

    def page_of_rows(self, before: int | None = None) -> tuple[list[tuple[int, SafeString]], int]:
        """A page of history rows, newest first, from the hand before `before` (or the last);
        and the number of the earliest row shown when earlier rows remain (else 0)."""
        top, bottom = self._page(before)
        return self.rows(list(range(top, bottom, -1))), (bottom + 1 if bottom > 0 else 0)

    def history(self, before: int | None = None) -> tuple[SafeString, int]:
        """A page of the table's history: its rows with the links to correct them, as one
        piece of HTML cached per page (at most ROWS_PER_PAGE rows, so a long game is never one
        huge entry); and the number of the earliest row shown, as `page_of_rows`.

        Nothing in it is a visitor's own. A new hand starts a new page key (its top row); a
        correction or an undo moves `history_version`, so a changed row is never served from
        an old page."""
        top, bottom = self._page(before)
        earlier = bottom + 1 if bottom > 0 else 0
        key = f"history:{self.game.pk}:{self.game.history_version}:{top}:{bottom}"
        html = cache.get(key)
        if html is None:
            html = self.items(self.rows(list(range(top, bottom, -1))))
            cache.set(key, html, TIMEOUT)
        return mark_safe(html), earlier

    def items(self, rows: list[tuple[int, SafeString]]) -> SafeString:
        """History rows as the table shows them, each with its link to correct the hand."""
        if not rows:
            return mark_safe("")
        context = {"game": self.game, "items": rows}
        return mark_safe(render_to_string(f"{TEMPLATE}#hand_items", context))

    def rows(self, numbers: list[int]) -> list[tuple[int, SafeString]]:
        """The history rows of these hands, in the order asked for."""
        keys = {number: self.row_key(number) for number in numbers}
        # A write's rows are the hands it changed: drawn from it, whatever was kept.
        found = {} if self._written else cache.get_many(list(keys.values()))
        missing = [number for number in numbers if keys[number] not in found]
        if missing:
            views = display.hands(self.result, self.notes, missing)
            fresh = {
                keys[view.number]: render_to_string(f"{TEMPLATE}#hand_row", {"hand": view})
                for view in views
            }
            if self._written:
                self._drawn.update(fresh)
            else:
                cache.set_many(fresh, TIMEOUT)
            found.update(fresh)
        return [(number, mark_safe(found[keys[number]])) for number in numbers]
