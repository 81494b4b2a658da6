from django import template

from games import links

register = template.Library()


@register.simple_tag
def link(name: str) -> str:
    """`{% url name %}` for an address without arguments, reversed once per process: every
    page's top bar has ten of them, a tenth of a cached page's time."""
    return links.url(name)


@register.filter
def signed(value: int) -> str:
    """+40, -100, 0: points in a hand always show their sign."""
    return f"{value:+d}" if value else "0"
