from django.contrib.auth import views as auth_views
from django.urls import path

from games.views import accounts, files, pages, table

urlpatterns = [
    path("", pages.home, name="home"),
    path("healthz", pages.healthz, name="healthz"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path(
        "accounts/login/",
        auth_views.LoginView.as_view(redirect_authenticated_user=True),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("games/new/", table.new_game, name="new_game"),
    path("games/import/", files.import_game, name="import_game"),
    path("games/<int:pk>/", table.game_detail, name="game"),
    path("games/<int:pk>/bids/", table.post_bids, name="post_bids"),
    path("games/<int:pk>/tricks/", table.post_tricks, name="post_tricks"),
    path("games/<int:pk>/undo/", table.undo, name="undo"),
    path("games/<int:pk>/rematch/", table.rematch, name="rematch"),
    path("games/<int:pk>/hands/<int:number>/edit/", table.edit_hand, name="edit_hand"),
    path("games/<int:pk>/export.json", files.export_game, name="export_game"),
]
