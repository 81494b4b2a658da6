"""WSGI entry point used by gunicorn.

Under gunicorn each request's connection gets a timeout: a client whose body stops coming (or
that stops reading the answer) for REQUEST_READ_TIMEOUT seconds is given up, and its thread is
free for the next phone. gunicorn hands the connection to the app as `gunicorn.socket`, and
sets it back to blocking before the next request on it.
"""

import os
from collections.abc import Iterable
from typing import Any

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

REQUEST_READ_TIMEOUT = 15.0

django_application = get_wsgi_application()


def application(environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
    connection = environ.get("gunicorn.socket")
    if connection is not None:
        connection.settimeout(REQUEST_READ_TIMEOUT)
    return django_application(environ, start_response)
