"""Every preset builds valid rules, cites a source and scores a legal hand."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.scoring import PRESETS, SETTINGS_BY_NAME, Rules, RulesError, get_preset, score_game
from games.scoring.sources import SOURCES, TRADITIONS

from .strategies import legal_hand

EXPECTED = {
    "standard", "partner_helps", "no_carry", "hoyle", "bicycle", "suicide", "mirrors", "whiz",
    "blind_nil_all", "cutthroat", "cutthroat3", "two_player", "tournament", "short_game",
}  # fmt: skip


def test_the_presets_people_ask_for_exist():
    assert set(PRESETS) >= EXPECTED


@pytest.mark.parametrize("name", list(PRESETS))
def test_preset_has_words_a_source_and_valid_rules(name):
    preset = get_preset(name)
    assert preset.name == name
    assert preset.title
    assert preset.description
    assert preset.source
    assert isinstance(preset.rules, Rules)
    assert preset.rules.differences() == [
        key for key in Rules().to_dict() if key in preset.overrides
    ]
    assert Rules.from_dict({"preset": name}) == preset.rules


@pytest.mark.parametrize("name", list(PRESETS))
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_preset_scores_a_legal_hand(name, data):
    rules = PRESETS[name].rules
    hand = data.draw(legal_hand(rules, first=True))
    result = score_game(rules, [hand])
    for side in result.hands[0].sides:
        assert sum(term.points for term in side.terms) == side.points


def test_preset_specifics():
    assert PRESETS["standard"].rules == Rules()
    assert PRESETS["partner_helps"].rules.failed_nil_tricks == "help_partner"
    assert PRESETS["no_carry"].rules.bags_carry_over is False
    hoyle = PRESETS["hoyle"].rules
    assert (hoyle.both_nil, hoyle.first_bidder) == ("joint", "dealer")
    bicycle = PRESETS["bicycle"].rules
    assert (bicycle.nil_value, bicycle.blind_nil_value) == (50, 100)
    assert PRESETS["whiz"].rules.blind_nil is False
    cutthroat = PRESETS["cutthroat"].rules
    assert (cutthroat.players, cutthroat.partnerships, cutthroat.nil_value) == (4, False, 50)
    assert PRESETS["cutthroat3"].rules.tricks_per_hand == 17
    assert PRESETS["two_player"].rules.players == 2
    tournament = PRESETS["tournament"].rules
    assert (tournament.min_team_bid, tournament.blind_nil_behind) == (4, 100)
    assert "Amrozi" in PRESETS["standard"].source


def test_unknown_preset_lists_the_known_ones():
    with pytest.raises(RulesError) as caught:
        get_preset("bogus")
    assert str(caught.value).startswith("unknown preset 'bogus'; choose one of: standard, ")


def test_no_preset_or_tradition_names_our_own_files():
    texts = [f"{p.description} {p.source} {p.departures}" for p in PRESETS.values()]
    texts += [f"{words} {source}" for rows in TRADITIONS.values() for words, source in rows]
    texts += [f"{name} {what}" for name, what in SOURCES]
    for text in texts:
        assert "seed" not in text.lower(), text


def test_traditions_describe_real_settings():
    assert set(TRADITIONS) <= set(SETTINGS_BY_NAME)


def test_a_preset_that_keeps_the_standard_floor_says_so_where_its_source_has_none():
    assert "-200" in PRESETS["standard"].departures
    assert "doesn't have" in PRESETS["no_carry"].departures
    assert "Hoyle doesn't have" in PRESETS["hoyle"].departures


def test_every_new_preset_cites_its_source_and_says_where_it_departs():
    for name in ("cookout", "jokers_wild", "first_hand_bids_itself", "contest_2017"):
        preset = PRESETS[name]
        assert preset.source
        assert preset.departures
