"""Requests no URL of ours can mean, turned away before any view or query sees them."""

import unicodedata
from collections.abc import Callable

from django.http import Http404, HttpRequest, HttpResponse

# Control characters (NUL among them: PostgreSQL refuses it in text) and lone surrogates.
UNROUTABLE = {"Cc", "Cs"}


def unroutable_paths(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    """404 for a path with a control character in it (a NUL in a watch token was a 500)."""

    def middleware(request: HttpRequest) -> HttpResponse:
        if any(unicodedata.category(char) in UNROUTABLE for char in request.path_info):
            raise Http404("No such page.")
        return get_response(request)

    return middleware
