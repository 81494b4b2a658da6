"""Template tags for the pages that look back at games: the score chart."""

from django import template

from games import chart, scoring

register = template.Library()


@register.inclusion_tag("games/score_chart.html")
def score_chart(result: scoring.GameResult) -> dict[str, chart.Chart | None]:
    """Each side's running score as an inline SVG, with its text alternative."""
    return {"chart": chart.build(result)}


@register.filter
def percent(rate: float | None) -> str:
    """0.5 -> "50%"; nothing to show when there was nothing to count."""
    return "—" if rate is None else f"{round(rate * 100)}%"
