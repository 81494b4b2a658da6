"""ASGI entry point, for the async server of the board's pushed updates (`make push`).

gunicorn's threaded workers (scorekeeper.wsgi) serve every page; this one holds the long-lived
server-sent-event streams of the phones following a room board, each an idle coroutine rather
than a thread, so a slow or silent phone ties up nothing.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

application = get_asgi_application()
