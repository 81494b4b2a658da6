from django.urls import include, path

urlpatterns = [
    path("", include("games.urls")),
    path("", include("games.club.urls")),
]

handler400 = "scorekeeper.errors.bad_request"
handler403 = "scorekeeper.errors.permission_denied"
handler404 = "scorekeeper.errors.page_not_found"
handler500 = "scorekeeper.errors.server_error"
