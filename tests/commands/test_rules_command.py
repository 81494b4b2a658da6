"""`manage.py rules`: the presets, or one preset's settings in plain words."""

import io

import pytest
from django.core.management import CommandError, call_command

from games.scoring import PRESETS, SETTINGS

from .test_score_command import run_manage


def output_of(*args):
    out = io.StringIO()
    call_command("rules", *args, stdout=out)
    return out.getvalue()


def test_rules_lists_every_preset_with_title_and_source():
    text = output_of()
    for preset in PRESETS.values():
        assert preset.name in text
        assert preset.title in text
        assert preset.source in text


def test_rules_shows_every_setting_of_a_preset_with_value_and_meaning():
    text = output_of("hoyle")
    assert "Hoyle" in text
    for setting in SETTINGS:
        assert setting.name in text
    assert "joint" in text
    assert "The dealer bids first" in text
    assert "null" in text


def test_rules_unknown_preset_is_a_command_error():
    with pytest.raises(CommandError) as caught:
        call_command("rules", "bogus")
    assert str(caught.value).startswith("unknown preset 'bogus'; choose one of: standard, ")
    assert caught.value.returncode == 2


def test_rules_unknown_preset_exits_2_with_one_line():
    done = run_manage("rules", "bogus")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith("unknown preset 'bogus'; choose one of: standard,")


def test_rules_says_where_a_preset_departs_from_its_source():
    text = output_of("cookout")
    assert "Source: Cookout Spades tournaments" in text
    assert PRESETS["cookout"].departures in text
    assert "sets_to_lose" in text


def test_rules_lists_the_card_games_presets_after_spades():
    from games.scoring.card_games import GAMES

    text = output_of()
    spades, cards = text.split("Oh Hell, Wizard and Call Break (card-game/1 files)")
    assert "standard" in spades
    for game in GAMES.values():
        for preset in game.presets.values():
            assert preset.name in cards
            assert preset.title in cards
            assert preset.source in cards


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("oh_hell", ['schedule           "down_up"', "hook               true", "pagat.com"]),
        (
            "wizard",
            ["exact_bonus        20", "hook               false", "Wizard Cards International"],
        ),
        ("call_break", ["overtrick_value  0.1", 'failure          "call"', "Five deals"]),
        ("call_break_shortfall", ['failure          "shortfall"', "Bid-Wins"]),
        ("oh_hell_every_trick", ['tricks_count       "always"', "Game: Oh Hell, 3 to 7 players"]),
    ],
)
def test_rules_shows_a_card_games_settings_sources_and_what_is_not_a_setting(name, shown):
    from games.scoring.card_games import GAMES

    text = output_of(name)
    for words in shown:
        assert words in text
    game = GAMES.get(name) or next(game for game in GAMES.values() if name in game.presets)
    for setting in game.settings:
        assert f"  {setting.name} " in text
    assert "Not settings, and why" in text
    assert "A big call's bonus: None of the Call Break sources" in text


def test_rules_unknown_preset_names_the_card_games_too():
    with pytest.raises(CommandError) as caught:
        call_command("rules", "hearts")
    assert str(caught.value).endswith(
        "; or a card game or its preset: oh_hell, wizard, call_break, oh_hell_every_trick, "
        "call_break_short, call_break_shortfall"
    )
