"""The director's desk at check-in, on a phone: axe-core finds nothing, light and dark; a
refused penalty of tricks shows its problem next to its figure, the form left open."""

import pytest
from playwright.sync_api import Page, expect

from games import scoring
from games.club import services as club
from tests.browser.helpers import axe_violations, screenshot, sign_in
from tests.conftest import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_desk_with_waiting_players_and_a_refused_penalty(
    new_page, live_server, owner, scheme, console
):
    event = club.create_event(
        owner,
        name="Check-in night",
        rules=scoring.get_preset("tournament_10").rules,
        preset="tournament_10",
        pairing="swiss",
        rounds=3,
        round_minutes=None,
        points={"win": 2, "draw": 1, "loss": 0, "bye": 2},
        ranking=["match_points"],
        entries_until=2,
    )
    for name, first, second in [("Aces", "Ann", "Art"), ("Books", "Ben", "Bea")]:
        club.add_team(owner, event.pk, name, [first, second])
    for name in ("Cat", "Dan", "Eve"):
        club.add_solo(owner, event.pk, name)
    club.start_round(owner, event.pk)

    page: Page = new_page(viewport={"width": 360, "height": 640}, color_scheme=scheme)
    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(f"{live_server.url}/events/{event.pk}/")
    expect(page.get_by_role("heading", name="Players without a partner (3)")).to_be_visible()
    problems = axe_violations(page)

    page.get_by_text("A penalty", exact=True).click()
    page.get_by_label("Tricks of one hand given to the opponents (a renege)").check()
    expect(page.get_by_label("Round", exact=True)).to_have_value("1")  # the round being played
    page.get_by_label("Table", exact=True).fill("1")
    page.get_by_label("Hand", exact=True).fill("4")
    page.get_by_label("Tricks to the opponents").fill("3")
    page.get_by_label("Reason").fill("renege")
    page.get_by_role("button", name="Record the penalty").click()
    hand = page.locator(".field", has=page.get_by_label("Hand", exact=True))
    expect(hand.locator(".errorlist")).to_have_text(
        "Hand 4 has not been played at this table (0 hands have)."
    )
    expect(page.get_by_label("Hand", exact=True)).to_be_focused()
    screenshot(page, f"club-desk-penalty-refused-{scheme}")
    problems += axe_violations(page)  # a field's error shown too
    assert problems == [], "axe-core found:\n" + "\n".join(problems)
    console.assert_clean()
