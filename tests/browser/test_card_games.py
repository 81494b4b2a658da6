"""Oh Hell, Wizard and Call Break played in Chromium by a new user, on both phone sizes: from New
game to the winner, every step and its answer in view (issue #33).

Each step is tapped as a finger would: one pad open at a time, the tricks' last pad offered the
remainder, the hook's forbidden key disabled with its reason. After every post the notice and the
score bar are on the screen, and the score bar says what the engine's replay of the same hands
says.
"""

import re
from dataclasses import dataclass

import pytest
from playwright.sync_api import Locator, Page, expect

from games.cards import services
from games.cards.models import CardsGame
from games.scoring import card_games
from games.scoring.card_games.table import Recorded, dealer_may_not_bid, step_of
from tests.browser.helpers import (
    assert_in_view,
    axe_violations,
    expect_offered,
    key,
    screenshot,
    sign_in,
    tap,
)
from tests.browser.test_phone_standards import SMALL_TARGETS, TAP, TARGETS, UNLABELLED
from tests.conftest import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONES = {"390x844": {"width": 390, "height": 844}, "360x640": {"width": 360, "height": 640}}
SEVEN = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"]
# After a recorded step, app.js brings the score bar to the top of the screen, or as near as
# a page shorter than that lets it (the page scrolled to its end).
AT_THE_TOP = """() => Math.abs(document.getElementById('standings').getBoundingClientRect().top) < 1
  || Math.abs(window.scrollY + window.innerHeight - document.documentElement.scrollHeight) < 1"""
WIDTH = "document.documentElement.scrollWidth"


@dataclass(frozen=True)
class Table:
    """One game to play from New game: which, who, and the house rules to change."""

    game: str
    title: str
    players: list[str]
    preset: str  # the Scoring choice's label, or "" for the default
    house_rules: dict[str, str]  # a house rule's label -> the number to type


TABLES = {
    # Most cards 3: 3, 2, 1, 2, 3 cards, five hands, the hook on every one.
    "oh_hell": Table("oh_hell", "Oh Hell", ["Ann", "Ben", "Cat"], "", {"Most cards": "3"}),
    # Six players: 60 / 6 = 10 rounds, round n deals n cards.
    "wizard": Table("wizard", "Wizard", SEVEN[:6], "", {}),
    # Three deals of 13 cards; calls of 1 to 8.
    "call_break": Table("call_break", "Call Break", SEVEN[:4], "Call Break, three deals", {}),
}


def plan_bids(step, hand: int) -> list[int]:
    """Bids by seat for a hand: one player (a different one each hand) bids high, the others
    low, the dealer (last) never the hook's forbidden bid."""
    order = step.order
    bids: list[int | None] = [None] * len(order)
    for place, seat in enumerate(order):
        bid = step.cards // 2 + 1 if place == hand % len(order) else place % 2
        bids[seat] = max(step.bid_low, min(step.bid_high, bid))
    dealer = step.dealer
    forbidden = dealer_may_not_bid(step, bids)
    if forbidden is not None and bids[dealer] == forbidden:
        bids[dealer] = bids[dealer] + 1 if bids[dealer] < step.bid_high else bids[dealer] - 1
    return [bid for bid in bids if bid is not None]


def plan_tricks(step, bids: list[int]) -> list[int]:
    """Tricks by seat: each player in order takes their bid while tricks are left (some miss),
    the last the remainder, which the page offers."""
    tricks = [0] * len(bids)
    left = step.cards
    for seat in step.order[:-1]:
        took = min(bids[seat], left)
        tricks[seat] = took
        left -= took
    tricks[step.order[-1]] = left
    return tricks


def box(locator: Locator) -> dict:
    found = locator.bounding_box()
    assert found is not None, f"{locator} is not drawn"
    return found


def assert_no_sideways_scroll(page: Page, what: str) -> None:
    width = page.evaluate(WIDTH)
    assert width <= page.viewport_size["width"], f"{what} scrolls sideways: {width}px wide"


def assert_step_in_view(page: Page, what: str) -> None:
    """The step's title and its line of hand size and dealer are on the screen."""
    assert_in_view(page, page.locator("#entry-title"), f"{what}: the step's title")
    assert_in_view(page, page.locator("#entry-title + p"), f"{what}: the hand size and dealer")
    assert_no_sideways_scroll(page, what)


# The open pad's keys a finger can reach as the screen stands: each key's middle is on the
# screen and is the key's own (not under the score bar or the button stuck to the bottom).
HIDDEN_KEYS = """() => [...document.querySelectorAll("#entry fieldset.pad.current label.key")]
  .filter((key) => {
    const box = key.getBoundingClientRect();
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) { return true; }
    const found = document.elementFromPoint(x, y);
    return !found || !key.contains(found);
  })
  .map((key) => key.textContent.trim())
"""


def assert_keys_in_view(page: Page, field: str, what: str) -> None:
    """The pad for `field` is the open one, and every key of it can be tapped where it is."""
    pad = page.locator("#entry fieldset.pad.current")
    expect(pad.locator(f'input[name="{field}"]').first).to_be_attached()
    assert page.evaluate(HIDDEN_KEYS) == [], f"{what}: keys off the screen or covered"


def assert_answer_in_view(page: Page, what: str) -> None:
    """After a post: the notice and the whole score bar, every player in it, on the screen."""
    page.wait_for_function(AT_THE_TOP)
    assert_in_view(page, page.locator("#notice .message"), f"{what}: the notice")
    assert_in_view(page, page.locator("#standings"), f"{what}: the score bar")
    sides = page.locator("#standings .side")
    for index in range(sides.count()):
        assert_in_view(page, sides.nth(index), f"{what}: player {index + 1} in the score bar")
    assert_no_sideways_scroll(page, what)


def expect_totals(page: Page, game: CardsGame) -> None:
    """The score bar says what a fresh replay of the stored hands says."""
    game.refresh_from_db()
    result = game.replay()
    scale = game.rules_obj().scale
    for seat, standing in enumerate(result.standings):
        expect(page.locator(f"#standings .side.s{seat} .score")).to_have_text(
            card_games.points_text(standing.score, scale, sign=False)
        )


def assert_phone_standards(page: Page, what: str) -> None:
    """No sideways scroll, every input labelled, every target a thumb's size."""
    assert_no_sideways_scroll(page, what)
    assert page.evaluate(UNLABELLED) == [], f"{what} has inputs without a label"
    assert page.evaluate(SMALL_TARGETS, [TARGETS, TAP]) == [], f"{what} has targets under {TAP}px"


def start_game(page: Page, base: str, table: Table) -> CardsGame:
    """As a new user with no account: New game, the game's tab, names, house rules, Start."""
    page.goto(f"{base}/games/new/")
    page.get_by_role("navigation", name="Which game").get_by_role("link", name=table.title).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("New game")
    for seat, name in enumerate(table.players, start=1):
        page.get_by_label(f"Player {seat}", exact=True).fill(name)
    if table.preset:
        page.get_by_label("Scoring", exact=True).select_option(label=table.preset)
    if table.house_rules:
        page.get_by_text("House rules (optional)").click()
        for label, value in table.house_rules.items():
            page.get_by_label(label, exact=True).fill(value)
    assert_phone_standards(page, f"New game of {table.title}")
    size = f"{page.viewport_size['width']}x{page.viewport_size['height']}"
    screenshot(page, f"89-cards-{table.game}-{size}-new")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#entry-title")).to_contain_text("Hand 1 of")
    # htmx loads the game's page itself (HX-Redirect): measured once its styles are in.
    page.wait_for_load_state("load")
    assert_phone_standards(page, f"{table.title}'s first step")
    game = CardsGame.objects.get()
    assert game.players == table.players
    return game


def tap_in_view(page: Page, field: str, value: str, what: str) -> None:
    """Tap a key where the step put it: the pad due next is open, its keys on the screen."""
    assert_keys_in_view(page, field, what)
    tap(page, field, value)


def play_bids(page: Page, game: CardsGame, number: int, name: str) -> list[int]:
    view = step_of(game.rules_obj(), len(game.players), game.recorded())
    names = game.players
    title = page.locator("#entry-title")
    expect(title).to_have_text(f"Hand {number} of {view.hands_in_game}: bids")
    expect(page.locator("#entry-title + p")).to_contain_text(
        f"{view.cards} card{'s' if view.cards != 1 else ''} each · {names[view.dealer]} deals"
    )
    assert_step_in_view(page, f"{name} hand {number} bids")
    bids = plan_bids(view, number)
    for seat in view.order[:-1]:
        tap_in_view(page, f"bid_{seat}", str(bids[seat]), f"{name} hand {number} bids")
    dealer = view.order[-1]
    forbidden = dealer_may_not_bid(view, bids)
    if forbidden is not None and view.bid_low <= forbidden <= view.bid_high:
        # The hook: the dealer's forbidden key is disabled, and why is said over the keys.
        expect(page.locator(f'input[name="bid_{dealer}"][value="{forbidden}"]')).to_be_disabled()
        reason = page.locator("#entry fieldset.pad.current .hook-reason")
        expect(reason).to_contain_text(f"may not bid {forbidden}")
        assert_in_view(page, reason, f"{name} hand {number}: the hook's reason")
        assert_in_view(page, key(page, f"bid_{dealer}", str(forbidden)), "the forbidden key")
        if number == 1:
            size = page.viewport_size
            screenshot(
                page, f"94-cards-{name}-{size['width']}x{size['height']}-hook", full_page=False
            )
    tap_in_view(page, f"bid_{dealer}", str(bids[dealer]), f"{name} hand {number} dealer's bid")
    send = page.get_by_role("button", name="Bids are in")
    assert_in_view(page, send, f"{name} hand {number}: Bids are in")
    send.click()
    expect(title).to_have_text(f"Hand {number} of {view.hands_in_game}: tricks")
    expect(page.locator("#notice")).to_contain_text(f"Hand {number}'s bids are in")
    assert_answer_in_view(page, f"{name} hand {number} bids")
    return bids


def scored_scale(game: CardsGame) -> int:
    return game.rules_obj().scale


def play_tricks(page: Page, game: CardsGame, number: int, bids: list[int], name: str) -> None:
    view = step_of(game.rules_obj(), len(game.players), game.recorded())
    names = game.players
    expect(page.locator("#entry-title + p")).to_contain_text(
        f"{view.cards} card{'s' if view.cards != 1 else ''} each · {names[view.dealer]} dealt"
    )
    assert_step_in_view(page, f"{name} hand {number} tricks")
    tricks = plan_tricks(view, bids)
    for seat in view.order[:-1]:
        tap_in_view(page, f"tricks_{seat}", str(tricks[seat]), f"{name} hand {number} tricks")
    last = view.order[-1]
    expect_offered(page, f"tricks_{last}", str(tricks[last]))
    send = page.get_by_role("button", name=f"Record hand {number}")
    assert_in_view(page, send, f"{name} hand {number}: Record hand")
    send.click()
    # The notice says what each player scored in the hand ("Hand 2: Ann +12, Ben 0, ...").
    expect(page.locator("#notice")).to_contain_text(f"Hand {number}: ")
    scored = game.replay().hands[number - 1]
    points = ", ".join(
        f"{name} {card_games.points_text(units, scored_scale(game))}"
        for name, units in zip(names, scored.points, strict=True)
    )
    expect(page.locator("#notice")).to_contain_text(f"Hand {number}: {points}")
    assert_answer_in_view(page, f"{name} hand {number} tricks")
    expect_totals(page, game)


@pytest.mark.parametrize("phone", PHONES)
@pytest.mark.parametrize("name", TABLES)
def test_a_new_user_plays_a_whole_game(new_page, live_server, console, name, phone):
    table = TABLES[name]
    page = new_page(viewport=PHONES[phone])
    game = start_game(page, live_server.url, table)
    screenshot(page, f"90-cards-{name}-{phone}-start", full_page=False)
    hands = len(game.rules_obj().hand_sizes(len(table.players)))
    for number in range(1, hands + 1):
        bids = play_bids(page, game, number, name)
        if number == 1:
            screenshot(page, f"91-cards-{name}-{phone}-tricks", full_page=False)
        play_tricks(page, game, number, bids, name)
    game.refresh_from_db()
    assert game.finished
    banner = page.locator(".winner-banner")
    winners = [game.players[seat] for seat in game.winners]
    expect(banner).to_contain_text(winners[0])
    expect(page.locator("#entry-title")).to_have_text("Game over")
    expect(page.locator("#notice")).to_contain_text("the game is over")
    assert_in_view(page, banner, f"{name}: the winner banner")
    for seat in game.winners:
        expect(page.locator(f"#standings .side.s{seat}")).to_have_class(re.compile(r"\bwinner\b"))
    # Every hand is in the history, explained in words.
    expect(page.locator("#history-rows .hand-item")).to_have_count(hands)
    screenshot(page, f"92-cards-{name}-{phone}-over", full_page=False)
    screenshot(page, f"93-cards-{name}-{phone}-over-page")
    console.assert_clean()


def own_game(owner, game: str, players: list[str], rules: dict, hands=()) -> CardsGame:
    return services.create_game(
        owner, kind=card_games.GAMES[game], players=players, rules=rules, hands=list(hands)
    )


def open_own_game(page: Page, base: str, game: CardsGame) -> None:
    sign_in(page, base, "owner", PASSWORD)
    page.goto(f"{base}{game.get_absolute_url()}")
    expect(page.locator("#entry-title")).to_be_visible()


# Seven players, one of them with a long name: the score bar's two rows hold every player whole
# (the long name cut short, its score and what it bid in full), and the step fits under it.
LONG = "Bartholomew-Maximilian"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_seven_players_fit_a_360px_screen(new_page, live_server, owner, console, scheme):
    players = [*SEVEN[:3], LONG, *SEVEN[4:]]
    game = own_game(owner, "oh_hell", players, {"preset": "oh_hell", "max_cards": 2})
    page = new_page(viewport=PHONES["360x640"], color_scheme=scheme)
    open_own_game(page, live_server.url, game)
    sides = page.locator("#standings .side")
    expect(sides).to_have_count(7)
    assert_step_in_view(page, "seven players' bids")
    for index in range(7):
        assert_in_view(page, sides.nth(index), f"player {index + 1} in the score bar")
    # The long name is cut short in its box, not widening it; its whole name is a hover away.
    who = page.locator("#standings .side.s3 .who")
    expect(who).to_have_attribute("title", LONG)
    assert who.evaluate("(el) => el.scrollWidth > el.clientWidth"), "the long name is whole?"
    bids = play_bids(page, game, 1, "seven")
    # After the bids every player's bid shows in the score bar, each score whole.
    for seat, bid in enumerate(bids):
        meta = page.locator(f"#standings .side.s{seat} .meta")
        expect(meta).to_contain_text(f"Bid {bid}")
        assert meta.evaluate("(el) => el.scrollWidth <= el.clientWidth"), f"seat {seat}'s bid"
        score = page.locator(f"#standings .side.s{seat} .score")
        assert score.evaluate("(el) => el.scrollWidth <= el.clientWidth"), f"seat {seat}'s score"
    screenshot(page, f"95-cards-seven-players-360x640-{scheme}", full_page=False)
    play_tricks(page, game, 1, bids, "seven")
    screenshot(page, f"96-cards-seven-players-scored-360x640-{scheme}", full_page=False)
    # The history lists the seven on a line each, the long name cut short, no sideways scroll.
    page.locator("#hand-1 summary").click()
    expect(page.locator("#hand-1 .explain li").first).to_be_visible()
    assert_no_sideways_scroll(page, "seven players' history")
    screenshot(page, f"97-cards-seven-players-history-{scheme}")
    console.assert_clean()


@pytest.mark.parametrize("phone", PHONES)
def test_undo_and_a_correction_are_answered_in_view(new_page, live_server, owner, console, phone):
    game = own_game(owner, "oh_hell", SEVEN[:3], {"preset": "oh_hell", "max_cards": 3})
    page = new_page(viewport=PHONES[phone])
    open_own_game(page, live_server.url, game)
    base = live_server.url

    # Undo the bids: the hand's bids step again, its notice and the score bar in view.
    play_bids(page, game, 1, "undo")
    page.get_by_role("button", name="Undo hand 1's bids").click()
    expect(page.locator("#entry-title")).to_have_text("Hand 1 of 5: bids")
    expect(page.locator("#notice")).to_contain_text("Hand 1's bids were taken back.")
    assert_answer_in_view(page, "bids undone")
    assert not game.hands.exists()

    # Undo the tricks: the tricks step again, the bids kept.
    bids = play_bids(page, game, 1, "undo")
    play_tricks(page, game, 1, bids, "undo")
    page.get_by_role("button", name="Undo hand 1's tricks").click()
    expect(page.locator("#entry-title")).to_have_text("Hand 1 of 5: tricks")
    expect(page.locator("#notice")).to_contain_text("Hand 1's tricks were taken back.")
    assert_answer_in_view(page, "tricks undone")
    assert game.recorded() == [Recorded(3, tuple(bids))]
    play_tricks(page, game, 1, bids, "undo")

    # A correction from the history: a wrong total is refused in view, a right one saved.
    page.locator("#hand-1 summary").click()
    page.get_by_role("link", name="Correct hand 1").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Correct hand 1")
    assert_no_sideways_scroll(page, "the correction")
    tricks = list(game.recorded()[0].tricks or ())
    wrong = (tricks[0] + 1) % 4
    tap(page, "tricks_0", str(wrong))
    page.get_by_role("button", name="Save hand 1").click()
    error = page.locator(".errorlist").first
    expect(error).to_contain_text("The tricks add up to")
    assert_in_view(page, error, "the refused correction's reason")
    assert list(game.recorded()[0].tricks or ()) == tricks
    # Put right: Ann's trick moves to Cat.
    fixed = [0, tricks[1], tricks[2] + tricks[0]]
    for seat, took in enumerate(fixed):
        tap(page, f"tricks_{seat}", str(took))
    screenshot(page, f"98-cards-correction-{phone}", full_page=False)
    page.get_by_role("button", name="Save hand 1").click()
    message = page.locator("#notice").get_by_text("Hand 1 corrected")
    expect(message).to_be_visible()
    page.wait_for_load_state("load")
    assert_in_view(page, message, "the correction's confirmation")
    assert_in_view(page, page.locator("#standings"), "the score bar")
    assert list(game.recorded()[0].tricks or ()) == fixed
    expect_totals(page, game)

    # A note on the hand shows in its history row.
    page.locator("#hand-1 summary").click()
    page.locator("#hand-1").get_by_role("link", name="Note").click()
    page.get_by_label("Note", exact=True).fill("Misdeal, redealt")
    page.get_by_role("button", name="Save the note").click()
    expect(page.locator("#hand-1 .note")).to_have_text("Note: Misdeal, redealt")
    assert page.url == f"{base}{game.get_absolute_url()}"
    console.assert_clean()


# What the page asks the phone to say, kept instead of spoken (headless Chromium has no voice).
LISTEN = """(() => {
  window.__said = [];
  SpeechSynthesis.prototype.speak = function (utterance) { window.__said.push(utterance.text); };
})()"""


def test_the_score_is_read_aloud_with_every_player(new_page, live_server, owner, console):
    game = own_game(owner, "call_break", SEVEN[:4], {"preset": "call_break_short"})
    page = new_page(viewport=PHONES["390x844"])
    page.context.add_init_script(LISTEN)
    open_own_game(page, live_server.url, game)
    page.get_by_role("button", name="Read the score aloud").click()
    page.wait_for_function("window.__said.length === 1")
    bids = play_bids(page, game, 1, "read aloud")
    play_tricks(page, game, 1, bids, "read aloud")
    page.wait_for_function("window.__said.length === 3")
    result = game.replay()
    standings = ", ".join(
        f"{line.name} {card_games.points_text(line.score, 10, sign=False)}"
        for line in result.standings
    )
    points = ", ".join(
        f"{name} {card_games.points_text(units, 10)}"
        for name, units in zip(game.players, result.hands[0].points, strict=True)
    )
    # What the hand scored, then the standings: one full stop between them.
    words = page.evaluate("window.__said")[-1]
    assert words == f"Hand 1: {points}. Standings: {standings}.", words
    console.assert_clean()


def test_a_tap_made_without_a_connection_waits_and_is_sent(
    new_page, live_server, owner, console, monkeypatch
):
    game = own_game(owner, "wizard", SEVEN[:3], {"preset": "wizard"})
    page = new_page(viewport=PHONES["360x640"])
    open_own_game(page, live_server.url, game)
    # The connection drops: the bids post never reaches the server (and if it did, the write
    # would fail, as a lost connection loses it).
    page.context.route("**/cards/*/bids/", lambda route: route.abort("internetdisconnected"))

    def connection_lost(*args, **kwargs):
        raise ConnectionAbortedError("the phone is offline")

    monkeypatch.setattr(services, "record_bids", connection_lost)
    for seat, bid in ((1, "1"), (2, "0"), (0, "0")):
        tap(page, f"bid_{seat}", bid)
    page.get_by_role("button", name="Bids are in").click()
    status = page.locator("#app-status")
    expect(status).to_contain_text("Waiting to be sent: Hand 1 of 20: bids")
    assert_in_view(page, page.locator("#app-alert [role=alert]"), "the offline tap's message")
    assert not game.hands.exists()

    # The connection is back: the kept tap is sent by itself, once.
    monkeypatch.undo()
    page.context.unroute("**/cards/*/bids/")
    expect(page.locator("#entry-title")).to_have_text("Hand 1 of 20: tricks", timeout=10_000)
    expect(status).to_be_empty()
    assert game.recorded() == [Recorded(1, (0, 1, 0))]
    console.assert_clean()


def test_a_hand_is_played_without_javascript(new_page, live_server, owner, console):
    """Every pad open, no remainder offered: the posts and the answers work the same."""
    game = own_game(owner, "oh_hell", SEVEN[:3], {"preset": "oh_hell", "max_cards": 3})
    page = new_page(viewport=PHONES["360x640"], java_script_enabled=False)
    open_own_game(page, live_server.url, game)
    assert_phone_standards(page, "the bids step without JavaScript")
    for seat, bid in ((1, "1"), (2, "0"), (0, "0")):
        key(page, f"bid_{seat}", bid).click()
    page.get_by_role("button", name="Bids are in").click()
    expect(page.locator("#entry-title")).to_have_text("Hand 1 of 5: tricks")
    expect(page.locator("#notice")).to_contain_text("Hand 1's bids are in.")
    for seat, took in ((1, "1"), (2, "1"), (0, "1")):
        key(page, f"tricks_{seat}", took).click()
    page.get_by_role("button", name="Record hand 1").click()
    expect(page.locator("#entry-title")).to_have_text("Hand 2 of 5: bids")
    assert_in_view(page, page.locator("#notice .message"), "the recorded hand's notice")
    assert_no_sideways_scroll(page, "the game without JavaScript")
    expect_totals(page, game)
    screenshot(page, "99-cards-no-javascript-360x640", full_page=False)
    console.assert_clean()


def expect_dealer_reopened(page: Page, dealer: int, forbidden: int, what: str) -> None:
    """The dealer's tapped bid became the hook's forbidden one: it is taken off and the
    dealer's keys are open again, the reason over them, the forbidden key disabled."""
    pad = page.locator("#main fieldset.pad.current")
    expect(pad).to_have_count(1)
    expect(pad.locator(f'input[name="bid_{dealer}"]').first).to_be_attached()
    expect(pad.locator("input:checked")).to_have_count(0)
    expect(page.locator(f'input[name="bid_{dealer}"][value="{forbidden}"]')).to_be_disabled()
    reason = pad.locator(".hook-reason")
    expect(reason).to_contain_text(f"may not bid {forbidden}")
    assert_in_view(page, reason, f"{what}: the hook's reason")
    assert page.evaluate(HIDDEN_KEYS) == [], f"{what}: the dealer's keys are not all in view"
    expect(pad.locator("button.pick")).to_be_hidden()


def test_a_bid_changed_after_the_dealers_reopens_the_dealer(new_page, live_server, owner, console):
    game = own_game(owner, "oh_hell", SEVEN[:3], {"preset": "oh_hell", "max_cards": 3})
    page = new_page(viewport=PHONES["360x640"])
    open_own_game(page, live_server.url, game)
    # Ann deals 3 cards; Ben 1, Cat 0, Ann 0 (not 2) are all right.
    for seat, bid in ((1, "1"), (2, "0"), (0, "0")):
        tap(page, f"bid_{seat}", bid)
    expect(page.locator('input[name="bid_0"][value="2"]')).to_be_disabled()
    # Ben's bid put up to 3: Ann's 0 would now make 3, so it is taken back and asked again.
    tap(page, "bid_1", "3")
    expect_dealer_reopened(page, 0, 0, "the bids step")
    screenshot(page, "94-cards-dealer-reopened-360x640", full_page=False)
    tap(page, "bid_0", "1")
    page.get_by_role("button", name="Bids are in").click()
    expect(page.locator("#entry-title")).to_have_text("Hand 1 of 5: tricks")
    assert game.recorded() == [Recorded(3, (1, 3, 0))]
    console.assert_clean()


def test_a_correction_keeps_to_the_hook(new_page, live_server, owner, console):
    game = own_game(
        owner,
        "oh_hell",
        SEVEN[:3],
        {"preset": "oh_hell", "max_cards": 3},
        hands=[Recorded(3, (0, 1, 0), (1, 1, 1))],
    )
    page = new_page(viewport=PHONES["360x640"])
    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(f"{live_server.url}/cards/{game.pk}/hands/1/edit/")
    # Ben 1 and Cat 0: Ann, who dealt, may not bid 2.
    expect(page.locator('input[name="bid_0"][value="2"]')).to_be_disabled()
    expect(page.locator('input[name="bid_0"][value="0"]')).to_be_checked()
    # Cat's bid put up to 2: Ann's 0 would make 3, so Ann is asked again, with why.
    tap(page, "bid_2", "2")
    expect_dealer_reopened(page, 0, 0, "the correction")
    assert_no_sideways_scroll(page, "the correction")
    screenshot(page, "98-cards-correction-hook-360x640", full_page=False)
    tap(page, "bid_0", "1")
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator("#notice").get_by_text("Hand 1 corrected")).to_be_visible()
    assert game.recorded() == [Recorded(3, (1, 1, 2), (1, 1, 1))]
    console.assert_clean()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_at_the_card_table(new_page, live_server, owner, console, scheme):
    """The table's pages as a player sees them, light and dark: the New game page, the bids
    with the hook's reason showing, the tricks, a hand opened in the history, the correction,
    the game over."""
    base = live_server.url
    game = own_game(
        owner,
        "oh_hell",
        SEVEN[:5],
        {"preset": "oh_hell", "max_cards": 1, "schedule": "down"},
        hands=[],
    )
    page = new_page(viewport=PHONES["360x640"], color_scheme=scheme)
    problems: list[str] = []

    def check(what: str) -> None:
        problems.extend(f"{what}: {problem}" for problem in axe_violations(page))

    page.goto(f"{base}/cards/new/wizard/")
    check("New game")
    open_own_game(page, base, game)
    for seat, bid in ((1, "1"), (2, "0"), (3, "0"), (4, "0")):
        tap(page, f"bid_{seat}", bid)
    expect(page.locator("#entry .hook-reason")).to_be_visible()
    check("bids, the hook's reason showing")
    tap(page, "bid_0", "1")
    page.get_by_role("button", name="Bids are in").click()
    expect(page.locator("#entry-title")).to_have_text("Hand 1 of 1: tricks")
    check("tricks")
    for seat, took in ((1, "1"), (2, "0"), (3, "0"), (4, "0")):
        tap(page, f"tricks_{seat}", took)
    page.get_by_role("button", name="Record hand 1").click()
    expect(page.locator(".winner-banner")).to_be_visible()
    page.locator("#hand-1 summary").click()
    check("game over, hand 1 opened")
    page.goto(f"{base}/cards/{game.pk}/hands/1/edit/")
    check("the correction")
    assert problems == []
    console.assert_clean()
