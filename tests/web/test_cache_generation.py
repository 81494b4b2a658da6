"""A restored database never reads what the cache kept from its future: every key carries the
database's generation, made anew by `migrate` (the restore's last step in docs/deployment.md,
Backups)."""

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.urls import reverse

from games import generation, services
from games.access import Access
from games.models import CacheGeneration, Game, Hand
from games.views.watch import etag_for

pytestmark = pytest.mark.django_db

BIG = {"bids": [6, 1, 6, 1], "tricks": [6, 0, 6, 1]}  # Ann + Cat +120
SET = {"bids": [6, 1, 6, 1], "tricks": [3, 1, 3, 6]}  # Ann + Cat set: -120


def rewind(game, version):
    """What restoring a backup taken at `version` does to the game: its hands as they were
    then (none), and its version and summary rewound with them."""
    Hand.objects.filter(game=game).delete()
    game.player_records.all().delete()
    Game.objects.filter(pk=game.pk).update(
        version=version, history_version=0, hand_count=0, scores=[0, 0], fingerprint=""
    )


def record(game, hand):
    access = Access(user=game.owner)
    with services.locked_game(access, game.pk) as locked:
        step = services.step_for(locked, "bids", len(locked.hands) + 1)
        services.record_step(locked, step, hand["bids"])
    with services.locked_game(access, game.pk) as locked:
        step = services.step_for(locked, "tricks", len(locked.hands))
        services.record_step(locked, step, hand["tricks"])


def standings(client, game) -> str:
    page = client.get(reverse("game", args=[game.pk])).content.decode()
    return page[page.index('id="standings"') :][:2000]


def test_after_a_restore_and_migrate_the_old_parts_are_never_served(owner_client, make_game):
    game = make_game()
    backup = Game.objects.get(pk=game.pk).version
    record(game, BIG)
    assert "120" in standings(owner_client, game)
    assert "-120" not in standings(owner_client, game)

    rewind(game, backup)
    call_command("migrate", verbosity=0)  # the restore's last step
    record(game, SET)  # the same game and version as the cached parts, other hands

    shown = standings(owner_client, game)
    assert "-120" in shown


def test_migrate_makes_a_new_generation():
    before = generation.current()
    call_command("migrate", verbosity=0)
    after_migrate = generation.current()
    assert after_migrate != before
    assert CacheGeneration.objects.get().value == after_migrate


def test_a_worker_started_after_the_restore_reads_the_generation_of_the_database(monkeypatch):
    cache.set("seen", "old timeline")
    CacheGeneration.objects.update_or_create(pk=1, defaults={"value": "restored"})
    monkeypatch.setattr(generation, "_current", None)  # a new worker process
    assert generation.current() == "restored"
    assert cache.get("seen") is None
    assert generation.make_key("seen", "spades", 1) == "spades:1:restored:seen"


def test_a_database_without_a_generation_gets_one(monkeypatch):
    CacheGeneration.objects.all().delete()
    monkeypatch.setattr(generation, "_current", None)
    made = generation.current()
    assert CacheGeneration.objects.get().value == made


def test_a_watch_links_etag_changes_with_the_generation():
    before = etag_for("token", (1, 3))
    generation.renew()
    assert etag_for("token", (1, 3)) != before
