"""The director's desk in the browser: at check-in on a phone (axe-core finds nothing, light
and dark; a refused penalty of tricks shows its problem next to its figure, the form left
open); on a laptop the tables are a grid of cards that follows the tables by itself, never
taking away what is being typed; on a 360 px phone nothing scrolls sideways and every button,
link and radio is a 44 px target."""

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import Page, expect

from games import scoring
from games.access import Access
from games.club import reads
from games.club import services as club
from games.club.models import Event
from tests.browser.helpers import IN_SENTENCE, axe_violations, screenshot, sign_in
from tests.club.test_club_night import new_event, play_out
from tests.club.test_desk import bid
from tests.conftest import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
NARROW = {"width": 360, "height": 640}


def signed_in(page: Page, owner, url: str) -> None:
    """The director's session, given to the browser (signing in is tested elsewhere)."""
    client = Client()
    client.force_login(owner)
    name = settings.SESSION_COOKIE_NAME
    page.context.add_cookies([{"name": name, "value": client.cookies[name].value, "url": url}])


def desk_url(live_server, event: Event, query: str = "") -> str:
    return f"{live_server.url}/events/{event.pk}/{query}"


# Every button, link and radio a finger can reach, with its height; a radio's target is its
# label, a link inside a sentence keeps the sentence's line (WCAG 2.5.8's inline exception).
TARGETS = f"""() => {{
  const inSentence = {IN_SENTENCE};
  const found = [];
  for (const el of document.querySelectorAll("button, a[href], input[type=radio]")) {{
    const target = el.type === "radio" ? el.closest("label") || el : el;
    const box = target.getBoundingClientRect();
    if (!target.getClientRects().length || box.width === 0) {{ continue; }}
    if (inSentence(el)) {{ continue; }}
    found.push([(el.textContent || el.value || el.id).trim().slice(0, 40), box.height]);
  }}
  return found;
}}"""


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

    page: Page = new_page(viewport=NARROW, color_scheme=scheme)
    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(desk_url(live_server, event))
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


def test_on_a_laptop_the_tables_are_a_grid_that_follows_the_tables(
    new_page, live_server, owner, console
):
    event = new_event(owner)
    round_ = club.start_round(owner, event.pk)
    seatings = list(round_.seatings.select_related("game").order_by("number"))
    bid(owner, seatings[0].game)
    page: Page = new_page(viewport=LAPTOP)
    signed_in(page, owner, live_server.url)
    page.goto(desk_url(live_server, event))
    cards = page.locator(".desk-table")
    expect(cards).to_have_count(4)
    first, second = cards.nth(0).bounding_box(), cards.nth(1).bounding_box()
    assert first is not None
    assert second is not None
    assert abs(first["y"] - second["y"]) < 1
    assert second["x"] > first["x"] + first["width"]
    # The standings stand beside the tables, not under them.
    standings = page.locator(".desk-standings").bounding_box()
    assert standings is not None
    assert standings["x"] > first["x"] + first["width"]
    assert standings["y"] < first["y"] + first["height"]
    assert page.evaluate("document.documentElement.scrollWidth") <= LAPTOP["width"]
    screenshot(page, "club-desk-laptop", full_page=False)

    # Something is being typed when a table records its steps on its own phone: the desk
    # shows the new score by itself and keeps what was typed.
    page.get_by_label("Team name").fill("Late arrivals")
    table_2 = page.locator(f"#desk-game-{seatings[1].game.pk}")
    expect(table_2.locator(".desk-state")).to_have_text("Playing")
    play_out(seatings[1].game, owner)
    expect(table_2.locator(".desk-state")).to_have_text("Done, not confirmed")
    expect(table_2.locator("dd").first).to_have_text("600")
    # The other side confirms on the table's phone: the card and the log follow.
    game = seatings[1].game
    name = reads.confirmers(game)[0]
    club.confirm_result(Access(user=owner), game.pk, name)
    expect(table_2.locator(".desk-state")).to_have_text(f"Done, confirmed by {name}")
    expect(page.locator("#desk-log li").first).to_contain_text(f"result confirmed by {name}")
    expect(page.get_by_label("Team name")).to_have_value("Late arrivals")
    # The table that has started offers the time called there; the one that ended doesn't.
    table_1 = page.locator(f"#desk-game-{seatings[0].game.pk}")
    expect(table_1.get_by_role("button", name="Call time at table 1")).to_be_visible()
    expect(table_2.get_by_role("button")).to_have_count(0)
    screenshot(page, "club-desk-laptop-followed", full_page=False)
    problems = axe_violations(page)
    assert problems == [], "axe-core found:\n" + "\n".join(problems)
    console.assert_clean()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_on_a_narrow_phone_nothing_scrolls_sideways_and_every_target_is_44px(
    new_page, live_server, owner, scheme, console
):
    event = new_event(owner)
    club.add_solo(owner, event.pk, "Zed")
    # Nine teams, one a bye ("0-0-0, 1 bye"), one of the longest name.
    club.add_team(owner, event.pk, "A team name of forty letters, the most!", ["Lou", "Liz"])
    round_ = club.start_round(owner, event.pk)
    seatings = list(round_.seatings.select_related("game").order_by("number"))
    bid(owner, seatings[0].game)
    play_out(seatings[1].game, owner)
    team = seatings[2].teams[1]
    page: Page = new_page(viewport=NARROW, color_scheme=scheme)
    signed_in(page, owner, live_server.url)
    page.goto(desk_url(live_server, event))
    # A penalty is one tap from its table's card: the form opens with the table and team.
    name = event.teams.get(position=team).name
    page.get_by_role("link", name=f"Penalty: {name}").click()
    expect(page.locator("#penalty details")).to_have_attribute("open", "")
    expect(page.locator(".desk-penalty-for")).to_contain_text(
        f"Round 1, table 3: a penalty on {name}."
    )
    page.locator("details.desk-paste").evaluate("(details) => details.open = true")
    for details in page.locator("details.small").all():  # each standings line's "How"
        details.evaluate("(details) => details.open = true")
    assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]
    small = [(what, height) for what, height in page.evaluate(TARGETS) if height < 43.5]
    assert small == [], f"targets under 44 px: {small}"
    screenshot(page, f"club-desk-phone-{scheme}")

    # A bad line of a pasted list is named next to the list, which keeps what was pasted.
    page.get_by_label("Teams, one a line").fill("Late, Lou, Liz\nLater, Lee")
    page.get_by_role("button", name="Enter the list").click()
    errors = page.locator(".field", has=page.get_by_label("Teams, one a line")).locator(
        ".errorlist"
    )
    expect(errors).to_contain_text("Line 2: a team is its name and its two players")
    expect(page.get_by_label("Teams, one a line")).to_have_value("Late, Lou, Liz\nLater, Lee")
    assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]
    problems = axe_violations(page)
    assert problems == [], "axe-core found:\n" + "\n".join(problems)
    console.assert_clean()


def test_the_table_cards_are_made_and_shown_before_round_1(new_page, live_server, owner, console):
    event = new_event(owner)
    page: Page = new_page(viewport=NARROW)
    signed_in(page, owner, live_server.url)
    page.goto(f"{live_server.url}/events/{event.pk}/cards/")
    # The live server is on 127.0.0.1: the page says its codes only work on this computer.
    expect(page.locator("#loopback-warning")).to_contain_text("make run HOST=0.0.0.0")
    page.get_by_role("button", name="Make the table cards").click()
    expect(page.locator(".table-card")).to_have_count(4)
    expect(page.get_by_role("button", name="Print the cards")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]
    screenshot(page, "club-cards-before-round-1")
    problems = axe_violations(page)
    assert problems == [], "axe-core found:\n" + "\n".join(problems)
    console.assert_clean()
