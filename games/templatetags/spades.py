from functools import lru_cache

from django import template
from django.urls import get_script_prefix, get_urlconf, reverse

register = template.Library()


@register.simple_tag
def link(name: str) -> str:
    """`{% url name %}` for an address without arguments, reversed once per process: every
    page's top bar has ten of them, a tenth of a cached page's time."""
    return _link(get_script_prefix(), get_urlconf(), name)


@lru_cache(maxsize=256)
def _link(prefix: str, urlconf: str | None, name: str) -> str:
    return reverse(name, urlconf=urlconf)  # the prefix is in the key: reverse() puts it first


@register.filter
def signed(value: int) -> str:
    """+40, -100, 0: points in a hand always show their sign."""
    return f"{value:+d}" if value else "0"
