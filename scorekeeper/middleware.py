"""Requests no URL of ours can mean, turned away before any view or query sees them; whose
offline copy a page may be kept in."""

import unicodedata
from collections.abc import Callable

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.crypto import salted_hmac

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


# The service worker keeps a phone's saved pages for one session: a page answered for another
# (a sign-out, a session ended by a password change elsewhere, another person signing in)
# makes it drop them all first. Named by a digest: the session key itself never leaves its cookie.
OFFLINE_OWNER = "X-Offline-Owner"


def offline_owner(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    """Tell the service worker whose pages an HTML answer belongs to ("" for nobody's)."""

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        if not response.get("Content-Type", "").startswith("text/html"):
            return response
        # Asking for the user first ends a session that a password change elsewhere ended.
        request.user.is_authenticated  # noqa: B018
        key = request.session.session_key
        response[OFFLINE_OWNER] = (
            salted_hmac("offline-owner", key, algorithm="sha256").hexdigest()[:32] if key else ""
        )
        return response

    return middleware
