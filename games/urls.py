from django.urls import include, path

from games.views import exports, files, notes, pages, review, table, watch
from games.views.app import manifest, service_worker

urlpatterns = [
    path("", pages.home, name="home"),
    path("healthz", pages.healthz, name="healthz"),
    path("accounts/", include("games.accounts.urls")),
    path("games/new/", table.new_game, name="new_game"),
    path("games/import/", files.import_game, name="import_game"),
    path("games/import/<int:pk>/", files.import_progress, name="import_progress"),
    path("games/<int:pk>/", table.game_detail, name="game"),
    path("games/<int:pk>/chart/", table.game_chart, name="game_chart"),
    path("games/<int:pk>/follow/", table.follow_table, name="follow_table"),
    path("games/<int:pk>/bids/", table.post_bids, name="post_bids"),
    path("games/<int:pk>/tricks/", table.post_tricks, name="post_tricks"),
    path("games/<int:pk>/undo/", table.undo, name="undo"),
    path("games/<int:pk>/time/", table.call_time, name="call_time"),
    path("games/<int:pk>/rematch/", table.rematch, name="rematch"),
    path("games/<int:pk>/hands/<int:number>/edit/", table.edit_hand, name="edit_hand"),
    path("games/<int:pk>/note/", notes.game_note, name="game_note"),
    path("games/<int:pk>/hands/<int:number>/note/", notes.hand_note, name="hand_note"),
    path("games/<int:pk>/export.json", files.export_game, name="export_game"),
    # Game history, review, sharing and exports.
    path("games/", pages.game_list, name="games"),
    path("games/export.json", exports.export_all, name="export_all"),
    path("games/<int:pk>/export.csv", exports.export_csv, name="export_csv"),
    path("games/<int:pk>/rules/", review.rules_card, name="rules_card"),
    path("games/<int:pk>/compare/", review.compare, name="compare"),
    path("games/<int:pk>/share/", watch.share, name="share"),
    path("rules/", review.rules_reference, name="rules_reference"),
    path("players/", review.players, name="players"),
    path("watch/<str:token>/", watch.watch, name="watch"),
    path("watch/<str:token>/live/", watch.watch_live, name="watch_live"),
    # The table's links: watch whichever game it plays now; score it from another phone.
    path("t/score/<str:token>/", watch.table_score, name="table_score"),
    path("t/<str:token>/", watch.table_watch, name="table_watch"),
    path("t/<str:token>/live/", watch.table_live, name="table_live"),
]

# The installable app: its manifest and service worker, served from the site root.
urlpatterns += [
    path("manifest.webmanifest", manifest, name="manifest"),
    path("sw.js", service_worker, name="service_worker"),
]
