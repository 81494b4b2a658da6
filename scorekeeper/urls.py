from django.urls import include, path

from games.admin import host_site

urlpatterns = [
    path("", include("games.urls")),
    path("", include("games.club.urls")),
    path("", include("games.cards.urls")),
    # The host's admin: staff only, a 404 for anyone else (games.admin).
    path("admin/", host_site.urls),
]

handler400 = "scorekeeper.errors.bad_request"
handler403 = "scorekeeper.errors.permission_denied"
handler404 = "scorekeeper.errors.page_not_found"
handler500 = "scorekeeper.errors.server_error"
