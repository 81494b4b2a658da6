"""The club night's part of a game page: a table's game has no rematch (the director pairs the
next round) and its result is confirmed by the other side."""

from typing import Any

from django import template

from games.club.forms import ConfirmForm
from games.club.models import Seating
from games.club.reads import confirmers

register = template.Library()


@register.simple_tag
def event_seating(game: Any) -> Seating | None:
    """The event table a game is played at, or None for any other game (asked of the
    database only for a game played at an event)."""
    if not getattr(game, "at_event", False):
        return None
    return Seating.objects.select_related("round").filter(game=game).first()


@register.simple_tag
def confirm_form(game: Any) -> ConfirmForm:
    """The confirmation's choice of names: the players of the side that did not win."""
    return ConfirmForm(players=confirmers(game))
