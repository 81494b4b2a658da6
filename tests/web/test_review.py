"""The rules card of a game and the public rules reference."""

import pytest
from django.urls import reverse

from games import scoring
from games.scoring.card_games import GAMES
from games.scoring.sources import CARD_NOT_SETTINGS, CARD_SOURCES, CARD_TRADITIONS, SOURCES

pytestmark = pytest.mark.django_db


def card_url(game):
    return reverse("rules_card", args=[game.pk])


def test_the_card_explains_every_rule_in_plain_words(owner_client, make_game):
    game = make_game()
    body = owner_client.get(card_url(game)).content.decode()
    rules = game.rules_obj()
    for setting in scoring.SETTINGS:
        assert setting.label in body
        assert setting.explain(getattr(rules, setting.name)).replace("'", "&#x27;") in body
    assert "standard Spades throughout" in body
    assert "Not standard" not in body


def test_the_card_marks_what_differs_from_standard(owner_client, make_game):
    game = make_game(preset="hoyle", bag_limit=None)
    body = owner_client.get(card_url(game)).content.decode()
    assert "the <strong>Hoyle</strong> rules with 1 house rule changed" in body
    assert "they differ from standard Spades in 3 ways" in body
    assert body.count('<div class="rule differs">') == 3
    assert body.count("Not standard") == 3
    assert "Bags never cost a penalty." in body
    assert "Standard: the penalty is due at every 10 bags." in body
    assert "Hoyle (as given on Big-D&#x27;s House of Cards)" in body
    assert "which Hoyle doesn&#x27;t have" in body


def test_the_card_is_the_owners_only(client, stranger_client, make_game):
    game = make_game()
    assert stranger_client.get(card_url(game)).status_code == 404
    client.logout()
    assert client.get(card_url(game)).status_code == 404


def test_the_card_queries_do_not_grow_with_hands(
    owner_client, long_game, django_assert_num_queries, session_reads
):
    # The user and the game: the card needs no hands.
    game = long_game(1)
    with django_assert_num_queries(session_reads + 2):
        owner_client.get(card_url(game))
    game = long_game(40)
    with django_assert_num_queries(session_reads + 2):
        owner_client.get(card_url(game))


def test_the_reference_is_public_and_lists_every_setting_and_option(client):
    response = client.get(reverse("rules_reference"))
    assert response.status_code == 200
    body = response.content.decode()
    for setting in scoring.SETTINGS:
        assert f'id="setting-{setting.name}"' in body
        for _, words in setting.choices:
            assert words.replace("'", "&#x27;") in body


def test_the_reference_names_its_sources(client):
    body = client.get(reverse("rules_reference")).content.decode()
    assert (
        "Count toward the partner&#x27;s bid: <cite>Dummies, open_spiel, Solitaire Bliss Spades"
        "</cite>" in body
    )
    assert "<cite>Hoyle (as given on Big-D&#x27;s House of Cards)</cite>" in body
    assert "pagat.com" in body
    for name, what in SOURCES:
        assert f"<dt>{name}</dt><dd>{what}</dd>".replace("'", "&#x27;") in body


@pytest.mark.parametrize("path", ["rules_reference", "rules_card"])
def test_no_rules_page_names_our_own_files(path, client, owner_client, make_game):
    if path == "rules_reference":
        body = client.get(reverse(path)).content.decode()
    else:
        body = owner_client.get(reverse(path, args=[make_game(preset="hoyle").pk])).content.decode()
    assert "seed" not in body.lower()


def test_the_reference_lists_every_preset_with_its_source(client):
    body = client.get(reverse("rules_reference")).content.decode()
    for preset in scoring.PRESETS.values():
        assert f'id="preset-{preset.name}"' in body
        assert f"Source: <cite>{preset.source}".replace("'", "&#x27;") in body
        assert preset.departures.replace("'", "&#x27;") in body


def test_the_reference_explains_the_tournament_rules_and_their_sources(client):
    body = client.get(reverse("rules_reference")).content.decode()
    for name in ("sets_to_lose", "big_bid", "blind_bid_min", "first_hand_bids_itself"):
        assert f'id="setting-{name}"' in body
    assert "Two sets lose the game: <cite>Cookout Spades tournaments" in body
    assert "A bid of 13 made wins the game: <cite>Joker&#x27;s Wild Spades FAQ</cite>" in body
    assert 'id="preset-cookout"' in body
    assert "Source: <cite>RTA3 spades tournament FAQ</cite>" in body


def test_the_card_says_a_tournament_preset_in_plain_words(owner_client, make_game):
    game = make_game(preset="cookout")
    body = owner_client.get(card_url(game)).content.decode()
    assert "A side set 2 times in the game loses at once." in body
    assert "A big bid made scores 150 points (flat, or as a bonus)." in body
    assert "Only a side that bid every trick of the hand and took them all has a Boston" in body
    assert "Cookout Spades tournaments" in body


# /rules/ covers Oh Hell, Wizard and Call Break too: every setting, its options, who plays
# what, every preset with its source, and the variants that are not settings.


def escaped(text):
    return text.replace("'", "&#x27;")


def test_the_reference_lists_each_card_games_settings_options_and_sources(client):
    body = client.get(reverse("rules_reference")).content.decode()
    for game in GAMES.values():
        assert f'<h2 id="{game.name}">{game.title}</h2>' in body
        default = game.preset_rules(game.default_preset)
        for setting in game.settings:
            assert f'id="{game.name}-setting-{setting.name}"' in body
            for words, _ in setting.options(getattr(default, setting.name)):
                assert escaped(words) in body
            for words, source in CARD_TRADITIONS.get(setting.name, ()):
                assert escaped(f"{words}: <cite>{source}</cite>") in body
        for preset in game.presets.values():
            assert f'id="{game.name}-preset-{preset.name}"' in body
            assert escaped(f"Source: <cite>{preset.source}</cite>") in body
    for title, why in CARD_NOT_SETTINGS:
        assert escaped(f"<dt>{title}</dt><dd>{why}</dd>") in body
    for name, what in CARD_SOURCES:
        assert escaped(f"<dt>{name}</dt><dd>{what}</dd>") in body


def test_the_default_option_of_each_card_setting_is_marked(client):
    body = client.get(reverse("rules_reference")).content.decode()
    assert 'Each trick over the call adds 0.1 <span class="tag">default</span>' in body
    assert (
        "The dealer may not make the bids add up to the cards (the hook) "
        '<span class="tag">default</span>' in body
    )
    assert 'Any bids, whatever they add up to <span class="tag">default</span>' in body
