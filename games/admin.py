"""The host's admin at /admin/: staff look at accounts, games and club nights without a shell.

Read-mostly, by design. Every change to a game, a hand or a club night goes through the app's
services, which replay the hands, keep the summary and the seats' figures, bump the versions the
caches and open forms depend on, and ask the event's rules; the admin's forms would do none of
that. So games, hands, tables, events and their parts can be listed, searched and opened here,
never added, changed or deleted. Accounts keep Django's own user admin, for what only a host
does: turn an account off (or on), make someone staff, set a password; accounts are made by
signing up (or `manage.py createsuperuser`) and never deleted here.

Anyone but an active staff account gets a 404 from every admin URL, as from a game that is not
theirs: the admin's own sign-in page is a 404 too, and staff sign in through the app's.
"""

from collections.abc import Callable
from functools import wraps
from typing import TYPE_CHECKING, Any, cast

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.models import User
from django.db import models
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase, HttpResponseRedirect
from django.urls import reverse

from games.accounts.models import Guest
from games.cards.models import CardsGame
from games.club.models import CardTable, Event, EventRound, EventTeam, LogEntry, Penalty, Seating
from games.models import Game, Hand, Table

if TYPE_CHECKING:
    ModelAdmin = admin.ModelAdmin[models.Model]
    HandInlineBase = admin.TabularInline[Hand, Game]
    UserAdminBase = UserAdmin[User]
else:
    ModelAdmin = admin.ModelAdmin
    HandInlineBase = admin.TabularInline
    UserAdminBase = UserAdmin


def is_staff(request: HttpRequest) -> bool:
    return request.user.is_active and request.user.is_staff


class HostAdminSite(admin.AdminSite):
    site_header = "Spades scorekeeper: host's admin"
    site_title = "Spades scorekeeper admin"
    index_title = "Accounts, games and club nights"

    def has_permission(self, request: HttpRequest) -> bool:
        return is_staff(request)

    def admin_view[V: Callable[..., HttpResponseBase]](self, view: V, cacheable: bool = False) -> V:
        """Every admin URL: a 404 for anyone who is not staff, never the admin's sign-in."""
        checked = super().admin_view(view, cacheable)

        @wraps(view)
        def staff_only(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if not self.has_permission(request):
                raise Http404("No such page.")
            return checked(request, *args, **kwargs)

        return cast(V, staff_only)

    def login(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        """Staff sign in through the app's own page (its throttle, its rules); here a staff
        account is sent on to the index and anyone else finds nothing."""
        if not self.has_permission(request):
            raise Http404("No such page.")
        return HttpResponseRedirect(reverse("admin:index", current_app=self.name))


host_site = HostAdminSite(name="admin")


class ReadOnlyAdmin(ModelAdmin):
    """Listed, searched and opened by staff; never added, changed or deleted here."""

    actions = None
    list_per_page = 50
    show_full_result_count = False  # one count query, not two, on a searched list

    def has_view_permission(self, request: HttpRequest, obj: models.Model | None = None) -> bool:
        return is_staff(request)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: models.Model | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: models.Model | None = None) -> bool:
        return False


# Accounts ------------------------------------------------------------------------------------


@admin.register(User, site=host_site)
class AccountAdmin(UserAdminBase):
    """Django's user admin (search by username and email; turn an account off), without
    adding or deleting: accounts are made by signing up, and an account's games and nights go
    with it only through the app."""

    actions = None

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: User | None = None) -> bool:
        return False


@admin.register(Guest, site=host_site)
class GuestAdmin(ReadOnlyAdmin):
    list_display = ("user", "created_at", "last_seen", "address")
    list_select_related = ("user",)
    search_fields = ("user__username", "address")
    date_hierarchy = "created_at"


# Games ---------------------------------------------------------------------------------------


class HandInline(HandInlineBase):
    model = Hand
    fields = ("number", "bids", "tricks", "note", "recorded_at", "updated_at")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = False

    def has_view_permission(self, request: HttpRequest, obj: Game | None = None) -> bool:
        return is_staff(request)

    # The stubs' own InlineModelAdmin overrides it with the same ignore: an inline's takes obj.
    def has_add_permission(self, request: HttpRequest, obj: Game | None) -> bool:  # type: ignore[override]
        return False

    def has_change_permission(self, request: HttpRequest, obj: Game | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Game | None = None) -> bool:
        return False


@admin.register(Game, site=host_site)
class GameAdmin(ReadOnlyAdmin):
    list_display = ("title", "owner", "hand_count", "finished", "at_event", "updated_at")
    list_select_related = ("owner",)
    list_filter = ("finished", "at_event")
    # The players' names are kept lowercase between bars: a name's part finds the game.
    search_fields = ("name", "player_names", "owner__username", "owner__email")
    date_hierarchy = "created_at"
    inlines = (HandInline,)
    exclude = ("player_names",)


@admin.register(CardsGame, site=host_site)
class CardsGameAdmin(ReadOnlyAdmin):
    """Oh Hell, Wizard and Call Break games; their hands are on the game's own page."""

    list_display = ("title", "game", "owner", "hand_count", "finished", "updated_at")
    list_select_related = ("owner",)
    list_filter = ("game", "finished")
    search_fields = ("name", "owner__username", "owner__email")
    date_hierarchy = "created_at"


@admin.register(Table, site=host_site)
class TableAdmin(ReadOnlyAdmin):
    """A table's links are secrets: shown on or off here, never their tokens."""

    list_display = ("__str__", "watch_enabled", "scoring_link", "created_at")
    search_fields = ("games__name", "games__player_names", "games__owner__username")
    fields = ("watch_enabled", "scoring_link", "created_at")
    readonly_fields = fields

    @admin.display(boolean=True, description="scoring link on")
    def scoring_link(self, table: Table) -> bool:
        return table.score_token is not None


# Club nights ---------------------------------------------------------------------------------

OWNER = ("owner__username", "owner__email")


@admin.register(Event, site=host_site)
class EventAdmin(ReadOnlyAdmin):
    list_display = ("name", "owner", "pairing", "created_at")
    list_select_related = ("owner",)
    list_filter = ("pairing",)
    search_fields = ("name", *OWNER)
    date_hierarchy = "created_at"
    exclude = ("board_token",)  # the board's address: shown on the night's own pages


def of_event(path: str) -> tuple[str, ...]:
    """Search fields for a part of an event: its event's name and owner."""
    return (f"{path}__name", *(f"{path}__{field}" for field in OWNER))


@admin.register(EventTeam, site=host_site)
class EventTeamAdmin(ReadOnlyAdmin):
    list_display = ("name", "event", "position", "withdrawn")
    list_select_related = ("event",)
    search_fields = ("name", *of_event("event"))


@admin.register(CardTable, site=host_site)
class CardTableAdmin(ReadOnlyAdmin):
    list_display = ("__str__", "event", "number", "table")
    list_select_related = ("event", "table")
    search_fields = of_event("event")


@admin.register(EventRound, site=host_site)
class EventRoundAdmin(ReadOnlyAdmin):
    list_display = ("__str__", "event", "number", "stage", "time_called")
    list_select_related = ("event",)
    search_fields = of_event("event")


@admin.register(Seating, site=host_site)
class SeatingAdmin(ReadOnlyAdmin):
    list_display = ("__str__", "game", "confirmed_by", "corrected_at")
    list_select_related = ("round__event", "game")
    search_fields = (*of_event("round__event"), "game__player_names")


@admin.register(Penalty, site=host_site)
class PenaltyAdmin(ReadOnlyAdmin):
    list_display = ("__str__", "team", "points", "forfeit", "reason", "created_at")
    list_select_related = ("seating__round__event",)
    search_fields = ("reason", *of_event("seating__round__event"))


@admin.register(LogEntry, site=host_site)
class EventLogAdmin(ReadOnlyAdmin):
    list_display = ("at", "event", "who", "what")
    list_select_related = ("event",)
    search_fields = ("what", "who", *of_event("event"))
