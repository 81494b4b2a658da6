"""Error pages that can't fail in turn.

Django's own 400, 403 and 404 views check the CSRF token, which reads the request body again:
a form posted in a broken encoding raised a second time and became a 500. These never touch the
body; 400 and 500 don't look at the request at all (a broken Host header is a 400 too).
"""

from django.http import HttpRequest, HttpResponse
from django.template import loader


def _page(template: str, status: int, request: HttpRequest | None = None) -> HttpResponse:
    return HttpResponse(loader.render_to_string(template, request=request), status=status)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    return _page("400.html", 400)


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    return _page("403.html", 403, request)


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    return _page("404.html", 404, request)


def server_error(request: HttpRequest) -> HttpResponse:
    return _page("500.html", 500)
