from django.urls import path

from games.club import views

app_name = "club"
urlpatterns = [
    path("events/", views.event_list, name="events"),
    path("events/new/", views.new_event, name="new_event"),
    path("events/import/", views.import_event, name="import_event"),
    path("events/import/<int:pk>/", views.import_progress, name="import_event_progress"),
    path("events/<int:pk>/", views.event_desk, name="event"),
    path("events/<int:pk>/live/", views.desk_live, name="desk_live"),
    path("events/<int:pk>/teams/", views.add_team, name="add_team"),
    path("events/<int:pk>/players/", views.add_player, name="add_player"),
    path("events/<int:pk>/teams/list/", views.add_teams, name="add_teams"),
    path("events/<int:pk>/teams/<int:position>/withdraw/", views.withdraw_team, name="withdraw"),
    path("events/<int:pk>/solos/", views.add_solo, name="add_solo"),
    path("events/<int:pk>/solos/withdraw/", views.withdraw_solo, name="withdraw_solo"),
    path("events/<int:pk>/solos/draw/", views.pair_solos, name="pair_solos"),
    path("events/<int:pk>/rounds/", views.start_round, name="start_round"),
    path("events/<int:pk>/rounds/playoff/", views.start_playoff, name="start_playoff"),
    path("events/<int:pk>/rounds/undo/", views.undo_round, name="undo_round"),
    path("events/<int:pk>/rounds/swap/", views.swap_teams, name="swap_teams"),
    path("events/<int:pk>/clock/", views.start_clock, name="start_clock"),
    path("events/<int:pk>/time/", views.call_time, name="tables_time"),
    path("events/<int:pk>/penalties/", views.add_penalty, name="add_penalty"),
    path("events/<int:pk>/cards/", views.table_cards, name="cards"),
    path("events/<int:pk>/cards/make/", views.make_cards, name="make_cards"),
    path("events/<int:pk>/export.json", views.export_event, name="export"),
    path("events/<int:pk>/standings.csv", views.standings_csv, name="standings_csv"),
    path("events/<int:pk>/standings/", views.standings_sheet, name="standings"),
    path("events/confirm/<int:pk>/", views.confirm_result, name="confirm"),
    # The room board: public, by its own token.
    path("e/<str:token>/", views.board, name="board"),
    path("e/<str:token>/live/", views.board_live, name="board_live"),
    path("e/<str:token>/push/", views.board_push, name="board_push"),
]
