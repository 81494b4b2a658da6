"""The club night's part of a game page: a table's game has no rematch (the director pairs the
next round) and its result is confirmed by the other side."""

from typing import Any

from django import template

from games.club.forms import ConfirmForm
from games.club.models import Seating

register = template.Library()


@register.simple_tag
def event_seating(game: Any) -> Seating | None:
    """The event table a game is played at, or None for any other game."""
    return Seating.objects.filter(game=game).first()


@register.simple_tag
def confirm_form() -> ConfirmForm:
    return ConfirmForm()
