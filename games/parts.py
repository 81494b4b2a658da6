"""The read-only parts of a game's pages, rendered once and kept in Django's cache.

The standings, the chart and what the entry step needs to know are keyed on the game and its
version; each history row on the game, the hand's number and the game's `history_version` (a
new hand leaves the earlier rows as they were; a correction or an undo moves it). The game page,
its htmx fragment and the watch page all draw from the same entries, so a row rendered once
serves all three. Forms are never cached: they are drawn per request with the visitor's own
CSRF token. Nothing here is kept as truth: on a miss the hands are read and replayed once, and
every missing part is filled from that one replay.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, cast

from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from games import chart, display, scoring
from games.models import Game

TIMEOUT = 24 * 60 * 60
TEMPLATE = "games/game.html"
# History rows a page shows at once; a long game's earlier hands come a page at a time.
ROWS_PER_PAGE = 50


@dataclass(frozen=True)
class TableState:
    """What the live part shows around its forms: small, so it is cached whole."""

    finished: bool
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
    scores: tuple[int, ...] = ()
    next_leader: str = ""


def _state(game: Game, result: scoring.GameResult) -> TableState:
    players = game.players
    pending = display.pending(result)
    # A game's hands replay strictly: every one is scored but the one being played.
    recorded = result.played + result.unscored_hands + (result.pending is not None)
    return TableState(
        finished=result.finished,
        outcome=display.outcome(result),
        pending=pending,
        pending_hand=result.pending,
        next_number=recorded + 1,
        next_dealer=players[result.next_dealer],
        next_first_bidder=players[result.next_first_bidder],
        next_first_bidder_seat=result.next_first_bidder,
        next_dealer_seat=result.next_dealer,
        last_number=recorded,
        last_played=recorded > 0 and result.pending is None,
        played=result.played,
        scores=tuple(side.score for side in result.sides),
        next_leader=players[result.next_leader],
    )


class GameParts:
    """The cached parts of one version of a game. Give `hands` and `result` when a write
    has just worked them out; otherwise they are read and replayed only on a cache miss.

    A write's `result` may be resumed from the game's checkpoint (`Table`): it then serves the
    state, the standings and the rows of the hands it holds, and anything else (the chart, an
    earlier row) reads and replays the hands as a miss does."""

    def __init__(
        self,
        game: Game,
        hands: list[scoring.Hand] | None = None,
        result: scoring.GameResult | None = None,
    ) -> None:
        self.game = game
        self._hands = hands
        self._latest = result
        if result is not None and result.resumed_from is None:
            self.__dict__["result"] = result

    @property
    def latest(self) -> scoring.GameResult:
        """The game as it now stands: the write's result if there is one, else the replay."""
        return self._latest if self._latest is not None else self.result

    def key(self, kind: str) -> str:
        # Ids are never reused (AUTOINCREMENT on SQLite, sequences on PostgreSQL).
        return f"{kind}:{self.game.pk}:{self.game.version}"

    def row_key(self, number: int) -> str:
        return f"row:{self.game.pk}:{self.game.history_version}:{number}"

    @property
    def hands(self) -> list[scoring.Hand]:
        if self._hands is None:
            self._hands = self.game.recorded_hands()
        return self._hands

    @cached_property
    def result(self) -> scoring.GameResult:
        return self.game.replay(self.hands)

    @property
    def rules(self) -> scoring.Rules:
        return self.game.rules_obj()

    @cached_property
    def state(self) -> TableState:
        # Never None: the default always gives a TableState, and nothing else is kept there.
        return cast(
            TableState,
            cache.get_or_set(self.key("state"), lambda: _state(self.game, self.latest), TIMEOUT),
        )

    def _html(self, kind: str, template: str, context: Callable[[], dict[str, Any]]) -> SafeString:
        html = cache.get(self.key(kind))
        if html is None:
            html = render_to_string(template, context())
            cache.set(self.key(kind), html, TIMEOUT)
        # Our own template's output, escaped when it was rendered.
        return mark_safe(html)

    @cached_property
    def standings(self) -> SafeString:
        return self._html(
            "standings",
            f"{TEMPLATE}#standings",
            lambda: {"sides": display.sides(self.latest), "rules": self.rules},
        )

    @cached_property
    def chart(self) -> SafeString:
        return self._html(
            "chart", "games/score_chart.html", lambda: {"chart": chart.build(self.result)}
        )

    def step_fields(self, step: str, form: Any) -> SafeString:
        """The fields of an entry step ("bids" or "tricks"): what its form holds after its CSRF
        token, which stays in the page's template, the visitor's own."""
        return mark_safe(render_to_string(f"{TEMPLATE}#{step}_fields", {"form": form}))

    def step_key(self, step: str, *, lean: bool, drawn_from: tuple) -> str:
        what = json.dumps([step, lean, self.rules.to_dict(), drawn_from], sort_keys=True)
        return f"{step}-fields:{hashlib.sha256(what.encode()).hexdigest()}"

    def new_step_fields(self, step: str, describe: Callable[[], Any], *, lean: bool) -> SafeString:
        """The fields of the next step, nothing entered yet, bar the hand's number.

        Kept under what they are drawn from (`describe()`: its `drawn_from`, with the rules and
        `lean`), not under the game, so the next hand in the same state (same dealer, same
        bids), or another table's, reuses them and a recorded step draws no form; the form is
        made (`describe().make`) only on a miss. Also under this version of the game, so a
        page asked for again finds them without working out that key."""
        version_key = f"{step}-fields:{self.game.pk}:{self.game.version}:{int(lean)}"
        html = cache.get(version_key)
        if html is None:
            entry = describe()
            key = self.step_key(step, lean=lean, drawn_from=entry.drawn_from)
            html = cache.get(key)
            if html is None:
                html = self.step_fields(step, entry.make())
                cache.set(key, html, TIMEOUT)
            cache.set(version_key, html, TIMEOUT)
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
        piece of HTML cached per page (a page is at most ROWS_PER_PAGE rows, so a long game is
        never one huge entry); and the number of the earliest row shown, as `page_of_rows`.

        The links are the same for everyone who may open the table, and nothing in it is
        a visitor's own. A new hand starts a new page key (its top row); a correction or an
        undo moves `history_version`, so a changed row is never served from an old page."""
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
        context = {"items": rows, "game": self.game}
        return mark_safe(render_to_string(f"{TEMPLATE}#hand_items", context))

    def rows(self, numbers: list[int]) -> list[tuple[int, SafeString]]:
        """The history rows of these hands, in the order asked for."""
        keys = {number: self.row_key(number) for number in numbers}
        found = cache.get_many(list(keys.values()))
        missing = [number for number in numbers if keys[number] not in found]
        if missing:
            result = self.latest
            if min(missing) <= result.hands_before:
                result = self.result  # reading the hands reads their notes too
            notes = self.game.hand_notes(missing)
            views = {view.number: view for view in display.hands(result, notes, missing)}
            fresh = {
                keys[number]: render_to_string(f"{TEMPLATE}#hand_row", {"hand": views[number]})
                for number in missing
            }
            cache.set_many(fresh, TIMEOUT)
            found.update(fresh)
        return [(number, mark_safe(found[keys[number]])) for number in numbers]
