"""`{% load guests %}{% if request|is_guest %}`: the guest's banner and links, with no query."""

from django import template
from django.http import HttpRequest

from games.accounts import guests

register = template.Library()


@register.filter
def is_guest(request: HttpRequest | None) -> bool:
    return request is not None and hasattr(request, "session") and guests.is_guest(request)
