from django import template

register = template.Library()


@register.filter
def signed(value: int) -> str:
    """+40, -100, 0: points in a hand always show their sign."""
    return f"{value:+d}" if value else "0"
