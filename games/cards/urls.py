"""The card table's addresses: each views module lists its own."""

from games.cards.views import files, review, table, watch

urlpatterns = [*table.urlpatterns, *review.urlpatterns, *files.urlpatterns, *watch.urlpatterns]
